import {
  MEASURE_NAME_TAKEN,
  measureListResponseSchema,
  measureSchema,
  planNotIncludedMessage,
  starterSetResponseSchema,
  type MeasureInput,
} from '@ecc/contracts';
import {
  DEMO_ADMIN,
  DEMO_USER,
  auditLog,
  createAuthzRepository,
  facilities,
  seedPaidDemoRealm,
  type Database,
} from '@ecc/db';
import { STARTER_MEASURES, capitalRecoveryFactor } from '@ecc/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, withSession, type TestApp } from '#test-support/test-app.ts';
import { createTestRealm, createTestUser } from '#test-support/test-realms.ts';
import { MEASURE_ENTITY } from './abatement.service.ts';

/*
 * The abatement measures library on a real database: the paid demo realm (its facilities, emissions and seeded
 * starter set), an empty paid realm for the starter action, and a CORE realm the plan refuses.
 */

const PAID_HOST = 'paid.localhost';
const FRESH_HOST = 'fresh.abatement.test';
const CORE_HOST = 'core.abatement.test';
const FRESH_ADMIN = { email: 'ada@fresh.test', password: 'fresh-password-1', role: 'admin' as const };
const CORE_ADMIN = { email: 'cody@core.test', password: 'core-password-1', role: 'admin' as const };

const MEASURE: MeasureInput = {
  name: 'Compressed-air leak repair',
  description: 'Find and fix leaks in the compressed-air network.',
  abatement: { kind: 'absolute', kgPerYear: 40_000 },
  capex: 25_000,
  annualCost: -4_000,
  lifetime: 5,
  earliestYear: 2026,
  exclusiveGroup: 'air',
  source: { citation: 'US DOE compressed air tip sheet (illustrative)', url: 'https://www.energy.gov/' },
};

async function rowsOf<Row>(db: Database, query: ReturnType<typeof sql>): Promise<Row[]> {
  return ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
}

