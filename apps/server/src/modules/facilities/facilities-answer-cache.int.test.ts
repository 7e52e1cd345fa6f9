import { facilityDetailResponseSchema, facilityListResponseSchema } from '@ecc/contracts';
import { escapeGrantPattern } from '@ecc/domain';
import {
  ANSWERS_CHANGE_CHANNEL,
  createRealmRepository,
  DEMO_ADMIN,
  DEMO_REALM_KEY,
  DEMO_USER,
  facilities,
  permissions,
  roles,
  seedDemoRealm,
  type Database,
} from '@ecc/db';
import { and, eq, sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIESEL_RECORD } from '#test-support/activity-record-input.ts';
import { createTestApp, signIn, withSession, type TestApp } from '#test-support/test-app.ts';
import { createTestRealm, createTestUser } from '#test-support/test-realms.ts';

/*
 * The facility list and view are answered from memory (decision 046): a kept answer must be the answer the
 * database gives now, for this realm and this user, after any write by this server or by another process.
 */

const OTHER_HOST = 'other.test';
const OTHER_ADMIN = { email: 'admin@other.test', password: 'other-password-1', role: 'admin' as const };
const LIMITED = { email: 'limited@other.test', password: 'limited-password-1' };
const OTHER_SOUTH = 'other-south';
const SLUG = 'hudson-yards-office';
/** The tables the list and view read, whose statement triggers notify (migration 0030). */
const ANSWER_TABLES = [
  'facilities',
  'facility_emission_years',
  'equipment',
  'activity_records',
  'emission_results_all_sets',
  'emission_month_totals',
];

type Method = NonNullable<InjectOptions['method']>;

