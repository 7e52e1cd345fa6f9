import { facilities } from '@ecc/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csvRows, xlsxRows } from '#test-support/export-files.ts';
import { createTestApp, signIn, type TestApp } from '#test-support/test-app.ts';
import {
  ACME_HOST as HOST,
  MEMBER,
  OTHER_HOST,
  createTwoRealms,
  callAs,
  type CallRequest,
} from '#test-support/two-realms.ts';
import { withdrawRoleFacilityGrants } from '#test-support/role-grants.ts';

const HEADER = ['Year', 'Reported to', 'Gas', 'Reported mass (kg)', 'CO2e on AR5 (kg)', 'Note'];
const URL = '/api/exports/facilities/north-plant/reported-emissions';

/** Two years as the GHGRP import stores them (tonnes); 2019 without biogenic CO2. */
const REPORTED = {
  '2019': {
    source: 'EPA GHGRP',
    reportedGwpSetId: 'AR4',
    gases: { CO2: 900 },
    mixturesCo2eT: {},
    co2eTByGwpSet: { AR4: 900, AR5: 900 },
    reportedCo2eT: 900,
    biogenicCo2T: null,
  },
  '2020': {
    source: 'EPA GHGRP',
    reportedGwpSetId: 'AR4',
    gases: { CO2: 1000, CH4: 2 },
    mixturesCo2eT: { 'HFC emissions': 50 },
    co2eTByGwpSet: { AR4: 1100, AR5: 1106 },
    reportedCo2eT: 1100,
    biogenicCo2T: 12.5,
  },
  // A year the import could not read is left out, as the page leaves it out.
  '2021': { source: 'EPA GHGRP' },
};

describe('the facility reported emissions export', () => {
  let testApp: TestApp;
  const tokens = { admin: '', member: '', other: '' };

  const call = (...request: CallRequest) => callAs(testApp, ...request);

  beforeAll(async () => {
    testApp = await createTestApp();
    const cast = await createTwoRealms(testApp);
    Object.assign(tokens, { admin: cast.tokens.admin, other: cast.tokens.otherAdmin });
    const created = await call(tokens.admin, 'POST', '/api/facilities', HOST, {
      name: 'North Plant',
      slug: 'north-plant',
      sector: 'Cement',
      country: 'US',
    });
    expect(created.statusCode, created.body).toBe(201);
    const { db } = testApp.database;
    await db.update(facilities).set({ reported: REPORTED }).where(eq(facilities.id, created.json().id));
    // The member role of acme loses its facility grants: a user of the realm who may not read its facilities.
    await withdrawRoleFacilityGrants(db, cast.acme.id);
    tokens.member = await signIn(testApp.app, MEMBER, HOST);
  });
  afterAll(() => testApp.close());

  it('exports a line per year and gas, latest year first, masses in kg and CO2e on the realm’s set', async () => {
    const csv = await call(tokens.admin, 'GET', `${URL}?format=csv`);
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-disposition']).toMatch(
      /filename="north-plant-reported-emissions-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    const rows = csvRows(csv.body);
    expect(rows[0]).toEqual(HEADER);
    // 2020: two gases (in the stored order, as the page lists them), one group, the total and biogenic CO2;
    // 2019: one gas and the total.
    expect(rows).toHaveLength(5 + 2 + 1);
    expect(rows.slice(1).map((row) => `${row[0]} ${row[2]}`)).toEqual([
      '2020 CH4',
      '2020 CO2',
      '2020 HFC emissions',
      '2020 Total',
      '2020 Biogenic CO2',
      '2019 CO2',
      '2019 Total',
    ]);

    const sheet = await xlsxRows((await call(tokens.admin, 'GET', `${URL}?format=xlsx`)).rawPayload);
    expect(sheet[0]).toEqual(HEADER);
    expect(sheet).toHaveLength(rows.length);
    // CH4 on AR5 (IPCC AR5 GWP-100: 28): 2 t of methane are 56 t CO2e.
    // A row's empty cells at its end are not read back at all.
    expect(sheet[1]).toEqual([2020, 'EPA GHGRP', 'CH4', 2000, 56_000]);
    expect(sheet[2]).toEqual([2020, 'EPA GHGRP', 'CO2', 1_000_000, 1_000_000]);
    expect(sheet[3]).toEqual([
      2020,
      'EPA GHGRP',
      'HFC emissions',
      undefined,
      50_000,
      'Published as CO2e only, on AR4',
    ]);
    expect(sheet[4]?.slice(2, 5)).toEqual(['Total', undefined, 1_106_000]);
    expect(sheet[5]?.slice(2, 5)).toEqual(['Biogenic CO2', 12_500, undefined]);
  });

  it('answers 404 for another realm’s facility and 403 to a user who may not read facilities', async () => {
    const foreign = await call(tokens.other, 'GET', `${URL}?format=csv`, OTHER_HOST);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).not.toContain('EPA GHGRP');
    const refused = await call(tokens.member, 'GET', `${URL}?format=csv`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('You are not allowed to read Facility');
  });
});
