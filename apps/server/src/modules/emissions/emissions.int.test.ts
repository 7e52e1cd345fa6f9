import {
  activityRecordSchema,
  emissionFactorListResponseSchema,
  estimateFailureSchema,
  estimateResponseSchema,
  facilityListResponseSchema,
  MAX_EMISSION_FACTOR_PAGE_SIZE,
} from '@ecc/contracts';
import {
  createEmissionFactorRepository,
  createRealmRepository,
  DEMO_REALM_KEY,
  DEMO_USER,
  seedDemoRealm,
} from '@ecc/db';
import { FACTOR_LIBRARY, MAX_ESTIMATE_ITEMS } from '@ecc/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, withSession, type TestApp } from '#test-support/test-app.ts';

const LB_IN_KG = 0.45359237;

/** 40 CFR 98 Table C-1/C-2, distillate fuel oil No. 2, given inline: kg per mmBtu and 0.138 mmBtu/gal. */
const DISTILLATE_INLINE_FACTOR = {
  per: 'mmBtu',
  gases: {
    CO2: { value: 73.96, unit: 'kg' },
    CH4: { value: 3.0e-3, unit: 'kg' },
    N2O: { value: 6.0e-4, unit: 'kg' },
  },
  hhv: { value: 0.138, energy: 'mmBtu', per: 'gal' },
};

