import {
  auditEntryHash,
  auditLog,
  createAuditLogRepository,
  createRealmRepository,
  seedDemoRealm,
  type DatabaseHandle,
} from '@ecc/db';
import { createTestDatabase, insertTestRealm } from '@ecc/db/testing';
import { and, eq, sql } from 'drizzle-orm';
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

describe('npm run ecc -- audit check, on each kind of tampering', () => {
  // The check reads a realm's chain 5,000 entries at a time: each kind is tried on the first page and past it.
  const PAST_THE_FIRST_PAGE = 5003;
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  /** A realm with a chain of `length` entries, written as the product writes them. */
  async function realmWithChain(key: string, length: number): Promise<string> {
    const realmId = await insertTestRealm(database.db, key);
    await database.db.transaction((transaction) =>
      createAuditLogRepository(transaction).appendMany(
        realmId,
        Array.from({ length }, (_, index) => ({
          actorId: null,
          actorEmail: 'writer@example.com',
          action: 'create' as const,
          entityType: 'activity-record',
          entityId: `record-${index + 1}`,
          before: null,
          after: { quantity: index + 1 },
        })),
      ),
    );
    return realmId;
  }

  /** Changes rows as someone with the database's owner role could, past the append-only trigger. */
  async function behindTheTrigger(work: () => Promise<unknown>): Promise<void> {
    await database.db.execute(sql`alter table audit_log disable trigger audit_log_append_only`);
    try {
      await work();
    } finally {
      await database.db.execute(sql`alter table audit_log enable trigger audit_log_append_only`);
    }
  }

  const entry = (realmId: string, sequence: number) =>
    and(eq(auditLog.realmId, realmId), eq(auditLog.sequence, sequence));

  const tamperings = {
    'a deleted entry': async (realmId: string, sequence: number) =>
      database.db.delete(auditLog).where(entry(realmId, sequence)),
    'an entry edited and re-hashed': async (realmId: string, sequence: number) => {
      const [row] = await database.db.select().from(auditLog).where(entry(realmId, sequence));
      if (!row) throw new Error(`No entry ${sequence}`);
      const edited = { ...row, after: { quantity: 0 } };
      await database.db
        .update(auditLog)
        .set({ after: edited.after, hash: auditEntryHash(row.previousHash, edited) })
        .where(entry(realmId, sequence));
    },
    'a broken link': async (realmId: string, sequence: number) =>
      database.db
        .update(auditLog)
        .set({ previousHash: 'f'.repeat(64) })
        .where(entry(realmId, sequence)),
  };
  const reasons: Record<keyof typeof tamperings, (sequence: number) => string> = {
    'a deleted entry': (sequence) => `chain broken at sequence ${sequence}: entry ${sequence} is missing`,
    'an entry edited and re-hashed': (sequence) =>
      `chain broken at sequence ${sequence}: its hash is not the one entry ${sequence + 1} was chained to ` +
      '(it was changed and re-hashed)',
    'a broken link': (sequence) =>
      `chain broken at sequence ${sequence}: its previous hash is not the hash before it`,
  };

  it('reports each kind by the entry tampered with, on the first page and past it, and nothing else', async () => {
    const expectedLines: string[] = [];
    let realmNumber = 0;
    for (const [kind, tamper] of Object.entries(tamperings)) {
      for (const sequence of [3, PAST_THE_FIRST_PAGE]) {
        realmNumber += 1;
        const key = `tamper${realmNumber}`;
        const realmId = await realmWithChain(key, sequence + 10);
        await behindTheTrigger(() => tamper(realmId, sequence));
        expectedLines.push(`${key}: ${reasons[kind as keyof typeof tamperings](sequence)}`);
      }
    }
    await realmWithChain('intact', PAST_THE_FIRST_PAGE + 10);
    expectedLines.push(`intact: ${PAST_THE_FIRST_PAGE + 10} entries, chain intact`);

    const run = await runCliCapturing(database, ['audit', 'check']);
    expect(run.exitCode).toBe(EXIT_FAILURE);
    expect(run.stderr.trim().split('\n').sort()).toEqual(expectedLines.sort());
  });
});
