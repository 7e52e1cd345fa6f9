import {
  BUSINESS_UNIT_CYCLE,
  BUSINESS_UNIT_PARENT_NOT_FOUND,
  CURRENCY_MESSAGE,
  boundarySettingsSchema,
  businessUnitListResponseSchema,
  businessUnitSchema,
  denominatorListResponseSchema,
  denominatorSchema,
  facilitySchema,
  FACILITY_BUSINESS_UNIT_NOT_FOUND,
  realmCurrencySchema,
} from '@ecc/contracts';
import {
  auditLog,
  createDefaultRealmConfig,
  createRealmRepository,
  permissions,
  readRealmCurrency,
} from '@ecc/db';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, withSession, type TestApp } from '#test-support/test-app.ts';
import { createTestRealm, createTestUser } from '#test-support/test-realms.ts';

const ADMIN = { email: 'admin@acme.test', password: 'acme-password-1', role: 'admin' as const };
const MEMBER = { email: 'member@acme.test', password: 'acme-password-2' };
const OTHER_ADMIN = { email: 'admin@other.test', password: 'other-password-1', role: 'admin' as const };

const PLANT = {
  name: 'North Plant',
  slug: 'north-plant',
  sector: 'Cement',
  country: 'US',
};

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

describe('organisation and boundary', () => {
  let testApp: TestApp;
  let acmeId: string;
  let acmeRealm: Awaited<ReturnType<typeof createTestRealm>>;
  const tokens: Record<'admin' | 'member' | 'other', string> = { admin: '', member: '', other: '' };

  beforeAll(async () => {
    testApp = await createTestApp();
    const { db } = testApp.database;
    const acme = await createTestRealm(db, { key: 'acme', domains: ['acme.test'] });
    const other = await createTestRealm(db, { key: 'other', domains: ['other.test'] });
    acmeId = acme.id;
    acmeRealm = acme;
    await createTestUser(db, acme, ADMIN);
    await createTestUser(db, acme, MEMBER);
    await createTestUser(db, other, OTHER_ADMIN);
    tokens.admin = await signIn(testApp.app, ADMIN, 'acme.test');
    tokens.member = await signIn(testApp.app, MEMBER, 'acme.test');
    tokens.other = await signIn(testApp.app, OTHER_ADMIN, 'other.test');
  });
  afterAll(() => testApp.close());

  const call = (as: keyof typeof tokens, method: Method, url: string, payload?: object) =>
    testApp.app.inject({
      method,
      url,
      headers: { host: as === 'other' ? 'other.test' : 'acme.test', ...withSession(tokens[as]) },
      ...(payload ? { payload } : {}),
    });

  const auditOf = (entityType: string) =>
    testApp.database.db
      .select({
        action: auditLog.action,
        entityId: auditLog.entityId,
        before: auditLog.before,
        after: auditLog.after,
      })
      .from(auditLog)
      .where(and(eq(auditLog.realmId, acmeId), eq(auditLog.entityType, entityType)))
      .orderBy(asc(auditLog.sequence));

  const createUnit = async (body: object) => {
    const response = await call('admin', 'POST', '/api/organisation/business-units', body);
    expect(response.statusCode, response.body).toBe(201);
    return businessUnitSchema.parse(response.json());
  };

  const units = async (as: keyof typeof tokens = 'admin') =>
    businessUnitListResponseSchema.parse((await call(as, 'GET', '/api/organisation/business-units')).json())
      .results;

  describe('business units', () => {
    it('builds a tree: listed parents first, with their facility counts, each change audited', async () => {
      const europe = await createUnit({ name: 'Europe', code: 'EU' });
      const uk = await createUnit({ name: 'United Kingdom', parentId: europe.id, code: '' });
      const americas = await createUnit({ name: 'Americas' });
      expect(uk).toMatchObject({ parentId: europe.id, code: null, facilityCount: 0 });
      expect((await units()).map((unit) => unit.name)).toEqual(['Americas', 'Europe', 'United Kingdom']);
      // A member who may read facilities reads the tree too.
      expect((await units('member')).map((unit) => unit.id)).toEqual([americas.id, europe.id, uk.id]);

      const renamed = await call('admin', 'PATCH', `/api/organisation/business-units/${uk.id}`, {
        name: 'Great Britain',
      });
      expect(renamed.statusCode, renamed.body).toBe(200);
      expect(renamed.json()).toMatchObject({ name: 'Great Britain', parentId: europe.id });
      const moved = await call('admin', 'PATCH', `/api/organisation/business-units/${uk.id}`, {
        parentId: americas.id,
      });
      expect(moved.json()).toMatchObject({ parentId: americas.id });
      const audit = await auditOf('business-unit');
      expect(audit.map((entry) => entry.action)).toEqual(['create', 'create', 'create', 'update', 'update']);
      expect(audit[4]).toMatchObject({
        entityId: uk.id,
        before: { parentId: europe.id },
        after: { parentId: americas.id, name: 'Great Britain' },
      });
    });

    it('refuses a move below the unit itself or its descendants, and changes nothing', async () => {
      const top = await createUnit({ name: 'Top' });
      const middle = await createUnit({ name: 'Middle', parentId: top.id });
      const bottom = await createUnit({ name: 'Bottom', parentId: middle.id });
      for (const parentId of [top.id, bottom.id]) {
        const response = await call('admin', 'PATCH', `/api/organisation/business-units/${top.id}`, {
          parentId,
        });
        expect(response.statusCode).toBe(400);
        expect(response.json().fieldErrors).toEqual({ 'body/parentId': BUSINESS_UNIT_CYCLE });
      }
      expect((await units()).find((unit) => unit.id === top.id)?.parentId).toBeNull();
    });

    it('lets only one of simultaneous writes take a name, and never closes a cycle with crossing moves', async () => {
      const creates = await Promise.all(
        Array.from({ length: 6 }, () =>
          call('admin', 'POST', '/api/organisation/business-units', { name: 'Twin' }),
        ),
      );
      expect(creates.map((response) => response.statusCode).sort()).toEqual([201, 409, 409, 409, 409, 409]);
      const left = await createUnit({ name: 'Left' });
      const right = await createUnit({ name: 'Right' });
      const moves = await Promise.all([
        call('admin', 'PATCH', `/api/organisation/business-units/${left.id}`, { parentId: right.id }),
        call('admin', 'PATCH', `/api/organisation/business-units/${right.id}`, { parentId: left.id }),
      ]);
      expect(moves.map((response) => response.statusCode).sort()).toEqual([200, 400]);
      const after = await units();
      const parentOf = (id: string) => after.find((unit) => unit.id === id)?.parentId;
      expect([parentOf(left.id), parentOf(right.id)]).toContain(null);
    });

    it('refuses an unknown parent, a parent of another realm, a taken sibling name and a taken code', async () => {
      const otherUnit = await call('other', 'POST', '/api/organisation/business-units', {
        name: 'Elsewhere',
      });
      expect(otherUnit.statusCode).toBe(201);
      for (const parentId of [crypto.randomUUID(), otherUnit.json().id as string]) {
        const response = await call('admin', 'POST', '/api/organisation/business-units', {
          name: 'X',
          parentId,
        });
        expect(response.statusCode).toBe(400);
        expect(response.json().fieldErrors).toEqual({ 'body/parentId': BUSINESS_UNIT_PARENT_NOT_FOUND });
      }
      const takenName = await call('admin', 'POST', '/api/organisation/business-units', { name: 'europe' });
      expect(takenName.statusCode).toBe(409);
      expect(Object.keys(takenName.json().fieldErrors)).toEqual(['body/name']);
      const takenCode = await call('admin', 'POST', '/api/organisation/business-units', {
        name: 'E2',
        code: 'EU',
      });
      expect(takenCode.statusCode).toBe(409);
      expect(Object.keys(takenCode.json().fieldErrors)).toEqual(['body/code']);
      const blank = await call('admin', 'POST', '/api/organisation/business-units', { name: '  ' });
      expect(blank.statusCode).toBe(400);
      expect(blank.json().fieldErrors).toEqual({ 'body/name': 'Name is required' });
    });

    it('refuses to delete a unit while a facility or a unit belongs to it, naming them; deletes it after', async () => {
      const unit = await createUnit({ name: 'Cement' });
      const child = await createUnit({ name: 'Kilns', parentId: unit.id });
      const facility = await call('admin', 'POST', '/api/facilities', { ...PLANT, businessUnitId: unit.id });
      expect(facility.statusCode, facility.body).toBe(201);
      expect(facilitySchema.parse(facility.json()).businessUnitId).toBe(unit.id);
      expect((await units()).find((each) => each.id === unit.id)?.facilityCount).toBe(1);

      const refused = await call('admin', 'DELETE', `/api/organisation/business-units/${unit.id}`);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe(
        'Cement cannot be deleted while it holds facility North Plant and business unit Kilns: move them to another unit first',
      );
      await call('admin', 'PATCH', `/api/facilities/${PLANT.slug}`, { businessUnitId: null });
      expect((await call('admin', 'DELETE', `/api/organisation/business-units/${child.id}`)).statusCode).toBe(
        204,
      );
      expect((await call('admin', 'DELETE', `/api/organisation/business-units/${unit.id}`)).statusCode).toBe(
        204,
      );
      expect((await units()).some((each) => each.id === unit.id)).toBe(false);
      expect((await auditOf('business-unit')).at(-1)).toMatchObject({ action: 'delete', entityId: unit.id });
      expect((await call('admin', 'DELETE', `/api/organisation/business-units/${unit.id}`)).statusCode).toBe(
        404,
      );
    });

    it('lets members read but not change, and hides one realm’s units from another', async () => {
      const unit = await createUnit({ name: 'Members cannot touch' });
      expect(
        (await call('member', 'POST', '/api/organisation/business-units', { name: 'M' })).statusCode,
      ).toBe(403);
      expect(
        (await call('member', 'PATCH', `/api/organisation/business-units/${unit.id}`, { name: 'M' }))
          .statusCode,
      ).toBe(403);
      expect((await call('member', 'DELETE', `/api/organisation/business-units/${unit.id}`)).statusCode).toBe(
        403,
      );
      expect((await units('other')).some((each) => each.id === unit.id)).toBe(false);
      expect(
        (await call('other', 'PATCH', `/api/organisation/business-units/${unit.id}`, { name: 'Taken' }))
          .statusCode,
      ).toBe(404);
      expect((await call('other', 'DELETE', `/api/organisation/business-units/${unit.id}`)).statusCode).toBe(
        404,
      );
    });
  });

  describe('facility boundary fields', () => {
    it('keeps the ownership share and boundary flag, refuses a share out of range and a foreign unit', async () => {
      const created = await call('admin', 'POST', '/api/facilities', {
        ...PLANT,
        slug: 'joint-venture',
        name: 'JV',
      });
      expect(created.json()).toMatchObject({
        ownershipSharePercent: 100,
        isInBoundary: true,
        businessUnitId: null,
      });
      for (const share of [0, -5, 100.5]) {
        const response = await call('admin', 'PATCH', '/api/facilities/joint-venture', {
          ownershipSharePercent: share,
        });
        expect(response.statusCode).toBe(400);
        expect(Object.keys(response.json().fieldErrors)).toEqual(['body/ownershipSharePercent']);
      }
      const excludedWithoutReason = await call('admin', 'PATCH', '/api/facilities/joint-venture', {
        isInBoundary: false,
      });
      expect(excludedWithoutReason.statusCode).toBe(400);
      expect(Object.keys(excludedWithoutReason.json().fieldErrors)).toEqual(['body/boundaryExclusionReason']);
      const otherUnit = (await units('other'))[0]!;
      const foreign = await call('admin', 'PATCH', '/api/facilities/joint-venture', {
        businessUnitId: otherUnit.id,
      });
      expect(foreign.statusCode).toBe(400);
      expect(foreign.json().fieldErrors).toEqual({ 'body/businessUnitId': FACILITY_BUSINESS_UNIT_NOT_FOUND });

      const saved = await call('admin', 'PATCH', '/api/facilities/joint-venture', {
        ownershipSharePercent: 37.5,
        isInBoundary: false,
        boundaryExclusionReason: 'Partner operates it',
      });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json()).toMatchObject({
        ownershipSharePercent: 37.5,
        isInBoundary: false,
        boundaryExclusionReason: 'Partner operates it',
      });
      const back = await call('admin', 'PATCH', '/api/facilities/joint-venture', { isInBoundary: true });
      expect(back.json()).toMatchObject({ isInBoundary: true, boundaryExclusionReason: null });
      const audit = await auditOf('facility');
      expect(audit.at(-1)?.after).toMatchObject({ ownershipSharePercent: 37.5, isInBoundary: true });
    });
  });

  describe('boundary settings', () => {
    it('answers the defaults, saves a change with its audit entry, and refuses bad values', async () => {
      const defaults = await call('member', 'GET', '/api/organisation/boundary');
      expect(defaults.json()).toEqual({
        consolidationApproach: 'operational-control',
        reportingYearStartMonth: 1,
        baseYear: null,
        recalculationThresholdPercent: 5,
      });
      const settings = {
        consolidationApproach: 'equity-share',
        reportingYearStartMonth: 7,
        baseYear: 2022,
        recalculationThresholdPercent: 2.5,
      };
      const saved = await call('admin', 'PUT', '/api/organisation/boundary', settings);
      expect(saved.statusCode, saved.body).toBe(200);
      expect(boundarySettingsSchema.parse(saved.json())).toEqual(settings);
      expect((await call('member', 'GET', '/api/organisation/boundary')).json()).toEqual(settings);
      // The other realm keeps its defaults.
      expect((await call('other', 'GET', '/api/organisation/boundary')).json()).toMatchObject({
        consolidationApproach: 'operational-control',
      });
      await call('admin', 'PUT', '/api/organisation/boundary', settings);
      const audit = await auditOf('realm-boundary');
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({ entityId: acmeId, before: { baseYear: null }, after: settings });

      const bad = await call('admin', 'PUT', '/api/organisation/boundary', {
        consolidationApproach: 'majority',
        reportingYearStartMonth: 13,
        baseYear: 1850,
        recalculationThresholdPercent: 0,
      });
      expect(bad.statusCode).toBe(400);
      expect(Object.keys(bad.json().fieldErrors).sort()).toEqual([
        'body/baseYear',
        'body/consolidationApproach',
        'body/recalculationThresholdPercent',
        'body/reportingYearStartMonth',
      ]);
      expect((await call('member', 'PUT', '/api/organisation/boundary', settings)).statusCode).toBe(403);
    });
  });

  describe('intensity denominators', () => {
    it('sets, replaces, lists and deletes figures of the realm and of a facility, converting ft2 to m2', async () => {
      const revenue = await call('admin', 'PUT', '/api/organisation/denominators', {
        year: 2024,
        scope: 'realm',
        kind: 'revenue',
        amount: 5_000_000,
        unit: 'eur',
      });
      expect(revenue.statusCode, revenue.body).toBe(200);
      expect(denominatorSchema.parse(revenue.json())).toMatchObject({
        scope: 'realm',
        facilityId: null,
        unit: 'EUR',
        normalizedAmount: 5_000_000,
      });
      const replaced = await call('admin', 'PUT', '/api/organisation/denominators', {
        year: 2024,
        scope: 'realm',
        kind: 'revenue',
        amount: 5_500_000,
        unit: 'EUR',
      });
      expect(replaced.json()).toMatchObject({ id: revenue.json().id, amount: 5_500_000 });
      const area = await call('admin', 'PUT', '/api/organisation/denominators', {
        year: 2024,
        scope: 'facility',
        facilitySlug: PLANT.slug,
        kind: 'floor-area',
        amount: 10_000,
        unit: 'ft2',
      });
      expect(area.statusCode, area.body).toBe(200);
      expect(area.json()).toMatchObject({ facilitySlug: PLANT.slug, normalizedUnit: 'm2' });
      expect(area.json().normalizedAmount).toBeCloseTo(929.0304, 6);
      const production = await call('admin', 'PUT', '/api/organisation/denominators', {
        year: 2023,
        scope: 'facility',
        facilitySlug: PLANT.slug,
        kind: 'production',
        amount: 120_000,
        unit: 't clinker',
      });
      expect(production.statusCode, production.body).toBe(200);

      const listed = denominatorListResponseSchema.parse(
        (await call('member', 'GET', '/api/organisation/denominators?year=2024')).json(),
      );
      expect(listed.results.map((each) => [each.scope, each.kind])).toEqual([
        ['realm', 'revenue'],
        ['facility', 'floor-area'],
      ]);
      expect((await call('other', 'GET', '/api/organisation/denominators')).json().results).toEqual([]);
      expect(
        (await call('other', 'DELETE', `/api/organisation/denominators/${area.json().id}`)).statusCode,
      ).toBe(404);
      const deleted = await call('admin', 'DELETE', `/api/organisation/denominators/${area.json().id}`);
      expect(deleted.statusCode).toBe(204);
      expect((await auditOf('intensity-denominator')).map((entry) => entry.action)).toEqual([
        'create',
        'update',
        'create',
        'create',
        'delete',
      ]);
    });

    it('takes simultaneous first settings of one figure one after another, keeping one figure', async () => {
      const answers = await Promise.all(
        [10, 20, 30, 40].map((amount) =>
          call('admin', 'PUT', '/api/organisation/denominators', {
            year: 2031,
            scope: 'realm',
            kind: 'headcount',
            amount,
          }),
        ),
      );
      expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200]);
      const listed = denominatorListResponseSchema.parse(
        (await call('admin', 'GET', '/api/organisation/denominators?year=2031')).json(),
      ).results;
      expect(listed.filter((figure) => figure.kind === 'headcount')).toHaveLength(1);
    });

    it('refuses an unknown currency, a floor area unit other than m2 or ft2, a missing facility and members', async () => {
      const cases: [object, string][] = [
        [{ kind: 'revenue', unit: 'XYZ' }, 'body/unit'],
        [{ kind: 'revenue', unit: 'dollars' }, 'body/unit'],
        [{ kind: 'floor-area', unit: 'acre' }, 'body/unit'],
        [{ kind: 'production', unit: '' }, 'body/unit'],
        [{ kind: 'headcount', amount: -1 }, 'body/amount'],
        [{ kind: 'headcount', scope: 'facility' }, 'body/facilitySlug'],
      ];
      for (const [change, field] of cases) {
        const response = await call('admin', 'PUT', '/api/organisation/denominators', {
          year: 2024,
          scope: 'realm',
          amount: 10,
          ...change,
        });
        expect(response.statusCode, JSON.stringify(change)).toBe(400);
        expect(Object.keys(response.json().fieldErrors), JSON.stringify(change)).toEqual([field]);
      }
      const unknownFacility = await call('admin', 'PUT', '/api/organisation/denominators', {
        year: 2024,
        scope: 'facility',
        facilitySlug: 'nowhere',
        kind: 'headcount',
        amount: 10,
      });
      expect(unknownFacility.statusCode).toBe(400);
      expect(Object.keys(unknownFacility.json().fieldErrors)).toEqual(['body/facilitySlug']);
      const asMember = await call('member', 'PUT', '/api/organisation/denominators', {
        year: 2024,
        scope: 'realm',
        kind: 'headcount',
        amount: 10,
      });
      expect(asMember.statusCode).toBe(403);
    });

    it("lets whoever may update a facility set that facility's figures, and only the realm's administrators the realm's", async () => {
      const facilityOf = async (slug: string) => {
        const response = await call('admin', 'POST', '/api/facilities', { ...PLANT, name: slug, slug });
        expect(response.statusCode, response.body).toBe(201);
        return facilitySchema.parse(response.json());
      };
      const east = await facilityOf('east-site');
      await facilityOf('west-site');
      const { db } = testApp.database;
      const siteLead = await createTestUser(db, acmeRealm, {
        email: 'lead@acme.test',
        password: 'acme-password-3',
      });
      await db.insert(permissions).values({
        realmId: acmeId,
        principalType: 'user',
        principalId: siteLead.id,
        type: 'REGEX_GRANT',
        data: { realm: '\\own', subject: 'Facility', id: east.id, action: 'update' },
        rightId: 'facilities',
      });
      const lead = await signIn(
        testApp.app,
        { email: 'lead@acme.test', password: 'acme-password-3' },
        'acme.test',
      );
      const asLead = (method: Method, url: string, payload?: object) =>
        testApp.app.inject({
          method,
          url,
          headers: { host: 'acme.test', ...withSession(lead) },
          ...(payload ? { payload } : {}),
        });
      const figure = { year: 2025, kind: 'headcount', amount: 40 };

      const own = await asLead('PUT', '/api/organisation/denominators', {
        ...figure,
        scope: 'facility',
        facilitySlug: 'east-site',
      });
      expect(own.statusCode, own.body).toBe(200);
      const westByLead = await asLead('PUT', '/api/organisation/denominators', {
        ...figure,
        scope: 'facility',
        facilitySlug: 'west-site',
      });
      expect(westByLead.statusCode).toBe(403);
      const realmByLead = await asLead('PUT', '/api/organisation/denominators', {
        ...figure,
        scope: 'realm',
      });
      expect(realmByLead.statusCode).toBe(403);
      expect(realmByLead.json().message).toBe('You are not allowed to update Realm');

      const realmFigure = await call('admin', 'PUT', '/api/organisation/denominators', {
        ...figure,
        scope: 'realm',
      });
      expect(realmFigure.statusCode).toBe(200);
      expect(
        (await asLead('DELETE', `/api/organisation/denominators/${realmFigure.json().id}`)).statusCode,
      ).toBe(403);
      expect((await asLead('DELETE', `/api/organisation/denominators/${own.json().id}`)).statusCode).toBe(
        204,
      );
      const left = denominatorListResponseSchema.parse(
        (await call('admin', 'GET', '/api/organisation/denominators?year=2025')).json(),
      );
      // The refused writes left nothing behind: only the administrator's realm figure remains.
      expect(left.results.map((row) => [row.scope, row.facilitySlug])).toEqual([['realm', null]]);
    });
  });

  describe('the realm currency (decision 050)', () => {
    const currencyOf = async (as: keyof typeof tokens) => {
      const response = await call(as, 'GET', '/api/organisation/currency');
      expect(response.statusCode, response.body).toBe(200);
      return realmCurrencySchema.parse(response.json());
    };

    it('is USD, inherited, until an administrator sets one; members read it and may not change it', async () => {
      expect(await currencyOf('member')).toEqual({ currency: 'USD', isInherited: true });

      const refused = await call('member', 'PUT', '/api/organisation/currency', { currency: 'EUR' });
      expect(refused.statusCode).toBe(403);

      const saved = await call('admin', 'PUT', '/api/organisation/currency', { currency: 'eur' });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json()).toEqual({ currency: 'EUR', isInherited: false });
      expect(await currencyOf('member')).toEqual({ currency: 'EUR', isInherited: false });
      expect(await currencyOf('other')).toEqual({ currency: 'USD', isInherited: true });

      const again = await call('admin', 'PUT', '/api/organisation/currency', { currency: 'EUR' });
      expect(again.statusCode).toBe(200);
      expect(await auditOf('realm-currency')).toEqual([
        {
          action: 'update',
          entityId: acmeId,
          before: { currency: 'USD', isInherited: true },
          after: { currency: 'EUR', isInherited: false },
        },
      ]);
    });

    it('refuses a code that is not ISO 4217 on its field, writing nothing', async () => {
      for (const currency of ['EURO', 'XYZ', '', 12]) {
        const response = await call('admin', 'PUT', '/api/organisation/currency', { currency });
        expect(response.statusCode, String(currency)).toBe(400);
        expect(response.json().fieldErrors).toEqual({ 'body/currency': CURRENCY_MESSAGE });
      }
      expect((await currencyOf('admin')).currency).toBe('EUR');
    });

    it('is inherited by a child realm until the child sets its own', async () => {
      const { db } = testApp.database;
      const child = await createRealmRepository(db).insert({
        key: 'acmekid',
        parentId: acmeId,
        active: true,
        realm: 'acmekid',
        name: 'Acme child',
        type: 'organization',
        domains: [],
        properties: { config: createDefaultRealmConfig({ plan: 'CORE' }) },
      });
      expect(await readRealmCurrency(db, child!.id)).toEqual({ currency: 'EUR', isInherited: true });
      await db.execute(
        sql`update realms set properties = properties || '{"currency": "GBP"}'::jsonb where id = ${child!.id}`,
      );
      expect(await readRealmCurrency(db, child!.id)).toEqual({ currency: 'GBP', isInherited: false });
      expect(await currencyOf('admin')).toEqual({ currency: 'EUR', isInherited: false });
    });
  });
});
