import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  analysisResponseSchema,
  eeioFactorListResponseSchema,
  estimateResponseSchema,
  inventoryResponseSchema,
  type AnalysisQueryInput,
  type AnalysisResponse,
  type EstimateItemInput,
  type InventoryResponse,
  type KyotoGas,
} from '@ecc/contracts';
import { ILLUSTRATIVE_EEIO_CSV } from '@ecc/db';
import { kyotoGasOf } from '@ecc/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCliCapturing } from '#test-support/run-cli.ts';
import { createTestApp, signIn, withSession, type TestApp } from '#test-support/test-app.ts';
import { createTestRealm, createTestUser } from '#test-support/test-realms.ts';

/*
 * Issue 11's first "done when": on a realm loaded by `ecc import activities` (the CLI's own command, run on the
 * test's database), the GHG inventory, the analysis pivot and the sum of `POST /api/emissions/estimate` over the
 * same records agree to the gram: Scope 1, Scope 2 location- and market-based, Scope 3 and its categories, each
 * Kyoto gas of Scope 1, biogenic CO2, and every facility's figures, for one year.
 *
 * The rounding rule: all three answer kilograms as floating-point numbers; the database sums exact numerics
 * and the test sums the estimate API's items in JavaScript. Two figures agree to the gram when they differ by
 * less than half a gram (0.0005 kg), so that both round to the same whole gram except on a half-gram boundary.
 */

const HALF_GRAM_KG = 0.0005;
const YEAR = 2025;
const EXIT_OK = 0;
const ADMIN = { email: 'ada@proof.test', password: 'proof-password-1', role: 'admin' as const };
const HOST = 'proof.test';
const KYOTO_GASES: readonly KyotoGas[] = ['CO2', 'CH4', 'N2O', 'HFCs', 'PFCs', 'SF6', 'NF3'];
const SITES =
  'Slug,Name,Sector,NAICS,Country,State\n' +
  'north-mill,North Mill,Manufacturing,331110,US,OH\n' +
  'gulf-plant,Gulf Plant,Chemicals,325211,US,TX\n' +
  'boston-office,Boston Office,Services,541511,US,MA\n' +
  'rotterdam-depot,Rotterdam Depot,Logistics,493110,NL,\n';

/** One row of the activity file the CLI imports. */
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
  isEstimated?: boolean;
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
  'isEstimated',
] as const;

function csvOf(rows: readonly ActivityRow[]): string {
  const cell = (row: ActivityRow, column: (typeof COLUMNS)[number]) => {
    if (column === 'isEstimated') return row.isEstimated ? 'yes' : 'no';
    return row[column] ?? '';
  };
  return `${[COLUMNS.join(','), ...rows.map((row) => COLUMNS.map((column) => cell(row, column)).join(','))].join('\n')}\n`;
}

/** A source's twelve months of a year, its quantity varying by month so that no two months are equal. */
function monthly(
  year: number,
  source: Omit<ActivityRow, 'periodStart' | 'periodEnd'>,
  step: number,
): ActivityRow[] {
  return Array.from({ length: 12 }, (_, index) => {
    const month = String(index + 1).padStart(2, '0');
    return {
      ...source,
      quantity: Number((source.quantity + step * index).toFixed(3)),
      periodStart: `${year}-${month}-01`,
      periodEnd: `${year}-${month}-${index === 1 ? '28' : '30'}`,
      isEstimated: source.isEstimated === true && index % 3 === 0,
    };
  });
}

/**
 * A realm's year: fuels (natural gas, coal, wood with biogenic CO2, mobile diesel), refrigerants and other
 * fluorinated gases (R-410A, SF6, PFC-14, NF3), electricity with certificates (location- and market-based), and
 * Scope 3: business travel, transmission losses, and purchased goods and freight as spend on EEIO factors.
 */
