import { facilityDetailResponseSchema, facilityListResponseSchema, userSchema } from '@ecc/contracts';
import { facilities, roleAssignments, users, type Database } from '@ecc/db';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIESEL_RECORD } from '#test-support/activity-record-input.ts';
import { createTestApp, type TestApp } from '#test-support/test-app.ts';
import { callAs, createTwoRealms, OTHER_HOST, type TwoRealms } from '#test-support/two-realms.ts';

/*
 * What a write clears before it answers (decision 021, amended by decision 051): a route that writes only a
 * realm's data clears that realm's kept answers and nothing else; every other write clears every cache.
 */

const SLUG = 'harbour-plant';

/** Every route whose method is not safe and that clears only its realm's kept answers: a new one is added here. */
const REALM_DATA_WRITES = [
  'DELETE /api/activity-records/:id',
  'DELETE /api/equipment/:id',
  'PATCH /api/activity-records/:id',
  'PATCH /api/facilities/:slug',
  'POST /api/equipment',
  'POST /api/facilities',
  'POST /api/facilities/:slug/activity-records',
  'POST /api/imports/activities',
  'POST /api/imports/facilities',
  'PUT /api/equipment/:id',
];

describe('what a write clears', () => {
  let testApp: TestApp;
  let db: Database;
  let cast: TwoRealms;
  let memberId: string;

  const detailOf = async (token: string, host?: string) =>
    facilityDetailResponseSchema.parse(
      (await callAs(testApp, token, 'GET', `/api/facilities/${SLUG}`, host)).json(),
    );
  const nameInListOf = async (token: string, host?: string) =>
    facilityListResponseSchema.parse(
      (await callAs(testApp, token, 'GET', '/api/facilities?limit=20', host)).json(),
    ).results[0]?.name;
  const userOf = async (token: string, host?: string) =>
    userSchema.parse((await callAs(testApp, token, 'GET', '/api/user', host)).json());
  const writeRecord = async () => {
    const created = await callAs(
      testApp,
      cast.tokens.admin,
      'POST',
      `/api/facilities/${SLUG}/activity-records`,
      undefined,
      DIESEL_RECORD,
    );
    expect(created.statusCode).toBe(201);
  };
  /** A change no trigger notifies, as if its notice were lost: only this server's own clearing can drop what it kept. */
  const changeUnnoticed = (work: (transaction: Database) => Promise<unknown>) =>
    db.transaction(async (transaction) => {
      await transaction.execute(sql`set local session_replication_role = replica`);
      await work(transaction);
    });

  beforeAll(async () => {
    testApp = await createTestApp();
    db = testApp.database.db;
    cast = await createTwoRealms(testApp);
    await db.insert(facilities).values([
      { realmId: cast.acme.id, slug: SLUG, name: 'Acme harbour plant', sector: 'Offices', country: 'US' },
      { realmId: cast.other.id, slug: SLUG, name: 'Other harbour plant', sector: 'Offices', country: 'US' },
    ]);
    memberId = (await userOf(cast.tokens.member)).id;
  });
  afterAll(() => testApp.close());

  it('every route that may write either clears every cache or is named here as clearing only its realm’s answers', () => {
    const unsafe = testApp.app.registeredRoutes.filter(
      ({ method }) => !['GET', 'HEAD', 'OPTIONS'].includes(method),
    );
    expect(unsafe.length).toBeGreaterThan(REALM_DATA_WRITES.length);
    expect(
      unsafe
        .filter(({ isRealmDataWrite }) => isRealmDataWrite)
        .map(({ method, url }) => `${method} ${url}`)
        .sort(),
    ).toEqual(REALM_DATA_WRITES);
    expect(unsafe.filter(({ isRealmDataWrite, isWriteFree }) => isRealmDataWrite && isWriteFree)).toEqual([]);
  });

  it('a record written is in the next read of every user of its realm', async () => {
    const recordsTotalOf = async (token: string) =>
      (await callAs(testApp, token, 'GET', `/api/facilities/${SLUG}/activity-records?limit=100`)).json<{
        total: number;
      }>().total;
    const before = (await detailOf(cast.tokens.member)).summary;
    const totalBefore = await recordsTotalOf(cast.tokens.member);
    await detailOf(cast.tokens.admin);
    await writeRecord();
    const after = (await detailOf(cast.tokens.member)).summary;
    expect(after).not.toEqual(before);
    expect((await detailOf(cast.tokens.admin)).summary).toEqual(after);
    expect(await recordsTotalOf(cast.tokens.member)).toBe(totalBefore + 1);
  });

  it('leaves another realm’s kept answers and every user’s session and rights, and a write of another kind clears them', async () => {
    expect(await nameInListOf(cast.tokens.otherAdmin, OTHER_HOST)).toBe('Other harbour plant');
    expect((await userOf(cast.tokens.member)).properties).toEqual({});
    await changeUnnoticed(async (transaction) => {
      await transaction
        .update(facilities)
        .set({ name: 'Renamed unnoticed' })
        .where(eq(facilities.realmId, cast.other.id));
      await transaction
        .update(users)
        .set({ properties: { unnoticed: true } })
        .where(eq(users.id, memberId));
    });
    await writeRecord();
    expect(await nameInListOf(cast.tokens.otherAdmin, OTHER_HOST)).toBe('Other harbour plant');
    expect((await userOf(cast.tokens.member)).properties).toEqual({});

    const userWrite = await callAs(testApp, cast.tokens.admin, 'PUT', '/api/user', undefined, {
      user: { properties: {} },
    });
    expect(userWrite.statusCode).toBe(200);
    expect(await nameInListOf(cast.tokens.otherAdmin, OTHER_HOST)).toBe('Renamed unnoticed');
    expect((await userOf(cast.tokens.member)).properties).toEqual({ unnoticed: true });
  });

  it('applies a role change on the next request, made on this server or by another process', async () => {
    const listRoles = () => callAs(testApp, cast.tokens.member, 'GET', '/api/realm-admin/roles');
    expect((await listRoles()).statusCode).toBe(403);
    await writeRecord();
    const promoted = await callAs(
      testApp,
      cast.tokens.admin,
      'PUT',
      `/api/realm-admin/users/${memberId}/role`,
      undefined,
      {
        role: 'admin',
      },
    );
    expect(promoted.statusCode).toBe(200);
    expect((await listRoles()).statusCode).toBe(200);
    await writeRecord();
    expect((await listRoles()).statusCode).toBe(200);
    // Another server or the CLI: only the database's notice tells this server.
    await db.transaction(async (transaction) => {
      await transaction.update(users).set({ role: 'member' }).where(eq(users.id, memberId));
      await transaction.delete(roleAssignments).where(eq(roleAssignments.principalId, memberId));
    });
    await expect.poll(async () => (await listRoles()).statusCode).toBe(403);
  });
});
