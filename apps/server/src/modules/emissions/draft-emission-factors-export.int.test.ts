import { realmEmissionFactorInputSchema } from '@ecc/contracts';
import { permissions } from '@ecc/db';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csvRows, xlsxRows } from '#test-support/export-files.ts';
import { createTestApp, signIn, type TestApp } from '#test-support/test-app.ts';
import { createRealmFactorService } from './realm-factors.service.ts';
import {
  ACME_HOST as HOST,
  MEMBER,
  OTHER_HOST,
  createTwoRealms,
  callAs,
  type CallRequest,
} from '#test-support/two-realms.ts';

const HEADER = [
  'Key',
  'Name',
  'Source',
  'Year',
  'Per',
  'CO2',
  'CO2 unit',
  'CH4',
  'CH4 unit',
  'N2O',
  'N2O unit',
  'Other gases',
  'CO2e',
  'CO2e unit',
  'CO2e GWP set',
  'Heat content',
  'Heat content unit',
  'Scope',
];

/** More drafts than one page of the export's reading (1,000), so that every page is shown to be read. */
const DRAFT_COUNT = 1001;

const tariff = (index: number) => ({
  name: `Supplier tariff ${String(index).padStart(4, '0')}`,
  source: 'Green Power Co. fuel mix disclosure 2024',
  year: 2024,
  per: 'kWh',
  gases: { CO2: { value: 0.1, unit: 'kg' }, CH4: { value: 0.01, unit: 'g' } },
  scope: 2,
  electricityBasis: 'supplier-specific',
});

describe('the draft emission factors export', () => {
  let testApp: TestApp;
  const tokens = { admin: '', member: '', other: '' };

  const call = (...request: CallRequest) => callAs(testApp, ...request);

  beforeAll(async () => {
    testApp = await createTestApp();
    const cast = await createTwoRealms(testApp);
    Object.assign(tokens, { admin: cast.tokens.admin, other: cast.tokens.otherAdmin });
    // Stored through the service the route uses, without a request each: a thousand requests are slow to set up.
    const realmFactors = createRealmFactorService(testApp.database.db);
    for (let index = 0; index < DRAFT_COUNT; index += 1) {
      await realmFactors.create(cast.acme.id, realmEmissionFactorInputSchema.parse(tariff(index)));
    }
    const published = await call(tokens.admin, 'POST', '/api/emission-factors', HOST, {
      ...tariff(9999),
      name: 'Published tariff',
    });
    const publishing = await call(
      tokens.admin,
      'POST',
      `/api/emission-factors/${published.json().id}/publish`,
    );
    expect(publishing.statusCode, publishing.body).toBe(200);
    const foreign = await call(tokens.other, 'POST', '/api/emission-factors', OTHER_HOST, {
      ...tariff(0),
      name: 'Foreign draft',
    });
    expect(foreign.statusCode, foreign.body).toBe(201);
    // The member role of acme loses its factor grants: a user of the realm who may not read factors.
    await testApp.database.db
      .update(permissions)
      .set({ active: false })
      .where(
        and(
          eq(permissions.realmId, cast.acme.id),
          eq(permissions.principalType, 'role'),
          eq(permissions.rightId, 'emission-factors'),
        ),
      );
    tokens.member = await signIn(testApp.app, MEMBER, HOST);
  }, 600_000);
  afterAll(() => testApp.close());

  it('exports every draft of the realm, past the first page, and no published factor', async () => {
    const csv = await call(tokens.admin, 'GET', '/api/exports/emission-factors/drafts?format=csv');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toMatch(
      /filename="draft-emission-factors-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    const rows = csvRows(csv.body);
    expect(rows[0]).toEqual(HEADER);
    expect(rows).toHaveLength(DRAFT_COUNT + 1);
    expect(new Set(rows.slice(1).map((row) => row[1])).size).toBe(DRAFT_COUNT);
    expect(csv.body).not.toContain('Published tariff');
    expect(csv.body).not.toContain('Foreign draft');

    const sheet = await xlsxRows(
      (await call(tokens.admin, 'GET', '/api/exports/emission-factors/drafts?format=xlsx')).rawPayload,
    );
    expect(sheet[0]).toEqual(HEADER);
    expect(sheet).toHaveLength(DRAFT_COUNT + 1);
    const first = sheet.find((row) => row[1] === 'Supplier tariff 0000');
    expect(first?.slice(2, 9)).toEqual([
      'Green Power Co. fuel mix disclosure 2024',
      2024,
      'kWh',
      0.1,
      'kg',
      0.01,
      'g',
    ]);
    expect(first?.at(-1)).toBe(2);

    const foreign = csvRows(
      (await call(tokens.other, 'GET', '/api/exports/emission-factors/drafts?format=csv', OTHER_HOST)).body,
    );
    expect(foreign.slice(1).map((row) => row[1])).toEqual(['Foreign draft']);
  });

  it('refuses a user who may not read emission factors', async () => {
    const refused = await call(tokens.member, 'GET', '/api/exports/emission-factors/drafts?format=csv');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('You are not allowed to read EmissionFactor');
  });
});