function activityRows(year: number, purchasedGoodsFactor: string, freightFactor: string): ActivityRow[] {
  return [
    ...monthly(
      year,
      {
        facility: 'north-mill',
        activityType: 'Natural gas',
        quantity: 182_345.7,
        unit: 'scf',
        factorKey: 'epa-hub-2024-natural-gas-scf',
        scope: 1,
        isEstimated: true,
      },
      1_234.5,
    ),
    ...monthly(
      year,
      {
        facility: 'north-mill',
        activityType: 'Coal',
        quantity: 41.25,
        unit: 'short_ton',
        factorKey: 'epa-hub-2024-bituminous-coal-short-ton',
        scope: 1,
      },
      0.75,
    ),
    ...monthly(
      year,
      {
        facility: 'north-mill',
        activityType: 'Wood',
        quantity: 3.125,
        unit: 'short_ton',
        factorKey: 'epa-hub-2024-wood-and-wood-residuals-short-ton',
        scope: 1,
      },
      0.125,
    ),
    ...monthly(
      year,
      {
        facility: 'north-mill',
        activityType: 'Chiller R-410A',
        quantity: 1.375,
        unit: 'kg',
        factorKey: 'fgas-r-410a',
        scope: 1,
        isEstimated: true,
      },
      0.05,
    ),
    ...monthly(
      year,
      {
        facility: 'north-mill',
        activityType: 'Electricity',
        quantity: 412.625,
        unit: 'MWh',
        factorKey: 'egrid-2022-rfcw',
        scope: 2,
        certificateCoverage: 0.4,
      },
      9.5,
    ),
    ...monthly(
      year,
      {
        facility: 'gulf-plant',
        activityType: 'Fleet diesel',
        quantity: 911.3,
        unit: 'gal',
        factorKey: 'epa-hub-2024-mobile-diesel-gal',
        scope: 1,
      },
      17.1,
    ),
    ...monthly(
      year,
      {
        facility: 'gulf-plant',
        activityType: 'Switchgear SF6',
        quantity: 0.021,
        unit: 'kg',
        factorKey: 'fgas-sf6',
        scope: 1,
      },
      0.001,
    ),
    ...monthly(
      year,
      {
        facility: 'gulf-plant',
        activityType: 'Etching PFC-14',
        quantity: 0.055,
        unit: 'kg',
        factorKey: 'fgas-pfc-14',
        scope: 1,
      },
      0.002,
    ),
    ...monthly(
      year,
      {
        facility: 'gulf-plant',
        activityType: 'Chamber cleaning NF3',
        quantity: 0.012,
        unit: 'kg',
        factorKey: 'fgas-nf3',
        scope: 1,
      },
      0.001,
    ),
    ...monthly(
      year,
      {
        facility: 'gulf-plant',
        activityType: 'Electricity',
        quantity: 1_310.5,
        unit: 'MWh',
        factorKey: 'egrid-2022-erct',
        scope: 2,
        certificateCoverage: 0.25,
        isEstimated: true,
      },
      21.25,
    ),
    ...monthly(
      year,
      {
        facility: 'boston-office',
        activityType: 'Electricity',
        quantity: 61_250.125,
        unit: 'kWh',
        factorKey: 'egrid-2022-newe',
        scope: 2,
        certificateCoverage: 0.9,
      },
      812.5,
    ),
    ...monthly(
      year,
      {
        facility: 'boston-office',
        activityType: 'Business travel (air)',
        quantity: 421.7,
        unit: 'gal',
        factorKey: 'epa-c1-kerosene-type-jet-fuel',
        scope: 3,
        scope3Category: 6,
      },
      11.3,
    ),
    ...monthly(
      year,
      {
        facility: 'rotterdam-depot',
        activityType: 'Forklift diesel',
        quantity: 1_002.4,
        unit: 'gal',
        factorKey: 'epa-c1-distillate-fuel-oil-no-2',
        scope: 1,
        isEstimated: true,
      },
      3.3,
    ),
    ...monthly(
      year,
      {
        facility: 'rotterdam-depot',
        activityType: 'Grid losses',
        quantity: 3_075.5,
        unit: 'kWh',
        factorKey: 'desnz-2023-uk-electricity-t-and-d',
        scope: 3,
        scope3Category: 3,
      },
      7.5,
    ),
    ...monthly(
      year,
      {
        facility: 'rotterdam-depot',
        activityType: 'Packaging spend',
        quantity: 48_250.5,
        unit: 'USD',
        factorKey: purchasedGoodsFactor,
        scope: 3,
        scope3Category: 1,
      },
      1_250.25,
    ),
    ...monthly(
      year,
      {
        facility: 'gulf-plant',
        activityType: 'Freight spend',
        quantity: 12_600.75,
        unit: 'USD',
        factorKey: freightFactor,
        scope: 3,
        scope3Category: 4,
      },
      410.5,
    ),
  ];
}