describe('abatement measures', () => {
  let testApp: TestApp;
  let db: Database;
  let paidRealmId: string;
  const tokens = { admin: '', member: '', fresh: '', core: '' };

  beforeAll(async () => {
    testApp = await createTestApp();
    db = testApp.database.db;
    await seedPaidDemoRealm(db);
    paidRealmId = (await rowsOf<{ id: string }>(db, sql`select id from realms where key = 'demopaid'`))[0]!
      .id;
    const fresh = await createTestRealm(db, { key: 'freshab', plan: 'paid', domains: [FRESH_HOST] });
    const core = await createTestRealm(db, { key: 'coreab', plan: 'CORE', domains: [CORE_HOST] });
    await createTestUser(db, fresh, FRESH_ADMIN);
    await createTestUser(db, core, CORE_ADMIN);
    await createAuthzRepository(db).syncDefaultRoles();
    tokens.admin = await signIn(testApp.app, DEMO_ADMIN, PAID_HOST);
    tokens.member = await signIn(testApp.app, DEMO_USER, PAID_HOST);
    tokens.fresh = await signIn(testApp.app, FRESH_ADMIN, FRESH_HOST);
    tokens.core = await signIn(testApp.app, CORE_ADMIN, CORE_HOST);
  });

  afterAll(async () => {
    await testApp.close();
  });

  type Who = keyof typeof tokens;
  const hostOf: Record<Who, string> = {
    admin: PAID_HOST,
    member: PAID_HOST,
    fresh: FRESH_HOST,
    core: CORE_HOST,
  };
  const call = (who: Who, options: InjectOptions) =>
    testApp.app.inject({ ...options, headers: { ...withSession(tokens[who]), host: hostOf[who] } });
  const list = async (who: Who = 'admin') =>
    measureListResponseSchema.parse(
      (await call(who, { method: 'GET', url: '/api/abatement/measures' })).json(),
    ).results;
  const create = (body: unknown, who: Who = 'admin') =>
    call(who, { method: 'POST', url: '/api/abatement/measures', payload: body as object });

  it('the paid demo has the starter set, each measure citing its source', async () => {
    const measures = await list();
    expect(measures.map((measure) => measure.starterKey).sort()).toEqual(
      STARTER_MEASURES.map((entry) => entry.key).sort(),
    );
    for (const measure of measures) {
      expect(measure.source.url).toMatch(/^https:\/\//);
      expect(measure.annualAbatementKg).toBe(
        measure.abatement.kind === 'absolute' ? measure.abatement.kgPerYear : null,
      );
    }
  });

  it('creates, reads, updates and deletes a measure, each change audited', async () => {
    const created = await create(MEASURE);
    expect(created.statusCode).toBe(201);
    const measure = measureSchema.parse(created.json());
    expect(measure).toMatchObject({
      name: MEASURE.name,
      annualAbatementKg: 40_000,
      exclusiveGroup: 'air',
      earliestYear: 2026,
      appliesTo: { facilityId: null, equipmentTypeId: null, scope: null },
      appliesToNames: { facility: null, equipmentType: null },
    });
    const read = await call('member', { method: 'GET', url: `/api/abatement/measures/${measure.id}` });
    expect(measureSchema.parse(read.json())).toEqual(measure);

    const updated = await call('admin', {
      method: 'PUT',
      url: `/api/abatement/measures/${measure.id}`,
      payload: { ...MEASURE, capex: 30_000, exclusiveGroup: '' },
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ capex: 30_000, exclusiveGroup: null });

    const deleted = await call('admin', { method: 'DELETE', url: `/api/abatement/measures/${measure.id}` });
    expect(deleted.statusCode).toBe(204);
    expect((await list()).some((each) => each.id === measure.id)).toBe(false);
    const again = await call('admin', { method: 'GET', url: `/api/abatement/measures/${measure.id}` });
    expect(again.statusCode).toBe(404);

    const entries = await db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.entityType, MEASURE_ENTITY), eq(auditLog.entityId, measure.id)));
    expect(entries.map((entry) => entry.action).sort()).toEqual(['create', 'delete', 'update']);
  });

  it('converts a share of a facility × scope with its latest year’s emissions', async () => {
    const [facility] = await db.select().from(facilities).where(eq(facilities.realmId, paidRealmId)).limit(1);
    // Independently of the repository: the facility's Scope 1 results by year, the latest year's sum.
    const years = await rowsOf<{ year: number; kg: number }>(
      db,
      sql`select extract(year from period_start)::int as year, sum(co2e_kg)::float8 as kg from emission_results
           where realm_id = ${paidRealmId} and facility_id = ${facility!.id} and scope = 1
           group by 1 order by 1 desc limit 1`,
    );
    expect(years.length).toBe(1);
    const response = await create({
      ...MEASURE,
      name: 'Burner tuning',
      exclusiveGroup: null,
      appliesTo: { facilityId: facility!.id, scope: 1 },
      abatement: { kind: 'share', percent: 12.5 },
    });
    expect(response.statusCode).toBe(201);
    const measure = measureSchema.parse(response.json());
    expect(measure.sourceYear).toBe(years[0]!.year);
    expect(measure.sourceEmissionsKg).toBeCloseTo(years[0]!.kg, 6);
    expect(measure.annualAbatementKg).toBeCloseTo(years[0]!.kg * 0.125, 6);
    // The facility is named by the server, so a table names it however many facilities the realm has.
    expect(measure.appliesToNames).toEqual({ facility: facility!.name, equipmentType: null });
    const listed = measureListResponseSchema.parse(
      (await call('member', { method: 'GET', url: '/api/abatement/measures' })).json(),
    );
    expect(listed.results.find((each) => each.id === measure.id)?.appliesToNames.facility).toBe(
      facility!.name,
    );
  });

  it.each([
    ['a lifetime of zero', { lifetime: 0 }, 'body/lifetime'],
    ['a negative capex', { capex: -1 }, 'body/capex'],
    [
      'a share over 100 %',
      { abatement: { kind: 'share', percent: 120 }, appliesTo: { scope: 1 } },
      'body/abatement/percent',
    ],
    ['a share without a source', { abatement: { kind: 'share', percent: 10 } }, 'body/appliesTo'],
    [
      'an unknown prerequisite',
      { prerequisites: ['00000000-0000-4000-8000-000000000000'] },
      'body/prerequisites/0',
    ],
    [
      "another realm's facility",
      { appliesTo: { facilityId: '00000000-0000-4000-8000-000000000001', scope: 1 } },
      'body/appliesTo/facilityId',
    ],
  ])('refuses %s with a 400 naming the field', async (_case, change, field) => {
    const before = await list();
    const response = await create({ ...MEASURE, name: `Refused ${field}`, ...change });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().fieldErrors)).toContain(field);
    expect(await list()).toEqual(before);
  });

  it('refuses a prerequisite cycle with a 422 and a taken name with a 409, naming the field', async () => {
    const first = measureSchema.parse((await create({ ...MEASURE, name: 'First step' })).json());
    const second = measureSchema.parse(
      (await create({ ...MEASURE, name: 'Second step', prerequisites: [first.id] })).json(),
    );
    const cycle = await call('admin', {
      method: 'PUT',
      url: `/api/abatement/measures/${first.id}`,
      payload: { ...MEASURE, name: 'First step', prerequisites: [second.id] },
    });
    expect(cycle.statusCode).toBe(422);
    expect(cycle.json().fieldErrors).toEqual({
      'body/prerequisites': 'These prerequisites would form a cycle: First step → Second step → First step',
    });
    const itself = await call('admin', {
      method: 'PUT',
      url: `/api/abatement/measures/${first.id}`,
      payload: { ...MEASURE, name: 'First step', prerequisites: [first.id] },
    });
    expect(itself.json().fieldErrors).toEqual({ 'body/prerequisites/0': 'A measure cannot require itself' });
    const taken = await create({ ...MEASURE, name: 'first STEP' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().fieldErrors).toEqual({ 'body/name': MEASURE_NAME_TAKEN });
    // A required measure stays until nothing requires it.
    const refused = await call('admin', { method: 'DELETE', url: `/api/abatement/measures/${first.id}` });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'Second step requires this measure: remove it from their prerequisites first',
    );
  });

  it('adds the starter set with one action, once', async () => {
    expect(await list('fresh')).toEqual([]);
    const first = await call('fresh', { method: 'POST', url: '/api/abatement/starter-set' });
    expect(first.statusCode).toBe(200);
    expect(starterSetResponseSchema.parse(first.json()).added).toBe(STARTER_MEASURES.length);
    const second = starterSetResponseSchema.parse(
      (await call('fresh', { method: 'POST', url: '/api/abatement/starter-set' })).json(),
    );
    expect(second.added).toBe(0);
    expect(second.results).toHaveLength(STARTER_MEASURES.length);
  });

  it('exports the MACC table, cheapest first, with cost per tonne at the discount rate asked for', async () => {
    const response = await call('fresh', {
      method: 'GET',
      url: '/api/exports/abatement/macc?format=csv&discountRate=0.1',
    });
    expect(response.statusCode).toBe(200);
    const lines = response.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toContain('Cost per tonne (USD)');
    expect(lines).toHaveLength(STARTER_MEASURES.length + 1);
    const costs = lines.slice(1).map((line) => Number(line.split(',')[2]));
    expect(costs).toEqual([...costs].sort((left, right) => left - right));
    const led = STARTER_MEASURES.find((entry) => entry.key === 'led-retrofit')!.values;
    const ledLine = lines.find((line) => line.startsWith(led.name))!;
    const expected = (led.capex * capitalRecoveryFactor(0.1, led.lifetime) + led.annualCost) / 37.3;
    expect(Number(ledLine.split(',')[2])).toBeCloseTo(expected, 6);
  });

  it('members read but may not change the library; another plan may not reach it', async () => {
    expect((await list('member')).length).toBeGreaterThan(0);
    const refused = await create({ ...MEASURE, name: 'By a member' }, 'member');
    expect(refused.statusCode).toBe(403);
    const core = await call('core', { method: 'GET', url: '/api/abatement/measures' });
    expect(core.statusCode).toBe(403);
    expect(core.json().message).toBe(planNotIncludedMessage('Pathway optimizer', ['paid']));
  });

  it("another realm's measure is not found, and is left as it was", async () => {
    const [demoMeasure] = await list('admin');
    const read = await call('fresh', { method: 'GET', url: `/api/abatement/measures/${demoMeasure!.id}` });
    expect(read.statusCode).toBe(404);
    const deleted = await call('fresh', {
      method: 'DELETE',
      url: `/api/abatement/measures/${demoMeasure!.id}`,
    });
    expect(deleted.statusCode).toBe(404);
    expect((await list('admin')).find((each) => each.id === demoMeasure!.id)).toEqual(demoMeasure);
  });
});
