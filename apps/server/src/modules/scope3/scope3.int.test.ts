import {
  eeioFactorListResponseSchema,
  facilitySchema,
  importFailureSchema,
  priceIndexSchema,
  scope3LineListResponseSchema,
  scope3LineSchema,
  scope3SummarySchema,
  SPEND_COLUMNS,
} from '@ecc/contracts';
import {
  activityRecords,
  emissionFactors,
  emissionMonthTotals,
  emissionResults,
  ILLUSTRATIVE_EEIO_CSV,
} from '@ecc/db';
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, withSession, type TestApp } from '#test-support/test-app.ts';
import { createTestRealm, createTestUser } from '#test-support/test-realms.ts';
import { SCOPE3_LINE_EDITED_ELSEWHERE } from '#platform/record-results.ts';

const ADMIN = { email: 'admin@acme.test', password: 'acme-password-1', role: 'admin' as const };
const OTHER_ADMIN = { email: 'admin@other.test', password: 'other-password-1', role: 'admin' as const };
const PLANT = { name: 'North Plant', slug: 'north-plant', sector: 'Cement', country: 'US' };
/** The fixture's resin row (NAICS 325211): 0.76 kg CO2e per 2022 USD with margins, 0.70 without (illustrative). */
const RESIN_WITH_MARGINS = 0.76;
const RESIN_WITHOUT_MARGINS = 0.7;

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

