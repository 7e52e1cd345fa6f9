import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  CHANGE_REASON_LABELS,
  estimateResponseSchema,
  inventoryResponseSchema,
  inventoryYearsResponseSchema,
  type EstimateItemInput,
  type InventoryResponse,
  type KyotoGas,
} from '@ecc/contracts';
import { kyotoGasOf } from '@ecc/domain';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { xlsxRows } from '#test-support/export-files.ts';
import { EXIT_OK, runCliCapturing } from '#test-support/run-cli.ts';
import { createTestApp, signIn, withSession, type TestApp } from '#test-support/test-app.ts';
import { createTestRealm, createTestUser } from '#test-support/test-realms.ts';

const ACME_ADMIN = { email: 'ada@acme.test', password: 'acme-password-1', role: 'admin' as const };
const OTHER_USER = { email: 'olga@other.test', password: 'other-password-1' };
const SIMPLE_USER = { email: 'sam@simple.test', password: 'simple-password-1' };
/** The inventory's sums against the estimate API's, per result: well under a gram. */
const GRAM_KG = 0.001;

/** One activity row of the file the CLI imports, and the estimate items that calculate it. */
interface ActivityRow {
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
}

function monthsOf(
  year: number,
  row: Omit<ActivityRow, 'periodStart' | 'periodEnd'>,
  growth = 0,
): ActivityRow[] {
  return Array.from({ length: 12 }, (_, index) => {
    const month = String(index + 1).padStart(2, '0');
    return {
      ...row,
      quantity: row.quantity + growth * index,
      periodStart: `${year}-${month}-01`,
      periodEnd: `${year}-${month}-28`,
    };
  });
}

/** A realm's year: fuels, refrigerant, wood (biogenic CO2), electricity both ways, business travel. */
function activityRows(year: number, scale: number): ActivityRow[] {
  return [
    ...monthsOf(
      year,
      {
        facility: 'plant-a',
        activityType: 'Natural gas',
        quantity: 120_000 * scale,
        unit: 'scf',
        factorKey: 'epa-hub-2024-natural-gas-scf',
        scope: 1,
      },
      1_000,
    ),
    ...monthsOf(year, {
      facility: 'plant-a',
      activityType: 'Refrigerant losses',
      quantity: 1.5 * scale,
      unit: 'kg',
      factorKey: 'fgas-r-410a',
      scope: 1,
    }),
    ...monthsOf(year, {
      facility: 'plant-a',
      activityType: 'Wood',
      quantity: 3 * scale,
      unit: 'short_ton',
      factorKey: 'epa-hub-2024-wood-and-wood-residuals-short-ton',
      scope: 1,
    }),
    ...monthsOf(
      year,
      {
        facility: 'plant-b',
        activityType: 'Electricity',
        quantity: 310 * scale,
        unit: 'MWh',
        factorKey: 'egrid-2022-erct',
        scope: 2,
        certificateCoverage: 0.25,
      },
      7,
    ),
    ...monthsOf(year, {
      facility: 'plant-b',
      activityType: 'Fleet diesel',
      quantity: 900 * scale,
      unit: 'gal',
      factorKey: 'epa-hub-2024-mobile-diesel-gal',
      scope: 1,
    }),
    ...monthsOf(year, {
      facility: 'plant-b',
      activityType: 'Business travel (air)',
      quantity: 420 * scale,
      unit: 'gal',
      factorKey: 'epa-c1-kerosene-type-jet-fuel',
      scope: 3,
      scope3Category: 6,
    }),
    ...monthsOf(year, {
      facility: 'plant-c',
      activityType: 'Switchgear SF6',
      quantity: 0.02 * scale,
      unit: 'kg',
      factorKey: 'fgas-sf6',
      scope: 1,
    }),
    ...monthsOf(year, {
      facility: 'plant-a',
      activityType: 'Etching PFC-14',
      quantity: 0.05 * scale,
      unit: 'kg',
      factorKey: 'fgas-pfc-14',
      scope: 1,
    }),
    ...monthsOf(year, {
      facility: 'plant-c',
      activityType: 'Coal',
      quantity: 40 * scale,
      unit: 'short_ton',
      factorKey: 'epa-hub-2024-bituminous-coal-short-ton',
      scope: 1,
    }),
  ];
}