/** The records of the year, and a few either side of it that none of the three may count. */
function fileRows(purchasedGoodsFactor: string, freightFactor: string): ActivityRow[] {
  const neighbours = activityRows(YEAR - 1, purchasedGoodsFactor, freightFactor).filter((row) =>
    row.periodStart.endsWith('-12-01'),
  );
  const nextJanuary = activityRows(YEAR + 1, purchasedGoodsFactor, freightFactor).filter((row) =>
    row.periodStart.endsWith('-01-01'),
  );
  return [...neighbours, ...activityRows(YEAR, purchasedGoodsFactor, freightFactor), ...nextJanuary];
}

/** The year's figures, in kg, as each of the three reads them. */
interface YearFigures {
  scope1: number;
  scope2Location: number;
  scope2Market: number;
  scope3: number;
  scope3Categories: Map<number, number>;
  scope1Gases: Record<KyotoGas, number>;
  biogenicCo2: number;
  /** Per facility slug: Scope 1, Scope 2 location, Scope 2 market, Scope 3. */
  byFacility: Map<string, [number, number, number, number]>;
}

function emptyFigures(): YearFigures {
  return {
    scope1: 0,
    scope2Location: 0,
    scope2Market: 0,
    scope3: 0,
    scope3Categories: new Map(),
    scope1Gases: { CO2: 0, CH4: 0, N2O: 0, HFCs: 0, PFCs: 0, SF6: 0, NF3: 0 },
    biogenicCo2: 0,
    byFacility: new Map(),
  };
}

function addTo<Key>(map: Map<Key, number>, key: Key, value: number): void {
  map.set(key, (map.get(key) ?? 0) + value);
}

function addToFacility(figures: YearFigures, slug: string, column: 0 | 1 | 2 | 3, co2e: number): void {
  const row = figures.byFacility.get(slug) ?? [0, 0, 0, 0];
  row[column] += co2e;
  figures.byFacility.set(slug, row);
}