describe('Scope 3 lines, EEIO factors and price indexes', () => {
  let testApp: TestApp;
  let acmeId: string;
  let facilityId: string;
  const tokens: Record<'admin' | 'other', string> = { admin: '', other: '' };

  beforeAll(async () => {
    testApp = await createTestApp();
    const { db } = testApp.database;
    const acme = await createTestRealm(db, { key: 'acme', domains: ['acme.test'], plan: 'paid' });
    const other = await createTestRealm(db, { key: 'other', domains: ['other.test'], plan: 'paid' });
    acmeId = acme.id;
    await createTestUser(db, acme, ADMIN);
    await createTestUser(db, other, OTHER_ADMIN);
    tokens.admin = await signIn(testApp.app, ADMIN, 'acme.test');
    tokens.other = await signIn(testApp.app, OTHER_ADMIN, 'other.test');
    const created = await call('admin', 'POST', '/api/facilities', PLANT);
    expect(created.statusCode, created.body).toBe(201);
    facilityId = facilitySchema.parse(created.json()).id;
  });
  afterAll(() => testApp.close());

  function call(as: keyof typeof tokens, method: Method, url: string, payload?: object) {
    return testApp.app.inject({
      method,
      url,
      headers: { host: as === 'other' ? 'other.test' : 'acme.test', ...withSession(tokens[as]) },
      ...(payload ? { payload } : {}),
    });
  }

  const factorCount = async () =>
    (await testApp.database.db.select().from(emissionFactors).where(eq(emissionFactors.realmId, acmeId)))
      .length;

  const spendLine = (overrides: object = {}) => ({
    facilityId,
    category: 1,
    method: 'spend',
    description: 'Resin for line 2',
    supplier: 'Midwest Resins Inc.',
    periodStart: '2024-03-01',
    periodEnd: '2024-03-31',
    spendAmount: 10_000,
    spendCurrency: 'USD',
    spendYear: 2024,
    priceBasis: 'purchaser',
    naicsCode: '325211',
    dataQuality: { technological: 4, temporal: 2, geographical: 3, completeness: 2, reliability: 3 },
    ...overrides,
  });

  it('refuses a factor file with a missing column or a non-numeric factor by row and column, writing nothing', async () => {
    const before = await factorCount();
    const missing = ILLUSTRATIVE_EEIO_CSV.replace(',Reference USEEIO Code', '');
    const noColumn = await call('admin', 'POST', '/api/scope3/eeio-factors/import', {
      fileName: 'missing.csv',
      csv: missing,
      gwpSetId: 'AR5',
    });
    expect(noColumn.statusCode).toBe(422);
    expect(importFailureSchema.parse(noColumn.json()).errors).toEqual([
      expect.objectContaining({ row: 1, column: 'Reference USEEIO Code' }),
    ]);
    const notANumber = await call('admin', 'POST', '/api/scope3/eeio-factors/import', {
      fileName: 'bad.csv',
      csv: ILLUSTRATIVE_EEIO_CSV.replace('0.700,0.060,0.760', '0.700,0.060,n/a'),
      gwpSetId: 'AR5',
    });
    expect(notANumber.statusCode).toBe(422);
    expect(importFailureSchema.parse(notANumber.json()).errors).toEqual([
      {
        row: 4,
        column: 'Supply Chain Emission Factors with Margins',
        message: '"n/a" is not a non-negative number',
      },
    ]);
    expect(await factorCount()).toBe(before);
  });

  it('imports the factor file as two factors per NAICS code, with and without margins', async () => {
    const response = await call('admin', 'POST', '/api/scope3/eeio-factors/import', {
      fileName: 'fixture.csv',
      csv: ILLUSTRATIVE_EEIO_CSV,
      gwpSetId: 'AR5',
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toEqual({ naicsCodes: 10, factors: 20 });
    const list = eeioFactorListResponseSchema.parse(
      (await call('admin', 'GET', '/api/scope3/eeio-factors')).json(),
    );
    const resin = list.results.filter((factor) => factor.naicsCode === '325211');
    expect(
      resin.map(({ priceBasis, kgCo2ePerUnit, dollarYear, currency }) => ({
        priceBasis,
        kgCo2ePerUnit,
        dollarYear,
        currency,
      })),
    ).toEqual([
      { priceBasis: 'purchaser', kgCo2ePerUnit: RESIN_WITH_MARGINS, dollarYear: 2022, currency: 'USD' },
      { priceBasis: 'producer', kgCo2ePerUnit: RESIN_WITHOUT_MARGINS, dollarYear: 2022, currency: 'USD' },
    ]);
  });

  it('refuses spend in a currency with no price index, or a year the index lacks, naming the field', async () => {
    const noIndex = await call('admin', 'POST', '/api/scope3/lines', spendLine());
    expect(noIndex.statusCode).toBe(422);
    expect(Object.keys(noIndex.json().fieldErrors)).toEqual(['body/spendCurrency']);
    for (const [year, indexValue] of [
      [2022, 100],
      [2024, 107.2],
    ] as const) {
      const put = await call('admin', 'PUT', '/api/scope3/price-indexes', {
        currency: 'usd',
        year,
        indexValue,
      });
      expect(put.statusCode, put.body).toBe(200);
      expect(priceIndexSchema.parse(put.json())).toMatchObject({ currency: 'USD', year, indexValue });
    }
    const noYear = await call('admin', 'POST', '/api/scope3/lines', spendLine({ spendYear: 2023 }));
    expect(noYear.statusCode).toBe(422);
    expect(noYear.json().fieldErrors).toEqual({
      'body/spendYear': 'The USD price index has no value for 2023, the year of this spend',
    });
    const euro = await call('admin', 'POST', '/api/scope3/lines', spendLine({ spendCurrency: 'EUR' }));
    expect(euro.statusCode).toBe(422);
    expect(euro.json().fieldErrors).toMatchObject({ 'body/spendCurrency': expect.stringContaining('EUR') });
    const unknownNaics = await call('admin', 'POST', '/api/scope3/lines', spendLine({ naicsCode: '999999' }));
    expect(unknownNaics.statusCode).toBe(422);
    expect(Object.keys(unknownNaics.json().fieldErrors)).toEqual(['body/naicsCode']);
    const lines = scope3LineListResponseSchema.parse(
      (await call('admin', 'GET', '/api/scope3/lines')).json(),
    );
    expect(lines.results).toEqual([]);
  });

  it('calculates a spend line as spend × index ratio × EEIO factor, into the results and the monthly totals', async () => {
    const response = await call('admin', 'POST', '/api/scope3/lines', spendLine());
    expect(response.statusCode, response.body).toBe(201);
    const line = scope3LineSchema.parse(response.json());
    const expected = 10_000 * (100 / 107.2) * RESIN_WITH_MARGINS;
    expect(line).toMatchObject({ unit: 'USD', category: 1, indexRatio: 100 / 107.2, dataQualityScore: 2.8 });
    expect(Math.abs((line.co2eKg as number) - expected)).toBeLessThan(0.001);

    const { db } = testApp.database;
    const [result] = await db
      .select()
      .from(emissionResults)
      .where(and(eq(emissionResults.realmId, acmeId), eq(emissionResults.activityRecordId, line.id)));
    expect(result).toMatchObject({ scope: 3, scope3Category: 1, scope2Method: '' });
    expect(Math.abs((result?.co2eKg ?? 0) - expected)).toBeLessThan(0.001);
    const [total] = await db
      .select()
      .from(emissionMonthTotals)
      .where(
        and(
          eq(emissionMonthTotals.realmId, acmeId),
          eq(emissionMonthTotals.gas, ''),
          eq(emissionMonthTotals.scope, 3),
          eq(emissionMonthTotals.month, '2024-03-01'),
        ),
      );
    expect(Math.abs(Number(total?.co2eKg) - expected)).toBeLessThan(0.001);

    const producer = await call('admin', 'POST', '/api/scope3/lines', spendLine({ priceBasis: 'producer' }));
    expect(producer.statusCode, producer.body).toBe(201);
    const producerLine = scope3LineSchema.parse(producer.json());
    expect(
      Math.abs((producerLine.co2eKg as number) - 10_000 * (100 / 107.2) * RESIN_WITHOUT_MARGINS),
    ).toBeLessThan(0.001);

    const summary = scope3SummarySchema.parse(
      (await call('admin', 'GET', '/api/scope3/summary?year=2024')).json(),
    );
    const purchased = summary.categories.find((category) => category.category === 1);
    expect(purchased).toMatchObject({ lineCount: 2, dataQualityScore: 2.8 });
    expect(
      Math.abs((purchased?.co2eKg ?? 0) - (line.co2eKg as number) - (producerLine.co2eKg as number)),
    ).toBeLessThan(0.001);
    expect(summary.hotspots).toEqual([
      { category: 1, supplier: 'Midwest Resins Inc.', co2eKg: expect.any(Number) },
    ]);
  });

  it('edits a line on its version, refuses an older version and deletes it with its results', async () => {
    const created = scope3LineSchema.parse(
      (await call('admin', 'POST', '/api/scope3/lines', spendLine({ description: 'To edit' }))).json(),
    );
    const edited = await call('admin', 'PUT', `/api/scope3/lines/${created.id}`, {
      version: created.version,
      line: spendLine({ description: 'To edit', spendAmount: 20_000, spendYear: 2022 }),
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(
      Math.abs((scope3LineSchema.parse(edited.json()).co2eKg as number) - 20_000 * RESIN_WITH_MARGINS),
    ).toBeLessThan(0.001);
    const stale = await call('admin', 'PUT', `/api/scope3/lines/${created.id}`, {
      version: created.version,
      line: spendLine({ description: 'Stale' }),
    });
    expect(stale.statusCode).toBe(409);
    const deleted = await call(
      'admin',
      'DELETE',
      `/api/scope3/lines/${created.id}?version=${created.version + 1}`,
    );
    expect(deleted.statusCode, deleted.body).toBe(200);
    const remaining = await testApp.database.db
      .select()
      .from(emissionResults)
      .where(and(eq(emissionResults.realmId, acmeId), eq(emissionResults.activityRecordId, created.id)));
    expect(remaining).toEqual([]);
  });

  it("refuses a change to a line's record through the activity record API, which would leave its details behind", async () => {
    const created = scope3LineSchema.parse(
      (await call('admin', 'POST', '/api/scope3/lines', spendLine({ description: 'Kept in step' }))).json(),
    );
    const patched = await call('admin', 'PATCH', `/api/activity-records/${created.id}`, {
      version: created.version,
      quantity: 1,
    });
    expect(patched.statusCode).toBe(409);
    expect(patched.json().message).toBe(SCOPE3_LINE_EDITED_ELSEWHERE);
    const [record] = await testApp.database.db
      .select()
      .from(activityRecords)
      .where(and(eq(activityRecords.realmId, acmeId), eq(activityRecords.id, created.id)));
    expect(record?.version).toBe(created.version);
    expect(record?.quantity).not.toBe(1);
  });

  it('imports spend rows from CSV, all or none, refusing by row and column', async () => {
    const header =
      'Facility,Category,Description,Supplier,Period start,Period end,Spend,Currency,Spend year,Price basis,NAICS code';
    const good = `${PLANT.slug},1,Resin Q1,Midwest Resins Inc.,2024-01-01,2024-03-31,10000,USD,2024,purchaser,325211`;
    const before = scope3LineListResponseSchema.parse(
      (await call('admin', 'GET', '/api/scope3/lines')).json(),
    ).results;
    const refused = await call('admin', 'POST', '/api/scope3/lines/import', {
      fileName: 'spend.csv',
      csv: [
        header,
        good,
        `${PLANT.name},1,Boxes,BoxCo,2024-01-01,2024-03-31,lots,USD,2024,purchaser,322211`,
        `${PLANT.slug},1,Unknown,Nobody,2024-01-01,2024-03-31,500,USD,2024,purchaser,999999`,
      ].join('\n'),
    });
    expect(refused.statusCode, refused.body).toBe(422);
    expect(importFailureSchema.parse(refused.json()).errors).toEqual([
      { row: 3, column: 'Spend', message: 'Spend is a number' },
    ]);
    const unconvertible = await call('admin', 'POST', '/api/scope3/lines/import', {
      fileName: 'spend.csv',
      csv: [
        header,
        good,
        `${PLANT.slug},1,Unknown,Nobody,2024-01-01,2024-03-31,500,USD,2024,purchaser,999999`,
      ].join('\n'),
    });
    expect(unconvertible.statusCode).toBe(422);
    expect(importFailureSchema.parse(unconvertible.json()).errors).toEqual([
      expect.objectContaining({ row: 3, column: 'NAICS code' }),
    ]);
    const unchanged = scope3LineListResponseSchema.parse(
      (await call('admin', 'GET', '/api/scope3/lines')).json(),
    );
    expect(unchanged.results).toHaveLength(before.length);
    const imported = await call('admin', 'POST', '/api/scope3/lines/import', {
      fileName: 'spend.csv',
      csv: [header, good, good.replace('Resin Q1', 'Resin Q2')].join('\n'),
    });
    expect(imported.statusCode, imported.body).toBe(201);
    expect(imported.json()).toEqual({ lineCount: 2 });
    const after = scope3LineListResponseSchema.parse(
      (await call('admin', 'GET', '/api/scope3/lines')).json(),
    );
    expect(after.results).toHaveLength(before.length + 2);
  });

  it('imports spend rows from an XLSX workbook through the same checks: an error row refuses all of it', async () => {
    /** A workbook as a spreadsheet writes it: numbers as numbers, periods as date cells. */
    async function workbookOf(rows: (string | number | Date)[][]): Promise<string> {
      const workbook = new ExcelJS.Workbook();
      const sheet = workbook.addWorksheet('Spend');
      sheet.addRow([...SPEND_COLUMNS]);
      for (const row of rows) sheet.addRow(row);
      return Buffer.from(await workbook.xlsx.writeBuffer()).toString('base64');
    }
    const row = (description: string, spend: number | string): (string | number | Date)[] => [
      PLANT.slug,
      1,
      description,
      'Midwest Resins Inc.',
      new Date(Date.UTC(2024, 3, 1)),
      new Date(Date.UTC(2024, 5, 30)),
      spend,
      'USD',
      2024,
      'purchaser',
      325211,
    ];
    const lines = async () =>
      scope3LineListResponseSchema.parse((await call('admin', 'GET', '/api/scope3/lines')).json()).results;
    const before = await lines();

    const refused = await call('admin', 'POST', '/api/scope3/lines/import', {
      fileName: 'spend.xlsx',
      xlsx: await workbookOf([row('Resin Q2 (xlsx)', 12_500), row('Resin Q3 (xlsx)', 'a lot')]),
    });
    expect(refused.statusCode, refused.body).toBe(422);
    expect(importFailureSchema.parse(refused.json()).errors).toEqual([
      { row: 3, column: 'Spend', message: 'Spend is a number' },
    ]);
    expect(await lines()).toHaveLength(before.length);

    const notAWorkbook = await call('admin', 'POST', '/api/scope3/lines/import', {
      fileName: 'spend.xlsx',
      xlsx: Buffer.from('Facility,Category\n').toString('base64'),
    });
    expect(notAWorkbook.statusCode).toBe(400);
    expect(Object.keys(notAWorkbook.json().fieldErrors)).toEqual(['body/xlsx']);
    const both = await call('admin', 'POST', '/api/scope3/lines/import', {
      fileName: 'spend.xlsx',
      csv: 'Facility\n',
      xlsx: await workbookOf([]),
    });
    expect(both.statusCode).toBe(400);
    expect(both.json().fieldErrors).toEqual({ 'body/csv': 'Send the file as csv or as xlsx, not both' });

    const imported = await call('admin', 'POST', '/api/scope3/lines/import', {
      fileName: 'spend.xlsx',
      xlsx: await workbookOf([row('Resin Q2 (xlsx)', 12_500), row('Resin Q3 (xlsx)', 7_500)]),
    });
    expect(imported.statusCode, imported.body).toBe(201);
    expect(imported.json()).toEqual({ lineCount: 2 });
    const after = await lines();
    expect(after).toHaveLength(before.length + 2);
    const q2 = after.find((line) => line.description === 'Resin Q2 (xlsx)');
    expect(q2).toMatchObject({
      method: 'spend',
      periodStart: '2024-04-01',
      periodEnd: '2024-06-30',
      spendAmount: 12_500,
    });
    expect(q2?.co2eKg).toBeGreaterThan(0);
  });

  it('calculates the other methods with factors of the library or the realm', async () => {
    const useFactor = 'egrid-2022-camx';
    const usePhase = await call('admin', 'POST', '/api/scope3/lines', {
      facilityId,
      category: 11,
      method: 'use-phase',
      description: 'Heat pumps sold',
      periodStart: '2024-01-01',
      periodEnd: '2024-12-31',
      unitsSold: 100,
      lifetimeEnergyKwh: 30_000,
      factorKey: useFactor,
    });
    expect(usePhase.statusCode, usePhase.body).toBe(201);
    expect(scope3LineSchema.parse(usePhase.json())).toMatchObject({
      quantity: 3_000_000,
      unit: 'kWh',
      category: 11,
    });
    const noFactor = await call('admin', 'POST', '/api/scope3/lines', {
      facilityId,
      category: 6,
      method: 'distance',
      description: 'Flights',
      periodStart: '2024-01-01',
      periodEnd: '2024-01-31',
      quantity: 1000,
      unit: 'passenger_km',
      mode: 'air',
      factorKey: 'no-such-factor',
    });
    expect(noFactor.statusCode).toBe(422);
    expect(Object.keys(noFactor.json().fieldErrors)).toEqual(['body/factorKey']);
  });

  it('calculates average-data, distance (passenger and freight), waste and supplier-specific lines with the realm’s factors, converting units', async () => {
    const publishedFactor = async (input: object) => {
      const draft = await call('admin', 'POST', '/api/emission-factors', {
        source: 'Test factor of the realm',
        year: 2024,
        scope: 3,
        ...input,
      });
      expect(draft.statusCode, draft.body).toBe(201);
      const { id } = draft.json() as { id: string };
      expect((await call('admin', 'POST', `/api/emission-factors/${id}/publish`)).statusCode).toBe(200);
      return id;
    };
    const steel = await publishedFactor({
      name: 'Steel, average',
      per: 'kg',
      gases: { CO2: { value: 1.85, unit: 'kg' } },
    });
    const rail = await publishedFactor({
      name: 'Intercity rail',
      per: 'passenger_mi',
      gases: { CO2: { value: 0.15, unit: 'kg' } },
    });
    const truck = await publishedFactor({
      name: 'Truck freight',
      per: 'short_ton_mi',
      gases: { CO2: { value: 0.2, unit: 'kg' } },
    });
    const landfill = await publishedFactor({
      name: 'Mixed waste, landfilled',
      per: 'short_ton',
      co2e: { value: 20, unit: 'kg', gwp: 'AR5' },
    });
    const pump = await publishedFactor({
      name: 'Pump housing, supplier footprint',
      per: 'item',
      gases: { CO2: { value: 12, unit: 'kg' } },
    });
    const line = (overrides: object) =>
      call('admin', 'POST', '/api/scope3/lines', {
        facilityId,
        description: 'A line',
        periodStart: '2024-05-01',
        periodEnd: '2024-05-31',
        ...overrides,
      });
    const cases = [
      {
        line: { category: 1, method: 'average-data', quantity: 500, unit: 'kg', factorKey: steel },
        co2e: 500 * 1.85,
      },
      {
        line: {
          category: 6,
          method: 'distance',
          quantity: 1000,
          unit: 'passenger_km',
          mode: 'rail',
          factorKey: rail,
        },
        co2e: (1000 / 1.609344) * 0.15,
      },
      {
        line: {
          category: 4,
          method: 'distance',
          quantity: 10_000,
          unit: 'tonne_km',
          mode: 'road',
          factorKey: truck,
        },
        co2e: (10_000 / (0.90718474 * 1.609344)) * 0.2,
      },
      {
        line: {
          category: 5,
          method: 'waste',
          quantity: 2,
          unit: 't',
          wasteType: 'Mixed municipal solid waste',
          wasteTreatment: 'landfill',
          factorKey: landfill,
        },
        co2e: (2000 / 907.18474) * 20,
      },
      {
        line: {
          category: 1,
          method: 'supplier-specific',
          supplier: 'Pumps & Co.',
          quantity: 40,
          unit: 'item',
          factorKey: pump,
        },
        co2e: 40 * 12,
      },
    ];
    for (const { line: input, co2e } of cases) {
      const created = await line(input);
      expect(created.statusCode, `${input.method}: ${created.body}`).toBe(201);
      const answer = scope3LineSchema.parse(created.json());
      expect(answer).toMatchObject({ method: input.method, category: input.category });
      expect(answer.co2eKg, input.method).toBeCloseTo(co2e, 6);
    }
    // Each method says what it lacks, on its field.
    const noMode = await line({
      category: 6,
      method: 'distance',
      quantity: 1,
      unit: 'passenger_km',
      factorKey: rail,
    });
    expect(noMode.statusCode).toBe(400);
    expect(Object.keys(noMode.json().fieldErrors)).toEqual(['body/mode']);
    const noTreatment = await line({
      category: 5,
      method: 'waste',
      quantity: 1,
      unit: 't',
      wasteType: 'Paper',
      factorKey: landfill,
    });
    expect(noTreatment.statusCode).toBe(400);
    expect(Object.keys(noTreatment.json().fieldErrors)).toEqual(['body/wasteTreatment']);
    const noSupplier = await line({
      category: 1,
      method: 'supplier-specific',
      quantity: 1,
      unit: 'item',
      factorKey: pump,
    });
    expect(noSupplier.statusCode).toBe(400);
    expect(Object.keys(noSupplier.json().fieldErrors)).toEqual(['body/supplier']);
    // A unit of another kind than the factor's is refused naming the unit, and nothing is written.
    const before = (await call('admin', 'GET', '/api/scope3/lines?limit=500')).json().results.length;
    const wrongUnit = await line({
      category: 1,
      method: 'average-data',
      quantity: 5,
      unit: 'kWh',
      factorKey: steel,
    });
    expect(wrongUnit.statusCode).toBe(422);
    expect(Object.keys(wrongUnit.json().fieldErrors)).toEqual(['body/unit']);
    expect((await call('admin', 'GET', '/api/scope3/lines?limit=500')).json().results).toHaveLength(before);
  });

  it('takes the EPA Hub 2024 factor the mode and unit, or the waste type and treatment, pick when no factor is named', async () => {
    const line = (overrides: object) =>
      call('admin', 'POST', '/api/scope3/lines', {
        facilityId,
        description: 'A line without a factor',
        periodStart: '2024-06-01',
        periodEnd: '2024-06-30',
        ...overrides,
      });
    const cases = [
      {
        // Shared truck, 1,000 short ton-miles given in tonne-km: Table 8 per ton-mile, 168 kg CO2, 1.5 g CH4, 4.7 g N2O.
        line: {
          category: 4,
          method: 'distance',
          mode: 'road',
          quantity: 1000 * 0.90718474 * 1.609344,
          unit: 'tonne_km',
        },
        factorKey: 'epa-hub-2024-freight-medium-and-heavy-duty-truck-ton-mile',
        co2e: 168 + 0.0015 * 28 + 0.0047 * 265,
      },
      {
        // A dedicated truck, 100 miles: Table 8 per vehicle-mile.
        line: { category: 9, method: 'distance', mode: 'road', quantity: 100, unit: 'mi' },
        factorKey: 'epa-hub-2024-freight-medium-and-heavy-duty-truck-vehicle-mile',
        co2e: 100 * (1.36 + (0.012 / 1000) * 28 + (0.038 / 1000) * 265),
      },
      {
        // 500 passenger-miles of commuter rail: Table 10.
        line: { category: 7, method: 'distance', mode: 'commuter-rail', quantity: 500, unit: 'passenger_mi' },
        factorKey: 'epa-hub-2024-travel-commuter-rail',
        co2e: 500 * (0.133 + (0.0105 / 1000) * 28 + (0.0026 / 1000) * 265),
      },
      {
        // 3 short tons of mixed MSW to landfill: Table 9, 0.58 t CO2e per short ton as published.
        line: {
          category: 5,
          method: 'waste',
          wasteType: 'Mixed MSW',
          wasteTreatment: 'landfill',
          quantity: 3,
          unit: 'short_ton',
        },
        factorKey: 'epa-hub-2024-waste-mixed-msw-landfilled',
        co2e: 3 * 580,
      },
    ];
    for (const { line: input, factorKey, co2e } of cases) {
      const created = await line(input);
      expect(created.statusCode, `${input.method} ${created.body}`).toBe(201);
      const answer = scope3LineSchema.parse(created.json());
      expect(answer.factorKey).toBe(factorKey);
      expect(answer.co2eKg, factorKey).toBeCloseTo(co2e, 6);
    }
    // A factor the author names still wins over the mode's.
    const chosen = await line({
      category: 6,
      method: 'distance',
      mode: 'car',
      quantity: 10,
      unit: 'mi',
      factorKey: 'epa-hub-2024-travel-light-duty-truck',
    });
    expect(scope3LineSchema.parse(chosen.json()).factorKey).toBe('epa-hub-2024-travel-light-duty-truck');
    // No factor for the mode or the treatment, and none named: 422 on the mode or the treatment, nothing written.
    const before = (await call('admin', 'GET', '/api/scope3/lines')).json().results.length;
    const plainAir = await line({
      category: 6,
      method: 'distance',
      mode: 'air',
      quantity: 800,
      unit: 'passenger_km',
    });
    expect(plainAir.statusCode).toBe(422);
    expect(Object.keys(plainAir.json().fieldErrors)).toEqual(['body/mode']);
    const recycledMsw = await line({
      category: 5,
      method: 'waste',
      wasteType: 'Mixed MSW',
      wasteTreatment: 'recycling',
      quantity: 1,
      unit: 'short_ton',
    });
    expect(recycledMsw.statusCode).toBe(422);
    expect(Object.keys(recycledMsw.json().fieldErrors)).toEqual(['body/wasteTreatment']);
    const noFactorAverage = await line({ category: 1, method: 'average-data', quantity: 1, unit: 'kg' });
    expect(noFactorAverage.statusCode).toBe(400);
    expect(Object.keys(noFactorAverage.json().fieldErrors)).toEqual(['body/factorKey']);
    expect((await call('admin', 'GET', '/api/scope3/lines')).json().results).toHaveLength(before);
  });

  it('requires a reason to exclude a category', async () => {
    const relevance = { size: false, influence: false, risk: false, stakeholders: false, outsourcing: false };
    const noReason = await call('admin', 'PUT', '/api/scope3/screenings/14', {
      isIncluded: false,
      relevance,
    });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().fieldErrors).toEqual({
      'body/exclusionReason': 'Give the reason this category is excluded',
    });
    const excluded = await call('admin', 'PUT', '/api/scope3/screenings/14', {
      isIncluded: false,
      relevance,
      exclusionReason: 'No franchises',
    });
    expect(excluded.statusCode, excluded.body).toBe(200);
    const summary = scope3SummarySchema.parse(
      (await call('admin', 'GET', '/api/scope3/summary?year=2024')).json(),
    );
    expect(summary.categories.find((category) => category.category === 14)).toMatchObject({
      isIncluded: false,
      exclusionReason: 'No franchises',
    });
  });

  it("keeps another realm from reading or changing the realm's lines", async () => {
    const [line] = scope3LineListResponseSchema.parse(
      (await call('admin', 'GET', '/api/scope3/lines')).json(),
    ).results;
    expect(line).toBeDefined();
    const seen = scope3LineListResponseSchema.parse((await call('other', 'GET', '/api/scope3/lines')).json());
    expect(seen.results).toEqual([]);
    const summary = scope3SummarySchema.parse(
      (await call('other', 'GET', '/api/scope3/summary?year=2024')).json(),
    );
    expect(summary.co2eKg).toBe(0);
    expect((await call('other', 'DELETE', `/api/scope3/lines/${line?.id}`)).statusCode).toBe(404);
    const change = await call('other', 'PUT', `/api/scope3/lines/${line?.id}`, {
      version: line?.version,
      line: spendLine(),
    });
    expect(change.statusCode).toBe(404);
    const after = scope3LineListResponseSchema.parse(
      (await call('admin', 'GET', '/api/scope3/lines')).json(),
    );
    expect(after.results.find((entry) => entry.id === line?.id)).toEqual(line);
  });

  it('exports the lines of a year and category as CSV and XLSX, every line, only to readers of the realm', async () => {
    const listed = scope3LineListResponseSchema.parse(
      (await call('admin', 'GET', '/api/scope3/lines?year=2024&category=1')).json(),
    ).results;
    expect(listed.length).toBeGreaterThan(1);
    const csv = await call('admin', 'GET', '/api/exports/scope3/lines?year=2024&category=1&format=csv');
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-disposition']).toMatch(/scope3-category-1-lines-\d{4}-\d{2}-\d{2}\.csv/);
    const rows = Papa.parse<Record<string, string>>(csv.body.replace(/^\uFEFF/, ''), {
      header: true,
      skipEmptyLines: true,
    }).data;
    expect(rows).toHaveLength(listed.length);
    expect(rows[0]).toMatchObject({ Category: '1', Description: listed[0]?.description, 'GWP set': 'AR5' });
    expect(Number(rows[0]?.['CO2e (kg CO2e)'])).toBeCloseTo(listed[0]?.co2eKg ?? Number.NaN, 6);

    const xlsx = await call('admin', 'GET', '/api/exports/scope3/lines?year=2024&category=1&format=xlsx');
    expect(xlsx.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const headers = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(headers.slice(0, 4)).toEqual(['Category', 'Category name', 'Facility', 'Description']);
    expect(sheet.rowCount).toBe(listed.length + 1);
    const co2eColumn = headers.indexOf('CO2e (kg CO2e)') + 1;
    expect(sheet.getRow(2).getCell(co2eColumn).value).toBeCloseTo(listed[0]?.co2eKg ?? Number.NaN, 6);

    const elsewhere = await call('other', 'GET', '/api/exports/scope3/lines?format=csv');
    expect(elsewhere.statusCode).toBe(200);
    expect(elsewhere.body.trim().split('\n')).toHaveLength(1);

    const simple = await createTestRealm(testApp.database.db, {
      key: 'simple',
      domains: ['simple.test'],
      plan: 'simple',
    });
    const simpleAdmin = { email: 'admin@simple.test', password: 'simple-password-1', role: 'admin' as const };
    await createTestUser(testApp.database.db, simple, simpleAdmin);
    const simpleSession = withSession(await signIn(testApp.app, simpleAdmin, 'simple.test'));
    for (const table of ['lines', 'categories', 'hotspots']) {
      const refused = await testApp.app.inject({
        method: 'GET',
        url: `/api/exports/scope3/${table}?format=csv`,
        headers: { host: 'simple.test', ...simpleSession },
      });
      expect(refused.statusCode, table).toBe(403);
    }
  });

  it("exports the year's categories with their screening and its hotspots as the summary answers them", async () => {
    const summary = scope3SummarySchema.parse(
      (await call('admin', 'GET', '/api/scope3/summary?year=2024')).json(),
    );
    expect(summary.hotspots.length).toBeGreaterThan(0);
    const csvRows = async (url: string, as: keyof typeof tokens = 'admin') => {
      const response = await call(as, 'GET', url);
      expect(response.statusCode, response.body).toBe(200);
      return Papa.parse<Record<string, string>>(response.body.replace(/^\uFEFF/, ''), {
        header: true,
        skipEmptyLines: true,
      }).data;
    };
    const categories = await csvRows('/api/exports/scope3/categories?year=2024&format=csv');
    expect(categories).toHaveLength(15);
    const first = summary.categories[0]!;
    expect(categories[0]).toMatchObject({
      Category: '1',
      'Category name': first.name,
      Lines: String(first.lineCount),
    });
    expect(Number(categories[0]?.['CO2e (kg CO2e)'])).toBeCloseTo(first.co2eKg, 6);
    const franchises = categories.find((row) => row.Category === '14');
    expect(franchises).toMatchObject({ Screening: 'Excluded', 'Exclusion reason': 'No franchises' });

    const hotspots = await call('admin', 'GET', '/api/exports/scope3/hotspots?year=2024&format=xlsx');
    expect(hotspots.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(hotspots.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual([
      'Category',
      'Category name',
      'Supplier',
      'CO2e (kg CO2e)',
      'GWP set',
    ]);
    expect(sheet.rowCount).toBe(summary.hotspots.length + 1);
    // A line without a supplier counts under an empty supplier cell; a named one is checked by its row.
    const named = summary.hotspots.findIndex((spot) => spot.supplier !== '');
    expect(named).toBeGreaterThanOrEqual(0);
    expect(sheet.getRow(named + 2).getCell(3).value).toBe(summary.hotspots[named]?.supplier);
    expect(sheet.getRow(named + 2).getCell(4).value).toBeCloseTo(
      summary.hotspots[named]?.co2eKg ?? Number.NaN,
      6,
    );

    // Another realm's files hold its own (empty) year: no CO2e, no supplier of acme's.
    const elsewhere = await csvRows('/api/exports/scope3/categories?year=2024&format=csv', 'other');
    expect(elsewhere.every((row) => Number(row['CO2e (kg CO2e)']) === 0)).toBe(true);
    expect(await csvRows('/api/exports/scope3/hotspots?year=2024&format=csv', 'other')).toEqual([]);
  });
});
