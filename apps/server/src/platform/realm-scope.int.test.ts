import { createFacilityRepository, facilities, type Database } from '@ecc/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, withSession, type TestApp } from '#test-support/test-app.ts';
import { createTestRealm, createTestUser } from '#test-support/test-realms.ts';
import { PUBLIC_ACCESS, SESSION_ACCESS } from './route-access.ts';

const ACME_MEMBER = { email: 'member@acme.test', password: 'acme-member-password' };
const OPERATOR = { email: 'operator@acm.test', password: 'operator-password' };

async function addFacility(db: Database, realmId: string, slug: string): Promise<void> {
  await createFacilityRepository(db).insertMany(realmId, [
    { slug, name: slug, sector: 'Power', country: 'US' },
  ]);
}

/**
 * Handlers that forget the realm altogether, as a bug would: row-level security still confines them to the
 * request's realm scope (decision 018). Registered on the real app beside its own routes.
 */
describe('row-level security around every handler', () => {
  let testApp: TestApp;
  let acmeId: string;
  let memberToken: string;
  let operatorToken: string;

  const slugsSeen = async (headers: Record<string, string>, url = '/api/test/every-facility') => {
    const response = await testApp.app.inject({ method: 'GET', url, headers });
    expect(response.statusCode).toBe(200);
    return (response.json() as { slug: string }[]).map((row) => row.slug).sort();
  };

  beforeAll(async () => {
    testApp = await createTestApp();
    const db = testApp.database.db;
    const acme = await createTestRealm(db, { key: 'acme', domains: ['acme.test'] });
    const other = await createTestRealm(db, { key: 'other', domains: ['other.test'] });
    const operator = await createTestRealm(db, { key: 'acm', domains: ['acm.test'] });
    acmeId = acme.id;
    await createTestUser(db, acme, ACME_MEMBER);
    await createTestUser(db, operator, { ...OPERATOR, role: 'admin' });
    await addFacility(db, acme.id, 'acme-plant');
    await addFacility(db, other.id, 'other-plant');

    // A lazy query returned unawaited, and one awaited after other asynchronous work: both must stay scoped.
    testApp.app.get('/api/test/every-facility', { config: { access: SESSION_ACCESS } }, () =>
      db.select({ slug: facilities.slug }).from(facilities),
    );
    testApp.app.get('/api/test/every-facility-later', { config: { access: PUBLIC_ACCESS } }, async () => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      return db.select({ slug: facilities.slug }).from(facilities);
    });
    testApp.app.post(
      '/api/test/smuggle-facility',
      { config: { access: SESSION_ACCESS } },
      async (request) => {
        const realmId = (request.body as { realmId: string }).realmId;
        await db
          .insert(facilities)
          .values({ realmId, slug: 'smuggled', name: 'Smuggled', sector: 'Power', country: 'US' });
        return { isInserted: true };
      },
    );

    memberToken = await signIn(testApp.app, ACME_MEMBER, 'acme.test');
    operatorToken = await signIn(testApp.app, OPERATOR, 'acm.test');
  });

  afterAll(() => testApp.close());

  it("confines a signed-in user's handler to their realm", async () => {
    expect(await slugsSeen({ ...withSession(memberToken), host: 'acme.test' })).toEqual(['acme-plant']);
  });

  it("confines a public handler to the host's realm, also after other asynchronous work", async () => {
    expect(await slugsSeen({ host: 'other.test' }, '/api/test/every-facility-later')).toEqual([
      'other-plant',
    ]);
    expect(await slugsSeen({ host: 'acme.test' }, '/api/test/every-facility-later')).toEqual(['acme-plant']);
  });

  it("lets the platform operator's administrators reach every realm", async () => {
    expect(await slugsSeen({ ...withSession(operatorToken), host: 'acm.test' })).toEqual([
      'acme-plant',
      'other-plant',
    ]);
  });

  it("refuses a write into another realm that slipped past the handler's checks, and changes nothing", async () => {
    const other = await testApp.database.db.select({ id: facilities.realmId }).from(facilities);
    const otherRealmId = other.map((row) => row.id).find((id) => id !== acmeId) ?? '';
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/test/smuggle-facility',
      headers: { ...withSession(memberToken), host: 'acme.test' },
      payload: { realmId: otherRealmId },
    });
    expect(response.statusCode).toBe(500);
    expect(response.body).not.toContain('row-level security');
    const smuggled = await createFacilityRepository(testApp.database.db).findBySlug(otherRealmId, 'smuggled');
    expect(smuggled).toBeUndefined();
  });
});