describe('POST /api/emissions/estimate and GET /api/emission-factors', () => {
  let testApp: TestApp;
  let token: string;
  beforeAll(async () => {
    testApp = await createTestApp();
    await seedDemoRealm(testApp.database.db);
    token = await signIn(testApp.app, DEMO_USER);
  });
  afterAll(() => testApp.close());

  const postEstimate = (payload: unknown) =>
    testApp.app.inject({
      method: 'POST',
      url: '/api/emissions/estimate',
      headers: { ...withSession(token), 'content-type': 'application/json' },
      payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
    });
  const listFactors = (query: string) =>
    testApp.app.inject({ method: 'GET', url: `/api/emission-factors${query}`, headers: withSession(token) });

  it('answers 401 without a session', async () => {
    const estimateResponse = await testApp.app.inject({
      method: 'POST',
      url: '/api/emissions/estimate',
      payload: { gwp: 'AR5', items: [] },
    });
    expect(estimateResponse.statusCode).toBe(401);
    const listResponse = await testApp.app.inject({ method: 'GET', url: '/api/emission-factors' });
    expect(listResponse.statusCode).toBe(401);
  });

  it('works the heat-content path: 1000 gal distillate with an inline factor, AR5', async () => {
    const response = await postEstimate({
      gwp: 'AR5',
      items: [{ id: 'boiler-1', quantity: 1000, unit: 'gal', scope: 1, factor: DISTILLATE_INLINE_FACTOR }],
    });
    expect(response.statusCode).toBe(200);
    const body = estimateResponseSchema.parse(response.json());
    // 1000 gal × 0.138 mmBtu/gal = 138 mmBtu.
    // CO2 = 138 × 73.96 = 10,206.48 kg; CH4 = 138 × 0.003 = 0.414 kg; N2O = 138 × 0.0006 = 0.0828 kg.
    // AR5 CO2e = 10,206.48 + 0.414 × 28 + 0.0828 × 265 = 10,206.48 + 11.592 + 21.942 = 10,240.014 kg.
    expect(body.gwp).toBe('AR5');
    expect(body.items).toHaveLength(1);
    const [item] = body.items;
    expect(item?.id).toBe('boiler-1');
    expect(item?.gases.CO2).toBeCloseTo(10_206.48, 9);
    expect(item?.gases.CH4).toBeCloseTo(0.414, 12);
    expect(item?.gases.N2O).toBeCloseTo(0.0828, 12);
    expect(item?.co2e).toBeCloseTo(10_240.014, 9);
    expect(body.totals.co2e).toBeCloseTo(10_240.014, 9);
    expect(body.totals.scope1).toBeCloseTo(10_240.014, 9);
  });

  it('gives the same result by library factor id', async () => {
    const response = await postEstimate({
      gwp: 'AR5',
      items: [
        { id: 'boiler-1', quantity: 1000, unit: 'gal', factor: { id: 'epa-c1-distillate-fuel-oil-no-2' } },
      ],
    });
    expect(response.statusCode).toBe(200);
    const [item] = estimateResponseSchema.parse(response.json()).items;
    expect(item?.gases.CO2).toBeCloseTo(10_206.48, 9);
    expect(item?.gases.CH4).toBeCloseTo(0.414, 12);
    expect(item?.gases.N2O).toBeCloseTo(0.0828, 12);
    expect(item?.co2e).toBeCloseTo(10_240.014, 9);
  });

  it('reports Scope 2 location- and market-based, certificates covering 40% of the market-based quantity', async () => {
    const electricity = { quantity: 1000, unit: 'kWh', factor: { id: 'egrid-2022-us-average' } };
    const response = await postEstimate({
      gwp: 'AR5',
      items: [
        { id: 'meter-location', ...electricity, scope2Method: 'location' },
        { id: 'meter-market', ...electricity, scope2Method: 'market', certificateCoverage: 0.4 },
      ],
    });
    expect(response.statusCode).toBe(200);
    const body = estimateResponseSchema.parse(response.json());
    // eGRID2022 U.S. average: 823.1 lb CO2, 0.066 lb CH4, 0.009 lb N2O per MWh; 1000 kWh = 1 MWh.
    // Location-based: CO2e = (823.1 + 0.066 × 28 + 0.009 × 265) lb = 827.333 lb × 0.45359237 = 375.2718... kg.
    const locationCo2e = (823.1 + 0.066 * 28 + 0.009 * 265) * LB_IN_KG;
    // Market-based: certificates cover 0.4 MWh (zero emissions), the other 0.6 MWh take the grid average.
    const marketCo2e = 0.6 * locationCo2e;
    const [location, market] = body.items;
    expect(location?.gases.CO2).toBeCloseTo(823.1 * LB_IN_KG, 9);
    expect(location?.co2e).toBeCloseTo(locationCo2e, 9);
    expect(market?.gases.CO2).toBeCloseTo(0.6 * 823.1 * LB_IN_KG, 9);
    expect(market?.co2e).toBeCloseTo(marketCo2e, 9);
    // A grid average used market-based must be disclosed as a fallback.
    expect(market?.isGridAverageFallback).toBe(true);
    expect(location?.isGridAverageFallback).toBeUndefined();
    expect(body.totals.scope2LocationBased).toBeCloseTo(locationCo2e, 9);
    expect(body.totals.scope2MarketBased).toBeCloseTo(marketCo2e, 9);
  });

  it('answers 422 naming every bad item and its path, and computes nothing', async () => {
    const response = await postEstimate(
      // Written as text: 1e999 is valid JSON that parses to Infinity, a non-finite quantity.
      `{"gwp": "AR5", "items": [
        {"id": "good", "quantity": 1000, "unit": "gal", "factor": {"id": "epa-c1-distillate-fuel-oil-no-2"}},
        {"id": "unknown-unit", "quantity": 1, "unit": "furlong", "factor": {"id": "epa-c1-distillate-fuel-oil-no-2"}},
        {"id": "unknown-gas", "quantity": 1, "unit": "mmBtu", "scope": 1,
         "factor": {"per": "mmBtu", "gases": {"XYZ": {"value": 1, "unit": "kg"}}}},
        {"id": "no-hhv", "quantity": 1, "unit": "gal", "scope": 1,
         "factor": {"per": "mmBtu", "gases": {"CO2": {"value": 73.96, "unit": "kg"}}}},
        {"id": "negative", "quantity": -5, "unit": "gal", "factor": {"id": "epa-c1-distillate-fuel-oil-no-2"}},
        {"id": "infinite", "quantity": 1e999, "unit": "gal", "factor": {"id": "epa-c1-distillate-fuel-oil-no-2"}},
        {"id": "unknown-factor", "quantity": 1, "unit": "gal", "factor": {"id": "no-such-factor"}}
      ]}`,
    );
    expect(response.statusCode).toBe(422);
    const body = estimateFailureSchema.parse(response.json());
    expect(Object.keys(response.json() as object).sort()).toEqual(['items', 'message']);
    expect(body.message).toBe('Nothing was calculated: 6 of 7 items are invalid');
    expect(body.items.map(({ id, path }) => ({ id, path }))).toEqual([
      { id: 'unknown-unit', path: 'items.1.unit' },
      { id: 'unknown-gas', path: 'items.2.factor.gases.XYZ' },
      { id: 'no-hhv', path: 'items.3.unit' },
      { id: 'negative', path: 'items.4.quantity' },
      { id: 'infinite', path: 'items.5.quantity' },
      { id: 'unknown-factor', path: 'items.6.factor.id' },
    ]);
    expect(body.items[0]?.message).toContain('Unknown unit "furlong"');
    expect(body.items[1]?.message).toContain('Unknown gas "XYZ"');
    expect(body.items[2]?.message).toBe(
      'Cannot convert gal to mmBtu: provide an hhv (energy per gal) or use a factor per volume',
    );
    expect(body.items[3]?.message).toBe('Quantity must not be negative (got -5)');
    expect(body.items[4]?.message).toBe('Quantity must be a finite number');
    expect(body.items[5]?.message).toBe('Unknown emission factor "no-such-factor"');
  });

  it('answers 400 naming the field when the request has the wrong shape', async () => {
    const stringQuantity = await postEstimate({
      gwp: 'AR5',
      items: [{ id: 'a', quantity: '1000', unit: 'gal', factor: { id: 'epa-c1-distillate-fuel-oil-no-2' } }],
    });
    expect(stringQuantity.statusCode).toBe(400);
    expect(stringQuantity.json()).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: 'body/items/0/quantity: Expected number, received string',
      fieldErrors: { 'body/items/0/quantity': 'Expected number, received string' },
    });

    const unknownGwp = await postEstimate({ gwp: 'AR3', items: [] });
    expect(unknownGwp.statusCode).toBe(400);
    expect((unknownGwp.json() as { message: string }).message).toMatch(/^body\/gwp: /);
  });

  it('estimates on the realm’s reporting set when gwp is omitted: what saving the same record stores', async () => {
    const facilities = await testApp.app.inject({
      method: 'GET',
      url: '/api/facilities?limit=1',
      headers: withSession(token),
    });
    const slug = facilityListResponseSchema.parse(facilities.json()).results[0]?.slug ?? '';
    const saveRecord = async (fields: object) => {
      const response = await testApp.app.inject({
        method: 'POST',
        url: `/api/facilities/${slug}/activity-records`,
        headers: withSession(token),
        payload: {
          activityType: 'preview check',
          periodStart: '2024-05-01',
          periodEnd: '2024-05-31',
          ...fields,
        },
      });
      expect(response.statusCode, response.body).toBe(201);
      return activityRecordSchema.parse(response.json());
    };

    const gas = { quantity: 250_000, unit: 'therm', factor: { id: 'epa-c1-natural-gas' }, scope: 1 as const };
    const gasEstimate = await postEstimate({ items: [{ id: 'preview', ...gas }] });
    expect(gasEstimate.statusCode, gasEstimate.body).toBe(200);
    const gasAnswer = estimateResponseSchema.parse(gasEstimate.json());
    expect(gasAnswer.gwp).toBe('AR5');
    const gasRecord = await saveRecord({
      quantity: 250_000,
      unit: 'therm',
      factorKey: 'epa-c1-natural-gas',
      scope: 1,
    });
    expect(gasRecord.co2eKg).toBeCloseTo(gasAnswer.items[0]?.co2e ?? Number.NaN, 9);

    // Scope 2: the record stores both methods; certificates lower the market-based result only.
    const power = { quantity: 1000, unit: 'kWh', factor: { id: 'egrid-2022-us-average' }, scope: 2 as const };
    const powerAnswer = estimateResponseSchema.parse(
      (
        await postEstimate({
          items: [
            { id: 'location', ...power, scope2Method: 'location' },
            { id: 'market', ...power, scope2Method: 'market', certificateCoverage: 0.4 },
          ],
        })
      ).json(),
    );
    const powerRecord = await saveRecord({
      quantity: 1000,
      unit: 'kWh',
      factorKey: 'egrid-2022-us-average',
      scope: 2,
      certificateCoverage: 0.4,
    });
    expect(powerRecord.co2eKg).toBeCloseTo(powerAnswer.items[0]?.co2e ?? Number.NaN, 9);
    expect(powerRecord.co2eKgMarket).toBeCloseTo(powerAnswer.items[1]?.co2e ?? Number.NaN, 9);
  });

  it('answers 400 to malformed JSON, and normally afterwards', async () => {
    const malformed = await postEstimate('{"gwp": "AR5", "items": [');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ statusCode: 400, error: 'Bad Request' });

    const after = await postEstimate({
      gwp: 'AR4',
      items: [{ id: 'a', quantity: 1000, unit: 'gal', factor: { id: 'epa-c1-distillate-fuel-oil-no-2' } }],
    });
    expect(after.statusCode).toBe(200);
    // AR4: 10,206.48 + 0.414 × 25 + 0.0828 × 298 = 10,206.48 + 10.35 + 24.6744 = 10,241.5044 kg.
    expect(estimateResponseSchema.parse(after.json()).totals.co2e).toBeCloseTo(10_241.5044, 9);
  });

  it(`refuses more than ${MAX_ESTIMATE_ITEMS} items with 422 and a clear message`, async () => {
    const item = { id: 'x', quantity: 1, unit: 'gal', factor: { id: 'epa-c1-distillate-fuel-oil-no-2' } };
    const response = await postEstimate({
      gwp: 'AR5',
      items: Array.from({ length: MAX_ESTIMATE_ITEMS + 1 }, () => item),
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      message: 'Nothing was calculated: the request is invalid',
      items: [{ id: null, path: 'items', message: `Send at most 100000 items per estimate (got 100001)` }],
    });
  });

  it('lists the library factors in pages: count on this page, total of all matches', async () => {
    // The demo realm's own published factors follow the library in the list.
    const demoRealm = await createRealmRepository(testApp.database.db).findByKey(DEMO_REALM_KEY);
    const realmFactors = await createEmissionFactorRepository(testApp.database.db).listRealmFactors(
      demoRealm?.id ?? '',
    );
    const total = FACTOR_LIBRARY.length + realmFactors.length;
    const firstPage = await listFactors('?limit=10');
    expect(firstPage.statusCode).toBe(200);
    const first = emissionFactorListResponseSchema.parse(firstPage.json());
    expect(first).toMatchObject({ count: 10, total, offset: 0 });
    expect(first.results.find((factor) => factor.id === 'epa-c1-natural-gas')).toEqual({
      id: 'epa-c1-natural-gas',
      name: 'Natural gas (weighted U.S. average)',
      source: expect.stringContaining('40 CFR Part 98, subpart C: Table C-1 "Natural Gas"') as unknown,
      year: 2024,
      per: 'mmBtu',
      gases: {
        CO2: { value: 53.06, unit: 'kg' },
        CH4: { value: 1e-3, unit: 'kg' },
        N2O: { value: 1e-4, unit: 'kg' },
      },
      hhv: { value: 1.026e-3, energy: 'mmBtu', per: 'scf' },
    });

    const lastPage = emissionFactorListResponseSchema.parse(
      (await listFactors('?limit=10&offset=20')).json(),
    );
    expect(lastPage).toMatchObject({ count: Math.min(10, total - 20), total, offset: 20 });
    expect(lastPage.results.map((factor) => factor.id)).toEqual(
      [...FACTOR_LIBRARY.map((factor) => factor.id), ...realmFactors.map((entry) => entry.factor.id)].slice(
        20,
        30,
      ),
    );

    const defaultPage = emissionFactorListResponseSchema.parse((await listFactors('')).json());
    expect(defaultPage.count).toBe(Math.min(50, total));
  });

  it('matches q against name, id and source, ignoring case', async () => {
    const byName = emissionFactorListResponseSchema.parse((await listFactors('?q=CALIFORNIA')).json());
    expect(byName.results.map((factor) => factor.id)).toEqual(['egrid-2022-camx']);

    const byId = emissionFactorListResponseSchema.parse((await listFactors('?q=desnz-2024')).json());
    expect(byId.total).toBe(2);

    // Every subregion and the U.S. average cite eGRID2022.
    const bySource = emissionFactorListResponseSchema.parse(
      (await listFactors('?q=egrid2022&limit=3')).json(),
    );
    expect(bySource).toMatchObject({ count: 3, total: 28, offset: 0 });
  });

  it('finds a factor by any words of its name, source or key, in any order, best matches first', async () => {
    const idsFor = async (q: string) =>
      emissionFactorListResponseSchema
        .parse((await listFactors(`?q=${encodeURIComponent(q)}&limit=100`)).json())
        .results.map((factor) => factor.id);
    expect(await idsFor('eGRID RFCW')).toEqual(['egrid-2022-rfcw']);
    expect(await idsFor('rfcw egrid')).toEqual(['egrid-2022-rfcw']);
    // The 2023 factors name DESNZ in their names, so they rank before the 2024 one that has it in its key; coal
    // for electricity generation answers too.
    const desnzElectricity = await idsFor('DESNZ electricity');
    expect(desnzElectricity.filter((id) => !id.includes('coal-electricity-generation'))).toEqual([
      'desnz-2023-uk-electricity',
      'desnz-2023-uk-electricity-t-and-d',
      'desnz-2024-uk-electricity',
    ]);
    expect(desnzElectricity).toHaveLength(7);
    // Hyphens and case do not matter: R-410A, r410a and "R 410A" find the blend.
    for (const q of ['R-410A', 'r410a', 'R 410A']) {
      expect((await idsFor(q))[0], q).toBe('fgas-r-410a');
    }
    // Diesel is distillate fuel oil No. 2 (stationary) and diesel fuel (vehicles) for EPA, and the UK's forecourt
    // blend and mineral diesel for DESNZ, each factor naming its source.
    const diesel = emissionFactorListResponseSchema.parse((await listFactors('?q=diesel&limit=100')).json());
    expect(diesel.results.map((factor) => factor.id)).toEqual(
      expect.arrayContaining([
        'epa-c1-distillate-fuel-oil-no-2',
        'epa-hub-2024-distillate-fuel-oil-no-2-gal',
        'epa-hub-2024-mobile-diesel-gal',
        'epa-hub-2024-vehicle-passenger-cars-diesel-2007-2021',
        'epa-hub-2024-non-road-locomotives-diesel',
        'desnz-2023-diesel-average-biofuel-blend-litres',
        'desnz-2023-diesel-100-mineral-diesel-kwh-gross-cv',
      ]),
    );
    for (const found of diesel.results) {
      expect(found.source, found.id).toMatch(/^(U\.S\. EPA|UK DESNZ)/);
    }
    // A name that starts with the words comes before names that only hold them.
    const naturalGas = await idsFor('natural gas');
    expect(naturalGas[0]).toBe('epa-c1-natural-gas');
    expect(naturalGas.indexOf('epa-hub-2024-natural-gas-scf')).toBeLessThan(
      naturalGas.indexOf('desnz-2024-natural-gas-gross-cv') + 1,
    );
    // A word found only in the source still matches: the blend's composition is cited from ASHRAE 34.
    expect((await idsFor('ASHRAE R-410A'))[0]).toBe('fgas-r-410a');
    expect(await idsFor('Table 7 steam')).toEqual(['epa-hub-2024-steam-and-heat']);

    const none = emissionFactorListResponseSchema.parse((await listFactors('?q=unobtainium')).json());
    expect(none).toEqual({ results: [], count: 0, total: 0, offset: 0 });
  });

  it('answers 400 to a page size out of range', async () => {
    for (const query of [
      '?limit=0',
      `?limit=${MAX_EMISSION_FACTOR_PAGE_SIZE + 1}`,
      '?offset=-1',
      '?limit=abc',
    ]) {
      const response = await listFactors(query);
      expect(response.statusCode, query).toBe(400);
      expect((response.json() as { message: string }).message, query).toMatch(
        /^querystring\/(limit|offset): /,
      );
    }
  });
});
