import {
  activityRecordListResponseSchema,
  facilityDetailResponseSchema,
  facilityListResponseSchema,
  overviewResponseSchema,
  reportingYearsResponseSchema,
  type OverviewResponse,
} from '@ecc/contracts';
import {
  createFacilityRepository,
  DEMO_USER,
  seedDemoEmissions,
  seedDemoRealm,
  type NewFacility,
} from '@ecc/db';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNumbersClose } from '#test-support/expect-numbers-close.ts';
import { createTestApp, signIn, withSession, type TestApp } from '#test-support/test-app.ts';
import { createTestRealm, createTestUser } from '#test-support/test-realms.ts';

const OTHER_USER = { email: 'olga@other.test', password: 'other-password-1' };
const SIMPLE_USER = { email: 'sam@simple.test', password: 'simple-password-1' };
/** The demo realm's records run 2023–2025. */
const DEMO_LATEST_YEAR = 2025;

/** A facility that reported to EPA for `year` and has no records. */
function reportingFacility(slug: string, reported: Record<string, unknown>): NewFacility {
  return {
    slug,
    name: `Reporting ${slug}`,
    sector: 'Power Plants',
    naics: '221112',
    address: null,
    city: 'Houston',
    state: 'TX',
    postalCode: null,
    country: 'US',
    latitude: null,
    longitude: null,
    ghgrpId: slug,
    reported,
  };
}

/**
 * A reported year as the GHGRP import stores it: CO2e on every GWP set (`co2eTByGwpSet`), `co2eT` on the set of
 * its import. A year imported on AR4 and never re-based keeps its AR4 `co2eT`: the overview reads the realm's set.
 */
function reportedYear(co2eT: number, importedOn: 'AR4' | 'AR5' = 'AR5') {
  const co2eTByGwpSet = { AR4: co2eT * 0.9, AR5: co2eT, AR6: co2eT * 1.1 };
  return {
    source: 'EPA GHGRP 2025',
    gwpSetId: importedOn,
    reportedGwpSetId: 'AR4',
    gases: { CO2: co2eT },
    mixturesCo2eT: {},
    co2eT: co2eTByGwpSet[importedOn],
    co2eTByGwpSet,
    reportedCo2eT: co2eT,
    biogenicCo2T: null,
    subparts: 'C',
    sectors: ['Power Plants'],
  };
}

