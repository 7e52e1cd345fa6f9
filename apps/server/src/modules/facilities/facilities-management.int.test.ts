import { facilityListResponseSchema, facilitySchema } from '@ecc/contracts';
import { auditLog, createAuditLogRepository } from '@ecc/db';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, withSession, type TestApp } from '#test-support/test-app.ts';
import { createTwoRealms } from '#test-support/two-realms.ts';

const NORTH = {
  name: 'North Plant',
  slug: 'north-plant',
  sector: 'Cement',
  naics: '327310',
  address: '1 Kiln Road',
  city: 'Midlothian',
  state: 'TX',
  postalCode: '76065',
  country: 'US',
  latitude: 32.48,
  longitude: -96.99,
};

describe('facilities managed in the product: create, edit, archive', () => {
  let testApp: TestApp;
  let acmeId: string;
  const tokens: Record<'admin' | 'member' | 'other', string> = { admin: '', member: '', other: '' };

  beforeAll(async () => {
    testApp = await createTestApp();
    const realms = await createTwoRealms(testApp);
    acmeId = realms.acme.id;
    tokens.admin = realms.tokens.admin;
    tokens.member = realms.tokens.member;
    tokens.other = realms.tokens.otherAdmin;
  });
  afterAll(() => testApp.close());

  const call = (as: keyof typeof tokens, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
    testApp.app.inject({
      method,
      url,
      headers: { host: as === 'other' ? 'other.test' : 'acme.test', ...withSession(tokens[as]) },
      ...(payload ? { payload } : {}),
    });

  const facilityAudit = () =>
    testApp.database.db
      .select({ action: auditLog.action, before: auditLog.before, after: auditLog.after })
      .from(auditLog)
      .where(and(eq(auditLog.realmId, acmeId), eq(auditLog.entityType, 'facility')))
      .orderBy(asc(auditLog.sequence));

  const listed = async (query = '') =>
    facilityListResponseSchema.parse((await call('admin', 'GET', `/api/facilities${query}`)).json());

  it('lets an administrator create a facility, answered and audited as stored', async () => {
    const response = await call('admin', 'POST', '/api/facilities', {
      ...NORTH,
      country: 'us',
      naics: ' 327310 ',
    });
    expect(response.statusCode, response.body).toBe(201);
    const created = facilitySchema.parse(response.json());
    expect(created).toMatchObject({
      slug: 'north-plant',
      name: 'North Plant',
      naics: '327310',
      location: { city: 'Midlothian', state: 'TX', country: 'US', latitude: 32.48, longitude: -96.99 },
      co2e: null,
      co2eSource: null,
      archivedOn: null,
    });
    expect((await listed()).results.map((facility) => facility.slug)).toEqual(['north-plant']);
    expect(await facilityAudit()).toEqual([
      {
        action: 'create',
        before: null,
        after: expect.objectContaining({ slug: 'north-plant', name: 'North Plant', archivedOn: null }),
      },
    ]);
  });

  it('refuses a slug the realm has already with 409 on the slug, writing nothing', async () => {
    const response = await call('admin', 'POST', '/api/facilities', { ...NORTH, name: 'Another' });
    expect(response.statusCode).toBe(409);
    expect(response.json().fieldErrors).toEqual({
      'body/slug': 'Another facility of this realm has this slug already',
    });
    expect((await listed()).total).toBe(1);
    expect(await facilityAudit()).toHaveLength(1);
    // Slugs are unique within a realm: another realm may use the same one.
    expect((await call('other', 'POST', '/api/facilities', NORTH)).statusCode).toBe(201);
  });

  it('names every bad field of a new facility', async () => {
    const response = await call('admin', 'POST', '/api/facilities', {
      name: '',
      slug: 'Bad Slug',
      sector: 'Cement',
      country: 'United States',
      latitude: 12,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toEqual({
      'body/name': 'Name is required',
      'body/slug': 'Slug must be lower-case letters and digits joined by single hyphens, such as north-plant',
      'body/country': 'Country must be a two-letter ISO 3166 code, such as US',
      'body/longitude': 'Give both latitude and longitude, or neither',
    });
  });

  it('leaves creating and editing facilities to those allowed: a member gets 403', async () => {
    const created = await call('member', 'POST', '/api/facilities', { ...NORTH, slug: 'member-plant' });
    expect(created.statusCode).toBe(403);
    expect(created.json().message).toBe('You are not allowed to create Facility');
    const edited = await call('member', 'PATCH', '/api/facilities/north-plant', { name: 'Renamed' });
    expect(edited.statusCode).toBe(403);
    expect(edited.json().message).toBe('You are not allowed to update Facility');
    expect((await listed()).results[0]?.name).toBe('North Plant');
  });

  it('edits fields, checked as a whole facility, and keeps the slug', async () => {
    const response = await call('admin', 'PATCH', '/api/facilities/north-plant', {
      name: 'North Cement Works',
      city: '',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(facilitySchema.parse(response.json())).toMatchObject({
      slug: 'north-plant',
      name: 'North Cement Works',
      location: { city: null, state: 'TX' },
    });
    const audit = await facilityAudit();
    expect(audit.at(-1)).toEqual({
      action: 'update',
      before: expect.objectContaining({ name: 'North Plant', city: 'Midlothian' }),
      after: expect.objectContaining({ name: 'North Cement Works', city: null }),
    });

    const renamed = await call('admin', 'PATCH', '/api/facilities/north-plant', { slug: 'north-works' });
    expect(renamed.statusCode).toBe(400);
    expect(renamed.json().fieldErrors).toEqual({
      'body/slug': 'The slug cannot change once the facility exists: links to it use the slug',
    });
    const halfPlaced = await call('admin', 'PATCH', '/api/facilities/north-plant', { longitude: null });
    expect(halfPlaced.json().fieldErrors).toEqual({
      'body/longitude': 'Give both latitude and longitude, or neither',
    });
    const unchanged = await call('admin', 'PATCH', '/api/facilities/north-plant', {
      slug: 'north-plant',
      name: 'North Cement Works',
    });
    expect(unchanged.statusCode).toBe(200);
    expect(await facilityAudit()).toHaveLength(audit.length);
  });

  it('archives a facility out of the lists and brings it back, each step audited', async () => {
    const archived = await call('admin', 'PATCH', '/api/facilities/north-plant', { archived: true });
    expect(archived.statusCode).toBe(200);
    expect(facilitySchema.parse(archived.json()).archivedOn).toEqual(expect.any(String));
    expect((await listed()).total).toBe(0);
    expect((await listed('?archived=only')).results.map((facility) => facility.slug)).toEqual([
      'north-plant',
    ]);
    expect((await call('admin', 'GET', '/api/facilities/north-plant')).statusCode).toBe(200);

    const restored = await call('admin', 'PATCH', '/api/facilities/north-plant', { archived: false });
    expect(facilitySchema.parse(restored.json()).archivedOn).toBeNull();
    expect((await listed()).total).toBe(1);
    const [archiving, restoring] = (await facilityAudit()).slice(-2);
    expect(archiving?.after).toMatchObject({ archivedOn: expect.any(String) });
    expect(restoring).toMatchObject({
      before: { archivedOn: expect.any(String) },
      after: { archivedOn: null },
    });
    const [report] = await createAuditLogRepository(testApp.database.db).verify('acme');
    expect(report?.firstBreak).toBeUndefined();
  });

  it('edits only the caller’s realm’s facility of a slug; another realm’s is 404 like a missing one', async () => {
    const sameSlug = await call('other', 'PATCH', '/api/facilities/north-plant', { name: 'Their plant' });
    expect(sameSlug.statusCode).toBe(200);
    expect((await listed()).results[0]?.name).toBe('North Cement Works');
    expect(
      (await call('admin', 'POST', '/api/facilities', { ...NORTH, slug: 'south-plant' })).statusCode,
    ).toBe(201);
    const foreign = await call('other', 'PATCH', '/api/facilities/south-plant', { name: 'Taken over' });
    const missing = await call('other', 'PATCH', '/api/facilities/no-such-plant', { name: 'Taken over' });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual(missing.json());
    expect((await call('admin', 'GET', '/api/facilities/south-plant')).json().facility.name).toBe(
      'North Plant',
    );
  });
});
