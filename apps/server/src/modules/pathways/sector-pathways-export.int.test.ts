import { findRoute, planNotIncludedMessage, sectorPathwayListResponseSchema } from '@ecc/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, withSession, type TestApp } from '#test-support/test-app.ts';
import { createTestRealm, createTestUser } from '#test-support/test-realms.ts';
import { csvRows, xlsxRows } from '#test-support/export-files.ts';
import { withdrawRoleFacilityGrants } from '#test-support/role-grants.ts';

const HOST = 'acme.pathways.test';
const OTHER_HOST = 'other.pathways.test';
const EQT_HOST = 'eqt.pathways.test';
const ADMIN = { email: 'ada@acme.test', password: 'acme-password-1', role: 'admin' as const };
const MEMBER = { email: 'mo@acme.test', password: 'member-password-1' };
const OTHER_ADMIN = { email: 'olga@other.test', password: 'other-password-1', role: 'admin' as const };
const EQT_ADMIN = { email: 'eve@eqt.test', password: 'eqt-password-1', role: 'admin' as const };

const HEADER = ['Sector pathway', 'Intensity per', 'Unit', 'Year', 'Intensity (kg CO2e per unit)', 'Source'];

describe('the sector pathways export', () => {
  let testApp: TestApp;
  const tokens = { admin: '', member: '', other: '', eqt: '' };

  const call = (token: string, method: 'GET' | 'POST', url: string, host = HOST, payload?: object) =>
    testApp.app.inject({ method, url, headers: { ...withSession(token), host }, payload });

  beforeAll(async () => {
    testApp = await createTestApp();
    const db = testApp.database.db;
    const acme = await createTestRealm(db, { key: 'acmepth', plan: 'paid', domains: [HOST] });
    const other = await createTestRealm(db, { key: 'otherpth', plan: 'paid', domains: [OTHER_HOST] });
    const eqt = await createTestRealm(db, { key: 'eqtpth', plan: 'EQT', domains: [EQT_HOST] });
    await createTestUser(db, acme, ADMIN);
    await createTestUser(db, acme, MEMBER);
    await createTestUser(db, other, OTHER_ADMIN);
    await createTestUser(db, eqt, EQT_ADMIN);
    tokens.admin = await signIn(testApp.app, ADMIN, HOST);
    tokens.other = await signIn(testApp.app, OTHER_ADMIN, OTHER_HOST);
    tokens.eqt = await signIn(testApp.app, EQT_ADMIN, EQT_HOST);
    const cement = await call(tokens.admin, 'POST', '/api/pathways/sector-pathways', HOST, {
      name: 'Cement (t clinker)',
      denominatorKind: 'production',
      points: [
        { year: 2020, intensity: 600 },
        { year: 2030, intensity: 400 },
        { year: 2050, intensity: 100 },
      ],
    });
    expect(cement.statusCode, cement.body).toBe(201);
    const offices = await call(tokens.admin, 'POST', '/api/pathways/sector-pathways', HOST, {
      name: 'Offices',
      denominatorKind: 'floor-area',
      points: [
        { year: 2025, intensity: 50 },
        { year: 2027, intensity: 40 },
      ],
    });
    expect(offices.statusCode, offices.body).toBe(201);
    const foreign = await call(tokens.other, 'POST', '/api/pathways/sector-pathways', OTHER_HOST, {
      name: 'Foreign steel',
      denominatorKind: 'production',
      points: [
        { year: 2020, intensity: 1900 },
        { year: 2050, intensity: 200 },
      ],
    });
    expect(foreign.statusCode, foreign.body).toBe(201);
    // The member role of acme loses its facility grants: a user of the realm who may not read its emissions.
    await withdrawRoleFacilityGrants(db, acme.id);
    tokens.member = await signIn(testApp.app, MEMBER, HOST);
  });
  afterAll(() => testApp.close());

  it('exports one row a pathway and year, the years between given ones interpolated', async () => {
    const pathways = sectorPathwayListResponseSchema.parse(
      (await call(tokens.admin, 'GET', '/api/pathways/sector-pathways')).json(),
    ).results;
    const yearCount = pathways.reduce(
      (sum, pathway) => sum + pathway.points.at(-1)!.year - pathway.points[0]!.year + 1,
      0,
    );
    expect(yearCount).toBe(31 + 3);

    const csv = await call(tokens.admin, 'GET', '/api/exports/pathways/sector-pathways?format=csv');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toMatch(/sector-pathways-\d{4}-\d{2}-\d{2}\.csv/);
    const rows = csvRows(csv.body);
    expect(rows[0]).toEqual(HEADER);
    expect(rows).toHaveLength(yearCount + 1);
    const cement = rows.filter((row) => row[0] === 'Cement (t clinker)');
    expect(cement).toHaveLength(31);
    expect(cement.find((row) => row[3] === '2030')).toEqual([
      'Cement (t clinker)',
      'Production',
      'kg CO2e per unit of production',
      '2030',
      '400',
      'Given',
    ]);
    expect(cement.find((row) => row[3] === '2040')?.slice(4)).toEqual(['250', 'Interpolated (linear)']);
    expect(rows.some((row) => row[0] === 'Foreign steel')).toBe(false);

    const sheet = await xlsxRows(
      (await call(tokens.admin, 'GET', '/api/exports/pathways/sector-pathways?format=xlsx')).rawPayload,
    );
    expect(sheet[0]).toEqual(HEADER);
    expect(sheet).toHaveLength(yearCount + 1);
    expect(sheet.find((row) => row[0] === 'Offices' && row[3] === 2026)?.slice(4)).toEqual([
      45,
      'Interpolated (linear)',
    ]);
  });

  it('refuses a user who may not read the realm’s facilities, and a realm whose plan lacks the page', async () => {
    const refused = await call(tokens.member, 'GET', '/api/exports/pathways/sector-pathways?format=csv');
    expect(refused.statusCode).toBe(403);
    const eqt = await call(tokens.eqt, 'GET', '/api/exports/pathways/sector-pathways?format=csv', EQT_HOST);
    expect(eqt.statusCode).toBe(403);
    expect(eqt.json().message).toBe(
      planNotIncludedMessage('Decarbonisation pathways', findRoute('pathways').plans ?? []),
    );
  });
});
