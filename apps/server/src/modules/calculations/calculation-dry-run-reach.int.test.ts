import { calculationDryRunResponseSchema, calculationFailureSchema, type Realm } from '@ecc/contracts';
import { permissions, roles, type Database } from '@ecc/db';
import { and, eq, sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, withSession, type TestApp } from '#test-support/test-app.ts';
import { createTestRealm, createTestUser } from '#test-support/test-realms.ts';

/*
 * The dry run's reach (decision 037): it needs `read EmissionFactor`, but the realm's datasets (LOOKUP) and
 * published calculations (#name) are read only for a user who may `read Facility`
 * (UNREACHABLE_CALCULATION_RESOURCES otherwise). A user without that right cannot read a dataset's values through a
 * dry run; one with it can.
 */

const HOST = 'reach.calc-reach.test';
const ADMIN = { email: 'admin@calc-reach.test', password: 'admin-password-1', role: 'admin' as const };
const MEMBER = { email: 'member@calc-reach.test', password: 'member-password-1' };
/** A value no formula could guess, so finding it in an answer means the dataset was read. */
const SECRET_RATE = 987.654321;
const LOOKUP_FORMULA = "LOOKUP('secret-site', 'site-rates', 'site', 'rate')";

describe('what a dry run reaches', () => {
  let testApp: TestApp;
  let db: Database;
  let realm: Realm;
  let adminToken: string;
  let memberToken: string;

  beforeAll(async () => {
    testApp = await createTestApp();
    db = testApp.database.db;
    realm = await createTestRealm(db, { key: 'reach', domains: [HOST] });
    await createTestUser(db, realm, ADMIN);
    await createTestUser(db, realm, MEMBER);
    // Members here keep `read EmissionFactor` (the dry run's right) and lose `read Facility`.
    const [memberRole] = await db
      .select({ id: roles.id })
      .from(roles)
      .where(and(eq(roles.realmId, realm.id), eq(roles.key, 'member')));
    const removed = await db
      .delete(permissions)
      .where(
        and(
          eq(permissions.realmId, realm.id),
          eq(permissions.principalId, memberRole!.id),
          sql`${permissions.data} ->> 'subject' = 'Facility'`,
        ),
      )
      .returning({ id: permissions.id });
    expect(removed.length).toBeGreaterThan(0);
    adminToken = await signIn(testApp.app, ADMIN, HOST);
    memberToken = await signIn(testApp.app, MEMBER, HOST);
  });
  afterAll(() => testApp.close());

  const call = (token: string, options: InjectOptions) =>
    testApp.app.inject({ ...options, headers: { ...withSession(token), host: HOST } });
  const dryRun = (token: string, formula: string) =>
    call(token, { method: 'POST', url: '/api/calculations/dry-run', payload: { formula } });

  beforeAll(async () => {
    const imported = await call(adminToken, {
      method: 'POST',
      url: '/api/calculation-datasets/import',
      payload: {
        name: 'site-rates',
        asOf: '2024-01-01',
        format: 'csv',
        content: `site,rate\nsecret-site,${SECRET_RATE}\nother-site,1\n`,
      },
    });
    expect(imported.statusCode, imported.body).toBe(201);
    const published = await call(adminToken, {
      method: 'POST',
      url: '/api/calculations',
      payload: { name: 'secret-rate', formula: LOOKUP_FORMULA },
    });
    expect(published.statusCode, published.body).toBe(201);
    const { calculationId } = (published.json() as { version: { calculationId: string } }).version;
    const publish = await call(adminToken, {
      method: 'POST',
      url: `/api/calculations/${calculationId}/versions/1/publish`,
    });
    expect(publish.statusCode, publish.body).toBe(200);
  });

  it('the member may dry-run (read EmissionFactor) but holds no read Facility', async () => {
    const response = await dryRun(memberToken, '6 * 7');
    expect(response.statusCode, response.body).toBe(200);
    expect(calculationDryRunResponseSchema.parse(response.json()).value).toBe(42);
    const facilities = await call(memberToken, { method: 'GET', url: '/api/calculations' });
    expect(facilities.statusCode).toBe(403);
  });

  it("reads a dataset's value through LOOKUP for a user who may read Facility", async () => {
    const response = await dryRun(adminToken, LOOKUP_FORMULA);
    expect(response.statusCode, response.body).toBe(200);
    expect(calculationDryRunResponseSchema.parse(response.json()).value).toBe(SECRET_RATE);
  });

  it('answers an unknown dataset, and none of its values, to a user who may not read Facility', async () => {
    const response = await dryRun(memberToken, LOOKUP_FORMULA);
    expect(response.statusCode, response.body).toBe(422);
    const failure = calculationFailureSchema.parse(response.json());
    expect(failure.errors).toEqual([expect.objectContaining({ line: 1 })]);
    expect(failure.errors[0]?.message).toMatch(/site-rates/);
    expect(response.body).not.toContain(String(SECRET_RATE));
  });

  it('reaches no published calculation through #name either, for that user', async () => {
    const allowed = await dryRun(adminToken, '#secret-rate()');
    expect(allowed.statusCode, allowed.body).toBe(200);
    expect(calculationDryRunResponseSchema.parse(allowed.json()).value).toBe(SECRET_RATE);
    const refused = await dryRun(memberToken, '#secret-rate()');
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.body).not.toContain(String(SECRET_RATE));
  });
});
