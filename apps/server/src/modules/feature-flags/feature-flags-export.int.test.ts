import { featureFlagDefinitionListSchema } from '@ecc/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csvRows, xlsxRows } from '#test-support/export-files.ts';
import { createTestApp, type TestApp } from '#test-support/test-app.ts';
import {
  ACME_HOST as HOST,
  ADMIN,
  OTHER_HOST,
  createTwoRealms,
  callAs,
  type CallRequest,
} from '#test-support/two-realms.ts';

const HEADER = [
  'Key',
  'State',
  'Targeted',
  'Default variant',
  'Variants',
  'Value for you',
  'Variant for you',
];

describe('the feature flags export', () => {
  let testApp: TestApp;
  const tokens = { admin: '', member: '', other: '' };

  const call = (...request: CallRequest) => callAs(testApp, ...request);

  beforeAll(async () => {
    testApp = await createTestApp();
    const cast = await createTwoRealms(testApp);
    Object.assign(tokens, {
      admin: cast.tokens.admin,
      member: cast.tokens.member,
      other: cast.tokens.otherAdmin,
    });
    for (const flag of [
      {
        key: 'beta',
        variants: { on: true, off: false },
        defaultVariant: 'off',
        targeting: { if: [{ '==': [{ var: 'email' }, ADMIN.email] }, 'on', 'off'] },
      },
      { key: 'dark-mode', state: 'DISABLED', variants: { on: true }, defaultVariant: 'on' },
    ]) {
      const created = await call(tokens.admin, 'POST', '/api/feature-flags/definitions', HOST, flag);
      expect(created.statusCode, created.body).toBe(201);
    }
    const foreign = await call(tokens.other, 'POST', '/api/feature-flags/definitions', OTHER_HOST, {
      key: 'foreign-flag',
      variants: { on: true },
      defaultVariant: 'on',
    });
    expect(foreign.statusCode, foreign.body).toBe(201);
  });
  afterAll(() => testApp.close());

  it('exports every definition with what it evaluates to for the caller, as CSV and as XLSX', async () => {
    const { definitions } = featureFlagDefinitionListSchema.parse(
      (await call(tokens.admin, 'GET', '/api/feature-flags/definitions')).json(),
    );
    expect(definitions).toHaveLength(2);

    const csv = await call(tokens.admin, 'GET', '/api/exports/feature-flags?format=csv');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toMatch(/filename="feature-flags-\d{4}-\d{2}-\d{2}\.csv"/);
    const rows = csvRows(csv.body);
    expect(rows[0]).toEqual(HEADER);
    expect(rows).toHaveLength(definitions.length + 1);
    expect(rows.slice(1).map((row) => row[0])).toEqual(definitions.map((flag) => flag.key));
    expect(rows[1]).toEqual(['beta', 'Enabled', 'true', 'off', 'on=true; off=false', 'true', 'on']);
    expect(rows[2]?.slice(0, 3)).toEqual(['dark-mode', 'Disabled', 'false']);
    expect(csv.body).not.toContain('foreign-flag');

    const workbook = await call(tokens.admin, 'GET', '/api/exports/feature-flags?format=xlsx');
    const sheet = await xlsxRows(workbook.rawPayload);
    expect(sheet[0]).toEqual(HEADER);
    expect(sheet).toHaveLength(definitions.length + 1);
    expect(sheet[1]?.slice(0, 3)).toEqual(['beta', 'Enabled', true]);

    const foreignCsv = csvRows(
      (await call(tokens.other, 'GET', '/api/exports/feature-flags?format=csv', OTHER_HOST)).body,
    );
    expect(foreignCsv.slice(1).map((row) => row[0])).toEqual(['foreign-flag']);
  });

  it('refuses a member, who may not read the definitions', async () => {
    const refused = await call(tokens.member, 'GET', '/api/exports/feature-flags?format=csv');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('You are not allowed to read FeatureFlag');
  });
});
