import { randomUUID } from 'node:crypto';
import {
  calculationBindingListResponseSchema,
  calculationDetailSchema,
  calculationListResponseSchema,
  calculationPublishRefusalSchema,
  calculationSaveResponseSchema,
  calculationVersionSchema,
  recalculationRunSchema,
} from '@ecc/contracts';
import {
  activityRecords,
  calculationVersions,
  createEquipmentRepository,
  equipment,
  equipmentTypes,
  facilities,
  realms,
  runInRealmScope,
  seedDemoCalculations,
  type Database,
} from '@ecc/db';
import type { Realm } from '@ecc/contracts';
import { eq, sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, withSession, type TestApp } from '#test-support/test-app.ts';
import { createTestRealm, createTestUser } from '#test-support/test-realms.ts';

/*
 * Calculations as data (issue 13 item 2): a published calculation bound to an activity type is what recording and
 * recalculation run; the facility's totals and the trail show it; a child realm inherits it and may override it;
 * a failing test or a formula error blocks publishing; a published version never changes; realms stay apart.
 */

const PARENT_HOST = 'parent.calc-data.test';
const CHILD_HOST = 'child.calc-data.test';
const OTHER_HOST = 'other.calc-data.test';
const PARENT_ADMIN = {
  email: 'admin@parent.calc-data.test',
  password: 'parent-password-1',
  role: 'admin' as const,
};
const PARENT_MEMBER = { email: 'member@parent.calc-data.test', password: 'member-password-1' };
const CHILD_ADMIN = {
  email: 'admin@child.calc-data.test',
  password: 'child-password-1',
  role: 'admin' as const,
};
const OTHER_ADMIN = {
  email: 'admin@other.calc-data.test',
  password: 'other-password-1',
  role: 'admin' as const,
};

/** A flat 2.5 kg CO2e per unit of the record's quantity: easy to tell from the built-in method. */
const FLAT_FORMULA = 'set :rate = 2.5\n:quantity * :rate';
/** 40 CFR 98 subpart C, Equation C-1 for natural gas (Tables C-1, C-2): three gases from scf. */
const NATURAL_GAS = [
  'set :energy = :quantity * 1.026e-3 // mmBtu',
  "EMIT('CO2', :energy * FACTOR('epa-c1-natural-gas', 'CO2'))",
  "EMIT('CH4', :energy * FACTOR('epa-c1-natural-gas', 'CH4'))",
  "EMIT('N2O', :energy * FACTOR('epa-c1-natural-gas', 'N2O'))",
].join('\n');

async function seedFacilityWithRecords(db: Database, realm: Realm, quantities: readonly number[]) {
  const [facility] = await db
    .insert(facilities)
    .values({ realmId: realm.id, slug: 'works', name: 'Works', sector: 'Manufacturing', country: 'US' })
    .returning({ id: facilities.id });
  await db.insert(activityRecords).values(
    quantities.map((quantity) => ({
      id: randomUUID(),
      realmId: realm.id,
      facilityId: facility!.id,
      activityType: 'boiler-gas',
      periodStart: '2024-03-01',
      periodEnd: '2024-03-31',
      quantity,
      unit: 'scf',
      factorKey: 'epa-c1-natural-gas',
      scope: 1,
    })),
  );
}

