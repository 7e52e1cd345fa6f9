import {
  facilityDetailResponseSchema,
  facilityListResponseSchema,
  facilityMapResponseSchema,
  facilitySectorsResponseSchema,
  facilityStatesResponseSchema,
} from '@ecc/contracts';
import { DEMO_USER, seedDemoRealm } from '@ecc/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, withSession, type TestApp } from '#test-support/test-app.ts';
import { createTestRealm, createTestUser } from '#test-support/test-realms.ts';

const OTHER_USER = { email: 'olga@other.test', password: 'other-password-1' };

describe('GET /api/facilities and the facility view data', () => {
  let testApp: TestApp;
  let demoToken: string;
  let otherToken: string;

  beforeAll(async () => {
    testApp = await createTestApp();
    await seedDemoRealm(testApp.database.db);
    const other = await createTestRealm(testApp.database.db, { key: 'other', domains: ['other.test'] });
    await createTestUser(testApp.database.db, other, OTHER_USER);
    demoToken = await signIn(testApp.app, DEMO_USER);
    otherToken = await signIn(testApp.app, OTHER_USER, 'other.test');
  });
  afterAll(() => testApp.close());

  const get = (url: string, as: 'demo' | 'other' = 'demo') =>
    testApp.app.inject({
      method: 'GET',
      url,
      headers: {
        host: as === 'demo' ? 'localhost' : 'other.test',
        ...withSession(as === 'demo' ? demoToken : otherToken),
      },
    });

  const list = async (query: string) =>
    facilityListResponseSchema.parse((await get(`/api/facilities${query}`)).json());

  it('lists the realm’s facilities by name with location and latest-year CO2e, a page at a time', async () => {
    const page = await list('?limit=5&offset=5');
    expect(page).toMatchObject({ count: 5, total: 20, offset: 5 });
    const all = await list('');
    expect(all.results.map((facility) => facility.name)).toEqual(
      [...all.results.map((facility) => facility.name)].sort((left, right) => left.localeCompare(right)),
    );
    expect(all.results.find((facility) => facility.slug === 'hudson-yards-office')).toMatchObject({
      name: 'Hudson Yards Office Tower',
      sector: 'Offices',
      naics: '531120',
      location: { city: 'New York', state: 'NY', country: 'US', latitude: expect.any(Number) },
      co2eYear: 2025,
      co2eSource: 'calculated',
      co2e: expect.any(Number),
    });
  });

  it('searches name, city, state and NAICS in any case, and filters by sector', async () => {
    expect((await list('?q=riverbend')).results.map((facility) => facility.slug)).toEqual([
      'riverbend-power-station',
    ]);
    expect((await list('?q=BOSTON')).results.map((facility) => facility.slug)).toEqual([
      'harborview-general-hospital',
    ]);
    expect((await list('?q=bayern')).results.map((facility) => facility.slug)).toEqual(['klinikum-isar']);
    expect((await list('?q=3273')).results.map((facility) => facility.naics)).toEqual(['327310', '327310']);
    expect((await list('?q=50%25')).total).toBe(0);
    const dataCentres = await list('?sector=Data%20centres');
    expect(dataCentres.results.map((facility) => facility.slug).sort()).toEqual([
      'cascade-data-center',
      'slough-data-centre',
    ]);
    expect((await list('?q=tx&sector=Cement')).results.map((facility) => facility.slug)).toEqual([
      'lone-star-cement',
    ]);
  });

  it('refuses an unknown order, page size or year with each problem on its parameter', async () => {
    const response = await get('/api/facilities?limit=501');
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toEqual({ 'querystring/limit': 'Limit must be at most 500' });
    const badSort = await get('/api/facilities?sort=co2eKg');
    expect(badSort.statusCode).toBe(400);
    expect(badSort.json().fieldErrors).toEqual({
      'querystring/sort': 'Sort by one of name, -name, co2e, -co2e, state, -state, naics, -naics',
    });
    expect((await get('/api/facilities?limit=0')).json().fieldErrors).toEqual({
      'querystring/limit': 'Limit must be at least 1',
    });
    expect((await get('/api/facilities?limit=ten')).json().fieldErrors).toEqual({
      'querystring/limit': 'Limit must be a whole number',
    });
    expect((await get('/api/facilities?year=1850&archived=maybe')).json().fieldErrors).toEqual({
      'querystring/year': 'Year must be 1990 or later',
      'querystring/archived': 'Archived is one of false, true or only',
    });
  });

  it('sorts by CO2e over every facility, and a saved record moves its facility’s figure', async () => {
    const all = await list('?sort=-co2e');
    const figures = all.results.map((facility) => facility.co2e ?? 0);
    expect(figures).toEqual([...figures].sort((left, right) => right - left));
    const [largest] = (await list('?sort=-co2e&limit=1')).results;
    expect(largest).toEqual(all.results[0]);
    const [smallest] = (await list('?sort=co2e&limit=1')).results;
    expect(smallest).toEqual(all.results.at(-1));

    const year = largest?.co2eYear ?? 0;
    const saved = await testApp.app.inject({
      method: 'POST',
      url: `/api/facilities/${smallest?.slug}/activity-records`,
      headers: { host: 'localhost', ...withSession(demoToken) },
      payload: {
        activityType: 'Natural gas',
        periodStart: `${year}-12-01`,
        periodEnd: `${year}-12-31`,
        quantity: 1e11,
        unit: 'scf',
        factorKey: 'epa-c1-natural-gas',
        scope: 1,
      },
    });
    expect(saved.statusCode, saved.body).toBe(201);
    const added = saved.json<{ co2eKg: number }>().co2eKg;
    const [nowLargest] = (await list('?sort=-co2e&limit=1')).results;
    expect(nowLargest?.slug).toBe(smallest?.slug);
    expect(nowLargest?.co2e).toBeCloseTo((smallest?.co2e ?? 0) + added, 3);
  });

  it('lists the states to filter by, and filters by state', async () => {
    const states = facilityStatesResponseSchema.parse((await get('/api/facilities/states')).json());
    expect(states.results).toContainEqual({ state: 'TX', count: expect.any(Number) });
    const texas = await list('?state=TX');
    expect(texas.total).toBe(states.results.find((entry) => entry.state === 'TX')?.count);
    expect(texas.results.every((facility) => facility.location.state === 'TX')).toBe(true);
  });

  it('gives the map every matching facility with its place and CO2e', async () => {
    const map = facilityMapResponseSchema.parse((await get('/api/facilities/map?sector=Cement')).json());
    const cement = await list('?sector=Cement&sort=name');
    expect(map.points.map(([slug]) => slug)).toEqual(cement.results.map((facility) => facility.slug));
    expect(map.points[0]).toEqual([
      cement.results[0]?.slug,
      cement.results[0]?.name,
      cement.results[0]?.location.latitude,
      cement.results[0]?.location.longitude,
      cement.results[0]?.co2e,
      'calculated',
    ]);
    expect(map).toMatchObject({ unplaced: 0, gwpSetId: 'AR5' });
  });

  it('counts facilities per sector', async () => {
    const sectors = facilitySectorsResponseSchema.parse((await get('/api/facilities/sectors')).json());
    expect(sectors.results).toContainEqual({ sector: 'Warehouses', count: 3 });
    expect(sectors.results.reduce((sum, row) => sum + row.count, 0)).toBe(20);
  });

  it('answers a facility with its summary: totals by year and month, breakdowns and data quality', async () => {
    const response = await get('/api/facilities/harborview-general-hospital');
    expect(response.statusCode).toBe(200);
    const { facility, summary } = facilityDetailResponseSchema.parse(response.json());
    expect(facility.slug).toBe('harborview-general-hospital');
    expect(summary.gwpSetId).toBe('AR5');
    expect(summary.years.map((year) => year.year)).toEqual([2023, 2024, 2025]);
    for (const year of summary.years) {
      expect(year.co2eKg).toBeCloseTo(year.scope1 + year.scope2Location + year.scope3, 6);
    }
    expect(summary.monthly).toHaveLength(36);
    expect(summary.monthly[0]?.month).toBe('2023-01');
    expect(summary.bySource.map((source) => source.activityType)).toContain('Refrigerant losses');
    expect(summary.byGas.map((gas) => gas.gas)).toEqual(
      expect.arrayContaining(['CO2', 'CH4', 'N2O', 'HFC-125']),
    );
    expect(summary.intensity).toMatchObject({ unit: 'MWh', year: 2025 });
    expect(summary.dataQuality.some((flag) => flag.kind === 'estimated')).toBe(true);
    const latest = (await list('?q=harborview')).results[0];
    expect(latest?.co2e).toBeCloseTo(summary.years.at(-1)?.co2eKg ?? 0, 6);
  });

  it('covers the year asked for in the breakdowns and flags, and refuses a year that is not one', async () => {
    const latest = facilityDetailResponseSchema.parse(
      (await get('/api/facilities/harborview-general-hospital')).json(),
    ).summary;
    expect(latest.year).toBe(2025);
    const response = await get('/api/facilities/harborview-general-hospital?year=2024');
    const { summary } = facilityDetailResponseSchema.parse(response.json());
    expect(summary.year).toBe(2024);
    expect(summary.years).toEqual(latest.years);
    expect(summary.dataQuality.every((flag) => flag.month.startsWith('2024-'))).toBe(true);
    const bySource = summary.bySource.reduce((sum, source) => sum + source.co2eKg, 0);
    expect(bySource).toBeCloseTo(summary.years.find((year) => year.year === 2024)?.co2eKg ?? 0, 6);
    const refused = await get('/api/facilities/harborview-general-hospital?year=next');
    expect(refused.statusCode).toBe(400);
    expect(Object.keys(refused.json().fieldErrors ?? {})).toEqual(['querystring/year']);
  });

  it('answers 404 for a missing facility and for another realm’s, alike', async () => {
    const missing = await get('/api/facilities/no-such-site');
    expect(missing.statusCode).toBe(404);
    const foreign = await get('/api/facilities/harborview-general-hospital', 'other');
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual(missing.json());
    expect((await get('/api/facilities', 'other')).json()).toEqual({
      results: [],
      count: 0,
      total: 0,
      offset: 0,
      gwpSetId: 'AR5',
    });
    expect((await get('/api/facilities/sectors', 'other')).json()).toEqual({ results: [] });
  });
});
