import { overviewResponseSchema, type OverviewResponse } from '@ecc/contracts';
import {
  createFacilityRepository,
  createRealmRepository,
  DEMO_USER,
  seedDemoEmissions,
  seedDemoRealm,
  type NewFacility,
} from '@ecc/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csvRows, xlsxRows } from '#test-support/export-files.ts';
import { createTestApp, signIn, withSession, type TestApp } from '#test-support/test-app.ts';
import { createTestRealm, createTestUser } from '#test-support/test-realms.ts';
import { withdrawRoleFacilityGrants } from '#test-support/role-grants.ts';

const OTHER_USER = { email: 'olga@other.test', password: 'other-password-1' };
const ADMIN = { email: 'ada@demo.test', password: 'admin-password-1', role: 'admin' as const };
/** The demo realm's records run 2023–2025. */
const YEAR = 2025;

/** A facility that reported `co2eT` to EPA for the demo's latest year and has no records. */
function reportingFacility(slug: string, co2eT: number): NewFacility {
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
    reported: {
      [YEAR]: {
        source: 'EPA GHGRP 2025',
        gwpSetId: 'AR5',
        reportedGwpSetId: 'AR4',
        gases: { CO2: co2eT },
        mixturesCo2eT: {},
        co2eT,
        co2eTByGwpSet: { AR4: co2eT, AR5: co2eT, AR6: co2eT },
        reportedCo2eT: co2eT,
        biogenicCo2T: null,
        subparts: 'C',
        sectors: ['Power Plants'],
      },
    },
  };
}

const HEADERS = {
  facilities: [
    'Rank',
    'Facility',
    'Slug',
    'Where',
    'Sector',
    'CO2e, location-based (kg CO2e)',
    'Share of the year (%)',
    'Scope 1 (kg CO2e)',
    'Scope 2 location-based (kg CO2e)',
    'Scope 2 market-based (kg CO2e)',
    'Scope 3 (kg CO2e)',
  ],
  sources: [
    'Rank',
    'Source',
    'CO2e, location-based (kg CO2e)',
    'Share of the year (%)',
    'Facilities',
    'Largest at (kg CO2e)',
  ],
  reported: ['Rank', 'Facility', 'Slug', 'Where', 'Reported to', 'GWP set', 'CO2e (kg CO2e)'],
  'data-quality': ['Rank', 'Facility', 'Slug', 'Gaps (months)', 'Outliers (months)', 'Estimated (months)'],
} as const;

