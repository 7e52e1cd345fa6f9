import {
  measureListResponseSchema,
  measureSchema,
  planNotIncludedMessage,
  type MeasureInput,
} from '@ecc/contracts';
import { facilities, type Database } from '@ecc/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, withSession, type TestApp } from '#test-support/test-app.ts';
import { createTestRealm, createTestUser } from '#test-support/test-realms.ts';
import { csvRows, xlsxRows } from '#test-support/export-files.ts';
import { withdrawRoleFacilityGrants } from '#test-support/role-grants.ts';

const HOST = 'acme.abatement.test';
const OTHER_HOST = 'other.abatement.test';
const CORE_HOST = 'core.abatement.test';
const ADMIN = { email: 'ada@acme.test', password: 'acme-password-1', role: 'admin' as const };
const MEMBER = { email: 'mo@acme.test', password: 'member-password-1' };
const OTHER_ADMIN = { email: 'olga@other.test', password: 'other-password-1', role: 'admin' as const };
const CORE_ADMIN = { email: 'cody@core.test', password: 'core-password-1', role: 'admin' as const };

const HEADER = [
  'Measure',
  'Facility',
  'Equipment type',
  'Scope',
  'Share of source (%)',
  'Annual abatement (kg CO2e)',
  'Source emissions (kg CO2e)',
  'Source emissions year',
  'Capex (USD)',
  'Annual cost (USD)',
  'Lifetime (years)',
  'Earliest year',
  'Exclusive group',
  'Prerequisites',
  'Source citation',
  'Source address',
];

const LEAKS: MeasureInput = {
  name: 'Compressed-air leak repair',
  abatement: { kind: 'absolute', kgPerYear: 40_000 },
  capex: 25_000,
  annualCost: -4_000,
  lifetime: 5,
  earliestYear: 2026,
  exclusiveGroup: 'air',
  source: { citation: 'US DOE compressed air tip sheet (illustrative)', url: 'https://www.energy.gov/' },
};

async function insertFacility(db: Database, realmId: string, name: string): Promise<string> {
  const [row] = await db
    .insert(facilities)
    .values({ realmId, slug: name.toLowerCase().replace(/\W+/g, '-'), name, sector: 'Waste', country: 'US' })
    .returning({ id: facilities.id });
  if (!row) throw new Error('facility not inserted');
  return row.id;
}

