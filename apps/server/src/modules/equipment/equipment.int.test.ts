import {
  equipmentItemSchema,
  equipmentListResponseSchema,
  equipmentSiteListResponseSchema,
  equipmentTypeDetailSchema,
  equipmentTypeListResponseSchema,
} from '@ecc/contracts';
import { facilities, type Database } from '@ecc/db';
import { buildEquipmentSchema } from '@ecc/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, withSession, type TestApp } from '#test-support/test-app.ts';
import { createTestRealm, createTestUser } from '#test-support/test-realms.ts';

const ADMIN = { email: 'admin@acme.test', password: 'admin-password-1', role: 'admin' as const };
const MEMBER = { email: 'member@acme.test', password: 'member-password-1' };
const OTHER_ADMIN = { email: 'admin@other.test', password: 'other-password-1', role: 'admin' as const };
const BASIC_ADMIN = { email: 'admin@basic.test', password: 'basic-password-1', role: 'admin' as const };

async function insertFacility(db: Database, realmId: string, slug: string): Promise<string> {
  const [row] = await db
    .insert(facilities)
    .values({ realmId, slug, name: `Plant ${slug}`, sector: 'Power plants', country: 'US' })
    .returning({ id: facilities.id });
  if (!row) throw new Error('facility not inserted');
  return row.id;
}

const chillerSchema = buildEquipmentSchema([
  {
    name: 'refrigerant',
    label: 'Refrigerant',
    type: 'enum',
    options: ['HFC-134a', 'R-410A'],
    isRequired: true,
  },
  { name: 'chargeKg', label: 'Charge', type: 'number', unit: 'kg', minimum: 0, isRequired: true },
]);

