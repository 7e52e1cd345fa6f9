import { createAuditLogRepository, createRealmRepository, seedDemoRealm, type DatabaseHandle } from '@ecc/db';
import { createTestDatabase } from '@ecc/db/testing';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCliCapturing } from '#test-support/run-cli.ts';
import { EXIT_FAILURE, EXIT_OK } from './cli.ts';

describe('npm run ecc -- audit check', () => {
  let database: DatabaseHandle;
  let realmId: string;
  beforeAll(async () => {
    database = await createTestDatabase();
    await seedDemoRealm(database.db);
    realmId = (await createRealmRepository(database.db).findByKey('demo'))?.id ?? '';
    await database.db.transaction(async (transaction) => {
      const log = createAuditLogRepository(transaction);
      for (const quantity of [1, 2, 3]) {
        await log.append(realmId, {
          actorId: null,
          actorEmail: 'auditor@example.com',
          action: 'create',
          entityType: 'activity-record',
          entityId: `record-${quantity}`,
          before: null,
          after: { quantity },
        });
      }
    });
  });
  afterAll(() => database.close());

  const ecc = (...args: string[]) => runCliCapturing(database, args);

  it('exits 0 and reports each realm’s chain as intact', async () => {
    const run = await ecc('audit', 'check', '--realm', 'demo');
    expect(run.exitCode).toBe(EXIT_OK);
    expect(run.stdout).toMatch(/^demo: \d+ entries, chain intact\n$/);
  });

  it('exits 1 naming the first broken sequence when an entry was changed behind the trigger’s back', async () => {
    const [latest] = await database.db
      .execute(sql`select max(sequence) as sequence from audit_log`)
      .then((result) => (result as unknown as { rows: { sequence: number }[] }).rows);
    const sequence = Number(latest?.sequence) - 1;
    await database.db.execute(sql`alter table audit_log disable trigger audit_log_append_only`);
    try {
      await database.db.execute(
        sql`update audit_log set actor_email = 'someone@else.test' where realm_id = ${realmId} and sequence = ${sequence}`,
      );
    } finally {
      await database.db.execute(sql`alter table audit_log enable trigger audit_log_append_only`);
    }
    const run = await ecc('audit', 'check');
    expect(run.exitCode).toBe(EXIT_FAILURE);
    expect(run.stderr).toBe(
      `demo: chain broken at sequence ${sequence}: its content does not match its hash\n`,
    );
  });
});
