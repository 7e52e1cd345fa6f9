import { DEMO_ADMIN, DEMO_USER, createFacilityRepository, seedDemoRealm } from '@ecc/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, withSession, type TestApp } from '#test-support/test-app.ts';
import { createTestRealm, createTestUser } from '#test-support/test-realms.ts';
import { csvRows, xlsxRows } from '#test-support/export-files.ts';

/*
 * The exports (issue 10, item 8) through the real routes: every table as CSV and XLSX with its list's filters,
 * streamed without a row cap, text guarded against formula injection, numbers raw, realm-scoped, and readable
 * only with the permission that reads the table.
 */

const BIG_ADMIN = { email: 'bea@big.test', password: 'big-password-1', role: 'admin' as const };
const BIG_FACILITY_COUNT = 10_500;

describe('exports', () => {
  let testApp: TestApp;
  let adminToken: string;
  let memberToken: string;
  let bigToken: string;

  beforeAll(async () => {
    testApp = await createTestApp();
    const db = testApp.database.db;
    await seedDemoRealm(db);
    const big = await createTestRealm(db, { key: 'big', domains: ['big.test'] });
    await createTestUser(db, big, BIG_ADMIN);
    const facilities = createFacilityRepository(db);
    const values = Array.from({ length: BIG_FACILITY_COUNT }, (_, index) => ({
      slug: `site-${String(index).padStart(5, '0')}`,
      name: `Site ${String(index).padStart(5, '0')}`,
      sector: index % 2 === 0 ? 'Power Plants' : 'Waste',
      country: 'US',
      latitude: 30 + index / 1000,
      longitude: -90,
      reported: {},
    }));
    for (let start = 0; start < values.length; start += 1000) {
      await facilities.insertMany(big.id, values.slice(start, start + 1000));
    }
    await facilities.insertMany(big.id, [
      {
        slug: 'formula',
        name: '=HYPERLINK("http://evil.test","x")',
        sector: '+Sector',
        country: 'US',
        reported: {},
      },
      { slug: 'at-sign', name: '@SUM(A1:A2)', sector: '-5 tons', country: 'US', reported: {} },
    ]);
    adminToken = await signIn(testApp.app, DEMO_ADMIN);
    memberToken = await signIn(testApp.app, DEMO_USER);
    bigToken = await signIn(testApp.app, BIG_ADMIN, 'big.test');
  });
  afterAll(() => testApp.close());

  const get = (url: string, token = adminToken, host = 'localhost') =>
    testApp.app.inject({ method: 'GET', url, headers: { host, ...withSession(token) } });

  /** A CSV answer's rows (the byte-order mark dropped), header first. */
  it('exports the facility list with its filters and order, numbers raw and units in the headers', async () => {
    const list = (await get('/api/facilities?sector=Offices&sort=-co2e&limit=500')).json();
    const response = await get('/api/exports/facilities?sector=Offices&sort=-co2e&format=csv');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="facilities-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const [header, ...rows] = csvRows(response.body);
    expect(header).toEqual([
      'Name',
      'Slug',
      'Sector',
      'NAICS',
      'Address',
      'City',
      'State',
      'Postal code',
      'Country',
      'Latitude',
      'Longitude',
      'CO2e year',
      'CO2e (kg CO2e)',
      'CO2e source',
      'GWP set',
    ]);
    expect(rows.map((row) => row[1])).toEqual(
      list.results.map((facility: { slug: string }) => facility.slug),
    );
    const first = list.results[0] as { co2e: number; co2eSource: string; location: { latitude: number } };
    expect(Number(rows[0]?.[12])).toBe(first.co2e);
    expect(rows[0]?.[13]).toBe(first.co2eSource);
    expect(rows[0]?.[14]).toBe(list.gwpSetId);
    expect(Number(rows[0]?.[9])).toBe(first.location.latitude);

    const workbook = await get('/api/exports/facilities?sector=Offices&sort=-co2e&format=xlsx');
    expect(workbook.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    const sheet = await xlsxRows(workbook.rawPayload);
    expect(sheet[0]).toEqual(header);
    expect(sheet.slice(1).map((row) => row[1])).toEqual(rows.map((row) => row[1]));
    expect(typeof sheet[1]?.[12]).toBe('number');
  });

  it(`streams every one of ${BIG_FACILITY_COUNT.toLocaleString('en')} facilities, as CSV and as XLSX`, async () => {
    const csv = await get('/api/exports/facilities?format=csv', bigToken, 'big.test');
    const rows = csvRows(csv.body);
    expect(rows).toHaveLength(BIG_FACILITY_COUNT + 3);
    expect(rows.filter((row) => row[1]?.startsWith('site-'))).toHaveLength(BIG_FACILITY_COUNT);
    const sheet = await xlsxRows(
      (await get('/api/exports/facilities?format=xlsx', bigToken, 'big.test')).rawPayload,
    );
    expect(sheet).toHaveLength(BIG_FACILITY_COUNT + 3);
    const filtered = csvRows(
      (await get('/api/exports/facilities?format=csv&sector=Waste', bigToken, 'big.test')).body,
    );
    expect(filtered).toHaveLength(BIG_FACILITY_COUNT / 2 + 1);
  });

  it('guards text that a spreadsheet would run as a formula, and the facility import reads it back', async () => {
    const csv = await get('/api/exports/facilities?format=csv&q=HYPERLINK', bigToken, 'big.test');
    expect(csvRows(csv.body)[1]?.slice(0, 3)).toEqual([
      '\'=HYPERLINK("http://evil.test","x")',
      'formula',
      "'+Sector",
    ]);
    const atSign = csvRows(
      (await get('/api/exports/facilities?format=csv&q=SUM', bigToken, 'big.test')).body,
    );
    expect(atSign[1]?.slice(0, 3)).toEqual(["'@SUM(A1:A2)", 'at-sign', "'-5 tons"]);
    const sheet = await xlsxRows(
      (await get('/api/exports/facilities?format=xlsx&q=HYPERLINK', bigToken, 'big.test')).rawPayload,
    );
    expect(sheet[1]?.[0]).toBe('\'=HYPERLINK("http://evil.test","x")');

    const form = new FormData();
    form.append('file', new Blob([csv.body]), 'facilities.csv');
    const preview = await testApp.app.inject({
      method: 'POST',
      url: '/api/imports/facilities/preview',
      headers: { host: 'big.test', ...withSession(bigToken) },
      payload: form,
    });
    expect(preview.json()).toMatchObject({ errors: [], missingFields: [] });
    expect(preview.json().rows[0].cells.slice(0, 3)).toEqual([
      '=HYPERLINK("http://evil.test","x")',
      'formula',
      '+Sector',
    ]);
  });

  it("exports a facility's records with the list's search, and answers 404 as JSON for an unknown facility", async () => {
    const slug = 'hudson-yards-office';
    const list = (
      await get(`/api/facilities/${slug}/activity-records?q=electricity%202024&limit=500`)
    ).json();
    expect(list.total).toBeGreaterThan(0);
    const response = await get(
      `/api/exports/facilities/${slug}/activity-records?q=electricity%202024&format=csv`,
    );
    expect(response.headers['content-disposition']).toContain(`filename="${slug}-activity-records-`);
    const [header, ...rows] = csvRows(response.body);
    expect(header?.slice(0, 6)).toEqual([
      'Activity type',
      'Period start',
      'Period end',
      'Quantity',
      'Unit',
      'Emission factor',
    ]);
    expect(header).toContain('CO2e (kg CO2e)');
    expect(rows.map((row) => row.at(-3))).toEqual(list.results.map((record: { id: string }) => record.id));
    const missing = await get('/api/exports/facilities/nowhere/activity-records?format=csv');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ statusCode: 404, message: 'Facility not found' });
    const badFormat = await get(`/api/exports/facilities/${slug}/activity-records?format=pdf`);
    expect(badFormat.statusCode).toBe(400);
    expect(badFormat.json().fieldErrors).toHaveProperty('querystring/format');
  });

  it('exports the factor library with its search, each value with its unit beside it', async () => {
    const response = await get('/api/exports/emission-factors?q=natural%20gas&format=csv');
    const [header, ...rows] = csvRows(response.body);
    expect(header?.slice(0, 9)).toEqual([
      'Key',
      'Name',
      'Source',
      'Year',
      'Per',
      'CO2',
      'CO2 unit',
      'CH4',
      'CH4 unit',
    ]);
    const list = (await get('/api/emission-factors?q=natural%20gas&limit=500')).json();
    expect(rows.map((row) => row[0])).toEqual(list.results.map((factor: { id: string }) => factor.id));
  });

  it('filters the audit log by entity type, actor and days, and exports the same entries', async () => {
    const types = (await get('/api/audit-log/entity-types')).json();
    expect(types.results.map((entry: { entityType: string }) => entry.entityType)).toContain(
      'activity-record',
    );
    const today = new Date().toISOString().slice(0, 10);
    const query = `entityType=activity-record&actor=system&from=2000-01-01&to=${today}`;
    const list = (await get(`/api/audit-log?${query}&limit=500`)).json();
    expect(list.total).toBeGreaterThan(0);
    expect(list.results.every((entry: { actorEmail: string | null }) => entry.actorEmail === null)).toBe(
      true,
    );
    const future = `entityType=activity-record&from=2999-01-01&to=2999-12-31`;
    expect((await get(`/api/audit-log?${future}`)).json().total).toBe(0);
    expect((await get('/api/audit-log?actor=nobody@nowhere')).json().total).toBe(0);
    expect((await get('/api/audit-log?from=yesterday')).json().fieldErrors).toEqual({
      'querystring/from': 'Expected a date as YYYY-MM-DD',
    });

    const response = await get(`/api/exports/audit-log?${query}&format=csv`);
    const [header, ...rows] = csvRows(response.body);
    expect(header).toEqual([
      'Sequence',
      'Occurred on (UTC)',
      'Actor',
      'Action',
      'Entity type',
      'Entity id',
      'Before',
      'After',
      'Hash',
      'Previous hash',
    ]);
    expect(rows).toHaveLength(list.total);
    expect(rows[0]?.[0]).toBe(String(list.results[0].sequence));
    expect(JSON.parse(rows[0]?.[7] ?? 'null')).toEqual(list.results[0].after);
  });

  it('exports the users the caller may read: an administrator all, a member themself', async () => {
    const all = csvRows((await get('/api/exports/users?format=csv')).body);
    expect(all[0]).toEqual(['E-mail', 'Name', 'Role', 'Created on (UTC)', 'User id']);
    expect(
      all
        .slice(1)
        .map((row) => row[0])
        .sort(),
    ).toEqual([DEMO_ADMIN.email, DEMO_USER.email]);
    const own = csvRows((await get('/api/exports/users?format=csv', memberToken)).body);
    expect(own.slice(1).map((row) => row[0])).toEqual([DEMO_USER.email]);
  });

  it('needs a session, and never reaches another realm', async () => {
    const signedOut = await testApp.app.inject({ method: 'GET', url: '/api/exports/facilities?format=csv' });
    expect(signedOut.statusCode).toBe(401);
    const bigRecords = await get(
      '/api/exports/facilities/hudson-yards-office/activity-records?format=csv',
      bigToken,
      'big.test',
    );
    expect(bigRecords.statusCode).toBe(404);
    const bigAudit = csvRows((await get('/api/exports/audit-log?format=csv', bigToken, 'big.test')).body);
    expect(bigAudit).toHaveLength(1);
  });
});