describe('GET /api/exports/overview', () => {
  let testApp: TestApp;
  const tokens = { demo: '', other: '', member: '' };
  const HOSTS = { demo: 'localhost', other: 'other.test', member: 'localhost' } as const;
  let answer: OverviewResponse;

  const get = (url: string, as: keyof typeof HOSTS = 'demo') =>
    testApp.app.inject({ method: 'GET', url, headers: { host: HOSTS[as], ...withSession(tokens[as]) } });
  const exportOf = (table: string, format: 'csv' | 'xlsx', as: keyof typeof HOSTS = 'demo') =>
    get(`/api/exports/overview?year=${YEAR}&table=${table}&format=${format}`, as);

  beforeAll(async () => {
    testApp = await createTestApp();
    const db = testApp.database.db;
    await seedDemoRealm(db);
    const demo = await createRealmRepository(db).findByKey('demo');
    if (!demo) throw new Error('the demo realm was not seeded');
    const demoRealmId = demo.id;
    await createFacilityRepository(db).insertMany(demoRealmId, [
      reportingFacility('reporter-a', 120_000),
      reportingFacility('reporter-b', 80_000),
    ]);
    await createTestUser(db, demo, ADMIN);
    // Another realm with the demo's emissions and a reporting facility of its own.
    const other = await createTestRealm(db, { key: 'other', domains: ['other.test'] });
    await createTestUser(db, other, OTHER_USER);
    await seedDemoEmissions(db, other.id);
    await createFacilityRepository(db).insertMany(other.id, [reportingFacility('foreign-reporter', 500_000)]);
    // The member role of the demo realm (the demo user's) loses its facility grants: a reader without the right.
    await withdrawRoleFacilityGrants(db, demoRealmId);
    tokens.demo = await signIn(testApp.app, ADMIN);
    tokens.other = await signIn(testApp.app, OTHER_USER, 'other.test');
    tokens.member = await signIn(testApp.app, DEMO_USER);
    answer = overviewResponseSchema.parse((await get(`/api/overview?year=${YEAR}`)).json());
  });
  afterAll(() => testApp.close());

  it('exports every facility of the year ranked, not only the top ten shown, as CSV and XLSX', async () => {
    const totals = answer.calculated.totals!;
    expect(answer.calculated.topFacilities).toHaveLength(10);
    expect(totals.facilityCount).toBe(20);

    const csv = await exportOf('facilities', 'csv');
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-disposition']).toMatch(/overview-facilities-2025-\d{4}-\d{2}-\d{2}\.csv/);
    const rows = csvRows(csv.body);
    expect(rows[0]).toEqual(HEADERS.facilities);
    expect(rows).toHaveLength(totals.facilityCount + 1);
    // The page's top ten are the file's first ten, in order.
    expect(rows.slice(1, 11).map((row) => row[2])).toEqual(
      answer.calculated.topFacilities.map((facility) => facility.slug),
    );
    expect(rows.slice(1).map((row) => row[0])).toEqual(
      Array.from({ length: totals.facilityCount }, (_, index) => String(index + 1)),
    );
    const sum = rows.slice(1).reduce((total, row) => total + Number(row[5]), 0);
    expect(sum).toBeCloseTo(totals.co2eKg, 3);

    const sheet = await xlsxRows((await exportOf('facilities', 'xlsx')).rawPayload);
    expect(sheet[0]).toEqual(HEADERS.facilities);
    expect(sheet).toHaveLength(totals.facilityCount + 1);
    const first = answer.calculated.topFacilities[0]!;
    expect(sheet[1]?.[2]).toBe(first.slug);
    expect(sheet[1]?.[5]).toBeCloseTo(first.co2eKg, 6);
    expect(sheet[1]?.[6]).toBeCloseTo((first.co2eKg / totals.co2eKg) * 100, 6);
    expect(sheet[1]?.[7]).toBeCloseTo(first.scope1, 6);
  });

  it('exports every source of the year with its largest facilities', async () => {
    const rows = csvRows((await exportOf('sources', 'csv')).body);
    expect(rows[0]).toEqual(HEADERS.sources);
    expect(rows.length - 1).toBeGreaterThanOrEqual(answer.calculated.topSources.length);
    expect(rows.slice(1, answer.calculated.topSources.length + 1).map((row) => row[1])).toEqual(
      answer.calculated.topSources.map((source) => source.activityType),
    );
    const sheet = await xlsxRows((await exportOf('sources', 'xlsx')).rawPayload);
    expect(sheet).toHaveLength(rows.length);
    const top = answer.calculated.topSources[0]!;
    expect(sheet[1]?.[2]).toBeCloseTo(top.co2eKg, 6);
    expect(sheet[1]?.[4]).toBe(top.facilityCount);
    expect(String(sheet[1]?.[5])).toContain(top.topFacilities[0]!.name);
  });

  it('exports the reporting facilities and the data-quality ranking whole, with the realm’s rows only', async () => {
    const reportedCount = answer.reported.totals.reduce((total, entry) => total + entry.facilityCount, 0);
    expect(reportedCount).toBe(2);
    const reported = csvRows((await exportOf('reported', 'csv')).body);
    expect(reported[0]).toEqual(HEADERS.reported);
    expect(reported).toHaveLength(reportedCount + 1);
    expect(reported[1]).toEqual([
      '1',
      'Reporting reporter-a',
      'reporter-a',
      'TX, US',
      'EPA GHGRP 2025',
      'AR5',
      '120000000',
    ]);
    expect(reported.some((row) => row[2] === 'foreign-reporter')).toBe(false);
    const reportedSheet = await xlsxRows((await exportOf('reported', 'xlsx')).rawPayload);
    expect(reportedSheet[2]?.[6]).toBe(80_000_000);

    const quality = csvRows((await exportOf('data-quality', 'csv')).body);
    expect(quality[0]).toEqual(HEADERS['data-quality']);
    expect(quality).toHaveLength(answer.dataQuality.facilityCount + 1);
    const flagSum = (column: number) =>
      quality.slice(1).reduce((total, row) => total + Number(row[column]), 0);
    expect([flagSum(3), flagSum(4), flagSum(5)]).toEqual([
      answer.dataQuality.gaps,
      answer.dataQuality.outliers,
      answer.dataQuality.estimated,
    ]);
    const qualitySheet = await xlsxRows((await exportOf('data-quality', 'xlsx')).rawPayload);
    expect(qualitySheet).toHaveLength(quality.length);
    expect(qualitySheet[1]?.[5]).toBe(answer.dataQuality.topFacilities[0]?.estimated);

    // The other realm sees its own twenty facilities and its own reporter, never the demo realm's.
    const otherFacilities = csvRows((await exportOf('facilities', 'csv', 'other')).body);
    expect(otherFacilities).toHaveLength(21);
    const otherReported = csvRows((await exportOf('reported', 'csv', 'other')).body);
    expect(otherReported.slice(1).map((row) => row[2])).toEqual(['foreign-reporter']);
  });

  it('refuses a reader without the right to read facilities, signed-out callers and an unknown table', async () => {
    expect((await exportOf('facilities', 'csv', 'member')).statusCode).toBe(403);
    const signedOut = await testApp.app.inject({
      method: 'GET',
      url: `/api/exports/overview?table=facilities&format=csv`,
    });
    expect(signedOut.statusCode).toBe(401);
    expect((await exportOf('everything', 'csv')).statusCode).toBe(400);
  });
});