describe('the equipment API', () => {
  let testApp: TestApp;
  let admin: string;
  let member: string;
  let otherAdmin: string;
  let basicAdmin: string;
  let plantId: string;
  let otherPlantId: string;
  let otherItemId: string;

  const call = (
    token: string,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
    host = 'acme.test',
  ) => testApp.app.inject({ method, url, headers: { ...withSession(token), host }, payload });

  beforeAll(async () => {
    testApp = await createTestApp();
    const db = testApp.database.db;
    const acme = await createTestRealm(db, { key: 'acme', domains: ['acme.test'], plan: 'CORE' });
    const other = await createTestRealm(db, { key: 'other', domains: ['other.test'], plan: 'CORE' });
    const basic = await createTestRealm(db, { key: 'basic', domains: ['basic.test'], plan: 'paid' });
    await createTestUser(db, acme, ADMIN);
    await createTestUser(db, acme, MEMBER);
    await createTestUser(db, other, OTHER_ADMIN);
    await createTestUser(db, basic, BASIC_ADMIN);
    plantId = await insertFacility(db, acme.id, 'north');
    otherPlantId = await insertFacility(db, other.id, 'south');
    admin = await signIn(testApp.app, ADMIN, 'acme.test');
    member = await signIn(testApp.app, MEMBER, 'acme.test');
    otherAdmin = await signIn(testApp.app, OTHER_ADMIN, 'other.test');
    basicAdmin = await signIn(testApp.app, BASIC_ADMIN, 'basic.test');
    const otherItem = await call(
      otherAdmin,
      'POST',
      '/api/equipment',
      { facilityId: otherPlantId, typeKey: 'switchgear', name: 'GIS bay 1', properties: { sf6ChargeKg: 12 } },
      'other.test',
    );
    expect(otherItem.statusCode).toBe(201);
    otherItemId = equipmentItemSchema.parse(otherItem.json()).id;
  });
  afterAll(() => testApp.close());

  describe('types', () => {
    it('gives a realm the seven built-in types on first access, each with its current version', async () => {
      const response = await call(member, 'GET', '/api/equipment/types');
      expect(response.statusCode).toBe(200);
      const { results } = equipmentTypeListResponseSchema.parse(response.json());
      expect(results.map((type) => type.key).sort()).toEqual(
        [
          'boiler',
          'flare',
          'generator',
          'process-unit',
          'refrigeration',
          'switchgear',
          'vehicle-fleet',
        ].sort(),
      );
      const boiler = results.find((type) => type.key === 'boiler');
      expect(boiler).toMatchObject({
        name: 'Boiler',
        currentVersion: 1,
        current: {
          version: 1,
          activityTypes: ['stationary-combustion'],
          calculationMethodId: 'heat-content',
        },
      });
      expect(boiler?.current.schema).toMatchObject({
        properties: { ratedCapacity: { type: 'number', unit: 'MMBtu/h' } },
      });
    });

    it('lets a CORE administrator create a type and version it; the detail lists every version', async () => {
      const created = await call(admin, 'POST', '/api/equipment/types', {
        key: 'chiller-x',
        name: 'Chiller X',
        schema: chillerSchema,
        activityTypes: ['refrigerant-loss'],
        calculationMethodId: 'refrigerant-loss',
      });
      expect(created.statusCode).toBe(201);
      expect(equipmentTypeDetailSchema.parse(created.json())).toMatchObject({
        key: 'chiller-x',
        currentVersion: 1,
      });

      const versioned = await call(admin, 'POST', '/api/equipment/types/chiller-x/versions', {
        name: 'Chiller X (v2)',
        schema: { ...chillerSchema, required: ['refrigerant'] },
        activityTypes: ['refrigerant-loss', 'electricity'],
        calculationMethodId: null,
      });
      expect(versioned.statusCode).toBe(201);
      const detail = equipmentTypeDetailSchema.parse(
        (await call(member, 'GET', '/api/equipment/types/chiller-x')).json(),
      );
      expect(detail).toMatchObject({ name: 'Chiller X (v2)', currentVersion: 2, current: { version: 2 } });
      expect(detail.versions.map((version) => version.version)).toEqual([2, 1]);
      expect(detail.versions[1]).toMatchObject({
        calculationMethodId: 'refrigerant-loss',
        activityTypes: ['refrigerant-loss'],
      });
    });

    it('refuses a duplicate key with 409 on the key', async () => {
      const response = await call(admin, 'POST', '/api/equipment/types', {
        key: 'boiler',
        name: 'B',
        schema: chillerSchema,
      });
      expect(response.statusCode).toBe(409);
      expect(response.json().fieldErrors).toEqual({
        'body/key': 'An equipment type with the key boiler exists already',
      });
    });

    it('refuses a schema that is no valid JSON Schema, or not an object, naming the path', async () => {
      const invalid = await call(admin, 'POST', '/api/equipment/types', {
        key: 'broken',
        name: 'Broken',
        schema: { type: 'object', properties: { size: { type: 'numeric' } } },
      });
      expect(invalid.statusCode).toBe(400);
      expect(invalid.json().message).toContain('body/schema/properties/size/type');
      expect(Object.keys(invalid.json().fieldErrors)).toContainEqual(
        expect.stringMatching(/^body\/schema\/properties\/size\/type/),
      );

      const notObject = await call(admin, 'POST', '/api/equipment/types', {
        key: 'broken',
        name: 'Broken',
        schema: { type: 'string' },
      });
      expect(notObject.statusCode).toBe(400);
      expect(notObject.json().message).toBe('body/schema/type: Must be "object"');

      const unknownKeyword = await call(admin, 'POST', '/api/equipment/types', {
        key: 'broken',
        name: 'Broken',
        schema: { type: 'object', properties: { a: { type: 'number', minimun: 1 } } },
      });
      expect(unknownKeyword.statusCode).toBe(400);
      expect(unknownKeyword.json().message).toMatch(/^body\/schema: .*minimun/);

      const badKey = await call(admin, 'POST', '/api/equipment/types', {
        key: 'Not A Slug',
        name: 'x',
        schema: chillerSchema,
      });
      expect(badKey.statusCode).toBe(400);
      expect(badKey.json().message).toMatch(/^body\/key: /);

      const unknownMethod = await call(admin, 'POST', '/api/equipment/types/boiler/versions', {
        schema: chillerSchema,
        calculationMethodId: 'guesswork',
      });
      expect(unknownMethod.statusCode).toBe(400);
      expect(unknownMethod.json().message).toBe(
        'body/calculationMethodId: Unknown calculation method guesswork',
      );
      expect((await call(member, 'GET', '/api/equipment/types')).json().results).not.toContainEqual(
        expect.objectContaining({ key: 'broken' }),
      );
    });

    it('matches a type’s patterns in linear time: a catastrophic pattern answers, right, and others keep working', async () => {
      // On JavaScript's backtracking engine `^(a+)+$` against 40 "a" and a "!" takes hours, blocking every realm.
      // A realm of its own keeps the site counts of the tests below as they are.
      const db = testApp.database.db;
      const realm = await createTestRealm(db, { key: 'meters', domains: ['meters.test'], plan: 'CORE' });
      const metersAdminUser = {
        email: 'admin@meters.test',
        password: 'meters-password-1',
        role: 'admin' as const,
      };
      await createTestUser(db, realm, metersAdminUser);
      const meterPlantId = await insertFacility(db, realm.id, 'meters');
      const metersAdmin = await signIn(testApp.app, metersAdminUser, 'meters.test');
      const created = await call(
        metersAdmin,
        'POST',
        '/api/equipment/types',
        {
          key: 'tagged-meter',
          name: 'Tagged meter',
          schema: {
            type: 'object',
            properties: { tag: { type: 'string', pattern: '^(a+)+$' } },
            required: ['tag'],
            additionalProperties: false,
          },
        },
        'meters.test',
      );
      expect(created.statusCode).toBe(201);
      const item = (tag: string) =>
        call(
          metersAdmin,
          'POST',
          '/api/equipment',
          {
            facilityId: meterPlantId,
            typeKey: 'tagged-meter',
            name: `Meter ${tag.length}`,
            properties: { tag },
          },
          'meters.test',
        );
      const [refused, otherRealm] = await Promise.all([
        item(`${'a'.repeat(40)}!`),
        call(otherAdmin, 'GET', '/api/equipment/types', undefined, 'other.test'),
      ]);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().fieldErrors).toEqual({ 'body/properties/tag': 'Must match the pattern ^(a+)+$' });
      expect(otherRealm.statusCode).toBe(200);
      expect((await item('a'.repeat(40))).statusCode).toBe(201);
    });

    it('refuses a schema whose pattern RE2 cannot match in linear time, naming the pattern', async () => {
      const response = await call(admin, 'POST', '/api/equipment/types', {
        key: 'backreference',
        name: 'Backreference',
        schema: {
          type: 'object',
          properties: { code: { type: 'string', pattern: '^(a)\\1$' } },
          patternProperties: { '(?=x)': { type: 'string' } },
        },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().fieldErrors).toEqual({
        'body/schema/properties/code/pattern': 'Refused pattern: invalid escape sequence: `\\1`',
        'body/schema/patternProperties/(?=x)': 'Refused pattern: invalid or unsupported Perl syntax: `(?=`',
      });
    });

    it('refuses members and administrators of a realm not on the CORE plan with 403', async () => {
      const byMember = await call(member, 'POST', '/api/equipment/types', {
        key: 'x',
        name: 'X',
        schema: chillerSchema,
      });
      expect(byMember.statusCode).toBe(403);
      expect(byMember.json()).toEqual({
        statusCode: 403,
        error: 'Forbidden',
        message: 'You are not allowed to create EquipmentType',
      });
      const memberVersion = await call(member, 'POST', '/api/equipment/types/boiler/versions', {
        schema: {},
      });
      expect(memberVersion.statusCode).toBe(403);
      const byBasic = await call(
        basicAdmin,
        'POST',
        '/api/equipment/types',
        { key: 'x', name: 'X', schema: chillerSchema },
        'basic.test',
      );
      expect(byBasic.statusCode).toBe(403);
      expect(byBasic.json().message).toBe(
        'Equipment types is not part of your plan. It is included in the Core plan.',
      );
    });

    it('answers 404 for a key the realm does not have', async () => {
      expect((await call(member, 'GET', '/api/equipment/types/nothing-here')).statusCode).toBe(404);
      const version = await call(admin, 'POST', '/api/equipment/types/nothing-here/versions', {
        schema: chillerSchema,
      });
      expect(version.statusCode).toBe(404);
    });
  });

  describe('equipment', () => {
    let itemId: string;

    it('creates equipment valid against its type, lists it, counts it at its site and shows it', async () => {
      const created = await call(member, 'POST', '/api/equipment', {
        facilityId: plantId,
        typeKey: 'boiler',
        name: 'Boiler 1',
        properties: { fuel: 'Natural gas', ratedCapacity: 250, efficiency: 84 },
      });
      expect(created.statusCode).toBe(201);
      const item = equipmentItemSchema.parse(created.json());
      itemId = item.id;
      expect(item).toMatchObject({
        facilityId: plantId,
        facilityName: 'Plant north',
        typeKey: 'boiler',
        typeVersion: 1,
      });

      const list = equipmentListResponseSchema.parse(
        (await call(member, 'GET', `/api/equipment?facilityId=${plantId}&type=boiler`)).json(),
      );
      expect(list.results.map((row) => row.id)).toEqual([itemId]);
      expect((await call(member, 'GET', '/api/equipment?type=flare')).json()).toEqual({ results: [] });

      const sites = equipmentSiteListResponseSchema.parse(
        (await call(member, 'GET', '/api/equipment/sites')).json(),
      );
      expect(sites.results).toEqual([
        expect.objectContaining({ id: plantId, equipmentCounts: { boiler: 1 }, equipmentTotal: 1 }),
      ]);
      expect((await call(member, 'GET', `/api/equipment/${itemId}`)).json()).toMatchObject({
        name: 'Boiler 1',
      });
    });

    it('refuses properties that break the schema with 400 naming each path, storing nothing', async () => {
      const response = await call(member, 'POST', '/api/equipment', {
        facilityId: plantId,
        typeKey: 'boiler',
        name: 'Bad boiler',
        properties: { fuel: 'Peat', efficiency: 140, colour: 'red' },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().fieldErrors).toEqual({
        'body/properties/ratedCapacity': 'Required',
        'body/properties/colour': 'Unknown field',
        'body/properties/fuel': expect.stringMatching(/^Must be one of: Natural gas/),
        'body/properties/efficiency': 'Must be at most 100',
      });
      expect(response.json().message).toContain('body/properties/ratedCapacity: Required');
      expect((await call(member, 'GET', '/api/equipment?type=boiler')).json().results).toHaveLength(1);

      const noName = await call(member, 'POST', '/api/equipment', {
        facilityId: plantId,
        typeKey: 'boiler',
        name: ' ',
        properties: {},
      });
      expect(noName.statusCode).toBe(400);
      expect(noName.json().message).toBe('body/name: Required');
    });

    it('updates an item against the current version, and refuses invalid changes', async () => {
      const updated = await call(member, 'PUT', `/api/equipment/${itemId}`, {
        name: 'Boiler 1 (east)',
        properties: { fuel: 'Propane', ratedCapacity: 300 },
      });
      expect(updated.statusCode).toBe(200);
      expect(updated.json()).toMatchObject({
        name: 'Boiler 1 (east)',
        properties: { fuel: 'Propane', ratedCapacity: 300 },
      });
      const invalid = await call(member, 'PUT', `/api/equipment/${itemId}`, {
        name: 'Boiler 1',
        properties: { fuel: 'Propane', ratedCapacity: -5 },
      });
      expect(invalid.statusCode).toBe(400);
      expect(invalid.json().message).toBe('body/properties/ratedCapacity: Must be at least 0');
    });

    it('answers 404 for another realm’s equipment, facility and ids it does not know', async () => {
      expect((await call(member, 'GET', `/api/equipment/${otherItemId}`)).statusCode).toBe(404);
      expect(
        (await call(member, 'PUT', `/api/equipment/${otherItemId}`, { name: 'mine', properties: {} }))
          .statusCode,
      ).toBe(404);
      expect((await call(admin, 'DELETE', `/api/equipment/${otherItemId}`)).statusCode).toBe(404);
      const onOtherSite = await call(member, 'POST', '/api/equipment', {
        facilityId: otherPlantId,
        typeKey: 'switchgear',
        name: 'x',
        properties: { sf6ChargeKg: 1 },
      });
      expect(onOtherSite.statusCode).toBe(404);
      expect((await call(member, 'GET', `/api/equipment?facilityId=${otherPlantId}`)).json()).toEqual({
        results: [],
      });
      const unknownType = await call(member, 'POST', '/api/equipment', {
        facilityId: plantId,
        typeKey: 'warp-drive',
        name: 'x',
        properties: {},
      });
      expect(unknownType.statusCode).toBe(404);
      const stillThere = await call(
        otherAdmin,
        'GET',
        `/api/equipment/${otherItemId}`,
        undefined,
        'other.test',
      );
      expect(stillThere.json()).toMatchObject({ name: 'GIS bay 1' });
    });

    it('keeps an item activity records name (409 saying how many), and deletes it once none does', async () => {
      const slug = await testApp.database.db
        .select({ slug: facilities.slug })
        .from(facilities)
        .where(eq(facilities.id, plantId));
      const record = await call(member, 'POST', `/api/facilities/${slug[0]?.slug}/activity-records`, {
        activityType: 'Boiler gas',
        periodStart: '2024-01-01',
        periodEnd: '2024-01-31',
        quantity: 100,
        unit: 'therm',
        factorKey: 'epa-c1-natural-gas',
        scope: 1,
        equipmentId: itemId,
      });
      expect(record.statusCode, record.body).toBe(201);
      const refused = await call(admin, 'DELETE', `/api/equipment/${itemId}`);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe(
        'An activity record names this equipment. Link it to other equipment or delete it before deleting the equipment.',
      );
      expect((await call(member, 'GET', `/api/equipment/${itemId}`)).statusCode).toBe(200);
      const { id, version } = record.json<{ id: string; version: number }>();
      const unlinked = await call(member, 'PUT', `/api/equipment/${itemId}`, {
        name: 'Boiler 1 (east)',
        properties: { fuel: 'Propane', ratedCapacity: 300 },
      });
      expect(unlinked.statusCode).toBe(200);
      const patched = await testApp.app.inject({
        method: 'PATCH',
        url: `/api/activity-records/${id}`,
        headers: { ...withSession(member), host: 'acme.test' },
        payload: { version, equipmentId: null },
      });
      expect(patched.statusCode, patched.body).toBe(200);
    });

    it('deletes an item; a second delete answers 404', async () => {
      // Members add and edit equipment; removing it is an administrator's decision.
      expect((await call(member, 'DELETE', `/api/equipment/${itemId}`)).statusCode).toBe(403);
      expect((await call(admin, 'DELETE', `/api/equipment/${itemId}`)).statusCode).toBe(204);
      expect((await call(member, 'GET', `/api/equipment/${itemId}`)).statusCode).toBe(404);
      expect((await call(admin, 'DELETE', `/api/equipment/${itemId}`)).statusCode).toBe(404);
    });

    it('requires a session', async () => {
      const response = await testApp.app.inject({
        method: 'GET',
        url: '/api/equipment',
        headers: { host: 'acme.test' },
      });
      expect(response.statusCode).toBe(401);
    });
  });
});
