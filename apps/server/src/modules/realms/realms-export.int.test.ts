import { managedRealmListResponseSchema } from '@ecc/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csvRows, xlsxRows } from '#test-support/export-files.ts';
import { createTestApp, signIn, withSession, type TestApp } from '#test-support/test-app.ts';
import { createTestRealm, createTestUser } from '#test-support/test-realms.ts';

const HOST = 'acme.realms.test';
const OTHER_HOST = 'other.realms.test';
const ADMIN = { email: 'ada@acme.test', password: 'acme-password-1', role: 'admin' as const };
const MEMBER = { email: 'mo@acme.test', password: 'member-password-1' };
const OTHER_ADMIN = { email: 'olga@other.test', password: 'other-password-1', role: 'admin' as const };

const HEADER = [
  'Key',
  'Name',
  'Plan',
  'Parent',
  'Domains',
  'Feature flags',
  'Users',
  'Status',
  'Created on (UTC)',
];

describe('the realms export', () => {
  let testApp: TestApp;
  const tokens = { admin: '', member: '' };

  const get = (token: string, url: string, host = HOST) =>
    testApp.app.inject({ method: 'GET', url, headers: { ...withSession(token), host } });

  beforeAll(async () => {
    testApp = await createTestApp();
    const db = testApp.database.db;
    const acme = await createTestRealm(db, {
      key: 'acmerlm',
      name: 'Acme Realm',
      plan: 'paid',
      domains: [HOST],
    });
    const other = await createTestRealm(db, { key: 'otherrlm', name: 'Other Realm', domains: [OTHER_HOST] });
    await createTestUser(db, acme, ADMIN);
    await createTestUser(db, acme, MEMBER);
    await createTestUser(db, other, OTHER_ADMIN);
    tokens.admin = await signIn(testApp.app, ADMIN, HOST);
    tokens.member = await signIn(testApp.app, MEMBER, HOST);
  });
  afterAll(() => testApp.close());

  it('exports the realms the caller may read, with the list’s search, as CSV and as XLSX', async () => {
    const list = managedRealmListResponseSchema.parse(
      (await get(tokens.admin, '/api/realms?limit=200')).json(),
    );
    expect(list.total).toBeGreaterThan(0);

    const csv = await get(tokens.admin, '/api/exports/realms?format=csv');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toMatch(/filename="realms-\d{4}-\d{2}-\d{2}\.csv"/);
    const rows = csvRows(csv.body);
    expect(rows[0]).toEqual(HEADER);
    expect(rows).toHaveLength(list.total + 1);
    expect(rows.slice(1).map((row) => row[0])).toEqual(list.results.map((realm) => realm.key));
    const acme = list.results.find((realm) => realm.key === 'acmerlm')!;
    expect(rows.find((row) => row[0] === 'acmerlm')).toEqual([
      'acmerlm',
      'Acme Realm',
      'Paid',
      '',
      HOST,
      acme.featureFlags.join(', '),
      '2',
      'Active',
      acme.createdOn,
    ]);
    expect(csv.body).not.toContain('otherrlm');

    const sheet = await xlsxRows((await get(tokens.admin, '/api/exports/realms?format=xlsx')).rawPayload);
    expect(sheet[0]).toEqual(HEADER);
    expect(sheet).toHaveLength(list.total + 1);
    expect(sheet.find((row) => row[0] === 'acmerlm')?.[6]).toBe(2);

    const searched = csvRows(
      (await get(tokens.admin, '/api/exports/realms?format=csv&q=no-such-realm')).body,
    );
    expect(searched).toEqual([HEADER]);
  });

  it('refuses a member, who may not read realms', async () => {
    const refused = await get(tokens.member, '/api/exports/realms?format=csv');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('You are not allowed to read Realm');
  });
});