describe('the abatement measures export', () => {
  let testApp: TestApp;
  const tokens = { admin: '', member: '', other: '', core: '' };

  const call = (token: string, method: 'GET' | 'POST' | 'PUT', url: string, host = HOST, payload?: object) =>
    testApp.app.inject({ method, url, headers: { ...withSession(token), host }, payload });

  beforeAll(async () => {
    testApp = await createTestApp();
    const db = testApp.database.db;
    const acme = await createTestRealm(db, { key: 'acmeab', plan: 'paid', domains: [HOST] });
    const other = await createTestRealm(db, { key: 'otherab', plan: 'paid', domains: [OTHER_HOST] });
    const core = await createTestRealm(db, { key: 'coreab', plan: 'CORE', domains: [CORE_HOST] });
    await createTestUser(db, acme, ADMIN);
    await createTestUser(db, acme, MEMBER);
    await createTestUser(db, other, OTHER_ADMIN);
    await createTestUser(db, core, CORE_ADMIN);
    const plantId = await insertFacility(db, acme.id, 'North plant');
    tokens.admin = await signIn(testApp.app, ADMIN, HOST);
    tokens.other = await signIn(testApp.app, OTHER_ADMIN, OTHER_HOST);
    tokens.core = await signIn(testApp.app, CORE_ADMIN, CORE_HOST);
    const leaks = measureSchema.parse(
      (await call(tokens.admin, 'POST', '/api/abatement/measures', HOST, LEAKS)).json(),
    );
    const boilers = await call(tokens.admin, 'POST', '/api/abatement/measures', HOST, {
      name: 'Boiler burner tuning',
      appliesTo: { facilityId: plantId, equipmentTypeId: null, scope: 1 },
      abatement: { kind: 'share', percent: 12.5 },
      capex: 8_000,
      annualCost: 500,
      lifetime: 10,
      prerequisites: [leaks.id],
    });
    expect(boilers.statusCode).toBe(201);
    const foreign = await call(tokens.other, 'POST', '/api/abatement/measures', OTHER_HOST, {
      ...LEAKS,
      name: 'Foreign measure',
    });
    expect(foreign.statusCode).toBe(201);
    // The member role of acme loses its facility grants: a user of the realm who may not read its emissions.
    await withdrawRoleFacilityGrants(db, acme.id);
    tokens.member = await signIn(testApp.app, MEMBER, HOST);
  });
  afterAll(() => testApp.close());

  it('exports every measure of the library with numbers as numbers, as CSV and as XLSX', async () => {
    const list = measureListResponseSchema.parse(
      (await call(tokens.admin, 'GET', '/api/abatement/measures')).json(),
    ).results;
    expect(list).toHaveLength(2);

    const csv = await call(tokens.admin, 'GET', '/api/exports/abatement/measures?format=csv');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toMatch(/abatement-measures-\d{4}-\d{2}-\d{2}\.csv/);
    const rows = csvRows(csv.body);
    expect(rows[0]).toEqual(HEADER);
    expect(rows).toHaveLength(list.length + 1);
    expect(
      rows
        .slice(1)
        .map((row) => row[0])
        .sort(),
    ).toEqual(list.map((measure) => measure.name).sort());
    const boilerRow = rows.find((row) => row[0] === 'Boiler burner tuning')!;
    expect(boilerRow.slice(1, 5)).toEqual(['North plant', '', '1', '12.5']);
    expect(boilerRow[13]).toBe('Compressed-air leak repair');
    const leakRow = rows.find((row) => row[0] === LEAKS.name)!;
    expect(leakRow.slice(5, 6)).toEqual(['40000']);
    expect(leakRow.slice(8, 13)).toEqual(['25000', '-4000', '5', '2026', 'air']);
    expect(rows.some((row) => row[0] === 'Foreign measure')).toBe(false);

    const sheet = await xlsxRows(
      (await call(tokens.admin, 'GET', '/api/exports/abatement/measures?format=xlsx')).rawPayload,
    );
    expect(sheet[0]).toEqual(HEADER);
    expect(sheet).toHaveLength(list.length + 1);
    const leakCells = sheet.find((row) => row[0] === LEAKS.name)!;
    expect(leakCells[5]).toBe(40_000);
    expect(leakCells[9]).toBe(-4_000);
  });

  it('names the realm’s currency in the money headers once it is set, leaving another realm’s in USD', async () => {
    const set = await call(tokens.admin, 'PUT', '/api/organisation/currency', HOST, { currency: 'EUR' });
    expect(set.statusCode, set.body).toBe(200);
    const rows = csvRows(
      (await call(tokens.admin, 'GET', '/api/exports/abatement/measures?format=csv')).body,
    );
    expect(rows[0]?.slice(8, 10)).toEqual(['Capex (EUR)', 'Annual cost (EUR)']);
    // Relabelled, not converted: the amounts are those entered.
    expect(rows.find((row) => row[0] === LEAKS.name)?.slice(8, 10)).toEqual(['25000', '-4000']);
    const other = csvRows(
      (await call(tokens.other, 'GET', '/api/exports/abatement/measures?format=csv', OTHER_HOST)).body,
    );
    expect(other[0]?.slice(8, 10)).toEqual(['Capex (USD)', 'Annual cost (USD)']);
  });

  it('refuses a user who may not read the realm’s facilities, and a realm whose plan lacks the page', async () => {
    const refused = await call(tokens.member, 'GET', '/api/exports/abatement/measures?format=csv');
    expect(refused.statusCode).toBe(403);
    const core = await call(tokens.core, 'GET', '/api/exports/abatement/measures?format=csv', CORE_HOST);
    expect(core.statusCode).toBe(403);
    expect(core.json().message).toBe(planNotIncludedMessage('Pathway optimizer', ['paid']));
  });
});