describe('calculations as data, run by the engine', () => {
  let testApp: TestApp;
  let db: Database;
  let parent: Realm;
  let child: Realm;
  const tokens = new Map<string, string>();

  beforeAll(async () => {
    testApp = await createTestApp();
    db = testApp.database.db;
    parent = await createTestRealm(db, { key: 'cparent', domains: [PARENT_HOST] });
    child = await createTestRealm(db, { key: 'cchild', domains: [CHILD_HOST] });
    await db.update(realms).set({ parentId: parent.id }).where(eq(realms.id, child.id));
    const other = await createTestRealm(db, { key: 'cother', domains: [OTHER_HOST] });
    await createTestUser(db, parent, PARENT_ADMIN);
    await createTestUser(db, parent, PARENT_MEMBER);
    await createTestUser(db, child, CHILD_ADMIN);
    await createTestUser(db, other, OTHER_ADMIN);
    await seedFacilityWithRecords(db, parent, [1000, 3000]);
    await seedFacilityWithRecords(db, child, [2000]);
    await seedFacilityWithRecords(db, other, [500]);
    tokens.set(PARENT_HOST, await signIn(testApp.app, PARENT_ADMIN, PARENT_HOST));
    tokens.set('member', await signIn(testApp.app, PARENT_MEMBER, PARENT_HOST));
    tokens.set(CHILD_HOST, await signIn(testApp.app, CHILD_ADMIN, CHILD_HOST));
    tokens.set(OTHER_HOST, await signIn(testApp.app, OTHER_ADMIN, OTHER_HOST));
  });
  afterAll(() => testApp.close());

  const call = (host: string, options: InjectOptions, token = tokens.get(host)!) =>
    testApp.app.inject({ ...options, headers: { ...withSession(token), host, ...options.headers } });
  const post = (host: string, url: string, payload: object = {}) =>
    call(host, { method: 'POST', url, payload });

  async function recalculate(host: string) {
    const started = await post(host, '/api/recalculations');
    expect(started.statusCode, started.body).toBe(202);
    const { id } = recalculationRunSchema.parse(started.json());
    for (let attempt = 0; attempt < 400; attempt++) {
      const run = recalculationRunSchema.parse(
        (await call(host, { method: 'GET', url: `/api/recalculations/${id}` })).json(),
      );
      if (run.status === 'completed' || run.status === 'failed') return run;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error(`run ${id} did not finish`);
  }

  const facilityTotal = async (host: string) => {
    const trail = await call(host, { method: 'GET', url: '/api/facilities/works/trail' });
    expect(trail.statusCode, trail.body).toBe(200);
    return trail.json() as { co2eKg: number; methods: { id: string; name: string; formula: string }[] };
  };

  let flatId: string;

  it('creates a calculation as a draft, runs its tests on every save, and refuses to publish while one fails', async () => {
    const created = await post(PARENT_HOST, '/api/calculations', {
      name: 'boiler-flat',
      description: 'Flat rate per scf',
      formula: FLAT_FORMULA,
      parameters: [{ name: 'quantity', unit: 'scf', description: 'Gas burned' }],
    });
    expect(created.statusCode, created.body).toBe(201);
    const saved = calculationSaveResponseSchema.parse(created.json());
    expect(saved.version).toMatchObject({ number: 1, state: 'draft', formula: FLAT_FORMULA });
    expect(saved.testRuns).toEqual([]);
    flatId = calculationListResponseSchema
      .parse((await call(PARENT_HOST, { method: 'GET', url: '/api/calculations' })).json())
      .calculations.find((each) => each.name === 'boiler-flat')!.id;
    // The answer names the new calculation, so the editor opens it without searching the list.
    expect(saved.version.calculationId).toBe(flatId);

    const wrongTest = await post(PARENT_HOST, `/api/calculations/${flatId}/tests`, {
      name: 'a thousand scf',
      inputs: { quantity: 1000 },
      expectedValue: 2600,
    });
    expect(wrongTest.statusCode, wrongTest.body).toBe(201);
    const refused = await post(PARENT_HOST, `/api/calculations/${flatId}/versions/1/publish`);
    expect(refused.statusCode, refused.body).toBe(409);
    const refusal = calculationPublishRefusalSchema.parse(refused.json());
    expect(refusal.failingTests).toEqual([
      expect.objectContaining({ name: 'a thousand scf', isPassed: false, actualValue: 2500 }),
    ]);
    expect(refusal.failingTests[0]?.message).toMatch(/expected 2600, got 2500/);

    // Fix the test: the save of a new version runs it and it passes.
    const { tests } = calculationDetailSchema.parse(
      (await call(PARENT_HOST, { method: 'GET', url: `/api/calculations/${flatId}` })).json(),
    );
    const fixed = await call(PARENT_HOST, {
      method: 'PUT',
      url: `/api/calculations/${flatId}/tests/${tests[0]!.id}`,
      payload: { name: 'a thousand scf', inputs: { quantity: 1000 }, expectedValue: 2500 },
    });
    expect(fixed.statusCode, fixed.body).toBe(200);
    const resaved = calculationSaveResponseSchema.parse(
      (await post(PARENT_HOST, `/api/calculations/${flatId}/versions`, { formula: FLAT_FORMULA })).json(),
    );
    expect(resaved.version.number).toBe(2);
    expect(resaved.testRuns).toEqual([expect.objectContaining({ isPassed: true, actualValue: 2500 })]);
    const published = await post(PARENT_HOST, `/api/calculations/${flatId}/versions/2/publish`);
    expect(published.statusCode, published.body).toBe(200);
    expect(calculationVersionSchema.parse(published.json()).state).toBe('published');
  });

  it('refuses to publish a formula with errors (409), naming each at its line and column', async () => {
    const saved = calculationSaveResponseSchema.parse(
      (
        await post(PARENT_HOST, `/api/calculations/${flatId}/versions`, {
          formula: 'set :rate = 2.5\n:quantity * * :rate',
        })
      ).json(),
    );
    expect(saved.version.state).toBe('draft');
    expect(saved.errors[0]).toMatchObject({ line: 2, column: 13 });
    const refused = await post(
      PARENT_HOST,
      `/api/calculations/${flatId}/versions/${saved.version.number}/publish`,
    );
    expect(refused.statusCode).toBe(409);
    const refusal = calculationPublishRefusalSchema.parse(refused.json());
    expect(refusal.errors[0]).toMatchObject({ line: 2, column: 13 });
    expect(refusal.message).toMatch(/line 2, column 13/);
  });

  it('keeps a published version as it is: the API has no way to change it and the database refuses an UPDATE', async () => {
    const again = await post(PARENT_HOST, `/api/calculations/${flatId}/versions/2/publish`);
    expect(again.statusCode).toBe(409);
    await expect(
      db
        .update(calculationVersions)
        .set({ formula: ':quantity * 1000' })
        .where(sql`${calculationVersions.calculationId} = ${flatId} and ${calculationVersions.number} = 2`),
    ).rejects.toThrow();
    const version = calculationVersionSchema.parse(
      (await call(PARENT_HOST, { method: 'GET', url: `/api/calculations/${flatId}/versions/2` })).json(),
    );
    expect(version.formula).toBe(FLAT_FORMULA);
  });

  it('lets members read calculations but not change them (403)', async () => {
    const member = tokens.get('member')!;
    const list = await call(PARENT_HOST, { method: 'GET', url: '/api/calculations' }, member);
    expect(list.statusCode).toBe(200);
    const save = await call(
      PARENT_HOST,
      { method: 'POST', url: `/api/calculations/${flatId}/versions`, payload: { formula: '1' } },
      member,
    );
    expect(save.statusCode).toBe(403);
  });

  it('runs a bound calculation on recalculation: the facility total and the trail show it, version and formula', async () => {
    const before = await facilityTotal(PARENT_HOST);
    const bound = await call(PARENT_HOST, {
      method: 'PUT',
      url: '/api/calculation-bindings',
      payload: { targetKind: 'activity-type', targetKey: 'boiler-gas', calculationId: flatId },
    });
    expect(bound.statusCode, bound.body).toBe(200);
    const run = await recalculate(PARENT_HOST);
    expect(run).toMatchObject({ status: 'completed', processed: 2, failed: 0 });
    const after = await facilityTotal(PARENT_HOST);
    expect(after.co2eKg).toBeCloseTo((1000 + 3000) * 2.5, 9);
    expect(after.co2eKg).not.toBeCloseTo(before.co2eKg, 3);
    expect(after.methods).toEqual([
      expect.objectContaining({ name: "Calculation 'boiler-flat' version 2", formula: FLAT_FORMULA }),
    ]);
  });

  it('runs it when a record is written too', async () => {
    const created = await post(PARENT_HOST, '/api/facilities/works/activity-records', {
      activityType: 'boiler-gas',
      periodStart: '2024-04-01',
      periodEnd: '2024-04-30',
      quantity: 400,
      unit: 'scf',
      factorKey: 'epa-c1-natural-gas',
      scope: 1,
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().co2eKg).toBeCloseTo(1000, 9);
    const trail = await call(PARENT_HOST, {
      method: 'GET',
      url: `/api/activity-records/${created.json().id}/trail`,
    });
    expect(trail.json().results[0].method).toMatchObject({ name: "Calculation 'boiler-flat' version 2" });
  });

  it('lets a child realm inherit the binding (read-only) and override it with its own calculation', async () => {
    const inherited = await recalculate(CHILD_HOST);
    expect(inherited).toMatchObject({ status: 'completed', processed: 1, failed: 0 });
    expect((await facilityTotal(CHILD_HOST)).co2eKg).toBeCloseTo(2000 * 2.5, 9);
    const list = calculationListResponseSchema.parse(
      (await call(CHILD_HOST, { method: 'GET', url: '/api/calculations' })).json(),
    );
    expect(list.calculations.find((each) => each.id === flatId)).toMatchObject({
      inheritedFrom: 'cparent',
      publishedVersion: 2,
    });
    // Inherited means read-only: the child cannot save a version of the parent's calculation.
    const write = await post(CHILD_HOST, `/api/calculations/${flatId}/versions`, { formula: '1' });
    expect(write.statusCode).toBe(404);

    const own = calculationSaveResponseSchema.parse(
      (await post(CHILD_HOST, '/api/calculations', { name: 'boiler-c1', formula: NATURAL_GAS })).json(),
    );
    expect(own.errors).toEqual([]);
    const childList = calculationListResponseSchema.parse(
      (await call(CHILD_HOST, { method: 'GET', url: '/api/calculations' })).json(),
    );
    const ownId = childList.calculations.find((each) => each.name === 'boiler-c1')!.id;
    expect((await post(CHILD_HOST, `/api/calculations/${ownId}/versions/1/publish`)).statusCode).toBe(200);
    const override = await call(CHILD_HOST, {
      method: 'PUT',
      url: '/api/calculation-bindings',
      payload: { targetKind: 'activity-type', targetKey: 'boiler-gas', calculationId: ownId },
    });
    expect(override.statusCode, override.body).toBe(200);
    await recalculate(CHILD_HOST);
    // 2000 scf × 1.026e-3 = 2.052 mmBtu; AR5: 53.06 + 0.001 × 28 + 0.0001 × 265 = 53.1145 kg CO2e per mmBtu.
    expect((await facilityTotal(CHILD_HOST)).co2eKg).toBeCloseTo(2.052 * 53.1145, 9);
    // The parent is untouched by its child's override.
    expect((await facilityTotal(PARENT_HOST)).co2eKg).toBeCloseTo((1000 + 3000 + 400) * 2.5, 9);
  });

  it('keeps realms apart: another realm sees none of it, and its records keep the built-in method', async () => {
    const list = calculationListResponseSchema.parse(
      (await call(OTHER_HOST, { method: 'GET', url: '/api/calculations' })).json(),
    );
    expect(list.calculations).toEqual([]);
    expect((await call(OTHER_HOST, { method: 'GET', url: `/api/calculations/${flatId}` })).statusCode).toBe(
      404,
    );
    const bind = await call(OTHER_HOST, {
      method: 'PUT',
      url: '/api/calculation-bindings',
      payload: { targetKind: 'activity-type', targetKey: 'boiler-gas', calculationId: flatId },
    });
    expect(bind.statusCode).toBe(404);
    await recalculate(OTHER_HOST);
    const trail = await facilityTotal(OTHER_HOST);
    expect(trail.methods.map((method) => method.id)).not.toContainEqual(
      expect.stringMatching(/^calculation:/),
    );
    // Row-level security: inside the other realm's scope, the parent's calculations are not there at all.
    const other = (await db.select().from(realms).where(eq(realms.key, 'cother')))[0]!;
    const seen = await runInRealmScope({ realmIds: [other.id] }, () => db.select().from(calculationVersions));
    expect(seen).toEqual([]);
  });

  it("seeds the demo's calculations with a dataset LOOKUP reads, and their test passes on the published version", async () => {
    const demo = await createTestRealm(db, { key: 'cdemo', domains: ['demo.calc-data.test'] });
    await createTestUser(db, demo, { ...PARENT_ADMIN, email: 'admin@demo.calc-data.test' });
    await seedDemoCalculations(db, demo.id);
    const token = await signIn(
      testApp.app,
      { ...PARENT_ADMIN, email: 'admin@demo.calc-data.test' },
      'demo.calc-data.test',
    );
    const list = calculationListResponseSchema.parse(
      (await call('demo.calc-data.test', { method: 'GET', url: '/api/calculations' }, token)).json(),
    );
    expect(list.folders.map((folder) => folder.name).sort()).toEqual([
      'Scope 1',
      'Scope 3',
      'Stationary combustion',
    ]);
    const naturalGas = list.calculations.find((each) => each.name === 'natural-gas-c1')!;
    expect(naturalGas).toMatchObject({ state: 'published', publishedVersion: 1 });
    const run = await call(
      'demo.calc-data.test',
      { method: 'POST', url: `/api/calculations/${naturalGas.id}/tests/run`, payload: {} },
      token,
    );
    expect(run.statusCode, run.body).toBe(200);
    expect(run.json().testRuns).toEqual([expect.objectContaining({ isPassed: true })]);

    // The editor's dry run reaches what a save's tests reach: the realm's datasets and published calculations.
    const dryRun = await call(
      'demo.calc-data.test',
      {
        method: 'POST',
        url: '/api/calculations/dry-run',
        payload: { formula: '#natural-gas-c1(quantity: :scf)', parameters: { scf: 1_000_000 } },
      },
      token,
    );
    expect(dryRun.statusCode, dryRun.body).toBe(200);
    expect(dryRun.json().value).toBeGreaterThan(54_439);
    const lookup = await call(
      'demo.calc-data.test',
      {
        method: 'POST',
        url: '/api/calculations/dry-run',
        payload: { formula: "LOOKUP('propane', 'heat-contents', 'fuel', 'mmbtu_per_unit')" },
      },
      token,
    );
    expect(lookup.statusCode, lookup.body).toBe(200);
    expect(lookup.json().value).toBe(0.091);
  });

  it('imports a dataset from CSV as a dated version, and refuses a bad file naming each row and column (422)', async () => {
    const imported = await post(PARENT_HOST, '/api/calculation-datasets/import', {
      name: 'grid',
      asOf: '2024-01-01',
      format: 'csv',
      fileName: 'grid.csv',
      content: 'region,kg_per_kwh\nnorth,0.4\nsouth,0.25\n',
    });
    expect(imported.statusCode, imported.body).toBe(201);
    expect(imported.json().versions).toEqual([
      expect.objectContaining({
        number: 1,
        asOf: '2024-01-01',
        columns: ['region', 'kg_per_kwh'],
        rowCount: 2,
      }),
    ]);
    const detail = await call(PARENT_HOST, {
      method: 'GET',
      url: `/api/calculation-datasets/${imported.json().id}`,
    });
    expect(detail.json().rows).toEqual([
      { region: 'north', kg_per_kwh: 0.4 },
      { region: 'south', kg_per_kwh: 0.25 },
    ]);
    const bad = await post(PARENT_HOST, '/api/calculation-datasets/import', {
      name: 'grid',
      asOf: '2025-01-01',
      format: 'csv',
      content: 'region,kg_per_kwh,region\n,0.4\n',
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().fieldErrors).toEqual({
      'body/content/columns/3': "Column 'region' appears twice",
      'body/content/rows/2/region': "Row 2, column 'region': the key is empty",
    });
    // Nothing half-written: the dataset still has its one version.
    const list = await call(PARENT_HOST, { method: 'GET', url: '/api/calculation-datasets' });
    expect(list.json().datasets.find((each: { name: string }) => each.name === 'grid').versions).toHaveLength(
      1,
    );
  });

  it("prefers an equipment-type binding to the activity type's, passing the equipment's attributes", async () => {
    await createEquipmentRepository(db).ensureBuiltInTypes(parent.id);
    const [boilerType] = await db
      .select()
      .from(equipmentTypes)
      .where(sql`${equipmentTypes.realmId} = ${parent.id} and ${equipmentTypes.key} = 'boiler'`);
    const [facility] = await db
      .select()
      .from(facilities)
      .where(sql`${facilities.realmId} = ${parent.id} and ${facilities.slug} = 'works'`);
    const [boiler] = await db
      .insert(equipment)
      .values({
        realmId: parent.id,
        facilityId: facility!.id,
        equipmentTypeId: boilerType!.id,
        typeVersion: boilerType!.currentVersion,
        name: 'Boiler 1',
        properties: { fuel: 'natural gas', ratedCapacity: 10, efficiency: 80 },
      })
      .returning();
    const recordId = randomUUID();
    await db.insert(activityRecords).values({
      id: recordId,
      realmId: parent.id,
      facilityId: facility!.id,
      equipmentId: boiler!.id,
      activityType: 'boiler-gas',
      periodStart: '2024-05-01',
      periodEnd: '2024-05-31',
      quantity: 800,
      unit: 'scf',
      factorKey: 'epa-c1-natural-gas',
      scope: 1,
    });
    const created = calculationSaveResponseSchema.parse(
      (
        await post(PARENT_HOST, '/api/calculations', {
          name: 'boiler-efficiency',
          formula: ':quantity * 2.5 * 100 / :efficiency',
        })
      ).json(),
    );
    const list = calculationListResponseSchema.parse(
      (await call(PARENT_HOST, { method: 'GET', url: '/api/calculations' })).json(),
    );
    const id = list.calculations.find((each) => each.name === 'boiler-efficiency')!.id;
    expect(created.version.number).toBe(1);
    expect((await post(PARENT_HOST, `/api/calculations/${id}/versions/1/publish`)).statusCode).toBe(200);
    const bound = await call(PARENT_HOST, {
      method: 'PUT',
      url: '/api/calculation-bindings',
      payload: { targetKind: 'equipment-type', targetKey: 'boiler', calculationId: id },
    });
    expect(bound.statusCode, bound.body).toBe(200);
    // The list answers what the realm may bind: its records' and equipment types' activity types, its types.
    const listed = calculationBindingListResponseSchema.parse(
      (await call(PARENT_HOST, { method: 'GET', url: '/api/calculation-bindings' })).json(),
    );
    expect(listed.targets.activityTypes).toEqual(
      expect.arrayContaining(['boiler-gas', 'stationary-combustion']),
    );
    expect(new Set(listed.targets.activityTypes).size).toBe(listed.targets.activityTypes.length);
    expect(listed.targets.equipmentTypes).toContainEqual({ key: 'boiler', name: 'Boiler' });
    expect(listed.bindings).toContainEqual(
      expect.objectContaining({ targetKind: 'equipment-type', targetKey: 'boiler', calculationId: id }),
    );
    const otherTargets = calculationBindingListResponseSchema.parse(
      (await call(OTHER_HOST, { method: 'GET', url: '/api/calculation-bindings' })).json(),
    ).targets;
    expect(otherTargets.activityTypes).toEqual(['boiler-gas']);
    expect(otherTargets.equipmentTypes).toEqual([]);
    expect((await recalculate(PARENT_HOST)).failed).toBe(0);
    const trail = await call(PARENT_HOST, { method: 'GET', url: `/api/activity-records/${recordId}/trail` });
    expect(trail.json().results[0]).toMatchObject({
      co2eKg: 2500,
      method: { name: "Calculation 'boiler-efficiency' version 1" },
    });
  });

  it("reads a dataset's version in force at each record's date when a recalculation runs records together", async () => {
    const host = 'dated.calc-data.test';
    const dated = await createTestRealm(db, { key: 'cdated', domains: [host] });
    const admin = { ...PARENT_ADMIN, email: 'admin@dated.calc-data.test' };
    await createTestUser(db, dated, admin);
    const token = await signIn(testApp.app, admin, host);
    const [facility] = await db
      .insert(facilities)
      .values({ realmId: dated.id, slug: 'works', name: 'Works', sector: 'Manufacturing', country: 'US' })
      .returning({ id: facilities.id });
    // Interleaved dates in one batch: before any version, under the first, under the second.
    const months = ['2024-03-01', '2024-09-01', '2023-06-01', '2024-04-01', '2024-10-01'];
    const ids = months.map(() => randomUUID());
    await db.insert(activityRecords).values(
      months.map((periodStart, index) => ({
        id: ids[index]!,
        realmId: dated.id,
        facilityId: facility!.id,
        activityType: 'boiler-gas',
        periodStart,
        periodEnd: periodStart.replace(/01$/, '28'),
        quantity: 1000 + index,
        unit: 'scf',
        factorKey: 'epa-c1-natural-gas',
        scope: 1,
      })),
    );
    const send = (options: InjectOptions) => call(host, options, token);
    for (const [asOf, rate] of [
      ['2024-01-01', 2],
      ['2024-07-01', 3],
    ] as const) {
      const imported = await send({
        method: 'POST',
        url: '/api/calculation-datasets/import',
        payload: { name: 'rates', asOf, format: 'csv', content: `kind,rate\nboiler,${rate}\n` },
      });
      expect(imported.statusCode, imported.body).toBe(201);
    }
    const created = await send({
      method: 'POST',
      url: '/api/calculations',
      payload: { name: 'dated-rate', formula: ":quantity * LOOKUP('boiler', 'rates', 'kind', 'rate')" },
    });
    expect(created.statusCode, created.body).toBe(201);
    const list = calculationListResponseSchema.parse(
      (await send({ method: 'GET', url: '/api/calculations' })).json(),
    );
    const id = list.calculations.find((each) => each.name === 'dated-rate')!.id;
    expect(
      (await send({ method: 'POST', url: `/api/calculations/${id}/versions/1/publish` })).statusCode,
    ).toBe(200);
    const bound = await send({
      method: 'PUT',
      url: '/api/calculation-bindings',
      payload: { targetKind: 'activity-type', targetKey: 'boiler-gas', calculationId: id },
    });
    expect(bound.statusCode, bound.body).toBe(200);
    const started = await send({ method: 'POST', url: '/api/recalculations' });
    expect(started.statusCode, started.body).toBe(202);
    let run = recalculationRunSchema.parse(started.json());
    for (let attempt = 0; attempt < 400 && run.status !== 'completed' && run.status !== 'failed'; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 25));
      run = recalculationRunSchema.parse(
        (await send({ method: 'GET', url: `/api/recalculations/${run.id}` })).json(),
      );
    }
    // 2023: no version in force, so no row matches and the record fails; the others at their date's rate.
    expect(run).toMatchObject({ status: 'completed', processed: 5, failed: 1 });
    const totals = await Promise.all(
      ids.map(async (recordId) => {
        const trail = await send({ method: 'GET', url: `/api/activity-records/${recordId}/trail` });
        return (trail.json() as { results?: { co2eKg: number }[] }).results?.[0]?.co2eKg;
      }),
    );
    expect(totals).toEqual([1000 * 2, 1001 * 3, undefined, 1003 * 2, 1004 * 3]);
  });

  it('answers 400 naming the field for a bad name', async () => {
    const response = await post(PARENT_HOST, '/api/calculations', { name: '1 bad name' });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().fieldErrors)).toContain('body/name');
  });
});
