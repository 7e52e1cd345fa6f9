import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActivityRepository } from './activity-repository.ts';
import { completeReportedGwpSets } from './complete-reported-gwp-sets.ts';
import type { Database, DatabaseHandle } from './create-database.ts';
import { createEmissionResultRepository, type NewEmissionResult } from './emission-result-repository.ts';
import {
  createFacilityRepository,
  type FacilityListFilter,
  type NewFacility,
} from './facility-repository.ts';
import { createRecalculationRepository } from './recalculation-repository.ts';
import { facilities, facilityEmissionYears } from './schema.ts';
import { createTestDatabase, insertTestRealm } from './testing/test-database.ts';

type ResultValues = Pick<NewEmissionResult, 'periodStart' | 'co2eKg'> &
  Partial<Pick<NewEmissionResult, 'scope' | 'scope2Method' | 'gwpSetId'>>;

async function addFacility(db: Database, realmId: string, values: Partial<NewFacility> & { slug: string }) {
  const [row] = await createFacilityRepository(db).insertMany(realmId, [
    { name: values.slug, sector: 'Cement', country: 'US', reported: {}, ...values },
  ]);
  if (!row) throw new Error('facility not written');
  return row;
}

/** One activity record with these results, as a saved record writes them. */
async function addRecord(
  db: Database,
  realmId: string,
  facilityId: string,
  results: readonly ResultValues[],
) {
  const record = await createActivityRepository(db).insert(realmId, {
    facilityId,
    activityType: 'fuel',
    periodStart: results[0]?.periodStart ?? '2024-01-01',
    periodEnd: results[0]?.periodStart ?? '2024-01-01',
    quantity: 1,
    unit: 'gal',
    factorKey: 'epa-c1-distillate-fuel-oil-no-2',
    scope: results[0]?.scope ?? 1,
  });
  await createEmissionResultRepository(db).insertMany(
    realmId,
    results.map((result) => resultRow(record.id, facilityId, result)),
  );
  return record.id;
}

function resultRow(recordId: string, facilityId: string, result: ResultValues): NewEmissionResult {
  return {
    activityRecordId: recordId,
    facilityId,
    scope: 1,
    scope2Method: '',
    gases: { CO2: result.co2eKg },
    gwpSetId: 'AR5',
    factorKey: 'epa-c1-distillate-fuel-oil-no-2',
    factorVersion: '2024',
    calculationMethodId: 'heat-content',
    ...result,
  };
}

/** A reported year as the GHGRP import stores it (t CO2e by set). */
function reportedYear(ar4: number, ar5: number, ar6: number) {
  return { source: 'EPA GHGRP', co2eTByGwpSet: { AR4: ar4, AR5: ar5, AR6: ar6 } };
}

async function yearsOf(db: Database, facilityId: string) {
  return db
    .select({
      gwpSetId: facilityEmissionYears.gwpSetId,
      source: facilityEmissionYears.source,
      year: facilityEmissionYears.year,
      co2eKg: facilityEmissionYears.co2eKg,
      resultCount: facilityEmissionYears.resultCount,
    })
    .from(facilityEmissionYears)
    .where(eq(facilityEmissionYears.facilityId, facilityId))
    .orderBy(
      asc(facilityEmissionYears.gwpSetId),
      asc(facilityEmissionYears.source),
      asc(facilityEmissionYears.year),
    );
}

