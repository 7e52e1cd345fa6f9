import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  analysisRecordsResponseSchema,
  analysisResponseSchema,
  estimateResponseSchema,
  type AnalysisQueryInput,
  type AnalysisResponse,
} from '@ecc/contracts';
import { facilities } from '@ecc/db';
import ExcelJS from 'exceljs';
import { consolidate } from '@ecc/domain';
import { and, eq } from 'drizzle-orm';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT_OK, runCliCapturing } from '#test-support/run-cli.ts';
import { createTestApp, signIn, withSession, type TestApp } from '#test-support/test-app.ts';
import { createTestRealm, createTestUser } from '#test-support/test-realms.ts';

/*
 * The analysis pivot against the estimate API: a realm loaded by `ecc import activities`, whose totals by scope,
 * facility and gas must equal the sum of `POST /api/emissions/estimate` over the same records to the gram; the
 * subtotals of GROUPING SETS add up; filters narrow; bad requests are refused naming the field; another realm's
 * data never shows; equity share scales as the domain's `consolidate` does.
 */

const GRAM_KG = 0.001;
const ADMIN = { email: 'admin@acme.test', password: 'acme-password-1', role: 'admin' as const };
const MEMBER = { email: 'member@acme.test', password: 'member-password-1', role: 'member' as const };
const OTHER_ADMIN = { email: 'admin@other.test', password: 'other-password-1', role: 'admin' as const };
const SITES =
  'Name,Sector,NAICS,Country,State\nPlant North,Manufacturing,331110,US,OH\nDepot South,Logistics,493110,US,TX\n';

interface CsvRecord {
  facility: string;
  activityType: string;
  periodStart: string;
  periodEnd: string;
  quantity: number;
  unit: string;
  factorKey: string;
  scope: 1 | 2 | 3;
  scope3Category?: number;
  certificateCoverage?: number;
  isEstimated?: boolean;
}

/** Two years of three kinds of results: gas masses, both Scope 2 methods, CO2e only (Scope 3 category 3). */
function recordsOf(): CsvRecord[] {
  const records: CsvRecord[] = [];
  for (const year of [2023, 2024]) {
    for (let month = 1; month <= 12; month += 1) {
      const start = `${year}-${String(month).padStart(2, '0')}-01`;
      const end = `${year}-${String(month).padStart(2, '0')}-28`;
      records.push(
        {
          facility: 'plant-north',
          activityType: 'Boiler diesel',
          periodStart: start,
          periodEnd: end,
          quantity: 1000 + month * 13.37 + year,
          unit: 'gal',
          factorKey: 'epa-c1-distillate-fuel-oil-no-2',
          scope: 1,
          isEstimated: month % 4 === 0,
        },
        {
          facility: month % 2 === 0 ? 'plant-north' : 'depot-south',
          activityType: 'Electricity',
          periodStart: start,
          periodEnd: end,
          quantity: 50_000.125 + month * 1001,
          unit: 'kWh',
          factorKey: 'egrid-2022-newe',
          scope: 2,
          certificateCoverage: 0.25,
        },
        {
          facility: 'depot-south',
          activityType: 'Grid losses',
          periodStart: start,
          periodEnd: end,
          quantity: 3000 + month * 7.5,
          unit: 'kWh',
          factorKey: 'desnz-2023-uk-electricity-t-and-d',
          scope: 3,
          scope3Category: 3,
        },
      );
    }
  }
  return records;
}

function csvOf(records: readonly CsvRecord[]): string {
  const header =
    'facility,activityType,periodStart,periodEnd,quantity,unit,factorKey,scope,scope3Category,certificateCoverage,isEstimated';
  const lines = records.map((record) =>
    [
      record.facility,
      record.activityType,
      record.periodStart,
      record.periodEnd,
      record.quantity,
      record.unit,
      record.factorKey,
      record.scope,
      record.scope3Category ?? '',
      record.certificateCoverage ?? '',
      record.isEstimated ? 'yes' : 'no',
    ].join(','),
  );
  return `${[header, ...lines].join('\n')}\n`;
}

