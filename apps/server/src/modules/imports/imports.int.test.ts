import type { Realm } from '@ecc/contracts';
import {
  activityRecords,
  auditLog,
  createAuditLogRepository,
  createFacilityRepository,
  emissionResults,
  facilities,
  importBatches,
} from '@ecc/db';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { zipBomb } from '#test-support/zip-bomb.ts';
import { createTestApp, signIn, withSession, type TestApp } from '#test-support/test-app.ts';
import { createTestRealm, createTestUser } from '#test-support/test-realms.ts';
import { commitActivityImport, importGhgrpWorkbook } from './imports.service.ts';

// Creating facilities from a GHGRP workbook is an administrator's work; members import activity data.
const ACME_USER = { email: 'ada@acme.test', password: 'acme-password-1', role: 'admin' as const };
const ACME_MEMBER = { email: 'max@acme.test', password: 'member-password-1' };
const OTHER_USER = { email: 'olga@other.test', password: 'other-password-1', role: 'admin' as const };

const HEADER = 'Site,Fuel,Start Date,End Date,Amount,UoM,Emission Factor,Scope';
const GOOD_ROWS = [
  'north-campus,Boiler diesel,2024-01-01,2024-01-31,1000,gal,epa-c1-distillate-fuel-oil-no-2,1',
  'North Campus,Electricity,2024-02-01,2024-02-29,10,MWh,egrid-2022-newe,2',
];
const BAD_ROW = 'north-campus,Boiler diesel,2024-03-01,2024-03-31,lots,gal,epa-c1-distillate-fuel-oil-no-2,1';

function csv(lines: string[]): Buffer {
  return Buffer.from(`${[HEADER, ...lines].join('\n')}\n`);
}