describe('facility yearly totals, kept by the database', () => {
  let database: DatabaseHandle;
  let realmId: string;
  beforeAll(async () => {
    database = await createTestDatabase();
    realmId = await insertTestRealm(database.db, 'totals');
  });
  afterAll(() => database.close());

  it('adds, replaces and removes results exactly, leaving market-based Scope 2 out and each set apart', async () => {
    const { db } = database;
    const facility = await addFacility(db, realmId, { slug: 'kiln' });
    const fuel = await addRecord(db, realmId, facility.id, [{ periodStart: '2024-03-01', co2eKg: 0.1 }]);
    await addRecord(db, realmId, facility.id, [
      { periodStart: '2024-04-01', co2eKg: 0.2, scope: 2, scope2Method: 'location' },
      { periodStart: '2024-04-01', co2eKg: 0.05, scope: 2, scope2Method: 'market' },
    ]);
    const old = await addRecord(db, realmId, facility.id, [{ periodStart: '2023-12-01', co2eKg: 7 }]);
    // Results on another set exist only while a recalculation moves the realm to it.
    await createRecalculationRepository(database).createRun(realmId, { gwpSetId: 'AR4', createdBy: null });
    await addRecord(db, realmId, facility.id, [{ periodStart: '2024-01-01', co2eKg: 9, gwpSetId: 'AR4' }]);
    expect(await yearsOf(db, facility.id)).toEqual([
      { gwpSetId: 'AR4', source: 'calculated', year: 2024, co2eKg: 9, resultCount: 1 },
      { gwpSetId: 'AR5', source: 'calculated', year: 2023, co2eKg: 7, resultCount: 1 },
      // 0.1 + 0.2 in exact arithmetic: 0.3, not 0.30000000000000004.
      { gwpSetId: 'AR5', source: 'calculated', year: 2024, co2eKg: 0.3, resultCount: 2 },
    ]);

    const results = createEmissionResultRepository(db);
    await results.replaceForRecord(realmId, fuel, [
      resultRow(fuel, facility.id, { periodStart: '2024-03-01', co2eKg: 1.5 }),
    ]);
    await createActivityRepository(db).delete(realmId, old);
    expect(await yearsOf(db, facility.id)).toEqual([
      { gwpSetId: 'AR4', source: 'calculated', year: 2024, co2eKg: 9, resultCount: 1 },
      { gwpSetId: 'AR5', source: 'calculated', year: 2024, co2eKg: 1.7, resultCount: 2 },
    ]);

    await db.delete(facilities).where(and(eq(facilities.realmId, realmId), eq(facilities.id, facility.id)));
    expect(await yearsOf(db, facility.id)).toEqual([]);
  });

  it('follows a bulk recalculation, whose COPY replaces the realm’s results batch by batch', async () => {
    const { db } = database;
    const realm = await insertTestRealm(db, 'bulk');
    const facility = await addFacility(db, realm, { slug: 'bulk-plant' });
    const first = await addRecord(db, realm, facility.id, [{ periodStart: '2024-01-01', co2eKg: 3 }]);
    const second = await addRecord(db, realm, facility.id, [{ periodStart: '2024-02-01', co2eKg: 4 }]);
    const recalculations = createRecalculationRepository(database);
    const run = await recalculations.createRun(realm, { gwpSetId: 'AR6', createdBy: null });
    if (!run) throw new Error('run not created');
    await recalculations.startRun(realm, run.id);
    const line = (recordId: string, co2eKg: number) =>
      `${realm}\t${recordId}\t${facility.id}\t2024-03-01\t1\t\\N\t\t{"CO2":${co2eKg}}\t${co2eKg}\tAR6\tkey\t2024\theat-content\tf\n`;
    await recalculations.processBatch({
      realmId: realm,
      runId: run.id,
      afterId: null,
      limit: 10,
      calculate: (rows) => ({
        failures: [],
        copyText: rows.map((row, index) => line(row[0], index === 0 ? 30 : 40.5)).join(''),
      }),
    });
    expect([first, second]).toHaveLength(2);
    // Until the run completes the realm's results are on both sets, each total on its own set.
    expect(await yearsOf(db, facility.id)).toEqual([
      { gwpSetId: 'AR5', source: 'calculated', year: 2024, co2eKg: 7, resultCount: 2 },
      { gwpSetId: 'AR6', source: 'calculated', year: 2024, co2eKg: 70.5, resultCount: 2 },
    ]);
    await recalculations.completeRun(realm, run.id);
    expect(await yearsOf(db, facility.id)).toEqual([
      { gwpSetId: 'AR6', source: 'calculated', year: 2024, co2eKg: 70.5, resultCount: 2 },
    ]);
  });

  it('rebuilds the reported years from facilities.reported whenever it changes, in kg on every set', async () => {
    const { db } = database;
    const facility = await addFacility(db, realmId, {
      slug: 'reporter',
      reported: { '2019': reportedYear(1, 2, 3), notes: 'not a year', '2018': { co2eT: 4 } },
    });
    expect(await yearsOf(db, facility.id)).toEqual([
      { gwpSetId: 'AR4', source: 'reported', year: 2019, co2eKg: 1000, resultCount: 1 },
      { gwpSetId: 'AR5', source: 'reported', year: 2019, co2eKg: 2000, resultCount: 1 },
      { gwpSetId: 'AR6', source: 'reported', year: 2019, co2eKg: 3000, resultCount: 1 },
    ]);
    await db
      .update(facilities)
      .set({ reported: { '2020': reportedYear(10, 20, 30) }, name: 'Renamed' })
      .where(eq(facilities.id, facility.id));
    expect((await yearsOf(db, facility.id)).map((row) => [row.gwpSetId, row.year, row.co2eKg])).toEqual([
      ['AR4', 2020, 10_000],
      ['AR5', 2020, 20_000],
      ['AR6', 2020, 30_000],
    ]);
  });

  it('completes years stored on one set only, once', async () => {
    const { db } = database;
    const facility = await addFacility(db, realmId, {
      slug: 'earlier-import',
      reported: {
        '2020': {
          gwpSetId: 'AR5',
          co2eT: 1128,
          gases: { CO2: 1000, CH4: 1 },
          mixturesCo2eT: { HFC: 100 },
        },
      },
    });
    expect(await yearsOf(db, facility.id)).toEqual([]);
    expect(await completeReportedGwpSets(db)).toBe(1);
    // CO2 1000 + CH4 1 × (25 | 28 | 27.9) + HFC 100 as published.
    expect((await yearsOf(db, facility.id)).map((row) => [row.gwpSetId, row.co2eKg])).toEqual([
      ['AR4', 1_125_000],
      ['AR5', 1_128_000],
      ['AR6', 1_127_900],
    ]);
    expect(await completeReportedGwpSets(db)).toBe(0);
  });
});