const COLUMNS = [
  'facility',
  'activityType',
  'periodStart',
  'periodEnd',
  'quantity',
  'unit',
  'factorKey',
  'scope',
  'scope3Category',
  'certificateCoverage',
] as const;

function csvOf(rows: readonly ActivityRow[]): string {
  return (
    [COLUMNS.join(','), ...rows.map((row) => COLUMNS.map((column) => row[column] ?? '').join(','))].join(
      '\n',
    ) + '\n'
  );
}

/** What the inventory should hold, summed from the estimate API over the same rows (one item per result). */
interface ExpectedTotals {
  scope1: number;
  scope2Location: number;
  scope2Market: number;
  scope3: number;
  gases: Record<KyotoGas, number>;
  biogenicCo2: number;
  category6: number;
  byFacility: Map<string, number>;
}

describe('GET /api/reports/inventory', () => {
  let testApp: TestApp;
  let workDir: string;
  let acmeToken: string;
  let otherToken: string;
  let simpleToken: string;
  let acmeRealmId: string;

  const HOSTS = { acme: 'acme.test', other: 'other.test', simple: 'simple.test' } as const;
  const tokens = () => ({ acme: acmeToken, other: otherToken, simple: simpleToken });
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, as: keyof typeof HOSTS, payload?: unknown) =>
    testApp.app.inject({
      method,
      url,
      headers: { host: HOSTS[as], ...withSession(tokens()[as]) },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const inventory = async (year: number, as: keyof typeof HOSTS = 'acme'): Promise<InventoryResponse> => {
    const response = await call('GET', `/api/reports/inventory?year=${year}`, as);
    expect(response.statusCode, response.body).toBe(200);
    return inventoryResponseSchema.parse(response.json());
  };
  const ecc = (...args: string[]) => runCliCapturing(testApp.database, args);

  async function importRows(realm: string, name: string, rows: readonly ActivityRow[]): Promise<void> {
    const file = join(workDir, name);
    writeFileSync(file, csvOf(rows));
    const run = await ecc('import', 'activities', '--realm', realm, file);
    expect(run.stderr).toBe('');
    expect(run.exitCode).toBe(EXIT_OK);
  }

  /** The estimate API over the rows, with each facility counted at `share` (0..1). */
  async function expectedFrom(rows: readonly ActivityRow[], share: (facility: string) => number) {
    const items: (EstimateItemInput & { facility: string })[] = [];
    rows.forEach((row, index) => {
      const base = {
        quantity: row.quantity,
        unit: row.unit,
        factor: { id: row.factorKey },
        scope: row.scope,
        ...(row.scope3Category === undefined ? {} : { scope3Category: row.scope3Category }),
      };
      if (row.scope === 2) {
        items.push({ ...base, id: `${index}-location`, facility: row.facility, scope2Method: 'location' });
        items.push({
          ...base,
          id: `${index}-market`,
          facility: row.facility,
          scope2Method: 'market',
          ...(row.certificateCoverage === undefined ? {} : { certificateCoverage: row.certificateCoverage }),
        });
      } else items.push({ ...base, id: String(index), facility: row.facility });
    });
    const response = await call('POST', '/api/emissions/estimate', 'acme', {
      items: items.map(({ facility: _facility, ...item }) => item),
    });
    expect(response.statusCode, response.body).toBe(200);
    const estimate = estimateResponseSchema.parse(response.json());
    const expected: ExpectedTotals = {
      scope1: 0,
      scope2Location: 0,
      scope2Market: 0,
      scope3: 0,
      gases: { CO2: 0, CH4: 0, N2O: 0, HFCs: 0, PFCs: 0, SF6: 0, NF3: 0 },
      biogenicCo2: 0,
      category6: 0,
      byFacility: new Map(),
    };
    estimate.items.forEach((result, index) => {
      const item = items[index]!;
      const counted = share(item.facility);
      const co2e = result.co2e * counted;
      if (item.scope === 1) {
        expected.scope1 += co2e;
        for (const [gas, kg] of Object.entries(result.gases)) {
          const kyotoGas = kyotoGasOf(gas);
          if (kyotoGas) expected.gases[kyotoGas] += kg * counted;
        }
      } else if (item.scope === 3) {
        expected.scope3 += co2e;
        if (item.scope3Category === 6) expected.category6 += co2e;
      } else if (item.scope2Method === 'market') expected.scope2Market += co2e;
      else expected.scope2Location += co2e;
      if (item.scope2Method !== 'market' && counted > 0) {
        expected.biogenicCo2 += (result.gases.CO2_biogenic ?? 0) * counted;
        expected.byFacility.set(item.facility, (expected.byFacility.get(item.facility) ?? 0) + co2e);
      }
    });
    return expected;
  }

  function expectToTheGram(answer: InventoryResponse, expected: ExpectedTotals): void {
    const close = (actual: number, wanted: number, what: string) =>
      expect(Math.abs(actual - wanted), `${what}: ${actual} vs ${wanted}`).toBeLessThan(GRAM_KG);
    close(answer.scope1.co2e, expected.scope1, 'Scope 1');
    close(answer.scope2.location.co2e, expected.scope2Location, 'Scope 2 location-based');
    close(answer.scope2.market.co2e, expected.scope2Market, 'Scope 2 market-based');
    close(answer.scope3.co2e, expected.scope3, 'Scope 3');
    close(answer.scope3.categories[5]?.co2e ?? 0, expected.category6, 'Scope 3 category 6');
    close(answer.biogenicCo2, expected.biogenicCo2, 'biogenic CO2');
    for (const [gas, kg] of Object.entries(expected.gases))
      close(answer.scope1.gases[gas as KyotoGas], kg, gas);
    close(answer.totals.co2e, expected.scope1 + expected.scope2Location + expected.scope3, 'total');
    expect(answer.byFacility.map((row) => row.slug).sort()).toEqual([...expected.byFacility.keys()].sort());
    for (const row of answer.byFacility) close(row.co2e, expected.byFacility.get(row.slug) ?? 0, row.slug);
  }

  const rows2024 = activityRows(2024, 1);
  const rows2023 = activityRows(2023, 0.9);

  beforeAll(async () => {
    testApp = await createTestApp();
    workDir = mkdtempSync(join(tmpdir(), 'ecc-inventory-'));
    const acme = await createTestRealm(testApp.database.db, {
      key: 'acme',
      domains: ['acme.test'],
      plan: 'paid',
    });
    await createTestUser(testApp.database.db, acme, ACME_ADMIN);
    const other = await createTestRealm(testApp.database.db, {
      key: 'other',
      domains: ['other.test'],
      plan: 'paid',
    });
    await createTestUser(testApp.database.db, other, OTHER_USER);
    const simple = await createTestRealm(testApp.database.db, {
      key: 'simple',
      domains: ['simple.test'],
      plan: 'simple',
    });
    await createTestUser(testApp.database.db, simple, SIMPLE_USER);
    acmeRealmId = acme.id;
    acmeToken = await signIn(testApp.app, ACME_ADMIN, 'acme.test');
    otherToken = await signIn(testApp.app, OTHER_USER, 'other.test');
    simpleToken = await signIn(testApp.app, SIMPLE_USER, 'simple.test');

    const sites = join(workDir, 'sites.csv');
    writeFileSync(
      sites,
      'Slug,Name,Sector,Country,State\nplant-a,Plant A,Manufacturing,US,TX\nplant-b,Plant B,Manufacturing,CA,\nplant-c,Plant C,Power Plants,US,WV\n',
    );
    for (const realm of ['acme', 'other']) {
      const run = await ecc('import', 'facilities', '--realm', realm, sites);
      expect(run.stderr).toBe('');
    }
    await importRows('acme', 'acme.csv', [...rows2023, ...rows2024]);
    // The other realm has the same facilities with ten times the activity: none of it may show in acme's answer.
    await importRows('other', 'other.csv', activityRows(2024, 10));
  }, 120_000);
  afterAll(async () => {
    await testApp.close();
    rmSync(workDir, { recursive: true, force: true });
  });

  it('equals the sum of the estimate API over the imported records, per scope and per gas, to the gram', async () => {
    const answer = await inventory(2024);
    expect(answer).toMatchObject({
      year: 2024,
      period: { start: '2024-01-01', end: '2024-12-31' },
      gwp: 'AR5',
      consolidation: 'operational-control',
      exclusions: [],
    });
    const expected = await expectedFrom(rows2024, () => 1);
    expectToTheGram(answer, expected);
    expect(answer.scope1.gases.HFCs).toBeGreaterThan(0);
    expect(answer.biogenicCo2).toBeGreaterThan(0);
    expect(answer.scope2.market.co2e).toBeLessThan(answer.scope2.location.co2e);
    expect(answer.byCountry.map((row) => row.country).sort()).toEqual(['CA', 'US']);
    expect(answer.factorSources.reduce((sum, source) => sum + source.resultCount, 0)).toBe(
      rows2024.length + rows2024.filter((row) => row.scope === 2).length,
    );
    expect(answer.factorSources.some((source) => source.factorKey === 'egrid-2022-erct')).toBe(true);

    const previous = await expectedFrom(rows2023, () => 1);
    const previousTotal = previous.scope1 + previous.scope2Location + previous.scope3;
    expect(answer.comparison.previousYear?.year).toBe(2023);
    expect(Math.abs((answer.comparison.previousYear?.co2e ?? 0) - previousTotal)).toBeLessThan(GRAM_KG);
    expect(answer.comparison.previousYear?.changeCo2e).toBeCloseTo(answer.totals.co2e - previousTotal, 3);
    expect(answer.comparison.baseYear).toBeNull();

    expect(
      inventoryYearsResponseSchema.parse((await call('GET', '/api/reports/inventory/years', 'acme')).json()),
    ).toEqual({
      years: [2023, 2024],
    });
  });

  it('leaves a facility out of the boundary out, lists it with its reason; equity share scales', async () => {
    await testApp.database.db.execute(
      sql`update facilities set is_in_boundary = false, boundary_exclusion_reason = 'Sold in 2024'
          where realm_id = ${acmeRealmId} and slug = 'plant-c'`,
    );
    const outOfBoundary = await inventory(2024);
    expectToTheGram(
      outOfBoundary,
      await expectedFrom(rows2024, (facility) => (facility === 'plant-c' ? 0 : 1)),
    );
    expect(outOfBoundary.exclusions).toMatchObject([
      { slug: 'plant-c', kind: 'out-of-boundary', countedPercent: 0, reason: 'Sold in 2024' },
    ]);
    expect(outOfBoundary.exclusions[0]?.uncountedCo2e).toBeGreaterThan(0);

    await testApp.database.db.execute(
      sql`update facilities set ownership_share_percent = 40 where realm_id = ${acmeRealmId} and slug = 'plant-b'`,
    );
    const boundary = await call('PUT', '/api/organisation/boundary', 'acme', {
      consolidationApproach: 'equity-share',
      reportingYearStartMonth: 1,
      baseYear: 2023,
      recalculationThresholdPercent: 5,
    });
    expect(boundary.statusCode, boundary.body).toBe(200);
    const equity = await inventory(2024);
    expect(equity.consolidation).toBe('equity-share');
    const shares: Record<string, number> = { 'plant-a': 1, 'plant-b': 0.4, 'plant-c': 1 };
    expectToTheGram(equity, await expectedFrom(rows2024, (facility) => shares[facility] ?? 1));
    expect(equity.byFacility.find((row) => row.slug === 'plant-b')?.countedPercent).toBe(40);
    expect(equity.exclusions.map((row) => [row.slug, row.kind])).toEqual([['plant-b', 'partial-share']]);
    expect(equity.comparison.baseYear?.year).toBe(2023);
  });

  it('never answers another realm’s data, and answers only on its page’s plans', async () => {
    const other = await inventory(2024, 'other');
    const acme = await inventory(2024);
    expect(other.scope1.co2e).toBeGreaterThan(acme.scope1.co2e * 5);
    expect(other.comparison.previousYear).toBeNull();
    expect((await call('GET', '/api/reports/inventory?year=2023', 'other')).statusCode).toBe(404);
    expect((await call('GET', '/api/reports/inventory?year=2024', 'simple')).statusCode).toBe(403);
  });

  it('sums a fiscal year from July to June when the reporting year starts in July, and calendar years again after', async () => {
    const boundaryStartingIn = (month: number) =>
      call('PUT', '/api/organisation/boundary', 'acme', {
        consolidationApproach: 'equity-share',
        reportingYearStartMonth: month,
        baseYear: 2023,
        recalculationThresholdPercent: 5,
      });
    const shares: Record<string, number> = { 'plant-a': 1, 'plant-b': 0.4, 'plant-c': 1 };
    const shareOf = (facility: string) => shares[facility] ?? 1;
    expect((await boundaryStartingIn(7)).statusCode).toBe(200);
    const fiscal = await inventory(2024);
    expect(fiscal.period).toEqual({ start: '2023-07-01', end: '2024-06-30' });
    const fiscalRows = [...rows2023, ...rows2024].filter(
      (row) => row.periodStart >= '2023-07-01' && row.periodStart < '2024-07-01',
    );
    expectToTheGram(fiscal, await expectedFrom(fiscalRows, shareOf));
    expect(
      inventoryYearsResponseSchema.parse((await call('GET', '/api/reports/inventory/years', 'acme')).json()),
    ).toEqual({ years: [2023, 2024, 2025] });

    expect((await boundaryStartingIn(1)).statusCode).toBe(200);
    expectToTheGram(await inventory(2024), await expectedFrom(rows2024, shareOf));
  });

  it('keeps the reasons of change from the year before (CDP C7.9a), the rest unidentified, the sum checked', async () => {
    const current = await inventory(2024);
    const change = current.comparison.previousYear?.changeCo2e ?? 0;
    expect(change).toBeGreaterThan(0);
    expect(current.changeReasons.reasons).toEqual([
      {
        reason: 'unidentified',
        co2e: change,
        direction: 'increase',
        note: '',
        percentOfPrevious: expect.any(Number),
      },
    ]);
    const url = '/api/reports/inventory/2024/change-reasons';
    const saved = await call('PUT', url, 'acme', {
      reasons: [
        { reason: 'change-in-output', co2e: change * 0.75, direction: 'increase', note: 'A second shift' },
        { reason: 'emissions-reduction-activities', co2e: 100, direction: 'decrease' },
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const reasons = (await call('GET', url, 'acme')).json().reasons as { reason: string; co2e: number }[];
    expect(reasons.map((row) => row.reason)).toEqual([
      'emissions-reduction-activities',
      'change-in-output',
      'unidentified',
    ]);
    expect(reasons[2]?.co2e).toBeCloseTo(change * 0.25 + 100, 6);

    const overExplained = await call('PUT', url, 'acme', {
      reasons: [{ reason: 'acquisitions', co2e: change + 1, direction: 'increase' }],
    });
    expect(overExplained.statusCode).toBe(400);
    expect(Object.keys(overExplained.json().fieldErrors)).toEqual(['body/reasons']);
    const badInput = await call('PUT', url, 'acme', {
      reasons: [{ reason: 'unidentified', co2e: -5, direction: 'sideways' }],
    });
    expect(badInput.statusCode).toBe(400);
    expect(Object.keys(badInput.json().fieldErrors).sort()).toEqual([
      'body/reasons/0/co2e',
      'body/reasons/0/direction',
      'body/reasons/0/reason',
    ]);
    // Nothing of the refused attempts was written.
    expect((await call('GET', url, 'acme')).json().reasons).toHaveLength(3);
    const noPrevious = await call('PUT', '/api/reports/inventory/2023/change-reasons', 'acme', {
      reasons: [],
    });
    expect(noPrevious.statusCode).toBe(409);
    // The other realm sees none of them, and a member may read but not change them.
    expect((await inventory(2024, 'other')).changeReasons.reasons).toEqual([]);
    expect((await call('PUT', url, 'other', { reasons: [] })).statusCode).toBe(403);
  });

  it('exports its tables as CSV and XLSX with the numbers the API answers', async () => {
    const answer = await inventory(2024);
    const csv = await call('GET', '/api/exports/inventory?year=2024&table=summary&format=csv', 'acme');
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-disposition']).toMatch(/ghg-inventory-2024-summary-\d{4}-\d{2}-\d{2}\.csv/);
    const lines = Papa.parse<Record<string, string>>(csv.body.replace(/^\uFEFF/, ''), {
      header: true,
      skipEmptyLines: true,
    }).data;
    const line = (item: string) => Number(lines.find((row) => row.Item === item)?.Amount);
    expect(line('Gross Scope 1')).toBeCloseTo(answer.scope1.co2e, 6);
    expect(line('Market-based')).toBeCloseTo(answer.scope2.market.co2e, 6);
    expect(line('6 Business travel')).toBeCloseTo(answer.scope3.categories[5]?.co2e ?? 0, 6);

    const xlsx = await call('GET', '/api/exports/inventory?year=2024&table=facilities&format=xlsx', 'acme');
    expect(xlsx.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const headers = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(headers.slice(0, 5)).toEqual(['Facility', 'Slug', 'Country', 'Counted (%)', 'Scope 1 (kg CO2e)']);
    expect(headers.at(-1)).toBe('Source');
    expect(sheet.rowCount).toBe(answer.byFacility.length + 1);
    const first = (sheet.getRow(2).values as unknown[]).slice(1);
    expect(first[1]).toBe(answer.byFacility[0]?.slug);
    expect(first[4]).toBeCloseTo(answer.byFacility[0]?.scope1 ?? 0, 6);

    expect(
      (await call('GET', '/api/exports/inventory?year=2030&table=summary&format=csv', 'acme')).statusCode,
    ).toBe(404);
  });

  it('exports every other table of the page (comparison, intensities, methods, disclosures) with its numbers', async () => {
    const denominator = await call('PUT', '/api/organisation/denominators', 'acme', {
      year: 2024,
      scope: 'realm',
      kind: 'headcount',
      amount: 250,
    });
    expect(denominator.statusCode, denominator.body).toBe(200);
    const answer = await inventory(2024);
    const csvOf = async (table: string) => {
      const response = await call(
        'GET',
        `/api/exports/inventory?year=2024&table=${table}&format=csv`,
        'acme',
      );
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-disposition']).toContain(`ghg-inventory-2024-${table}-`);
      const parsed = Papa.parse<Record<string, string>>(response.body.replace(/^\uFEFF/, ''), {
        header: true,
        skipEmptyLines: true,
      });
      return { headers: parsed.meta.fields ?? [], rows: parsed.data };
    };
    const tonnes = (kg: number) => kg / 1000;

    const comparison = await csvOf('comparison');
    expect(comparison.headers).toEqual([
      'Compared with',
      'Year',
      'Scope 1 (kg CO2e)',
      'Scope 2 location-based (kg CO2e)',
      'Scope 2 market-based (kg CO2e)',
      'Scope 3 (kg CO2e)',
      'Total, location-based (kg CO2e)',
      'Change to this year (kg CO2e)',
      'Change to this year (%)',
    ]);
    expect(comparison.rows.map((row) => [row['Compared with'], row.Year])).toEqual([
      ['This year', '2024'],
      ['Base year', '2023'],
      ['Previous year', '2023'],
    ]);
    expect(Number(comparison.rows[2]?.['Change to this year (kg CO2e)'])).toBeCloseTo(
      answer.comparison.previousYear?.changeCo2e ?? Number.NaN,
      6,
    );

    const intensities = await csvOf('intensities');
    expect(intensities.headers[0]).toBe('Denominator');
    expect(intensities.rows).toHaveLength(answer.intensities.length);
    const headcount = answer.intensities.find((intensity) => intensity.kind === 'headcount');
    expect(Number(intensities.rows[0]?.['kg CO2e per unit (location-based)'])).toBeCloseTo(
      headcount?.co2ePerUnit ?? Number.NaN,
      6,
    );

    const methods = await csvOf('methods');
    expect(methods.headers).toEqual(['Calculation method', 'Results']);
    expect(methods.rows.map((row) => [row['Calculation method'], Number(row.Results)])).toEqual(
      answer.methods.map((method) => [method.calculationMethodId, method.resultCount]),
    );

    const factors = await csvOf('factor-sources');
    expect(factors.headers).toEqual(['Factor', 'Version', 'Results', 'Fallbacks']);
    expect(factors.rows).toHaveLength(answer.factorSources.length);
    const grid = factors.rows.find((row) => row.Factor === 'egrid-2022-erct');
    expect(Number(grid?.Results)).toBe(
      answer.factorSources.find((source) => source.factorKey === 'egrid-2022-erct')?.resultCount,
    );

    const exclusions = await csvOf('exclusions');
    expect(exclusions.headers.slice(0, 3)).toEqual(['Facility', 'Slug', 'Counted (%)']);
    expect(exclusions.rows.map((row) => [row.Slug, Number(row['Counted (%)'])])).toEqual(
      answer.exclusions.map((exclusion) => [exclusion.slug, exclusion.countedPercent]),
    );

    const esrs = await csvOf('esrs-e1-6');
    expect(esrs.headers).toEqual([
      'Line',
      'Base year 2023 (t CO2e)',
      'N-1 2023 (t CO2e)',
      'N 2024 (t CO2e)',
      '% N / N-1',
    ]);
    const esrsScope1 = esrs.rows.find((row) => row.Line === 'Gross Scope 1 GHG emissions');
    expect(Number(esrsScope1?.['N 2024 (t CO2e)'])).toBeCloseTo(tonnes(answer.scope1.co2e), 6);

    const c6 = await csvOf('cdp-c6');
    expect(c6.headers).toEqual(['Question', 't CO2e']);
    const c6Market = c6.rows.find((row) => row.Question?.endsWith('market-based'));
    expect(Number(c6Market?.['t CO2e'])).toBeCloseTo(tonnes(answer.scope2.market.co2e), 6);

    // C7.9a's reasons of change are lines of the C7 file, signed as their direction says.
    const c7 = await csvOf('cdp-c7');
    expect(c7.headers.slice(0, 3)).toEqual(['Question', 'Item', 'Scope 1 (t CO2e)']);
    const reasons = c7.rows.filter((row) => row.Question?.startsWith('C7.9a'));
    expect(reasons).toHaveLength(answer.changeReasons.reasons.length);
    const reduction = answer.changeReasons.reasons.find(
      (reason) => reason.reason === 'emissions-reduction-activities',
    );
    expect(
      Number(
        reasons.find((row) => row.Item === CHANGE_REASON_LABELS['emissions-reduction-activities'])?.[
          'Change from N-1 (t CO2e)'
        ],
      ),
    ).toBeCloseTo(-tonnes(reduction?.co2e ?? Number.NaN), 9);

    // The reasons as their editor shows them: a line each in t CO2e with its direction and note, then the remainder.
    const changeReasons = await csvOf('change-reasons');
    expect(changeReasons.headers).toEqual([
      'Year',
      'Reason (CDP C7.9a)',
      'Emissions (t CO2e)',
      'Direction',
      'Change from the year before (%)',
      'Note',
    ]);
    expect(changeReasons.rows.map((row) => row['Reason (CDP C7.9a)'])).toEqual(
      answer.changeReasons.reasons.map((reason) => CHANGE_REASON_LABELS[reason.reason]),
    );
    const output = changeReasons.rows.find((row) => row.Note === 'A second shift');
    expect(output).toMatchObject({ Year: '2024', Direction: 'Increased' });
    expect(Number(output?.['Emissions (t CO2e)'])).toBeCloseTo(
      tonnes(
        answer.changeReasons.reasons.find((reason) => reason.reason === 'change-in-output')?.co2e ?? NaN,
      ),
      9,
    );
    const reasonsSheet = await xlsxRows(
      (await call('GET', '/api/exports/inventory?year=2024&table=change-reasons&format=xlsx', 'acme'))
        .rawPayload,
    );
    expect(reasonsSheet).toHaveLength(answer.changeReasons.reasons.length + 1);
    expect(reasonsSheet[1]?.slice(0, 4)).toEqual([
      2024,
      CHANGE_REASON_LABELS['emissions-reduction-activities'],
      0.1,
      'Decreased',
    ]);
    const foreignReasons = await call(
      'GET',
      '/api/exports/inventory?year=2024&table=change-reasons&format=csv',
      'other',
    );
    expect(foreignReasons.statusCode).toBe(200);
    expect(foreignReasons.body).not.toContain('A second shift');
    expect(
      (await call('GET', '/api/exports/inventory?year=2024&table=change-reasons&format=csv', 'simple'))
        .statusCode,
    ).toBe(403);

    // The workbook keeps the numbers numbers.
    const xlsx = await call('GET', '/api/exports/inventory?year=2024&table=esrs-e1-6&format=xlsx', 'acme');
    expect(xlsx.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.rowCount).toBe(esrs.rows.length + 1);
    expect(sheet.getRow(2).getCell(4).value).toBeCloseTo(tonnes(answer.scope1.co2e), 6);
    expect(
      (await call('GET', '/api/exports/inventory?year=2024&table=secrets&format=csv', 'acme')).statusCode,
    ).toBe(400);
  });

  it('answers 404 naming the year for a year without results, 400 for a year that is not one', async () => {
    const empty = await call('GET', '/api/reports/inventory?year=2030', 'acme');
    expect(empty.statusCode).toBe(404);
    expect(Object.keys(empty.json().fieldErrors ?? {})).toEqual(['querystring/year']);
    for (const year of ['1800', 'soon', '2024.5', '']) {
      const response = await call('GET', `/api/reports/inventory?year=${year}`, 'acme');
      expect(response.statusCode, year).toBe(400);
      expect(Object.keys(response.json().fieldErrors ?? {})).toEqual(['querystring/year']);
    }
  });
});