describe('GET /api/overview', () => {
  let testApp: TestApp;
  let demoToken: string;
  let otherToken: string;
  let simpleToken: string;
  let demoRealmId: string;

  beforeAll(async () => {
    testApp = await createTestApp();
    await seedDemoRealm(testApp.database.db);
    const other = await createTestRealm(testApp.database.db, { key: 'other', domains: ['other.test'] });
    await createTestUser(testApp.database.db, other, OTHER_USER);
    const simple = await createTestRealm(testApp.database.db, {
      key: 'simple',
      domains: ['simple.test'],
      plan: 'simple',
    });
    await createTestUser(testApp.database.db, simple, SIMPLE_USER);
    demoToken = await signIn(testApp.app, DEMO_USER);
    otherToken = await signIn(testApp.app, OTHER_USER, 'other.test');
    simpleToken = await signIn(testApp.app, SIMPLE_USER, 'simple.test');
    const rows = await testApp.database.db.execute(sql`select id from realms where key = 'demo'`);
    demoRealmId = String((rows as unknown as { rows: { id: string }[] }).rows[0]?.id);
  });
  afterAll(() => testApp.close());

  const HOSTS = { demo: 'localhost', other: 'other.test', simple: 'simple.test' } as const;
  const get = (url: string, as: keyof typeof HOSTS = 'demo') =>
    testApp.app.inject({
      method: 'GET',
      url,
      headers: {
        host: HOSTS[as],
        ...withSession({ demo: demoToken, other: otherToken, simple: simpleToken }[as]),
      },
    });
  const overview = async (query = '', as: keyof typeof HOSTS = 'demo'): Promise<OverviewResponse> => {
    const response = await get(`/api/overview${query}`, as);
    expect(response.statusCode, response.body).toBe(200);
    return overviewResponseSchema.parse(response.json());
  };

  /** The same figures through the facility view, which the domain computes from each facility's results. */
  async function figuresThroughFacilityViews(year: number) {
    const list = facilityListResponseSchema.parse((await get('/api/facilities?limit=500')).json());
    const totals = { co2eKg: 0, scope1: 0, scope2Location: 0, scope2Market: 0, scope3: 0 };
    const facilities: { slug: string; co2eKg: number }[] = [];
    const flags = { gap: 0, outlier: 0, estimated: 0 };
    const sources = new Map<string, number>();
    for (const facility of list.results) {
      const { summary } = facilityDetailResponseSchema.parse(
        (await get(`/api/facilities/${facility.slug}`)).json(),
      );
      const yearTotals = summary.years.find((entry) => entry.year === year);
      if (yearTotals) {
        for (const key of Object.keys(totals) as (keyof typeof totals)[]) totals[key] += yearTotals[key];
        facilities.push({ slug: facility.slug, co2eKg: yearTotals.co2eKg });
      }
      for (const flag of summary.dataQuality) if (flag.month.startsWith(`${year}-`)) flags[flag.kind] += 1;
      const records = activityRecordListResponseSchema.parse(
        (await get(`/api/facilities/${facility.slug}/activity-records?limit=20000`)).json(),
      );
      for (const record of records.results) {
        if (!record.periodStart.startsWith(`${year}-`)) continue;
        sources.set(record.activityType, (sources.get(record.activityType) ?? 0) + record.co2eKg);
      }
    }
    facilities.sort((left, right) => right.co2eKg - left.co2eKg);
    return { totals, facilities, flags, sources };
  }

  it('answers the latest year’s totals by scope, equal to the sum of every facility’s, on the realm’s set', async () => {
    const answer = await overview();
    expect(answer.year).toBe(DEMO_LATEST_YEAR);
    // 2020 is the GHGRP-style reported year the demo seed gives Riverbend Power Station (for /benchmarks).
    expect(answer.years).toEqual([2020, 2023, 2024, 2025]);
    expect(answer.facilityCount).toBe(20);
    expect(answer.calculated.gwpSetId).toBe('AR5');

    const expected = await figuresThroughFacilityViews(DEMO_LATEST_YEAR);
    const totals = answer.calculated.totals;
    expect(totals?.facilityCount).toBe(20);
    for (const key of ['co2eKg', 'scope1', 'scope2Location', 'scope2Market', 'scope3'] as const) {
      expect(totals?.[key]).toBeCloseTo(expected.totals[key], 3);
    }
    // Scope 2 market-based stands beside the total, never in it.
    expect(totals?.co2eKg).toBeCloseTo(
      (totals?.scope1 ?? 0) + (totals?.scope2Location ?? 0) + (totals?.scope3 ?? 0),
      6,
    );
    expect(answer.calculated.previous?.year).toBe(2024);
    expect(answer.calculated.trend.map((entry) => entry.year)).toEqual([2023, 2024, 2025]);

    const top = answer.calculated.topFacilities;
    expect(top).toHaveLength(10);
    expect(top.map((facility) => facility.slug)).toEqual(
      expected.facilities.slice(0, 10).map((facility) => facility.slug),
    );
    top.forEach((facility, index) =>
      expect(facility.co2eKg).toBeCloseTo(expected.facilities[index]?.co2eKg ?? 0, 3),
    );

    const sources = [...expected.sources].sort(([, left], [, right]) => right - left);
    expect(answer.calculated.topSources.map((source) => source.activityType)).toEqual(
      sources.slice(0, 10).map(([activityType]) => activityType),
    );
    answer.calculated.topSources.forEach((source, index) => {
      expect(source.co2eKg).toBeCloseTo(sources[index]?.[1] ?? 0, 3);
      expect(source.topFacilities.length).toBeGreaterThan(0);
      expect(source.topFacilities.length).toBeLessThanOrEqual(3);
    });

    expect(answer.dataQuality).toMatchObject({
      gaps: expected.flags.gap,
      outliers: expected.flags.outlier,
      estimated: expected.flags.estimated,
    });
    expect(answer.dataQuality.estimated).toBeGreaterThan(0);
  });

  it('answers the year asked for, with the year before it; a year without data reads as zeros', async () => {
    const answer = await overview('?year=2024');
    expect(answer.year).toBe(2024);
    expect(answer.calculated.totals?.year).toBe(2024);
    expect(answer.calculated.previous?.year).toBe(2023);
    const expected = await figuresThroughFacilityViews(2024);
    expect(answer.calculated.totals?.co2eKg).toBeCloseTo(expected.totals.co2eKg, 3);

    const empty = await overview('?year=2030');
    expect(empty.year).toBe(2030);
    expect(empty.calculated.totals).toMatchObject({ year: 2030, co2eKg: 0, facilityCount: 0 });
    expect(empty.calculated.previous).toBeNull();
    expect(empty.calculated.topFacilities).toEqual([]);
    expect(empty.dataQuality).toMatchObject({ gaps: 0, outliers: 0, estimated: 0, facilityCount: 0 });
  });

  it('counts gaps, outliers and estimated months of the year as the facility view flags them', async () => {
    // One monthly series from May 2024: March 2025 missing (a gap), July 2025 far above the rest (an outlier).
    const months = [
      ...['05', '06', '07', '08', '09', '10', '11', '12'].map((month) => `2024-${month}`),
      ...['01', '02', '04', '05', '06', '07', '08', '09'].map((month) => `2025-${month}`),
    ];
    for (const month of months) {
      const response = await testApp.app.inject({
        method: 'POST',
        url: '/api/facilities/harborview-general-hospital/activity-records',
        headers: { host: HOSTS.demo, ...withSession(demoToken) },
        payload: {
          activityType: 'Test boiler fuel',
          periodStart: `${month}-01`,
          periodEnd: `${month}-28`,
          quantity: month === '2025-07' ? 50_000 : 1000 + months.indexOf(month),
          unit: 'therm',
          factorKey: 'epa-c1-natural-gas',
          scope: 1,
          isEstimated: month === '2025-08',
        },
      });
      expect(response.statusCode, response.body).toBe(201);
    }
    const answer = await overview();
    const expected = await figuresThroughFacilityViews(DEMO_LATEST_YEAR);
    expect(expected.flags.gap).toBeGreaterThanOrEqual(1);
    expect(expected.flags.outlier).toBeGreaterThanOrEqual(1);
    expect(answer.dataQuality).toMatchObject({
      gaps: expected.flags.gap,
      outliers: expected.flags.outlier,
      estimated: expected.flags.estimated,
    });
    // The demo's Scope 3 spend lines are estimated, so another facility may lead; the series above shows its flags.
    const hospital = answer.dataQuality.topFacilities.find(
      (facility) => facility.slug === 'harborview-general-hospital',
    );
    expect(hospital?.gaps).toBeGreaterThanOrEqual(1);
    expect(hospital?.outliers).toBeGreaterThanOrEqual(1);
    expect(answer.calculated.totals?.co2eKg).toBeCloseTo(expected.totals.co2eKg, 3);
    // The new series is ranked among the sources exactly as the facility views rank it.
    const sources = [...expected.sources].sort(([, left], [, right]) => right - left);
    expect(answer.calculated.topSources.map((source) => source.activityType)).toEqual(
      sources.slice(0, 10).map(([activityType]) => activityType),
    );
  });

  it('refuses a year that is not one, naming the parameter', async () => {
    for (const year of ['1800', 'soon', '2024.5']) {
      const response = await get(`/api/overview?year=${year}`);
      expect(response.statusCode).toBe(400);
      expect(Object.keys(response.json().fieldErrors ?? {})).toEqual(['querystring/year']);
    }
  });

  it('keeps reported (GHGRP) emissions apart: counted only where a facility has no results that year', async () => {
    const before = await overview();
    const facilities = createFacilityRepository(testApp.database.db);
    await facilities.insertMany(demoRealmId, [
      reportingFacility('reporter-a', { [DEMO_LATEST_YEAR]: reportedYear(120_000) }),
      reportingFacility('reporter-b', {
        [DEMO_LATEST_YEAR]: reportedYear(80_000),
        2020: reportedYear(70_000),
      }),
      reportingFacility('reporter-ar4', { [DEMO_LATEST_YEAR]: reportedYear(5_000, 'AR4') }),
    ]);
    // A demo facility with results in 2025 that also reported for 2025 stays calculated only.
    const calculatedSlug = before.calculated.topFacilities[0]?.slug ?? '';
    await testApp.database.db.execute(
      sql`update facilities set reported = ${JSON.stringify({ [DEMO_LATEST_YEAR]: reportedYear(999_999) })}::jsonb
          where realm_id = ${demoRealmId} and slug = ${calculatedSlug}`,
    );

    const after = await overview();
    expect(after.calculated).toEqual(before.calculated);
    expect(after.years).toEqual([2020, 2023, 2024, 2025]);
    expect(reportingYearsResponseSchema.parse((await get('/api/overview/years')).json())).toEqual({
      years: [2020, 2023, 2024, 2025],
    });
    expect(after.facilityCount).toBe(23);
    expect(after.reported.totals).toEqual([
      { gwpSetId: 'AR5', source: 'EPA GHGRP 2025', co2eKg: 205_000_000, facilityCount: 3 },
    ]);
    expect(after.reported.topFacilities.map((facility) => [facility.slug, facility.co2eKg])).toEqual([
      ['reporter-a', 120_000_000],
      ['reporter-b', 80_000_000],
      ['reporter-ar4', 5_000_000],
    ]);
    expect(after.reported.trend.filter((entry) => entry.year === 2020)).toEqual([
      { year: 2020, gwpSetId: 'AR5', source: 'EPA GHGRP 2025', co2eKg: 70_000_000, facilityCount: 1 },
    ]);
    const reportedYearOnly = await overview('?year=2020');
    expect(reportedYearOnly.calculated.totals).toMatchObject({ co2eKg: 0, facilityCount: 0 });
    expect(reportedYearOnly.reported.topFacilities.map((facility) => facility.slug)).toEqual(['reporter-b']);
  });

  it('never counts another realm’s data, and a realm without data answers no year', async () => {
    const empty = await overview('', 'other');
    expect(empty).toMatchObject({ year: null, years: [], facilityCount: 0 });
    expect(empty.calculated.totals).toBeNull();
    expect((await get('/api/overview/years', 'other')).json()).toEqual({ years: [] });

    const demoBefore = await overview();
    const rows = await testApp.database.db.execute(sql`select id from realms where key = 'other'`);
    const otherRealmId = String((rows as unknown as { rows: { id: string }[] }).rows[0]?.id);
    await seedDemoEmissions(testApp.database.db, otherRealmId);

    expectNumbersClose(await overview(), demoBefore);
    const other = await overview('', 'other');
    expect(other.facilityCount).toBe(20);
    expect(other.reported.totals).toEqual([]);
    expect(other.calculated.topFacilities.map((facility) => facility.slug)).toEqual(
      demoBefore.calculated.topFacilities.map((facility) => facility.slug),
    );
  });

  it('answers 401 signed out and 403 on a plan without the facility view', async () => {
    const signedOut = await testApp.app.inject({ method: 'GET', url: '/api/overview' });
    expect(signedOut.statusCode).toBe(401);
    expect((await get('/api/overview', 'simple')).statusCode).toBe(403);
    expect((await get('/api/overview/years', 'simple')).statusCode).toBe(403);
  });
});