describe('POST /api/analysis/query', () => {
  let testApp: TestApp;
  let token: string;
  let otherToken: string;
  let memberToken: string;
  let workDir: string;
  let acmeId: string;
  const records = recordsOf();

  beforeAll(async () => {
    testApp = await createTestApp();
    const db = testApp.database.db;
    const acme = await createTestRealm(db, { key: 'acme', domains: ['acme.test'], plan: 'paid' });
    acmeId = acme.id;
    await createTestUser(db, acme, ADMIN);
    await createTestUser(db, acme, MEMBER);
    const other = await createTestRealm(db, { key: 'other', domains: ['other.test'], plan: 'paid' });
    await createTestUser(db, other, OTHER_ADMIN);
    workDir = mkdtempSync(join(tmpdir(), 'ecc-analysis-'));
    writeFileSync(join(workDir, 'sites.csv'), SITES);
    writeFileSync(join(workDir, 'records.csv'), csvOf(records));
    for (const realm of ['acme', 'other']) {
      const sites = await runCliCapturing(testApp.database, [
        'import',
        'facilities',
        '--realm',
        realm,
        join(workDir, 'sites.csv'),
      ]);
      expect(sites.stderr).toBe('');
      expect(sites.exitCode).toBe(EXIT_OK);
    }
    const imported = await runCliCapturing(testApp.database, [
      'import',
      'activities',
      '--realm',
      'acme',
      join(workDir, 'records.csv'),
    ]);
    expect(imported.stderr).toBe('');
    expect(imported.exitCode).toBe(EXIT_OK);
    // The other realm has the same facilities and one large record: it must never show in acme's answers.
    writeFileSync(
      join(workDir, 'other.csv'),
      csvOf([{ ...records[0]!, quantity: 9_999_999, periodStart: '2024-03-01', periodEnd: '2024-03-28' }]),
    );
    expect(
      (
        await runCliCapturing(testApp.database, [
          'import',
          'activities',
          '--realm',
          'other',
          join(workDir, 'other.csv'),
        ])
      ).exitCode,
    ).toBe(EXIT_OK);
    token = await signIn(testApp.app, ADMIN, 'acme.test');
    otherToken = await signIn(testApp.app, OTHER_ADMIN, 'other.test');
    memberToken = await signIn(testApp.app, MEMBER, 'acme.test');
  }, 120_000);
  afterAll(async () => {
    await testApp.close();
    rmSync(workDir, { recursive: true, force: true });
  });

  const post = (url: string, payload: object, as: 'acme' | 'other' = 'acme') =>
    testApp.app.inject({
      method: 'POST',
      url,
      headers: { host: `${as}.test`, ...withSession(as === 'acme' ? token : otherToken) },
      payload,
    });
  const analyse = async (
    query: AnalysisQueryInput,
    as: 'acme' | 'other' = 'acme',
  ): Promise<AnalysisResponse> => {
    const response = await post('/api/analysis/query', query, as);
    expect(response.statusCode, response.body).toBe(200);
    return analysisResponseSchema.parse(response.json());
  };

  /** The estimate API over the same records, Scope 2 by `method`: what each record emits. */
  async function estimates(method: 'location' | 'market', year?: number) {
    const chosen = records.filter(
      (record) => year === undefined || record.periodStart.startsWith(`${year}-`),
    );
    const response = await post('/api/emissions/estimate', {
      items: chosen.map((record, index) => ({
        id: String(index),
        quantity: record.quantity,
        unit: record.unit,
        factor: { id: record.factorKey },
        scope: record.scope,
        ...(record.scope === 2
          ? { scope2Method: method, certificateCoverage: record.certificateCoverage }
          : {}),
        ...(record.scope3Category === undefined ? {} : { scope3Category: record.scope3Category }),
      })),
    });
    expect(response.statusCode, response.body).toBe(200);
    const answer = estimateResponseSchema.parse(response.json());
    return answer.items.map((item, index) => ({
      record: chosen[index]!,
      co2e: item.co2e,
      gases: item.gases,
    }));
  }

  function sumBy<T>(items: readonly T[], key: (item: T) => string, value: (item: T) => number) {
    const sums = new Map<string, number>();
    for (const item of items) sums.set(key(item), (sums.get(key(item)) ?? 0) + value(item));
    return sums;
  }

  it('totals by scope, facility and gas equal the sum of the estimate API over the same records, to the gram', async () => {
    const located = await estimates('location');
    const byScope = await analyse({ measures: ['co2e'], rows: ['scope'] });
    const expectedByScope = sumBy(
      located,
      (item) => String(item.record.scope),
      (item) => item.co2e,
    );
    expect(byScope.rows).toHaveLength(3);
    for (const row of byScope.rows) {
      expect(Math.abs(row.values.co2e! - expectedByScope.get(String(row.keys.scope))!)).toBeLessThan(GRAM_KG);
    }
    const total = located.reduce((sum, item) => sum + item.co2e, 0);
    expect(Math.abs(byScope.totals.co2e! - total)).toBeLessThan(GRAM_KG);

    const byFacility = await analyse({ measures: ['co2e'], rows: ['facility'], columns: ['scope'] });
    const expectedByCell = sumBy(
      located,
      (item) => `${item.record.facility}/${item.record.scope}`,
      (item) => item.co2e,
    );
    expect(byFacility.rows).toHaveLength(expectedByCell.size);
    for (const row of byFacility.rows) {
      const expected = expectedByCell.get(`${row.keys.facility}/${row.keys.scope}`)!;
      expect(Math.abs(row.values.co2e! - expected)).toBeLessThan(GRAM_KG);
    }
    expect(byFacility.labels.facility).toEqual({
      'plant-north': 'Plant North',
      'depot-south': 'Depot South',
    });

    const byGas = await analyse({ measures: ['gasMass'], rows: ['gas'] });
    const expectedByGas = new Map<string, number>();
    for (const item of located) {
      for (const [gas, kg] of Object.entries(item.gases))
        expectedByGas.set(gas, (expectedByGas.get(gas) ?? 0) + kg);
    }
    expect(new Set(byGas.rows.map((row) => row.keys.gas))).toEqual(new Set(expectedByGas.keys()));
    for (const row of byGas.rows) {
      expect(Math.abs(row.values.gasMass! - expectedByGas.get(String(row.keys.gas))!)).toBeLessThan(GRAM_KG);
    }
  });

  it('counts market-based Scope 2 only when asked, never added to location-based', async () => {
    const market = await estimates('market', 2024);
    const answer = await analyse({
      measures: ['co2e'],
      rows: ['scope'],
      filters: { year: [2024] },
      scope2Method: 'market',
    });
    const expected = market
      .filter((item) => item.record.scope === 2)
      .reduce((sum, item) => sum + item.co2e, 0);
    const scope2 = answer.rows.find((row) => row.keys.scope === 2)!;
    expect(Math.abs(scope2.values.co2e! - expected)).toBeLessThan(GRAM_KG);

    // With the method as a dimension both show apart; the total still counts one method (location).
    const apart = await analyse({ measures: ['co2e'], rows: ['scope2Method'], filters: { year: [2024] } });
    const located = await estimates('location', 2024);
    const methods = Object.fromEntries(apart.rows.map((row) => [row.keys.scope2Method, row.values.co2e!]));
    expect(Object.keys(methods).sort()).toEqual(['location', 'market', 'none']);
    const locatedTotal = located.reduce((sum, item) => sum + item.co2e, 0);
    expect(Math.abs(apart.totals.co2e! - locatedTotal)).toBeLessThan(GRAM_KG);
  });

  it('computes subtotals with GROUPING SETS that add up to the cells and the grand total', async () => {
    const answer = await analyse({
      measures: ['co2e'],
      rows: ['facility', 'year'],
      columns: ['scope'],
      subtotals: true,
    });
    const cellSum = answer.rows.reduce((sum, row) => sum + row.values.co2e!, 0);
    expect(Math.abs(cellSum - answer.totals.co2e!)).toBeLessThan(GRAM_KG);
    const byFacility = answer.subtotals.filter(
      (row) => Object.keys(row.keys).length === 1 && row.keys.facility !== undefined,
    );
    expect(byFacility).toHaveLength(2);
    for (const subtotal of byFacility) {
      const cells = answer.rows.filter((row) => row.keys.facility === subtotal.keys.facility);
      const sum = cells.reduce((total, row) => total + row.values.co2e!, 0);
      expect(Math.abs(sum - subtotal.values.co2e!)).toBeLessThan(GRAM_KG);
    }
    const byScope = answer.subtotals.filter((row) => Object.keys(row.keys).join() === 'scope');
    expect(byScope.map((row) => row.keys.scope).sort()).toEqual([1, 2, 3]);
    const scopeSum = byScope.reduce((sum, row) => sum + row.values.co2e!, 0);
    expect(Math.abs(scopeSum - answer.totals.co2e!)).toBeLessThan(GRAM_KG);
    // facility × scope (years summed) is a level of its own.
    expect(answer.subtotals.some((row) => Object.keys(row.keys).sort().join() === 'facility,scope')).toBe(
      true,
    );
  });

  it('reads results and records for dimensions the monthly totals lack, with the same totals', async () => {
    const fromTotals = await analyse({ measures: ['co2e'], rows: ['year'] });
    const fromResults = await analyse({ measures: ['co2e'], rows: ['year'], columns: ['dataQuality'] });
    for (const year of fromTotals.rows) {
      const cells = fromResults.rows.filter((row) => row.keys.year === year.keys.year);
      const sum = cells.reduce((total, row) => total + row.values.co2e!, 0);
      expect(Math.abs(sum - year.values.co2e!)).toBeLessThan(GRAM_KG);
    }
    expect(fromResults.rows.map((row) => row.keys.dataQuality)).toContain('estimated');

    const quantities = await analyse({ measures: ['activityQuantity'], rows: ['scope3Category'] });
    const losses = quantities.rows.find((row) => row.keys.scope3Category === 3)!;
    expect(losses.keys.unit).toBe('kWh');
    const expected = records
      .filter((record) => record.scope === 3)
      .reduce((sum, record) => sum + record.quantity, 0);
    expect(Math.abs(losses.values.activityQuantity! - expected)).toBeLessThan(1e-6);
    // Quantities of several units are never added into one total.
    expect(quantities.totals.activityQuantity).toBeNull();
  });

  it('filters on dimensions, sorts, and compares a year with the previous one', async () => {
    const answer = await analyse({
      measures: ['co2e'],
      rows: ['month'],
      filters: { year: [2024], facility: ['depot-south'], scope: [2, 3] },
      sort: { by: 'co2e', direction: 'asc' },
      comparison: 'previousPeriod',
    });
    expect(answer.rows).toHaveLength(12);
    expect(answer.rows.every((row) => String(row.keys.month).startsWith('2024-'))).toBe(true);
    const values = answer.rows.map((row) => row.values.co2e!);
    expect([...values].sort((left, right) => left - right)).toEqual(values);
    expect(answer.comparisonYears).toEqual({ current: 2024, comparison: 2023 });
    const located2023 = (await estimates('location', 2023)).filter(
      (item) => item.record.facility === 'depot-south' && item.record.scope !== 1,
    );
    const january2023 = located2023
      .filter((item) => item.record.periodStart.startsWith('2023-01'))
      .reduce((sum, item) => sum + item.co2e, 0);
    const january = answer.rows.find((row) => row.keys.month === '2024-01')!;
    expect(Math.abs(january.comparison!.co2e! - january2023)).toBeLessThan(GRAM_KG);
    const total2023 = located2023.reduce((sum, item) => sum + item.co2e, 0);
    expect(Math.abs(answer.comparisonTotals!.co2e! - total2023)).toBeLessThan(GRAM_KG);
  });

  it('groups and filters by country, state, NAICS, quarter, factor source and calculation method, each adding up to the total', async () => {
    const total = (await analyse({ measures: ['co2e'] })).totals.co2e!;
    const located = await estimates('location');
    const expectedByState = sumBy(
      located,
      (item) => (item.record.facility === 'plant-north' ? 'OH' : 'TX'),
      (item) => item.co2e,
    );
    for (const dimension of [
      'country',
      'state',
      'naics',
      'quarter',
      'factorSource',
      'calculationMethod',
    ] as const) {
      const answer = await analyse({ measures: ['co2e'], rows: [dimension] });
      const keys = answer.rows.map((row) => row.keys[dimension]);
      expect(
        keys.every((key) => typeof key === 'string' && key !== ''),
        `${dimension}: ${keys.join()}`,
      ).toBe(true);
      const sum = answer.rows.reduce((value, row) => value + row.values.co2e!, 0);
      expect(Math.abs(sum - total), dimension).toBeLessThan(GRAM_KG);
      expect(Math.abs(answer.totals.co2e! - total), dimension).toBeLessThan(GRAM_KG);
      if (dimension === 'country') expect(keys).toEqual(['US']);
      if (dimension === 'state') {
        expect([...keys].sort()).toEqual(['OH', 'TX']);
        for (const row of answer.rows) {
          expect(Math.abs(row.values.co2e! - expectedByState.get(String(row.keys.state))!)).toBeLessThan(
            GRAM_KG,
          );
        }
      }
      if (dimension === 'naics') expect([...keys].sort()).toEqual(['331110', '493110']);
      if (dimension === 'quarter') expect(keys).toHaveLength(8);
      // Three factors from three publishers (EPA's Hub, eGRID, DESNZ): more than one source and method shows.
      if (dimension === 'factorSource' || dimension === 'calculationMethod')
        expect(keys.length).toBeGreaterThan(1);

      const first = answer.rows[0]!;
      const narrowed = await analyse({
        measures: ['co2e'],
        filters: { [dimension]: [first.keys[dimension]] },
      });
      expect(Math.abs(narrowed.totals.co2e! - first.values.co2e!), dimension).toBeLessThan(GRAM_KG);
    }
    const quarter = await analyse({ measures: ['co2e'], filters: { quarter: ['2024-Q1'] } });
    const firstQuarter = located
      .filter((item) => /^2024-0[1-3]-/.test(item.record.periodStart))
      .reduce((sum, item) => sum + item.co2e, 0);
    expect(Math.abs(quarter.totals.co2e! - firstQuarter)).toBeLessThan(GRAM_KG);
  });

  it('divides by the realm’s denominator of each year for intensity, and compares a year with the base year', async () => {
    const asAdmin = { host: 'acme.test', ...withSession(token) };
    const denominator = await testApp.app.inject({
      method: 'PUT',
      url: '/api/organisation/denominators',
      headers: asAdmin,
      payload: { year: 2024, scope: 'realm', kind: 'revenue', amount: 2_500_000, unit: 'USD' },
    });
    expect(denominator.statusCode, denominator.body).toBe(200);
    try {
      const answer = await analyse({
        measures: ['co2e', 'intensity'],
        rows: ['year'],
        denominator: 'revenue',
      });
      const year2024 = answer.rows.find((row) => row.keys.year === 2024)!;
      expect(year2024.values.intensity).toBeCloseTo(year2024.values.co2e! / 2_500_000, 12);
      // No revenue recorded for 2023: no intensity rather than a division by zero.
      expect(answer.rows.find((row) => row.keys.year === 2023)!.values.intensity).toBeNull();
    } finally {
      const id = (denominator.json() as { id: string }).id;
      await testApp.app.inject({
        method: 'DELETE',
        url: `/api/organisation/denominators/${id}`,
        headers: asAdmin,
      });
    }

    const boundary = (baseYear: number | null) =>
      testApp.app.inject({
        method: 'PUT',
        url: '/api/organisation/boundary',
        headers: asAdmin,
        payload: {
          consolidationApproach: 'operational-control',
          reportingYearStartMonth: 1,
          baseYear,
          recalculationThresholdPercent: 5,
        },
      });
    expect((await boundary(2023)).statusCode).toBe(200);
    try {
      const compared = await analyse({
        measures: ['co2e'],
        rows: ['scope'],
        filters: { year: [2024] },
        comparison: 'baseYear',
      });
      expect(compared.comparisonYears).toEqual({ current: 2024, comparison: 2023 });
      const base = await estimates('location', 2023);
      const baseTotal = base.reduce((sum, item) => sum + item.co2e, 0);
      expect(Math.abs(compared.comparisonTotals!.co2e! - baseTotal)).toBeLessThan(GRAM_KG);
      const baseScope1 = base
        .filter((item) => item.record.scope === 1)
        .reduce((sum, item) => sum + item.co2e, 0);
      const scope1 = compared.rows.find((row) => row.keys.scope === 1)!;
      expect(Math.abs(scope1.comparison!.co2e! - baseScope1)).toBeLessThan(GRAM_KG);
    } finally {
      expect((await boundary(null)).statusCode).toBe(200);
    }
  });

  it('refuses an unknown dimension or measure, and a filter value of the wrong type, naming them', async () => {
    const unknownDimension = await post('/api/analysis/query', { measures: ['co2e'], rows: ['planet'] });
    expect(unknownDimension.statusCode).toBe(400);
    expect(unknownDimension.json().fieldErrors['body/rows/0']).toContain('"planet"');
    const unknownMeasure = await post('/api/analysis/query', { measures: ['joy'] });
    expect(unknownMeasure.statusCode).toBe(400);
    expect(unknownMeasure.json().fieldErrors['body/measures/0']).toContain('"joy"');
    const wrongType = await post('/api/analysis/query', { measures: ['co2e'], filters: { year: ['last'] } });
    expect(wrongType.statusCode).toBe(400);
    expect(Object.keys(wrongType.json().fieldErrors)).toEqual(['body/filters/year/0']);
    const unknownFilter = await post('/api/analysis/query', {
      measures: ['co2e'],
      filters: { planet: ['earth'] },
    });
    expect(unknownFilter.statusCode).toBe(400);
    expect(JSON.stringify(unknownFilter.json().fieldErrors)).toContain('planet');
    const co2eByGas = await post('/api/analysis/query', { measures: ['co2e'], rows: ['gas'] });
    expect(co2eByGas.statusCode).toBe(400);
    expect(Object.keys(co2eByGas.json().fieldErrors)).toEqual(['body/measures/0']);
    const comparisonWithoutYear = await post('/api/analysis/query', {
      measures: ['co2e'],
      comparison: 'baseYear',
    });
    expect(comparisonWithoutYear.statusCode).toBe(400);
    expect(Object.keys(comparisonWithoutYear.json().fieldErrors)).toEqual(['body/filters/year']);
  });

  it('never shows another realm’s data', async () => {
    const acme = await analyse({ measures: ['co2e'], rows: ['facility'], filters: { year: [2024] } });
    const other = await analyse(
      { measures: ['co2e'], rows: ['facility'], filters: { year: [2024] } },
      'other',
    );
    expect(other.rows).toHaveLength(1);
    expect(acme.totals.co2e!).toBeLessThan(other.totals.co2e!);
    const located = (await estimates('location', 2024)).reduce((sum, item) => sum + item.co2e, 0);
    expect(Math.abs(acme.totals.co2e! - located)).toBeLessThan(GRAM_KG);
  });

  it('lists the records behind a cell, a page with the total count, each with its trail', async () => {
    const response = await post('/api/analysis/records', {
      filters: { year: [2024] },
      keys: { facility: 'depot-south', scope: 3 },
    });
    expect(response.statusCode, response.body).toBe(200);
    const answer = analysisRecordsResponseSchema.parse(response.json());
    expect(answer.total).toBe(12);
    expect(answer.records.every((record) => record.activityType === 'Grid losses')).toBe(true);
    const trail = await testApp.app.inject({
      method: 'GET',
      url: answer.records[0]!.trailPath,
      headers: { host: 'acme.test', ...withSession(token) },
    });
    expect(trail.statusCode).toBe(200);
    const badKey = await post('/api/analysis/records', { keys: { scope: 'one' } });
    expect(badKey.statusCode).toBe(400);
    expect(Object.keys(badKey.json().fieldErrors)).toEqual(['body/keys/scope']);
  });

  it('applies equity share as the domain consolidates, and leaves facilities out of the boundary out', async () => {
    const db = testApp.database.db;
    const before = await analyse({ measures: ['co2e'], rows: ['facility'] });
    await db
      .update(facilities)
      .set({ ownershipSharePercent: 40 })
      .where(and(eq(facilities.realmId, acmeId), eq(facilities.slug, 'depot-south')));
    const boundary = await testApp.app.inject({
      method: 'PUT',
      url: '/api/organisation/boundary',
      headers: { host: 'acme.test', ...withSession(token) },
      payload: {
        consolidationApproach: 'equity-share',
        reportingYearStartMonth: 1,
        baseYear: null,
        recalculationThresholdPercent: 5,
      },
    });
    expect(boundary.statusCode, boundary.body).toBe(200);
    const equity = await analyse({ measures: ['co2e'], rows: ['facility'] });
    for (const row of equity.rows) {
      const whole = before.rows.find((each) => each.keys.facility === row.keys.facility)!.values.co2e!;
      const share = row.keys.facility === 'depot-south' ? 40 : 100;
      expect(
        Math.abs(
          row.values.co2e! -
            consolidate(whole, 'equity-share', { ownershipSharePercent: share, isInBoundary: true }),
        ),
      ).toBeLessThan(GRAM_KG);
    }
    await testApp.app.inject({
      method: 'PUT',
      url: '/api/organisation/boundary',
      headers: { host: 'acme.test', ...withSession(token) },
      payload: {
        consolidationApproach: 'operational-control',
        reportingYearStartMonth: 1,
        baseYear: null,
        recalculationThresholdPercent: 5,
      },
    });
    await db
      .update(facilities)
      .set({ ownershipSharePercent: 100, isInBoundary: false, boundaryExclusionReason: 'Sold in 2024' })
      .where(and(eq(facilities.realmId, acmeId), eq(facilities.slug, 'depot-south')));
    const control = await analyse({ measures: ['co2e'], rows: ['facility'] });
    expect(control.rows.map((row) => row.keys.facility)).toEqual(['plant-north']);
    await db
      .update(facilities)
      .set({ isInBoundary: true, boundaryExclusionReason: null })
      .where(and(eq(facilities.realmId, acmeId), eq(facilities.slug, 'depot-south')));
  });

  it('keeps saved views private to their owner or shared in the realm; only the owner changes them', async () => {
    const call = (
      method: 'GET' | 'POST' | 'PUT' | 'DELETE',
      url: string,
      as: 'admin' | 'member' | 'other',
      payload?: object,
    ) =>
      testApp.app.inject({
        method,
        url,
        headers: {
          host: as === 'other' ? 'other.test' : 'acme.test',
          ...withSession({ admin: token, member: memberToken, other: otherToken }[as]),
        },
        ...(payload ? { payload } : {}),
      });
    const definition = {
      measures: ['co2e'],
      rows: ['facility'],
      columns: ['scope'],
      filters: { year: [2024] },
    };
    const mine = await call('POST', '/api/analysis/views', 'admin', {
      name: 'By site',
      visibility: 'private',
      definition,
    });
    expect(mine.statusCode, mine.body).toBe(201);
    const shared = await call('POST', '/api/analysis/views', 'admin', {
      name: 'For all',
      visibility: 'shared',
      definition,
    });
    expect(shared.statusCode).toBe(201);
    const again = await call('POST', '/api/analysis/views', 'admin', {
      name: 'By site',
      visibility: 'shared',
      definition,
    });
    expect(again.statusCode).toBe(409);
    expect(Object.keys(again.json().fieldErrors)).toEqual(['body/name']);
    // The same name is free for another owner.
    expect(
      (
        await call('POST', '/api/analysis/views', 'member', {
          name: 'By site',
          visibility: 'private',
          definition,
        })
      ).statusCode,
    ).toBe(201);
    const badDefinition = await call('POST', '/api/analysis/views', 'admin', {
      name: 'Bad',
      visibility: 'private',
      definition: { ...definition, rows: ['planet'] },
    });
    expect(badDefinition.statusCode).toBe(400);
    expect(Object.keys(badDefinition.json().fieldErrors)).toEqual(['body/definition/rows/0']);

    const namesOf = async (as: 'admin' | 'member' | 'other') =>
      (
        (await call('GET', '/api/analysis/views', as)).json() as { views: { name: string; isOwn: boolean }[] }
      ).views.map((view) => `${view.name}${view.isOwn ? ' (own)' : ''}`);
    expect(await namesOf('admin')).toEqual(['By site (own)', 'For all (own)']);
    expect(await namesOf('member')).toEqual(['By site (own)', 'For all']);
    expect(await namesOf('other')).toEqual([]);

    const privateId = mine.json().id as string;
    const sharedId = shared.json().id as string;
    const update = { name: 'For all', visibility: 'shared', definition: { ...definition, columns: [] } };
    expect((await call('PUT', `/api/analysis/views/${privateId}`, 'member', update)).statusCode).toBe(404);
    expect((await call('PUT', `/api/analysis/views/${sharedId}`, 'member', update)).statusCode).toBe(403);
    expect((await call('DELETE', `/api/analysis/views/${sharedId}`, 'member')).statusCode).toBe(403);
    expect((await call('DELETE', `/api/analysis/views/${sharedId}`, 'other')).statusCode).toBe(404);
    const updated = await call('PUT', `/api/analysis/views/${sharedId}`, 'admin', update);
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().definition.columns).toEqual([]);
    expect((await call('PUT', `/api/analysis/views/${privateId}`, 'admin', update)).statusCode).toBe(409);
    expect((await call('DELETE', `/api/analysis/views/${privateId}`, 'admin')).statusCode).toBe(204);
    expect(await namesOf('admin')).toEqual(['For all (own)']);
  });

  it('exports the pivot as CSV and as an XLSX workbook whose numbers are numbers', async () => {
    const view = {
      measures: ['co2e'],
      rows: ['facility'],
      columns: ['scope'],
      filters: { year: [2024] },
      subtotals: true,
    };
    const answer = await analyse(view as AnalysisQueryInput);
    const download = (format: 'csv' | 'xlsx') =>
      testApp.app.inject({
        method: 'GET',
        url: `/api/exports/analysis?${new URLSearchParams({ view: JSON.stringify(view), format }).toString()}`,
        headers: { host: 'acme.test', ...withSession(token) },
      });
    const csv = await download('csv');
    expect(csv.statusCode, csv.body).toBe(200);
    const lines = csv.body.trim().split(/\r?\n/);
    expect(lines[0]).toBe('Level,Facility,Scope,CO2e (kg)');
    expect(lines).toHaveLength(1 + answer.rows.length + answer.subtotals.length + 1);
    expect(lines.at(-1)).toBe(`Grand total,Total,Total,${answer.totals.co2e}`);
    const xlsx = await download('xlsx');
    expect(xlsx.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const last = sheet.getRow(sheet.rowCount);
    expect(last.getCell(1).value).toBe('Grand total');
    expect(last.getCell(4).value).toBe(answer.totals.co2e);
  });

  it('exports every record behind a cell as CSV and XLSX, only to the realm’s readers on the page’s plans', async () => {
    const cell = { filters: {}, keys: {}, scope2Method: 'location' };
    const listed = analysisRecordsResponseSchema.parse((await post('/api/analysis/records', cell)).json());
    // More records than one page of the drill-through, so the file shows that none is left out.
    expect(listed.total).toBeGreaterThan(listed.pageSize);
    const download = (format: 'csv' | 'xlsx', as: 'acme' | 'other' = 'acme', exported: object = cell) =>
      testApp.app.inject({
        method: 'GET',
        url: `/api/exports/analysis/records?${new URLSearchParams({ cell: JSON.stringify(exported), format }).toString()}`,
        headers: { host: `${as}.test`, ...withSession(as === 'acme' ? token : otherToken) },
      });
    const csv = await download('csv');
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-disposition']).toMatch(/analysis-records-\d{4}-\d{2}-\d{2}\.csv/);
    const rows = Papa.parse<Record<string, string>>(csv.body.replace(/^\uFEFF/, ''), {
      header: true,
      skipEmptyLines: true,
    }).data;
    expect(rows).toHaveLength(listed.total);
    const first = listed.records[0]!;
    expect(rows[0]).toMatchObject({
      'Record id': first.id,
      Facility: first.facilityName,
      Activity: first.activityType,
    });
    expect(Number(rows[0]?.['CO2e (kg CO2e)'])).toBeCloseTo(first.co2eKg, 6);

    const xlsx = await download('xlsx');
    expect(xlsx.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const headers = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(headers).toContain('CO2e (kg CO2e)');
    expect(sheet.rowCount).toBe(listed.total + 1);
    expect(sheet.getRow(2).getCell(headers.indexOf('CO2e (kg CO2e)') + 1).value).toBeCloseTo(first.co2eKg, 6);

    // The other realm's file holds its own single record, none of acme's.
    const elsewhere = await download('csv', 'other', { filters: { year: [2024] }, keys: {} });
    expect(elsewhere.statusCode).toBe(200);
    expect(elsewhere.body).not.toContain(first.id);
    expect(elsewhere.body.trim().split('\n')).toHaveLength(2);

    const badKey = await download('csv', 'acme', { keys: { scope: 'one' } });
    expect(badKey.statusCode).toBe(400);
    expect(Object.keys(badKey.json().fieldErrors)).toEqual(['query/cell/keys/scope']);

    // A plan without the analysis page is refused the file.
    const simple = await createTestRealm(testApp.database.db, {
      key: 'simple',
      domains: ['simple.test'],
      plan: 'simple',
    });
    const simpleAdmin = { email: 'admin@simple.test', password: 'simple-password-1', role: 'admin' as const };
    await createTestUser(testApp.database.db, simple, simpleAdmin);
    const refused = await testApp.app.inject({
      method: 'GET',
      url: `/api/exports/analysis/records?${new URLSearchParams({ cell: JSON.stringify(cell), format: 'csv' }).toString()}`,
      headers: { host: 'simple.test', ...withSession(await signIn(testApp.app, simpleAdmin, 'simple.test')) },
    });
    expect(refused.statusCode).toBe(403);
  });
});
