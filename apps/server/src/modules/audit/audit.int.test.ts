import { auditLogResponseSchema, type Realm } from '@ecc/contracts';
import { createFacilityRepository } from '@ecc/db';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkAuditChains } from './audit.service.ts';
import { createTestApp, signIn, withSession, type TestApp } from '#test-support/test-app.ts';
import { createTestRealm, createTestUser } from '#test-support/test-realms.ts';

const ACME_USER = { email: 'ada@acme.test', password: 'acme-password-1' };
const OTHER_USER = { email: 'olga@other.test', password: 'other-password-1' };
const GENESIS = '0'.repeat(64);

const RECORD = {
  activityType: 'Natural gas',
  periodStart: '2024-01-01',
  periodEnd: '2024-01-31',
  quantity: 100,
  unit: 'mmBtu',
  factorKey: 'epa-c1-natural-gas',
  scope: 1,
};

describe('the audit log and `audit check`', () => {
  let testApp: TestApp;
  let acme: Realm;
  let acmeToken: string;
  let otherToken: string;

  beforeAll(async () => {
    testApp = await createTestApp();
    const db = testApp.database.db;
    acme = await createTestRealm(db, { key: 'acme', domains: ['acme.test'] });
    const other = await createTestRealm(db, { key: 'other', domains: ['other.test'] });
    await createTestUser(db, acme, ACME_USER);
    await createTestUser(db, other, OTHER_USER);
    await createFacilityRepository(db).insertMany(acme.id, [
      { slug: 'plant', name: 'Plant', sector: 'Chemicals', country: 'US', reported: {} },
    ]);
    acmeToken = await signIn(testApp.app, ACME_USER, 'acme.test');
    otherToken = await signIn(testApp.app, OTHER_USER, 'other.test');
  });
  afterAll(() => testApp.close());

  const call = (
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    payload?: object,
    host = 'acme.test',
  ) =>
    testApp.app.inject({
      method,
      url,
      headers: { host, ...withSession(host === 'acme.test' ? acmeToken : otherToken) },
      ...(payload ? { payload } : {}),
    });

  it('appends one chained entry per create, update and delete, newest first', async () => {
    const created = await call('POST', '/api/facilities/plant/activity-records', RECORD);
    const id = created.json<{ id: string }>().id;
    const patched = await call('PATCH', `/api/activity-records/${id}`, { version: 1, quantity: 150 });
    expect(patched.statusCode, patched.body).toBe(200);
    await call('DELETE', `/api/activity-records/${id}`);

    const log = auditLogResponseSchema.parse((await call('GET', '/api/audit-log')).json());
    expect(log).toMatchObject({ count: 3, total: 3, offset: 0 });
    expect(log.results.map((entry) => [entry.sequence, entry.action, entry.entityId])).toEqual([
      [3, 'delete', id],
      [2, 'update', id],
      [1, 'create', id],
    ]);
    const [deleted, updated, first] = log.results;
    expect(first?.previousHash).toBe(GENESIS);
    expect(updated?.previousHash).toBe(first?.hash);
    expect(deleted?.previousHash).toBe(updated?.hash);
    expect(first).toMatchObject({ actorEmail: ACME_USER.email, before: null, after: { quantity: 100 } });
    expect(deleted).toMatchObject({ before: { quantity: 150 }, after: null });

    const filtered = await call(
      'GET',
      `/api/audit-log?entityType=activity-record&entityId=${id}&limit=1&offset=1`,
    );
    expect(filtered.json()).toMatchObject({ count: 1, total: 3, offset: 1, results: [{ sequence: 2 }] });
    expect((await call('GET', '/api/audit-log?entityType=facility')).json()).toMatchObject({ total: 0 });
  });

  it('shows a realm only its own entries', async () => {
    expect((await call('GET', '/api/audit-log', undefined, 'other.test')).json()).toEqual({
      results: [],
      count: 0,
      total: 0,
      offset: 0,
    });
  });

  it('refuses to change an entry: the log is append-only', async () => {
    await expect(testApp.database.db.execute(sql`update audit_log set action = 'create'`)).rejects.toThrow();
    await expect(testApp.database.db.execute(sql`delete from audit_log`)).rejects.toThrow();
  });

  it('verifies an intact chain and names the first broken sequence of a tampered one', async () => {
    expect(await checkAuditChains(testApp.database.db)).toEqual({
      isIntact: true,
      lines: ['acme: 3 entries, chain intact', 'other: 0 entries, chain intact'],
    });

    // Tampering needs the append-only trigger out of the way, as someone with direct database access could do.
    const db = testApp.database.db;
    await db.execute(sql`alter table audit_log disable trigger audit_log_append_only`);
    try {
      await db.execute(
        sql`update audit_log set after = '{"quantity": 1}'::jsonb where realm_id = ${acme.id} and sequence = 2`,
      );
    } finally {
      await db.execute(sql`alter table audit_log enable trigger audit_log_append_only`);
    }
    expect(await checkAuditChains(db)).toEqual({
      isIntact: false,
      lines: [
        'acme: chain broken at sequence 2: its content does not match its hash',
        'other: 0 entries, chain intact',
      ],
    });
    expect(await checkAuditChains(db, 'other')).toEqual({
      isIntact: true,
      lines: ['other: 0 entries, chain intact'],
    });
    expect(await checkAuditChains(db, 'nobody')).toEqual({
      isIntact: false,
      lines: ['No realm has the key nobody'],
    });
  });
});
