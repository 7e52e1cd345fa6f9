import { GAS_IDS, GWP_SETS, UNITS, unitsMatching } from '@ecc/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csvRows, xlsxRows } from '#test-support/export-files.ts';
import { createTestApp, signIn, withSession, type TestApp } from '#test-support/test-app.ts';
import { createTestRealm, createTestUser } from '#test-support/test-realms.ts';
import { withdrawRoleFacilityGrants } from '#test-support/role-grants.ts';

const HOST = 'acme.constants.test';
const ADMIN = { email: 'ada@acme.test', password: 'acme-password-1', role: 'admin' as const };
const MEMBER = { email: 'mo@acme.test', password: 'member-password-1' };

describe('the calculation constants exports of /calc-editor/constants', () => {
  let testApp: TestApp;
  const tokens = { admin: '', member: '' };
  const get = (token: string, url: string) =>
    testApp.app.inject({ method: 'GET', url, headers: { ...withSession(token), host: HOST } });

  beforeAll(async () => {
    testApp = await createTestApp();
    const db = testApp.database.db;
    const acme = await createTestRealm(db, { key: 'acmecons', domains: [HOST] });
    await createTestUser(db, acme, ADMIN);
    await createTestUser(db, acme, MEMBER);
    // The member role loses its facility grants: a user of the realm without the page's right.
    await withdrawRoleFacilityGrants(db, acme.id);
    tokens.admin = await signIn(testApp.app, ADMIN, HOST);
    tokens.member = await signIn(testApp.app, MEMBER, HOST);
  });
  afterAll(() => testApp.close());

  it('exports every gas with its GWP in each set, numbers as numbers', async () => {
    const header = [
      'Gas',
      'Kyoto group',
      'AR4 (kg CO2e per kg)',
      'AR5 (kg CO2e per kg)',
      'AR6 (kg CO2e per kg)',
    ];
    const csv = await get(tokens.admin, '/api/exports/calculation-constants/gwp-sets?format=csv');
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-disposition']).toMatch(/gwp-sets-\d{4}-\d{2}-\d{2}\.csv/);
    const rows = csvRows(csv.body);
    expect(rows[0]).toEqual(header);
    expect(rows).toHaveLength(GAS_IDS.length + 1);
    expect(rows.find((row) => row[0] === 'HFC-134a')?.slice(1)).toEqual([
      'HFCs',
      String(GWP_SETS.AR4.values['HFC-134a']),
      String(GWP_SETS.AR5.values['HFC-134a']),
      String(GWP_SETS.AR6.values['HFC-134a']),
    ]);

    const sheet = await xlsxRows(
      (await get(tokens.admin, '/api/exports/calculation-constants/gwp-sets?format=xlsx')).rawPayload,
    );
    expect(sheet[0]).toEqual(header);
    expect(sheet).toHaveLength(GAS_IDS.length + 1);
    expect(sheet.find((row) => row[0] === 'CH4')?.[3]).toBe(GWP_SETS.AR5.values.CH4);
  });

  it('exports every unit, or those the page’s search finds, with its factor to the base unit', async () => {
    const header = ['Unit', 'Dimension', 'Base unit', 'In the base unit (base units per unit)', 'Definition'];
    const all = csvRows(
      (await get(tokens.admin, '/api/exports/calculation-constants/units?format=csv')).body,
    );
    expect(all[0]).toEqual(header);
    expect(all).toHaveLength(UNITS.length + 1);
    expect(all.find((row) => row[0] === 't')?.slice(1, 4)).toEqual(['mass', 'kg', '1000']);

    const searched = await xlsxRows(
      (await get(tokens.admin, '/api/exports/calculation-constants/units?q=gallon&format=xlsx')).rawPayload,
    );
    expect(searched[0]).toEqual(header);
    expect(searched).toHaveLength(unitsMatching('gallon').length + 1);
    expect(searched.length).toBeGreaterThan(1);
    expect(searched.slice(1).every((row) => JSON.stringify(row).toLowerCase().includes('gallon'))).toBe(true);
    expect(typeof searched[1]?.[3]).toBe('number');
  });

  it('refuses a reader without the right, and a caller signed out', async () => {
    for (const path of ['gwp-sets', 'units']) {
      const url = `/api/exports/calculation-constants/${path}?format=csv`;
      expect((await get(tokens.member, url)).statusCode).toBe(403);
      expect((await testApp.app.inject({ method: 'GET', url, headers: { host: HOST } })).statusCode).toBe(
        401,
      );
    }
  });
});
