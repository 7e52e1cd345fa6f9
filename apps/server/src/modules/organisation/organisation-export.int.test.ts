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

const UNIT_HEADER = ['Business unit', 'Code', 'Parent path', 'Level', 'Facilities'];
const DENOMINATOR_HEADER = [
  'Year',
  'For',
  'Facility slug',
  'Kind',
  'Amount',
  'Unit or currency',
  'Normalised amount',
  'Normalised unit',
];

describe('the business unit and intensity denominator exports', () => {
  let testApp: TestApp;
  const tokens = { admin: '', member: '', other: '' };

  const call = (...request: CallRequest) => callAs(testApp, ...request);

  const created = async (
    token: string,
    url: string,
    payload: object,
    host = HOST,
    method: 'POST' | 'PUT' = 'POST',
  ) => {
    const response = await call(token, method, url, host, payload);
    expect(response.statusCode, response.body).toBe(method === 'POST' ? 201 : 200);
    return response.json() as { id: string };
  };

  beforeAll(async () => {
    testApp = await createTestApp();
    const cast = await createTwoRealms(testApp);
    Object.assign(tokens, { admin: cast.tokens.admin, other: cast.tokens.otherAdmin });
    const europe = await created(tokens.admin, '/api/organisation/business-units', {
      name: 'Europe',
      code: 'EU',
    });
    const chemicals = await created(tokens.admin, '/api/organisation/business-units', {
      name: 'Chemicals',
      parentId: europe.id,
    });
    await created(tokens.admin, '/api/organisation/business-units', {
      name: 'Plastics',
      parentId: chemicals.id,
    });
    await created(tokens.admin, '/api/facilities', {
      name: 'Ludwigshafen Works',
      slug: 'ludwigshafen-works',
      sector: 'Chemicals',
      country: 'DE',
      businessUnitId: chemicals.id,
    });
    await created(tokens.other, '/api/organisation/business-units', { name: 'Foreign unit' }, OTHER_HOST);

    const figure = (body: object, token = tokens.admin, host = HOST) =>
      created(token, '/api/organisation/denominators', body, host, 'PUT');
    await figure({ year: 2024, scope: 'realm', kind: 'revenue', amount: 5_000_000, unit: 'EUR' });
    await figure({ year: 2024, scope: 'realm', kind: 'floor-area', amount: 10_000, unit: 'ft2' });
    await figure({
      year: 2024,
      scope: 'facility',
      facilitySlug: 'ludwigshafen-works',
      kind: 'headcount',
      amount: 420,
    });
    await figure({ year: 2023, scope: 'realm', kind: 'headcount', amount: 400 });
    await figure({ year: 2024, scope: 'realm', kind: 'headcount', amount: 77 }, tokens.other, OTHER_HOST);

    // The member role of acme loses its facility grants: a user of the realm who may not read its organisation.
    await withdrawRoleFacilityGrants(testApp.database.db, cast.acme.id);
    tokens.member = await signIn(testApp.app, MEMBER, HOST);
  });
  afterAll(() => testApp.close());

  it('exports every unit in tree order with its parent path and facility count, as CSV and as XLSX', async () => {
    const csv = await call(tokens.admin, 'GET', '/api/exports/business-units?format=csv');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toMatch(/filename="business-units-\d{4}-\d{2}-\d{2}\.csv"/);
    const rows = csvRows(csv.body);
    expect(rows).toEqual([
      UNIT_HEADER,
      ['Europe', 'EU', '', '1', '0'],
      ['Chemicals', '', 'Europe', '2', '1'],
      ['Plastics', '', 'Europe / Chemicals', '3', '0'],
    ]);
    expect(csv.body).not.toContain('Foreign unit');

    const sheet = await xlsxRows(
      (await call(tokens.admin, 'GET', '/api/exports/business-units?format=xlsx')).rawPayload,
    );
    expect(sheet[0]).toEqual(UNIT_HEADER);
    expect(sheet).toHaveLength(4);
    // An empty cell reads back as nothing at all.
    expect(sheet[2]).toEqual(['Chemicals', undefined, 'Europe', 2, 1]);

    const foreign = csvRows(
      (await call(tokens.other, 'GET', '/api/exports/business-units?format=csv', OTHER_HOST)).body,
    );
    expect(foreign.slice(1).map((row) => row[0])).toEqual(['Foreign unit']);
  });

  it('exports the denominators of every year, or of the year asked, with amounts as numbers', async () => {
    const all = csvRows((await call(tokens.admin, 'GET', '/api/exports/denominators?format=csv')).body);
    expect(all[0]).toEqual(DENOMINATOR_HEADER);
    expect(all).toHaveLength(4 + 1);
    expect(all.slice(1).map((row) => row[0])).toEqual(['2024', '2024', '2024', '2023']);
    expect(all.some((row) => row[4] === '77')).toBe(false);

    const workbook = await call(tokens.admin, 'GET', '/api/exports/denominators?year=2024&format=xlsx');
    expect(workbook.headers['content-disposition']).toMatch(
      /intensity-denominators-2024-\d{4}-\d{2}-\d{2}\.xlsx/,
    );
    const sheet = await xlsxRows(workbook.rawPayload);
    expect(sheet).toHaveLength(3 + 1);
    expect(sheet.find((row) => row[3] === 'Revenue')).toEqual([
      2024,
      'Whole realm',
      undefined,
      'Revenue',
      5_000_000,
      'EUR',
      5_000_000,
      'EUR',
    ]);
    const area = sheet.find((row) => row[3] === 'Floor area');
    expect(area?.slice(4, 6)).toEqual([10_000, 'ft2']);
    expect(area?.[6]).toBeCloseTo(929.0304, 4);
    expect(sheet.find((row) => row[3] === 'Headcount')?.slice(1, 5)).toEqual([
      'Ludwigshafen Works',
      'ludwigshafen-works',
      'Headcount',
      420,
    ]);

    const badYear = await call(tokens.admin, 'GET', '/api/exports/denominators?year=soon&format=csv');
    expect(badYear.statusCode).toBe(400);
  });

  it('refuses a user who may not read the realm’s facilities', async () => {
    for (const url of ['/api/exports/business-units?format=csv', '/api/exports/denominators?format=csv']) {
      const refused = await call(tokens.member, 'GET', url);
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json().message).toBe('You are not allowed to read Facility');
    }
  });
});