describe('inventory = analysis = sum of the estimate API, on a realm loaded by `ecc import activities`', () => {
  let testApp: TestApp;
  let token: string;
  let workDir: string;
  let rows: ActivityRow[];

  const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
    testApp.app.inject({
      method,
      url,
      headers: { host: HOST, ...withSession(token) },
      ...(payload === undefined ? {} : { payload }),
    });
  const analyse = async (query: AnalysisQueryInput): Promise<AnalysisResponse> => {
    const response = await call('POST', '/api/analysis/query', query);
    expect(response.statusCode, response.body).toBe(200);
    return analysisResponseSchema.parse(response.json());
  };
  const ecc = (...args: string[]) => runCliCapturing(testApp.database, args);

  beforeAll(async () => {
    testApp = await createTestApp();
    const realm = await createTestRealm(testApp.database.db, {
      key: 'proof',
      domains: [HOST],
      plan: 'paid',
    });
    await createTestUser(testApp.database.db, realm, ADMIN);
    token = await signIn(testApp.app, ADMIN, HOST);
    workDir = mkdtempSync(join(tmpdir(), 'ecc-inventory-agreement-'));

    // The realm's EEIO factors (its own published factors), which the spend rows of the file name by key.
    const eeio = await call('POST', '/api/scope3/eeio-factors/import', {
      fileName: 'eeio.csv',
      csv: ILLUSTRATIVE_EEIO_CSV,
      gwpSetId: 'AR5',
    });
    expect(eeio.statusCode, eeio.body).toBe(201);
    const factors = eeioFactorListResponseSchema.parse(
      (await call('GET', '/api/scope3/eeio-factors')).json(),
    ).results;
    const purchaserFactor = (naicsCode: string) =>
      factors.find((factor) => factor.naicsCode === naicsCode && factor.priceBasis === 'purchaser')?.key;
    const packaging = purchaserFactor('322211');
    const freight = purchaserFactor('484121');
    expect(packaging).toMatch(/^realm:/);
    expect(freight).toMatch(/^realm:/);
    rows = fileRows(packaging!, freight!);

    writeFileSync(join(workDir, 'sites.csv'), SITES);
    writeFileSync(join(workDir, 'activities.csv'), csvOf(rows));
    const sites = await ecc('import', 'facilities', '--realm', 'proof', join(workDir, 'sites.csv'));
    expect(sites.stderr).toBe('');
    expect(sites.exitCode).toBe(EXIT_OK);
    const imported = await ecc('import', 'activities', '--realm', 'proof', join(workDir, 'activities.csv'));
    expect(imported.stderr).toBe('');
    expect(imported.exitCode).toBe(EXIT_OK);
    expect(imported.stdout).toContain(`Imported ${rows.length} activity records`);
  }, 120_000);
  afterAll(async () => {
    await testApp?.close();
    if (workDir) rmSync(workDir, { recursive: true, force: true });
  });

  /** `POST /api/emissions/estimate` over the year's rows (Scope 2 once per method), summed as the inventory does. */
  async function fromEstimateApi(): Promise<YearFigures> {
    const yearRows = rows.filter((row) => row.periodStart.startsWith(`${YEAR}-`));
    const items: (EstimateItemInput & { row: ActivityRow })[] = [];
    yearRows.forEach((row, index) => {
      const base = {
        quantity: row.quantity,
        unit: row.unit,
        factor: { id: row.factorKey },
        scope: row.scope,
        ...(row.scope3Category === undefined ? {} : { scope3Category: row.scope3Category }),
        row,
      };
      if (row.scope !== 2) {
        items.push({ ...base, id: String(index) });
        return;
      }
      items.push({ ...base, id: `${index}-location`, scope2Method: 'location' });
      items.push({
        ...base,
        id: `${index}-market`,
        scope2Method: 'market',
        ...(row.certificateCoverage === undefined ? {} : { certificateCoverage: row.certificateCoverage }),
      });
    });
    const response = await call('POST', '/api/emissions/estimate', {
      items: items.map(({ row: _row, ...item }) => item),
    });
    expect(response.statusCode, response.body).toBe(200);
    const estimate = estimateResponseSchema.parse(response.json());
    expect(estimate.gwp).toBe('AR5');
    const figures = emptyFigures();
    estimate.items.forEach((result, index) => {
      const { row, scope2Method } = items[index]!;
      if (row.scope === 1) {
        figures.scope1 += result.co2e;
        addToFacility(figures, row.facility, 0, result.co2e);
        for (const [gas, kg] of Object.entries(result.gases)) {
          const kyotoGas = kyotoGasOf(gas);
          if (kyotoGas) figures.scope1Gases[kyotoGas] += kg;
        }
      } else if (row.scope === 3) {
        figures.scope3 += result.co2e;
        addTo(figures.scope3Categories, row.scope3Category!, result.co2e);
        addToFacility(figures, row.facility, 3, result.co2e);
      } else if (scope2Method === 'market') {
        figures.scope2Market += result.co2e;
        addToFacility(figures, row.facility, 2, result.co2e);
      } else {
        figures.scope2Location += result.co2e;
        addToFacility(figures, row.facility, 1, result.co2e);
      }
      // Biogenic CO2 is counted once per record: a Scope 2 record's market-based result repeats it.
      if (scope2Method !== 'market') figures.biogenicCo2 += result.gases.CO2_biogenic ?? 0;
    });
    return figures;
  }

  function fromInventory(answer: InventoryResponse): YearFigures {
    const figures = emptyFigures();
    figures.scope1 = answer.scope1.co2e;
    figures.scope2Location = answer.scope2.location.co2e;
    figures.scope2Market = answer.scope2.market.co2e;
    figures.scope3 = answer.scope3.co2e;
    for (const { category, co2e } of answer.scope3.categories)
      if (co2e !== 0) figures.scope3Categories.set(category, co2e);
    figures.scope1Gases = { ...answer.scope1.gases };
    figures.biogenicCo2 = answer.biogenicCo2;
    for (const row of answer.byFacility)
      figures.byFacility.set(row.slug, [row.scope1, row.scope2Location, row.scope2Market, row.scope3]);
    return figures;
  }

  /**
   * The pivot's answers for the year: CO2e by facility × scope on each Scope 2 method (from the monthly totals),
   * Scope 3 by category and gas masses (from the results), biogenic CO2 on its own.
   */
  async function fromAnalysis(): Promise<YearFigures> {
    const year = { year: [YEAR] };
    const figures = emptyFigures();
    for (const method of ['location', 'market'] as const) {
      const byFacility = await analyse({
        measures: ['co2e'],
        rows: ['facility'],
        columns: ['scope'],
        filters: year,
        scope2Method: method,
      });
      for (const row of byFacility.rows) {
        const slug = String(row.keys.facility);
        const co2e = row.values.co2e ?? 0;
        if (row.keys.scope === 1 && method === 'location') {
          figures.scope1 += co2e;
          addToFacility(figures, slug, 0, co2e);
        } else if (row.keys.scope === 3 && method === 'location') {
          figures.scope3 += co2e;
          addToFacility(figures, slug, 3, co2e);
        } else if (row.keys.scope === 2) {
          if (method === 'location') figures.scope2Location += co2e;
          else figures.scope2Market += co2e;
          addToFacility(figures, slug, method === 'location' ? 1 : 2, co2e);
        }
      }
    }
    const categories = await analyse({
      measures: ['co2e'],
      rows: ['scope3Category'],
      filters: { ...year, scope: [3] },
    });
    for (const row of categories.rows)
      addTo(figures.scope3Categories, Number(row.keys.scope3Category), row.values.co2e ?? 0);
    const gases = await analyse({ measures: ['gasMass'], rows: ['gas'], filters: { ...year, scope: [1] } });
    for (const row of gases.rows) {
      const kyotoGas = kyotoGasOf(String(row.keys.gas));
      if (kyotoGas) figures.scope1Gases[kyotoGas] += row.values.gasMass ?? 0;
    }
    const biogenic = await analyse({
      measures: ['gasMass'],
      rows: [],
      filters: { ...year, gas: ['CO2_biogenic'] },
    });
    figures.biogenicCo2 = biogenic.totals.gasMass ?? 0;
    return figures;
  }

  /** Every figure of `actual` within half a gram of `expected`, naming the figure that is not. */
  function expectAgreement(actual: YearFigures, expected: YearFigures, who: string): void {
    const agree = (got: number, wanted: number, what: string) =>
      expect(Math.abs(got - wanted), `${who}, ${what}: ${got} kg, expected ${wanted} kg`).toBeLessThan(
        HALF_GRAM_KG,
      );
    agree(actual.scope1, expected.scope1, 'Scope 1');
    agree(actual.scope2Location, expected.scope2Location, 'Scope 2 location-based');
    agree(actual.scope2Market, expected.scope2Market, 'Scope 2 market-based');
    agree(actual.scope3, expected.scope3, 'Scope 3');
    expect([...actual.scope3Categories.keys()].sort(), `${who}, Scope 3 categories`).toEqual(
      [...expected.scope3Categories.keys()].sort(),
    );
    for (const [category, co2e] of expected.scope3Categories)
      agree(actual.scope3Categories.get(category) ?? 0, co2e, `Scope 3 category ${category}`);
    for (const gas of KYOTO_GASES)
      agree(actual.scope1Gases[gas], expected.scope1Gases[gas], `Scope 1 ${gas}`);
    agree(actual.biogenicCo2, expected.biogenicCo2, 'biogenic CO2');
    expect([...actual.byFacility.keys()].sort(), `${who}, facilities`).toEqual(
      [...expected.byFacility.keys()].sort(),
    );
    const columns = ['Scope 1', 'Scope 2 location-based', 'Scope 2 market-based', 'Scope 3'];
    for (const [slug, wanted] of expected.byFacility) {
      const got = actual.byFacility.get(slug) ?? [0, 0, 0, 0];
      wanted.forEach((value, index) => agree(got[index]!, value, `${slug} ${columns[index]}`));
    }
  }

  it('agree to the gram on every scope, Scope 3 category, Kyoto gas, biogenic CO2 and facility', async () => {
    const response = await call('GET', `/api/reports/inventory?year=${YEAR}`);
    expect(response.statusCode, response.body).toBe(200);
    const inventory = inventoryResponseSchema.parse(response.json());
    expect(inventory).toMatchObject({
      year: YEAR,
      period: { start: `${YEAR}-01-01`, end: `${YEAR}-12-31` },
      gwp: 'AR5',
      consolidation: 'operational-control',
    });
    const estimated = await fromEstimateApi();
    const analysed = await fromAnalysis();

    // What the realm holds is what the test means it to: every kind of source has a figure.
    expect([...estimated.scope3Categories.keys()].sort((left, right) => left - right)).toEqual([1, 3, 4, 6]);
    for (const gas of KYOTO_GASES) expect(estimated.scope1Gases[gas], gas).toBeGreaterThan(0);
    expect(estimated.biogenicCo2).toBeGreaterThan(0);
    expect(estimated.scope2Market).toBeGreaterThan(0);
    expect(estimated.scope2Market).toBeLessThan(estimated.scope2Location);

    expectAgreement(fromInventory(inventory), estimated, 'inventory against the estimate API');
    expectAgreement(analysed, estimated, 'analysis against the estimate API');
    expectAgreement(fromInventory(inventory), analysed, 'inventory against the analysis');
    const total = estimated.scope1 + estimated.scope2Location + estimated.scope3;
    expect(Math.abs(inventory.totals.co2e - total)).toBeLessThan(HALF_GRAM_KG);
  });

  it('gives the same totals through the results and records (data quality) as through the monthly totals', async () => {
    const year = { year: [YEAR] };
    for (const method of ['location', 'market'] as const) {
      const fromTotals = await analyse({
        measures: ['co2e'],
        rows: ['scope'],
        filters: year,
        scope2Method: method,
      });
      const throughRecords = await analyse({
        measures: ['co2e'],
        rows: ['scope'],
        columns: ['dataQuality'],
        filters: year,
        scope2Method: method,
      });
      expect(
        new Set(throughRecords.rows.map((row) => row.keys.dataQuality)),
        'both kinds of records are in the year',
      ).toEqual(new Set(['measured', 'estimated']));
      expect(Math.abs((throughRecords.totals.co2e ?? 0) - (fromTotals.totals.co2e ?? 0))).toBeLessThan(
        HALF_GRAM_KG,
      );
      for (const scope of [1, 2, 3]) {
        const cells = throughRecords.rows.filter((row) => row.keys.scope === scope);
        const sum = cells.reduce((total, row) => total + (row.values.co2e ?? 0), 0);
        const wanted = fromTotals.rows.find((row) => row.keys.scope === scope)?.values.co2e ?? 0;
        expect(Math.abs(sum - wanted), `Scope ${scope} on ${method}`).toBeLessThan(HALF_GRAM_KG);
      }
    }
  });
});