describe('facility list and view answered from memory', () => {
  let testApp: TestApp;
  let db: Database;
  let demoRealmId: string;
  let adminToken: string;
  let writerToken: string;
  let otherToken: string;
  let limitedToken: string;
  let limitedId: string;
  let otherRealmId: string;

  const call = (token: string, method: Method, url: string, host = 'localhost', payload?: object) =>
    testApp.app.inject({ method, url, headers: { ...withSession(token), host }, payload });
  const asAdmin = (url: string) => call(adminToken, 'GET', url);
  const detailOf = async (token: string, slug = SLUG, host = 'localhost') =>
    facilityDetailResponseSchema.parse((await call(token, 'GET', `/api/facilities/${slug}`, host)).json());
  const listOf = async (token: string, query = '?limit=20', host = 'localhost') =>
    facilityListResponseSchema.parse((await call(token, 'GET', `/api/facilities${query}`, host)).json());
  const facilityIdOf = async (realmId: string, slug: string) =>
    (
      await db
        .select({ id: facilities.id })
        .from(facilities)
        .where(and(eq(facilities.realmId, realmId), eq(facilities.slug, slug)))
    )[0]!.id;

  beforeAll(async () => {
    testApp = await createTestApp();
    db = testApp.database.db;
    await seedDemoRealm(db);
    demoRealmId = (await createRealmRepository(db).findByKey(DEMO_REALM_KEY))!.id;
    const other = await createTestRealm(db, { key: 'other', domains: [OTHER_HOST] });
    await createTestUser(db, other, OTHER_ADMIN);
    otherRealmId = other.id;
    await db.insert(facilities).values([
      { realmId: other.id, slug: SLUG, name: 'Other realm’s tower', sector: 'Offices', country: 'US' },
      { realmId: other.id, slug: OTHER_SOUTH, name: 'Other south plant', sector: 'Offices', country: 'US' },
    ]);
    limitedId = (await createTestUser(db, other, LIMITED)).id;
    // The limited user reads one facility only: their role's grants are replaced by one limited to its id.
    const [memberRole] = await db
      .select({ id: roles.id })
      .from(roles)
      .where(and(eq(roles.realmId, other.id), eq(roles.key, 'member')));
    await db
      .delete(permissions)
      .where(and(eq(permissions.realmId, other.id), eq(permissions.principalId, memberRole!.id)));
    await db.insert(permissions).values({
      realmId: other.id,
      principalType: 'user',
      principalId: limitedId,
      type: 'REGEX_GRANT',
      data: {
        realm: '\\own',
        subject: 'Facility',
        id: escapeGrantPattern(await facilityIdOf(other.id, SLUG)),
        action: 'read',
      },
      rightId: 'realm-admin',
    });
    adminToken = await signIn(testApp.app, DEMO_USER);
    writerToken = await signIn(testApp.app, DEMO_ADMIN);
    otherToken = await signIn(testApp.app, OTHER_ADMIN, OTHER_HOST);
    limitedToken = await signIn(testApp.app, LIMITED, OTHER_HOST);
  });
  afterAll(() => testApp.close());

  it('answers a kept list and view with the same body and headers as the first', async () => {
    for (const url of [
      '/api/facilities?limit=20',
      `/api/facilities/${SLUG}`,
      '/api/facilities?limit=5&q=tower',
    ]) {
      const first = await asAdmin(url);
      const kept = await asAdmin(url);
      expect(first.statusCode).toBe(200);
      expect(kept.body).toBe(first.body);
      for (const header of ['content-type', 'cache-control', 'etag', 'content-length']) {
        expect(kept.headers[header]).toEqual(first.headers[header]);
      }
    }
    expect((await asAdmin(`/api/facilities/${SLUG}`)).headers['cache-control']).toBe('no-store');
  });

  it('keeps realms apart: two realms asked alternately get their own answers', async () => {
    for (let round = 0; round < 4; round += 1) {
      expect((await detailOf(adminToken)).facility.name).toBe('Hudson Yards Office Tower');
      expect((await detailOf(otherToken, SLUG, OTHER_HOST)).facility.name).toBe('Other realm’s tower');
      expect((await listOf(otherToken, '?limit=20', OTHER_HOST)).results.map(({ name }) => name)).toEqual([
        'Other realm’s tower',
        'Other south plant',
      ]);
      expect((await listOf(adminToken)).total).toBeGreaterThan(1);
    }
  });

  it('checks each user’s rights on a kept view: one user’s answer never reaches another who may not read it', async () => {
    const adminView = await call(otherToken, 'GET', `/api/facilities/${OTHER_SOUTH}`, OTHER_HOST);
    expect(adminView.statusCode).toBe(200);
    expect((await call(limitedToken, 'GET', `/api/facilities/${OTHER_SOUTH}`, OTHER_HOST)).statusCode).toBe(
      403,
    );
    const records = (slug: string, token: string) =>
      call(token, 'GET', `/api/facilities/${slug}/activity-records?limit=100`, OTHER_HOST);
    expect((await records(OTHER_SOUTH, otherToken)).statusCode).toBe(200);
    expect((await records(OTHER_SOUTH, limitedToken)).statusCode).toBe(403);
    // The records list, kept once read by the administrator, is not for a user who may read no records.
    expect((await records(SLUG, otherToken)).statusCode).toBe(200);
    expect((await records(SLUG, limitedToken)).statusCode).toBe(403);
    const mine = await call(limitedToken, 'GET', `/api/facilities/${SLUG}`, OTHER_HOST);
    expect(mine.statusCode).toBe(200);
    expect(mine.body).toBe((await call(otherToken, 'GET', `/api/facilities/${SLUG}`, OTHER_HOST)).body);
  });

  it('sees this server’s writes on the next read: facility edit and archive, record add, edit and delete', async () => {
    const write = (method: Method, url: string, payload: object) =>
      call(writerToken, method, url, 'localhost', payload);
    await listOf(adminToken, '?limit=5&q=hudson');
    expect((await write('PATCH', `/api/facilities/${SLUG}`, { name: 'Hudson Yards Tower' })).statusCode).toBe(
      200,
    );
    expect((await listOf(adminToken, '?limit=5&q=hudson')).results[0]?.name).toBe('Hudson Yards Tower');
    expect((await detailOf(adminToken)).facility.name).toBe('Hudson Yards Tower');

    await write('PATCH', `/api/facilities/${SLUG}`, { archived: true });
    expect((await detailOf(adminToken)).facility.archivedOn).not.toBeNull();
    expect((await listOf(adminToken, '?limit=5&q=hudson&archived=false')).total).toBe(0);
    await write('PATCH', `/api/facilities/${SLUG}`, { archived: false });
    expect((await listOf(adminToken, '?limit=5&q=hudson&archived=false')).total).toBe(1);

    const before = (await detailOf(adminToken)).summary;
    const recordsTotal = async () =>
      (await asAdmin(`/api/facilities/${SLUG}/activity-records?limit=100`)).json<{ total: number }>().total;
    const totalBefore = await recordsTotal();
    const created = await write('POST', `/api/facilities/${SLUG}/activity-records`, DIESEL_RECORD);
    expect(created.statusCode).toBe(201);
    expect(await recordsTotal()).toBe(totalBefore + 1);
    const withRecord = (await detailOf(adminToken)).summary;
    expect(withRecord).not.toEqual(before);
    const { id, version } = created.json() as { id: string; version: number };
    expect(
      (await write('PATCH', `/api/activity-records/${id}`, { version, quantity: 2000 })).statusCode,
    ).toBe(200);
    const edited = (await detailOf(adminToken)).summary;
    expect(edited).not.toEqual(withRecord);
    expect((await write('DELETE', `/api/activity-records/${id}`, {})).statusCode).toBeLessThan(300);
    expect((await detailOf(adminToken)).summary).toEqual(before);
    expect(await recordsTotal()).toBe(totalBefore);
  });

  it('sees another process’s writes (the database’s notices) on the next read', async () => {
    const inNewYork = async () =>
      (await listOf(adminToken, '?limit=50&q=new%20york')).results.find(({ slug }) => slug === SLUG)?.name;
    await detailOf(adminToken);
    await inNewYork();
    await db
      .update(facilities)
      .set({ name: 'Renamed elsewhere' })
      .where(and(eq(facilities.realmId, demoRealmId), eq(facilities.slug, SLUG)));
    await expect.poll(async () => (await detailOf(adminToken)).facility.name).toBe('Renamed elsewhere');
    await expect.poll(inNewYork).toBe('Renamed elsewhere');
    // Records removed behind the server's back (an import's replacement, a recalculation) change the view.
    const before = (await detailOf(adminToken)).summary;
    await db.execute(
      sql`delete from activity_records where realm_id = ${demoRealmId} and facility_id = ${await facilityIdOf(demoRealmId, SLUG)}`,
    );
    await expect.poll(async () => (await detailOf(adminToken)).summary).not.toEqual(before);
  });

  it('takes a narrowed grant into account on the next read of a kept view', async () => {
    const viewAsLimited = () => call(limitedToken, 'GET', `/api/facilities/${SLUG}`, OTHER_HOST);
    expect((await viewAsLimited()).statusCode).toBe(200);
    await db.delete(permissions).where(eq(permissions.principalId, limitedId));
    await expect.poll(async () => (await viewAsLimited()).statusCode).toBe(403);
  });

  it('hears every table the answers read name the changed realm', async () => {
    const heard: string[] = [];
    const stop = await testApp.database.listen(ANSWERS_CHANGE_CHANNEL, {
      onNotification: (payload) => heard.push(payload),
      onInterrupted: () => undefined,
      onResumed: () => undefined,
    });
    try {
      for (const table of ANSWER_TABLES) {
        heard.length = 0;
        await db.execute(
          sql`update ${sql.identifier(table)} set realm_id = realm_id where realm_id = ${demoRealmId}`,
        );
        await expect.poll(() => heard, { message: table }).toEqual([demoRealmId]);
      }
      heard.length = 0;
      await db.execute(
        sql`update facilities set name = name where realm_id in (${demoRealmId}, ${otherRealmId})`,
      );
      await expect
        .poll(() => heard.map((payload) => payload.split(',').sort()))
        .toEqual([[demoRealmId, otherRealmId].sort()]);
    } finally {
      await stop();
    }
  });
});