/** A GHGRP workbook in miniature: title rows above the header, as EPA publishes it. */
async function ghgrpWorkbook(rows: (string | number | null)[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.addWorksheet('Summary Info').addRow(['About this workbook']);
  const sheet = workbook.addWorksheet('Direct Emitters');
  sheet.addRow(['Greenhouse Gas Reporting Program (GHGRP)']);
  sheet.addRow(['Direct emitters, reporting year 2020']);
  sheet.addRow([]);
  sheet.addRow([
    'Facility Id',
    'Facility Name',
    'City',
    'State',
    'Zip Code',
    'Address',
    'Latitude',
    'Longitude',
    'Primary NAICS Code',
    'Industry Type (subparts)',
    'Industry Type (sectors)',
    'Total reported direct emissions',
    'CO2 emissions (non-biogenic) ',
    'Methane (CH4) emissions ',
    'Nitrous Oxide (N2O) emissions ',
  ]);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const BROOKLYN = [
  1000112,
  '23rd and 3rd',
  'BROOKLYN',
  'NY',
  '11232',
  '730 3rd Avenue',
  40.663,
  -74,
  '221112',
  'C,D',
  'Power Plants',
  60819.7,
  60751.2,
  31.25,
  37.25,
];
const MELISSA = [
  1004377,
  '121 REGIONAL DISPOSAL FACILITY',
  'MELISSA',
  'TX',
  '75454',
  '3820 SAM RAYBURN HIGHWAY',
  33.29857,
  -96.53586,
  '562212',
  'HH',
  'Waste',
  504064,
  null,
  504064,
  null,
];

describe('imports', () => {
  let testApp: TestApp;
  let acme: Realm;
  let other: Realm;
  let acmeToken: string;
  let otherToken: string;

  beforeAll(async () => {
    testApp = await createTestApp();
    const db = testApp.database.db;
    acme = await createTestRealm(db, { key: 'acme', domains: ['acme.test'] });
    other = await createTestRealm(db, { key: 'other', domains: ['other.test'] });
    await createTestUser(db, acme, ACME_USER);
    await createTestUser(db, acme, ACME_MEMBER);
    await createTestUser(db, other, OTHER_USER);
    const site = { sector: 'Hospitals', naics: '622110', country: 'US', reported: {} };
    await createFacilityRepository(db).insertMany(acme.id, [
      { ...site, slug: 'north-campus', name: 'North Campus' },
      { ...site, slug: 'south-campus', name: 'South Campus' },
    ]);
    await createFacilityRepository(db).insertMany(other.id, [
      { ...site, slug: 'other-site', name: 'Other Site' },
    ]);
    acmeToken = await signIn(testApp.app, ACME_USER, 'acme.test');
    otherToken = await signIn(testApp.app, OTHER_USER, 'other.test');
  });
  afterAll(() => testApp.close());

  function upload(
    url: string,
    file: { name: string; content: Buffer } | undefined,
    fields: Record<string, string> = {},
    options: { token?: string; host?: string; accept?: string } = {},
  ) {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    if (file) form.append('file', new Blob([new Uint8Array(file.content)]), file.name);
    return testApp.app.inject({
      method: 'POST',
      url,
      headers: {
        host: options.host ?? 'acme.test',
        ...withSession(options.token ?? acmeToken),
        ...(options.accept ? { accept: options.accept } : {}),
      },
      payload: form,
    });
  }

  const countRecords = async (realm: Realm) =>
    (await testApp.database.db.select().from(activityRecords).where(eq(activityRecords.realmId, realm.id)))
      .length;

  it('lets a member preview activity data but not create facilities from a GHGRP workbook (403)', async () => {
    const memberToken = await signIn(testApp.app, ACME_MEMBER, 'acme.test');
    const preview = await upload(
      '/api/imports/activities/preview',
      { name: 'energy.csv', content: csv(GOOD_ROWS) },
      {},
      { token: memberToken },
    );
    expect(preview.statusCode).toBe(200);
    const ghgrp = await upload(
      '/api/imports/ghgrp',
      { name: 'ghgp.xlsx', content: await ghgrpWorkbook([BROOKLYN]) },
      {},
      { token: memberToken },
    );
    expect(ghgrp.statusCode).toBe(403);
    expect(ghgrp.json().message).toBe('You are not allowed to create Facility');
  });

  it('previews a file: columns, a suggested mapping, its rows and every row error', async () => {
    const response = await upload('/api/imports/activities/preview', {
      name: 'energy.csv',
      content: csv([...GOOD_ROWS, BAD_ROW]),
    });
    expect(response.statusCode).toBe(200);
    const preview = response.json();
    expect(preview).toMatchObject({
      fileName: 'energy.csv',
      columns: HEADER.split(','),
      mapping: {
        facility: 'Site',
        activityType: 'Fuel',
        periodStart: 'Start Date',
        periodEnd: 'End Date',
        quantity: 'Amount',
        unit: 'UoM',
        factorKey: 'Emission Factor',
        scope: 'Scope',
      },
      missingFields: [],
      rowCount: 3,
      errors: [{ row: 4, column: 'Amount', message: 'Expected a number, received "lots"' }],
      existingBatch: null,
    });
    expect(preview.rows[0]).toEqual({ row: 2, cells: GOOD_ROWS[0]?.split(',') });
  });

  it('commits nothing when one row is bad, and answers 422 naming each bad row and column', async () => {
    const response = await upload('/api/imports/activities', {
      name: 'energy.csv',
      content: csv([
        ...GOOD_ROWS,
        BAD_ROW,
        'nowhere,Gas,2024-01-01,2024-01-31,5,scf,epa-hub-2024-natural-gas-scf,1',
      ]),
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      statusCode: 422,
      error: 'Unprocessable Entity',
      message: 'Nothing was imported: the file has 2 row errors',
      errors: [
        { row: 4, column: 'Amount', message: 'Expected a number, received "lots"' },
        { row: 5, column: 'Site', message: 'No facility has the slug or name "nowhere"' },
      ],
    });
    expect(await countRecords(acme)).toBe(0);
    expect(await testApp.database.db.select().from(importBatches)).toEqual([]);
  });

  it('imports every row with its results and audit entries, and a second import of the file is a no-op', async () => {
    const file = { name: 'energy.csv', content: csv(GOOD_ROWS) };
    const first = await upload('/api/imports/activities', file);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      isNew: true,
      recordCount: 2,
      batch: { kind: 'activities', rowCount: 2 },
    });
    const records = await testApp.database.db
      .select()
      .from(activityRecords)
      .where(eq(activityRecords.realmId, acme.id))
      .orderBy(activityRecords.periodStart);
    expect(
      records.map((record) => [record.activityType, record.quantity, record.unit, record.scope]),
    ).toEqual([
      ['Boiler diesel', 1000, 'gal', 1],
      ['Electricity', 10, 'MWh', 2],
    ]);
    expect(records.every((record) => record.importBatchId === first.json().batch.id)).toBe(true);
    const results = await testApp.database.db
      .select()
      .from(emissionResults)
      .where(eq(emissionResults.realmId, acme.id));
    // The diesel record has one result; the electricity record a location-based and a market-based one.
    expect(results.map((result) => result.scope2Method).sort()).toEqual(['', 'location', 'market']);
    // 1000 gal × 0.138 mmBtu/gal × 73.96 kg CO2/mmBtu = 10,206.48 kg CO2.
    expect(results.find((result) => result.scope === 1)?.gases.CO2).toBeCloseTo(10206.48, 6);
    const audit = await testApp.database.db.select().from(auditLog).where(eq(auditLog.realmId, acme.id));
    expect(audit.filter((entry) => entry.entityType === 'activity-record')).toHaveLength(2);
    const [chain] = await createAuditLogRepository(testApp.database.db).verify('acme');
    expect(chain?.firstBreak).toBeUndefined();

    const again = await upload('/api/imports/activities', file);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ ...first.json(), isNew: false });
    expect(await countRecords(acme)).toBe(2);
    const preview = await upload('/api/imports/activities/preview', file);
    expect(preview.json().existingBatch).toEqual(first.json().batch);
  });

  it('streams progress lines ending with the result when NDJSON is accepted', async () => {
    const response = await upload(
      '/api/imports/activities',
      { name: 'march.csv', content: csv([GOOD_ROWS[0]?.replace(/2024-01/g, '2024-03') ?? '']) },
      {},
      { accept: 'application/x-ndjson' },
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('application/x-ndjson');
    expect(response.headers['content-security-policy']).toBeDefined();
    const lines = response.body
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(lines[0]).toEqual({ type: 'progress', done: 0, total: 1 });
    expect(lines.at(-2)).toEqual({ type: 'progress', done: 1, total: 1 });
    expect(lines.at(-1)).toMatchObject({ type: 'result', result: { isNew: true, recordCount: 1 } });
  });

  it('imports the first sheet of an XLSX file with an explicit mapping, dates as date cells', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Data');
    sheet.addRow(['where', 'what', 'from', 'until', 'how much', 'unit', 'factor']);
    sheet.addRow([
      'north-campus',
      'Boiler gas',
      new Date('2024-04-01'),
      new Date('2024-04-30'),
      2000,
      'scf',
      'epa-hub-2024-natural-gas-scf',
    ]);
    const mapping = {
      facility: 'where',
      activityType: 'what',
      periodStart: 'from',
      periodEnd: 'until',
      quantity: 'how much',
      unit: 'unit',
      factorKey: 'factor',
    };
    const response = await upload(
      '/api/imports/activities',
      { name: 'april.xlsx', content: Buffer.from(await workbook.xlsx.writeBuffer()) },
      { mapping: JSON.stringify(mapping) },
    );
    expect(response.statusCode).toBe(200);
    const [record] = await testApp.database.db
      .select()
      .from(activityRecords)
      .where(eq(activityRecords.activityType, 'Boiler gas'));
    expect(record).toMatchObject({
      periodStart: '2024-04-01',
      periodEnd: '2024-04-30',
      quantity: 2000,
      scope: 1,
    });
  });

  it('answers 400 naming the field for a missing file, bad mapping JSON or an unmapped required field', async () => {
    const noFile = await upload('/api/imports/activities', undefined, { mapping: '{}' });
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json()).toMatchObject({
      message: 'body/file: Required',
      fieldErrors: { 'body/file': 'Required' },
    });
    const badJson = await upload(
      '/api/imports/activities',
      { name: 'a.csv', content: csv(GOOD_ROWS) },
      { mapping: '{' },
    );
    expect(badJson.json()).toMatchObject({
      statusCode: 400,
      message: 'body/mapping: Must be JSON: an object of field → column name',
      fieldErrors: { 'body/mapping': 'Must be JSON: an object of field → column name' },
    });
    const unmapped = await upload(
      '/api/imports/activities',
      { name: 'b.csv', content: csv([BAD_ROW]) },
      { mapping: JSON.stringify({ facility: 'Site', quantity: 'Nope' }) },
    );
    expect(unmapped.statusCode).toBe(400);
    expect(unmapped.json().fieldErrors).toMatchObject({
      'body/mapping/quantity': 'The file has no column "Nope"',
      'body/mapping/unit': 'Choose the column that holds it',
    });
  });

  it('refuses a file that is not UTF-8 text or holds a NUL character with 400 naming the line, not a 500', async () => {
    const notUtf8 = Buffer.concat([csv(GOOD_ROWS.slice(0, 1)), Buffer.from([0x4f, 0xff, 0x0a])]);
    const withNul = csv([`${GOOD_ROWS[0]}\u0000`]);
    for (const url of ['/api/imports/activities/preview', '/api/imports/activities']) {
      const invalid = await upload(url, { name: 'latin1.csv', content: notUtf8 });
      expect(invalid.json()).toMatchObject({
        statusCode: 400,
        fieldErrors: { 'body/file': 'Must be UTF-8 text: line 3 has a byte that is not' },
      });
      const nul = await upload(url, { name: 'nul.csv', content: withNul });
      expect(nul.json()).toMatchObject({
        statusCode: 400,
        fieldErrors: { 'body/file': 'Line 2 contains a NUL character (U+0000)' },
      });
    }
    expect(testApp.loggedErrors).toEqual([]);
  });

  it('accepts a factor by its exact name as the factor list shows it, and stores its key', async () => {
    const response = await upload('/api/imports/activities', {
      name: 'named-factors.csv',
      content: csv([
        // Any case and spacing; quoted because the name holds a comma.
        'north-campus,Heating oil,2024-06-01,2024-06-30,10,gal,"distillate fuel oil No. 2  (diesel, heating oil)",1',
        'north-campus,Electricity,2024-06-01,2024-06-30,1,MWh,eGRID subregion NEWE (NPCC New England) electricity,2',
      ]),
    });
    expect(response.statusCode).toBe(200);
    const records = await testApp.database.db
      .select()
      .from(activityRecords)
      .where(eq(activityRecords.periodStart, '2024-06-01'));
    expect(records.map((record) => record.factorKey).sort()).toEqual([
      'egrid-2022-newe',
      'epa-c1-distillate-fuel-oil-no-2',
    ]);
  });

  it('answers 400, not a 500, for a multipart body that ends before its closing boundary', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/imports/activities/preview',
      headers: {
        host: 'acme.test',
        ...withSession(acmeToken),
        'content-type': 'multipart/form-data; boundary=cut',
      },
      payload: '--cut\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\n\r\nSite,Fuel',
    });
    expect(response.json()).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message:
        'body/file: The upload is not well-formed multipart/form-data (Unexpected end of multipart data)',
      fieldErrors: {
        'body/file': 'The upload is not well-formed multipart/form-data (Unexpected end of multipart data)',
      },
    });
    expect(testApp.loggedErrors).toEqual([]);
  });

  it('never resolves another realm’s facility: its slug is a row error like an unknown one', async () => {
    const response = await upload('/api/imports/activities', {
      name: 'sneaky.csv',
      content: csv(['other-site,Gas,2024-01-01,2024-01-31,5,scf,epa-hub-2024-natural-gas-scf,1']),
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual([
      { row: 2, column: 'Site', message: 'No facility has the slug or name "other-site"' },
    ]);
    expect(await countRecords(other)).toBe(0);
  });

  it('creates GHGRP facilities under title rows, re-based to AR5, and updates them on a later workbook', async () => {
    const first = await upload(
      '/api/imports/ghgrp',
      {
        name: 'ghgp_data_2020.xlsx',
        content: await ghgrpWorkbook([BROOKLYN, MELISSA]),
      },
      {},
      { token: otherToken, host: 'other.test' },
    );
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      isNew: true,
      reportingYear: 2020,
      gwpSetId: 'AR5',
      facilityCount: 2,
      createdCount: 2,
      updatedCount: 0,
      reportedTotalCo2eT: 60819.7 + 504064,
    });
    const stored = await testApp.database.db
      .select()
      .from(facilities)
      .where(eq(facilities.realmId, other.id));
    const brooklyn = stored.find((facility) => facility.ghgrpId === '1000112');
    expect(brooklyn).toMatchObject({
      slug: '23rd-and-3rd-1000112',
      name: '23rd and 3rd',
      sector: 'Power Plants',
      naics: '221112',
      city: 'BROOKLYN',
      postalCode: '11232',
      latitude: 40.663,
      country: 'US',
    });
    const reported = (brooklyn?.reported as Record<string, { gases: Record<string, number>; co2eT: number }>)[
      '2020'
    ];
    // CH4 31.25 t CO2e ÷ 25 = 1.25 t; N2O 37.25 ÷ 298 = 0.125 t. AR5: 60751.2 + 1.25 × 28 + 0.125 × 265 = 60819.325.
    expect(reported?.gases).toEqual({ CO2: 60751.2, CH4: 1.25, N2O: 0.125 });
    expect(reported?.co2eT).toBeCloseTo(60819.325, 9);
    expect(stored.filter((facility) => facility.realmId === acme.id)).toEqual([]);

    const renamed = [...BROOKLYN];
    renamed[1] = '23rd and 3rd Generating Station';
    const second = await upload(
      '/api/imports/ghgrp',
      {
        name: 'ghgp_data_2020.xlsx',
        content: await ghgrpWorkbook([renamed]),
      },
      {},
      { token: otherToken, host: 'other.test' },
    );
    expect(second.json()).toMatchObject({ isNew: true, createdCount: 0, updatedCount: 1 });
    const after = await testApp.database.db
      .select()
      .from(facilities)
      .where(eq(facilities.ghgrpId, '1000112'));
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({
      id: brooklyn?.id,
      slug: brooklyn?.slug,
      name: '23rd and 3rd Generating Station',
    });
  });

  it('refuses a GHGRP workbook with a bad row (422, nothing written) or without the sheet (400)', async () => {
    const bad = [...MELISSA];
    bad[11] = 'n/a';
    const response = await upload('/api/imports/ghgrp', {
      name: 'ghgp_data_2021.xlsx',
      content: await ghgrpWorkbook([BROOKLYN, bad]),
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual([
      { row: 6, column: 'Total reported direct emissions', message: 'Expected a number, received "n/a"' },
    ]);
    expect(
      await testApp.database.db.select().from(facilities).where(eq(facilities.ghgrpId, '1000112')),
    ).toHaveLength(1);
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('Suppliers').addRow(['Facility Id']);
    const noSheet = await upload('/api/imports/ghgrp', {
      name: 'ghgp_data_2020.xlsx',
      content: Buffer.from(await workbook.xlsx.writeBuffer()),
    });
    expect(noSheet.statusCode).toBe(400);
    expect(noSheet.json().fieldErrors).toEqual({
      'body/file': 'The workbook has no "Direct Emitters" sheet',
    });
  });
  it('refuses a file that is neither CSV nor XLSX on its file field, whatever its name says', async () => {
    for (const file of [
      { name: 'scan.pdf', content: Buffer.from('%PDF-1.7\n%\u00e2\u00e3\n') },
      { name: 'photo.csv', content: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]) },
      { name: 'old.xls', content: Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]) },
    ]) {
      for (const url of [
        '/api/imports/activities/preview',
        '/api/imports/activities',
        '/api/imports/facilities',
      ]) {
        const response = await upload(url, file);
        expect(response.statusCode).toBe(400);
        expect(response.json().fieldErrors).toEqual({ 'body/file': 'This is not a CSV or XLSX file' });
      }
    }
  });

  it('names every error of a row at once: a bad quantity does not hide an unknown factor', async () => {
    const response = await upload('/api/imports/activities/preview', {
      name: 'mixed.csv',
      content: csv(['nowhere,Gas,2024-02-30,2024-01-31,lots,scf,no-such-factor,1']),
    });
    expect(response.json().errors).toEqual([
      { row: 2, column: 'Site', message: 'No facility has the slug or name "nowhere"' },
      { row: 2, column: 'Start Date', message: 'Expected a date as YYYY-MM-DD, received "2024-02-30"' },
      { row: 2, column: 'Amount', message: 'Expected a number, received "lots"' },
      {
        row: 2,
        column: 'Emission Factor',
        message: expect.stringMatching(/^Unknown emission factor "no-such-factor"/) as string,
      },
    ]);
  });

  it("imports into a facility's page without a facility column, once per facility for the same file", async () => {
    const content = Buffer.from(
      [
        'Activity type,Period start,Period end,Quantity,Unit,Emission factor',
        'Boiler gas,2024-05-01,2024-05-31,300,scf,epa-hub-2024-natural-gas-scf',
      ].join('\n'),
    );
    const file = { name: 'may.csv', content };
    const preview = await upload('/api/imports/activities/preview', file, { facility: 'south-campus' });
    expect(preview.json()).toMatchObject({ missingFields: [], errors: [] });
    expect(preview.json().mapping.facility).toBeUndefined();
    const withoutFacility = await upload('/api/imports/activities/preview', file);
    expect(withoutFacility.json().missingFields).toEqual(['facility']);

    const south = await upload('/api/imports/activities', file, { facility: 'south-campus' });
    expect(south.json()).toMatchObject({ isNew: true, recordCount: 1 });
    const north = await upload('/api/imports/activities', file, { facility: 'north-campus' });
    expect(north.json()).toMatchObject({ isNew: true, recordCount: 1 });
    const again = await upload('/api/imports/activities', file, { facility: 'north-campus' });
    expect(again.json()).toMatchObject({ isNew: false, batch: north.json().batch });
    const stored = await testApp.database.db
      .select({ facilityId: activityRecords.facilityId })
      .from(activityRecords)
      .where(eq(activityRecords.activityType, 'Boiler gas'))
      .orderBy(activityRecords.periodStart);
    expect(new Set(stored.filter((_row, index) => index > 0).map((row) => row.facilityId)).size).toBe(2);

    const unknown = await upload('/api/imports/activities', file, { facility: 'other-site' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fieldErrors).toEqual({ 'body/facility': 'No facility has the slug "other-site"' });
  });

  it('creates and updates facilities from a file by slug, all or nothing, with an audit entry each', async () => {
    const header = 'Name,Slug,Sector,NAICS,State,Country,Latitude,Longitude';
    const bad = Buffer.from(
      [header, 'Depot East,,Logistics,493110,NJ,US,40.7,-74.1', 'Depot West,,,abc,CA,USA,,-118'].join('\n'),
    );
    const refused = await upload('/api/imports/facilities', { name: 'sites.csv', content: bad });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual([
      { row: 3, column: 'Sector', message: 'Sector is required' },
      { row: 3, column: 'NAICS', message: 'Expected a NAICS code of 2 to 6 digits, received "abc"' },
      { row: 3, column: 'Country', message: 'Expected a two-letter country code such as US, received "USA"' },
      { row: 3, column: 'Latitude', message: 'Give the latitude with the longitude' },
    ]);
    const bySlug = async (slug: string) =>
      await createFacilityRepository(testApp.database.db).findBySlug(acme.id, slug);
    expect(await bySlug('depot-east')).toBeUndefined();

    const good = Buffer.from(
      [
        header,
        'Depot East,,Logistics,493110,NJ,us,40.7,-74.1',
        'North Campus (main),north-campus,Hospitals,622110,MA,US,42.36,-71.06',
      ].join('\n'),
    );
    const file = { name: 'sites.csv', content: good };
    const preview = await upload('/api/imports/facilities/preview', file);
    expect(preview.json()).toMatchObject({ missingFields: [], errors: [], rowCount: 2, existingBatch: null });
    const northBefore = await bySlug('north-campus');
    const imported = await upload('/api/imports/facilities', file);
    expect(imported.statusCode).toBe(200);
    expect(imported.json()).toMatchObject({
      isNew: true,
      facilityCount: 2,
      createdCount: 1,
      updatedCount: 1,
    });
    expect(await bySlug('depot-east')).toMatchObject({ name: 'Depot East', country: 'US', latitude: 40.7 });
    expect(await bySlug('north-campus')).toMatchObject({
      id: northBefore?.id,
      name: 'North Campus (main)',
      state: 'MA',
    });
    const entries = await testApp.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityType, 'facility'));
    expect(
      entries.map((entry) => [entry.action, (entry.before as { name?: string } | null)?.name ?? null]),
    ).toEqual(
      expect.arrayContaining([
        ['create', null],
        ['update', 'North Campus'],
      ]),
    );
    const again = await upload('/api/imports/facilities', file);
    expect(again.json()).toMatchObject({ isNew: false, batch: imported.json().batch });

    // A file without the optional columns keeps what is stored in them.
    const renamed = await upload('/api/imports/facilities', {
      name: 'names.csv',
      content: Buffer.from('Name,Slug,Sector,Country\nDepot East 2,depot-east,Logistics,US\n'),
    });
    expect(renamed.json()).toMatchObject({ createdCount: 0, updatedCount: 1 });
    expect(await bySlug('depot-east')).toMatchObject({
      name: 'Depot East 2',
      naics: '493110',
      latitude: 40.7,
    });
  });

  it('offers templates whose headers the mapping suggestion reads, as CSV and XLSX', async () => {
    const download = (kind: string, format: string) =>
      testApp.app.inject({
        method: 'GET',
        url: `/api/imports/templates/${kind}?format=${format}`,
        headers: { host: 'acme.test', ...withSession(acmeToken) },
      });
    const activities = await download('activities', 'csv');
    expect(activities.statusCode).toBe(200);
    expect(activities.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(activities.headers['content-disposition']).toMatch(
      /^attachment; filename="activity-data-template-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(activities.body).toBe(
      '\uFEFFFacility,Activity type,Period start,Period end,Quantity,Unit,Emission factor,Scope,Scope 3 category,Certificate coverage,Estimated,Notes\r\n',
    );
    const facilityPage = await download('facility-activities', 'csv');
    expect(facilityPage.body.startsWith('\uFEFFActivity type,')).toBe(true);
    const workbook = await download('facilities', 'xlsx');
    expect(workbook.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    const read = new ExcelJS.Workbook();
    await read.xlsx.load(workbook.rawPayload as unknown as ArrayBuffer);
    expect(read.worksheets[0]?.getRow(1).values).toEqual([
      undefined,
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
    ]);
    expect((await download('nonsense', 'csv')).statusCode).toBe(400);
  });

  describe('a fault part-way through writing', () => {
    // A fault injected after the first chunk of rows is written (the repository writes 2,000 records or 1,000
    // facilities per statement, then reports progress), inside the import's transaction: nothing may remain.
    class InjectedFault extends Error {}
    const faultAfterFirstChunk = (progress: number[]) => (done: number, total: number) => {
      progress.push(done);
      if (done > 0 && done < total) throw new InjectedFault(`power cut after ${done} of ${total} rows`);
    };
    const actor = { id: null, email: 'fault@acme.test' };

    async function realmRows(realm: Realm) {
      const db = testApp.database.db;
      const [records, results, audit, batches, ghgrpFacilities] = await Promise.all([
        db.select().from(activityRecords).where(eq(activityRecords.realmId, realm.id)),
        db.select().from(emissionResults).where(eq(emissionResults.realmId, realm.id)),
        db.select().from(auditLog).where(eq(auditLog.realmId, realm.id)),
        db.select().from(importBatches).where(eq(importBatches.realmId, realm.id)),
        db.select().from(facilities).where(eq(facilities.realmId, realm.id)),
      ]);
      return {
        records: records.length,
        results: results.length,
        audit: audit.length,
        batches: batches.length,
        facilities: ghgrpFacilities.length,
      };
    }

    it('leaves no activity record, result, audit entry or batch behind, and the same file imports afterwards', async () => {
      const realm = await createTestRealm(testApp.database.db, { key: 'fault1' });
      await createFacilityRepository(testApp.database.db).insertMany(realm.id, [
        { sector: 'Hospitals', naics: '622110', country: 'US', reported: {}, slug: 'plant', name: 'Plant' },
      ]);
      const before = await realmRows(realm);
      const rows = Array.from(
        { length: 2500 },
        (_, index) =>
          `plant,Boiler diesel,2024-01-01,2024-01-31,${index + 1},gal,epa-c1-distillate-fuel-oil-no-2,1`,
      );
      const file = { fileName: 'large.csv', content: csv(rows) };

      const progress: number[] = [];
      await expect(
        commitActivityImport(
          testApp.database.db,
          realm,
          actor,
          file,
          undefined,
          faultAfterFirstChunk(progress),
        ),
      ).rejects.toBeInstanceOf(InjectedFault);
      // The fault came after 2,000 records, their results and audit entries were written in the transaction.
      expect(progress).toEqual([0, 2000]);
      expect(await realmRows(realm)).toEqual(before);
      const [chain] = await createAuditLogRepository(testApp.database.db).verify('fault1');
      expect(chain?.firstBreak).toBeUndefined();

      const retried = await commitActivityImport(testApp.database.db, realm, actor, file, undefined);
      expect(retried).toMatchObject({ isNew: true, recordCount: 2500 });
      expect(await realmRows(realm)).toMatchObject({ records: 2500, results: 2500, audit: 2500, batches: 1 });
    });

    it('leaves no GHGRP facility, audit entry or batch behind, and the same workbook imports afterwards', async () => {
      const realm = await createTestRealm(testApp.database.db, { key: 'fault2' });
      const before = await realmRows(realm);
      const rows = Array.from({ length: 1200 }, (_, index) => {
        const row = [...BROOKLYN];
        row[0] = 2000000 + index;
        row[1] = `Plant ${index}`;
        return row;
      });
      const file = { fileName: 'ghgp_data_2020.xlsx', content: await ghgrpWorkbook(rows) };

      const progress: number[] = [];
      await expect(
        importGhgrpWorkbook(testApp.database.db, realm, actor, file, {
          onProgress: faultAfterFirstChunk(progress),
        }),
      ).rejects.toBeInstanceOf(InjectedFault);
      // The fault came after 1,000 facilities were upserted in the transaction.
      expect(progress).toEqual([0, 1000]);
      expect(await realmRows(realm)).toEqual(before);

      const retried = await importGhgrpWorkbook(testApp.database.db, realm, actor, file);
      expect(retried).toMatchObject({ isNew: true, facilityCount: 1200, createdCount: 1200 });
      expect(await realmRows(realm)).toMatchObject({ facilities: 1200, audit: 1, batches: 1 });
    });
  });

  it('answers an empty workbook with 400 at once (the XLSX reader used to wait for it forever)', async () => {
    for (const url of ['/api/imports/ghgrp', '/api/imports/activities']) {
      const response = await upload(url, { name: 'ghgp_data_2020.xlsx', content: Buffer.alloc(0) });
      expect(response.json()).toMatchObject({
        statusCode: 400,
        fieldErrors: { 'body/file': 'The file is empty' },
      });
    }
  });

  it('refuses a ZIP bomb (250 MB of zeros in a small upload) with 400 and keeps serving', async () => {
    const bomb = await zipBomb(250);
    for (const url of ['/api/imports/activities/preview', '/api/imports/ghgrp']) {
      const response = await upload(url, { name: 'ghgp_data_2020.xlsx', content: bomb });
      expect(response.json()).toMatchObject({
        statusCode: 400,
        fieldErrors: { 'body/file': 'The workbook unpacks to more than 64 MB; split it into smaller files' },
      });
    }
    const after = await upload('/api/imports/activities/preview', {
      name: 'ok.csv',
      content: csv(GOOD_ROWS),
    });
    expect(after.statusCode).toBe(200);
  });
});
