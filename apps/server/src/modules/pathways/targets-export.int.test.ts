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

const HEADER = [
  'Target',
  'Term',
  'Kind',
  'Intensity per',
  'Covers',
  'Base year',
  'Target year',
  'Ambition',
  'Custom reduction by the target year (%)',
  'Annual reduction (% of base year)',
  'Projection',
  'Growth (% a year)',
];

const NEAR_TERM = {
  name: 'Scopes 1 and 2 by 2030',
  kind: 'absolute',
  scopes: [1, 2],
  scope2Method: 'market',
  scope3Categories: [],
  baseYear: 2023,
  targetYear: 2030,
  term: 'near-term',
  ambition: '1.5C',
  projectionMethod: 'linear-trend',
};

describe('the targets export', () => {
  let testApp: TestApp;
  const tokens = { admin: '', member: '', other: '' };

  const call = (...request: CallRequest) => callAs(testApp, ...request);

  beforeAll(async () => {
    testApp = await createTestApp();
    const cast = await createTwoRealms(testApp, { acme: { plan: 'paid' }, other: { plan: 'paid' } });
    Object.assign(tokens, { admin: cast.tokens.admin, other: cast.tokens.otherAdmin });
    for (const target of [
      NEAR_TERM,
      {
        ...NEAR_TERM,
        name: 'Value chain by 2035',
        scopes: [3],
        scope3Categories: [1, 6],
        targetYear: 2035,
        ambition: 'custom',
        customReductionPercent: 36,
        projectionMethod: 'compound-growth',
        growthPercent: 2,
      },
    ]) {
      const created = await call(tokens.admin, 'POST', '/api/pathways/targets', HOST, target);
      expect(created.statusCode, created.body).toBe(201);
    }
    const foreign = await call(tokens.other, 'POST', '/api/pathways/targets', OTHER_HOST, {
      ...NEAR_TERM,
      name: 'Foreign target',
    });
    expect(foreign.statusCode, foreign.body).toBe(201);
    // The member role of acme loses its facility grants: a user of the realm who may not read its targets.
    await withdrawRoleFacilityGrants(testApp.database.db, cast.acme.id);
    tokens.member = await signIn(testApp.app, MEMBER, HOST);
  });
  afterAll(() => testApp.close());

  it('exports every target as the list shows it, with the rate its ambition means, as CSV and as XLSX', async () => {
    const csv = await call(tokens.admin, 'GET', '/api/exports/pathways/targets?format=csv');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toMatch(/filename="targets-\d{4}-\d{2}-\d{2}\.csv"/);
    const rows = csvRows(csv.body);
    expect(rows[0]).toEqual(HEADER);
    expect(rows).toHaveLength(2 + 1);
    const nearTerm = rows.find((row) => row[0] === NEAR_TERM.name);
    expect(nearTerm).toEqual([
      NEAR_TERM.name,
      'Near-term',
      'Absolute',
      '',
      'Scope 1, 2 (market-based)',
      '2023',
      '2030',
      '1.5 °C (4.2 % a year)',
      '',
      '4.2',
      'Linear trend (least squares)',
      '',
    ]);
    expect(csv.body).not.toContain('Foreign target');

    const sheet = await xlsxRows(
      (await call(tokens.admin, 'GET', '/api/exports/pathways/targets?format=xlsx')).rawPayload,
    );
    expect(sheet[0]).toEqual(HEADER);
    expect(sheet).toHaveLength(2 + 1);
    const valueChain = sheet.find((row) => row[0] === 'Value chain by 2035');
    expect(valueChain?.slice(4, 9)).toEqual([
      'Scope 3 (categories 1, 6)',
      2023,
      2035,
      'Custom reduction',
      36,
    ]);
    // 36 % over the twelve years from 2023 to 2035: 3 % of the base year a year.
    expect(valueChain?.[9]).toBeCloseTo(3, 9);
    expect(valueChain?.slice(10)).toEqual(['Compound growth', 2]);

    const foreign = csvRows(
      (await call(tokens.other, 'GET', '/api/exports/pathways/targets?format=csv', OTHER_HOST)).body,
    );
    expect(foreign.slice(1).map((row) => row[0])).toEqual(['Foreign target']);
  });

  it('refuses a user who may not read the realm’s facilities', async () => {
    const refused = await call(tokens.member, 'GET', '/api/exports/pathways/targets?format=csv');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('You are not allowed to read Facility');
  });
});