describe('the facility list, sorted and filtered over every facility', () => {
  let database: DatabaseHandle;
  let realmId: string;
  let otherRealmId: string;
  const page = (filter: Partial<FacilityListFilter>) =>
    createFacilityRepository(database.db).list(realmId, 'AR5', {
      archived: 'false',
      sort: 'name',
      limit: 50,
      offset: 0,
      ...filter,
    });
  const slugsOf = async (filter: Partial<FacilityListFilter>) =>
    (await page(filter)).rows.map((row) => row.facility.slug);

  beforeAll(async () => {
    database = await createTestDatabase();
    const { db } = database;
    realmId = await insertTestRealm(db, 'ranked');
    otherRealmId = await insertTestRealm(db, 'other');
    // Calculated results win over reported ones, even of a later year; results on another set than the
    // realm's never count; a facility with neither has no CO2e and sorts last either way.
    const calculated = await addFacility(db, realmId, {
      slug: 'calculated',
      state: 'TX',
      naics: '2',
      reported: { '2025': reportedYear(1, 1, 1) },
    });
    await addRecord(db, realmId, calculated.id, [{ periodStart: '2023-05-01', co2eKg: 500 }]);
    await addRecord(db, realmId, calculated.id, [{ periodStart: '2024-05-01', co2eKg: 50 }]);
    await addFacility(db, realmId, {
      slug: 'reported-big',
      state: 'CA',
      naics: '1',
      reported: { '2020': reportedYear(9, 900, 9), '2019': reportedYear(1, 2000, 1) },
    });
    await addFacility(db, realmId, {
      slug: 'reported-small',
      state: 'AK',
      naics: '3',
      reported: { '2020': reportedYear(1, 0.01, 1) },
    });
    const otherSet = await addFacility(db, realmId, { slug: 'other-set-only', state: 'TX' });
    await createRecalculationRepository(database).createRun(realmId, { gwpSetId: 'AR4', createdBy: null });
    await addRecord(db, realmId, otherSet.id, [
      { periodStart: '2024-01-01', co2eKg: 10_000_000, gwpSetId: 'AR4' },
    ]);
    await addFacility(db, realmId, { slug: 'nothing', sector: 'Offices' });
    for (let index = 0; index < 20; index += 1) {
      const filler = await addFacility(db, realmId, {
        slug: `filler-${String(index).padStart(2, '0')}`,
        sector: 'Warehouses',
        state: 'NY',
      });
      await addRecord(db, realmId, filler.id, [{ periodStart: '2024-02-01', co2eKg: 100 + index }]);
    }
    const biggestElsewhere = await addFacility(db, otherRealmId, { slug: 'elsewhere' });
    await addRecord(db, otherRealmId, biggestElsewhere.id, [{ periodStart: '2024-01-01', co2eKg: 1e12 }]);
  });
  afterAll(() => database.close());

  it('sorts by CO2e over all facilities, not a page: calculated first, reported otherwise, none last', async () => {
    const top = await page({ sort: '-co2e', limit: 3 });
    expect(top.total).toBe(25);
    expect(top.rows.map((row) => [row.facility.slug, row.co2e])).toEqual([
      ['reported-big', { co2eKg: 900_000, source: 'reported', year: 2020 }],
      ['filler-19', { co2eKg: 119, source: 'calculated', year: 2024 }],
      ['filler-18', { co2eKg: 118, source: 'calculated', year: 2024 }],
    ]);
    const ascending = await slugsOf({ sort: 'co2e' });
    expect(ascending.slice(0, 2)).toEqual(['reported-small', 'calculated']);
    expect(ascending.slice(-2)).toEqual(['nothing', 'other-set-only']);
    expect((await slugsOf({ sort: '-co2e' })).slice(-2)).toEqual(['nothing', 'other-set-only']);
    expect(
      (await page({ sort: '-co2e' })).rows.find((row) => row.facility.slug === 'calculated')?.co2e,
    ).toEqual({
      co2eKg: 50,
      source: 'calculated',
      year: 2024,
    });
  });

  it('pages through every facility once, whatever the order', async () => {
    for (const sort of ['name', '-name', 'co2e', '-co2e', 'state', '-state', 'naics', '-naics'] as const) {
      const seen: string[] = [];
      for (let offset = 0; offset < 25; offset += 7)
        seen.push(...(await slugsOf({ sort, limit: 7, offset })));
      expect(new Set(seen).size, sort).toBe(25);
      expect(seen, sort).toHaveLength(25);
    }
    expect(await page({ offset: 100 })).toEqual({ rows: [], total: 25 });
  });

  it('sorts by state and NAICS with blanks last both ways, then by name', async () => {
    expect((await slugsOf({ sort: 'state' })).slice(0, 3)).toEqual([
      'reported-small',
      'reported-big',
      'filler-00',
    ]);
    expect((await slugsOf({ sort: '-state' })).slice(0, 3)).toEqual([
      'calculated',
      'other-set-only',
      'filler-00',
    ]);
    expect((await slugsOf({ sort: '-state' })).at(-1)).toBe('nothing');
    expect((await slugsOf({ sort: 'naics' })).slice(0, 3)).toEqual([
      'reported-big',
      'calculated',
      'reported-small',
    ]);
    expect((await slugsOf({ sort: '-naics' })).slice(0, 3)).toEqual([
      'reported-small',
      'calculated',
      'reported-big',
    ]);
    expect((await slugsOf({ sort: '-name' }))[0]).toBe('reported-small');
  });

  it('filters by search, sector, state and year', async () => {
    expect(await slugsOf({ q: 'REPORTED' })).toEqual(['reported-big', 'reported-small']);
    expect((await page({ sector: 'Warehouses' })).total).toBe(20);
    expect(await slugsOf({ state: 'TX' })).toEqual(['calculated', 'other-set-only']);
    const in2019 = await page({ year: 2019, sort: '-co2e', limit: 2 });
    expect(in2019.rows.map((row) => [row.facility.slug, row.co2e])).toEqual([
      ['reported-big', { co2eKg: 2_000_000, source: 'reported', year: 2019 }],
      ['calculated', null],
    ]);
  });

  it('leaves archived facilities out unless asked, and can list them alone', async () => {
    const { db } = database;
    await db.update(facilities).set({ archivedOn: new Date() }).where(eq(facilities.slug, 'reported-big'));
    try {
      expect((await page({ sort: '-co2e', limit: 1 })).rows[0]?.facility.slug).toBe('filler-19');
      expect((await page({})).total).toBe(24);
      expect((await page({ archived: 'true' })).total).toBe(25);
      expect(await slugsOf({ archived: 'only' })).toEqual(['reported-big']);
      const repository = createFacilityRepository(db);
      expect(await repository.states(realmId)).toEqual([
        { state: 'AK', count: 1 },
        { state: 'NY', count: 20 },
        { state: 'TX', count: 2 },
      ]);
      expect(await repository.sectors(realmId)).toEqual([
        { sector: 'Cement', count: 3 },
        { sector: 'Offices', count: 1 },
        { sector: 'Warehouses', count: 20 },
      ]);
    } finally {
      await db.update(facilities).set({ archivedOn: null }).where(eq(facilities.slug, 'reported-big'));
    }
  });

  it('gives the map every matching facility with its CO2e, and finds one by slug with the same figure', async () => {
    const repository = createFacilityRepository(database.db);
    const points = await repository.listForMap(realmId, 'AR5', { archived: 'false', state: 'AK' });
    expect(points).toEqual([
      {
        slug: 'reported-small',
        name: 'reported-small',
        latitude: null,
        longitude: null,
        co2eKg: 10,
        source: 'reported',
      },
    ]);
    expect((await repository.listForMap(realmId, 'AR5', { archived: 'false' })).length).toBe(25);
    expect((await repository.findWithCo2e(realmId, 'AR5', 'calculated'))?.co2e).toEqual({
      co2eKg: 50,
      source: 'calculated',
      year: 2024,
    });
    expect(await repository.findWithCo2e(otherRealmId, 'AR5', 'calculated')).toBeUndefined();
  });
});
