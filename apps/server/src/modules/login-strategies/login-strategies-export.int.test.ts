import { loginStrategyListResponseSchema, type Realm } from '@ecc/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csvRows, xlsxRows } from '#test-support/export-files.ts';
import { loginStrategyInput } from '#test-support/login-strategy-input.ts';
import { createTestApp, signIn, withSession, type TestApp } from '#test-support/test-app.ts';
import { createTestRealm, createTestUser } from '#test-support/test-realms.ts';

const HOST = 'acme.strategies.test';
const OTHER_HOST = 'other.strategies.test';
const SECRET = 'client-secret-that-must-never-be-exported';
const ADMIN = { email: 'ada@acme.test', password: 'acme-password-1', role: 'admin' as const };
const MEMBER = { email: 'mo@acme.test', password: 'member-password-1' };
const OTHER_ADMIN = { email: 'olga@other.test', password: 'other-password-1', role: 'admin' as const };

const HEADER = ['Name', 'Issuer', 'Client ID', 'Client secret set', 'Active', 'Provider', 'Key'];

/** A strategy at a public address with this file's secret. */
function strategyInput(name: string, overrides: Record<string, unknown> = {}) {
  return loginStrategyInput(name, SECRET, overrides);
}

describe('the sign-in strategies export', () => {
  let testApp: TestApp;
  let acme: Realm;
  let other: Realm;
  const tokens = { admin: '', member: '', other: '' };

  const call = (token: string, method: 'GET' | 'POST', url: string, host = HOST, payload?: object) =>
    testApp.app.inject({ method, url, headers: { ...withSession(token), host }, payload });
  const exportUrl = (realm: Realm, format: string) =>
    `/api/exports/realms/${realm.id}/login-strategies?format=${format}`;

  beforeAll(async () => {
    testApp = await createTestApp();
    const db = testApp.database.db;
    acme = await createTestRealm(db, { key: 'acmestr', domains: [HOST] });
    other = await createTestRealm(db, { key: 'otherstr', domains: [OTHER_HOST] });
    await createTestUser(db, acme, ADMIN);
    await createTestUser(db, acme, MEMBER);
    await createTestUser(db, other, OTHER_ADMIN);
    tokens.admin = await signIn(testApp.app, ADMIN, HOST);
    tokens.member = await signIn(testApp.app, MEMBER, HOST);
    tokens.other = await signIn(testApp.app, OTHER_ADMIN, OTHER_HOST);
    for (const input of [
      strategyInput('Acme ID'),
      strategyInput('Acme partners', { active: false, clientSecret: undefined, clientId: 'partners' }),
    ]) {
      const created = await call(
        tokens.admin,
        'POST',
        `/api/realms/${acme.id}/login-strategies`,
        HOST,
        input,
      );
      expect(created.statusCode, created.body).toBe(201);
    }
    const foreign = await call(
      tokens.other,
      'POST',
      `/api/realms/${other.id}/login-strategies`,
      OTHER_HOST,
      strategyInput('Foreign ID'),
    );
    expect(foreign.statusCode, foreign.body).toBe(201);
  });
  afterAll(() => testApp.close());

  it('exports the realm’s strategies without any client secret, as CSV and as XLSX', async () => {
    const { results } = loginStrategyListResponseSchema.parse(
      (await call(tokens.admin, 'GET', `/api/realms/${acme.id}/login-strategies`)).json(),
    );
    expect(results).toHaveLength(2);

    const csv = await call(tokens.admin, 'GET', exportUrl(acme, 'csv'));
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toMatch(
      /filename="sign-in-strategies-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    const rows = csvRows(csv.body);
    expect(rows[0]).toEqual(HEADER);
    expect(rows).toHaveLength(results.length + 1);
    expect(rows.slice(1).map((row) => row[6])).toEqual(results.map((strategy) => strategy.key));
    expect(rows.find((row) => row[0] === 'Acme ID')?.slice(0, 6)).toEqual([
      'Acme ID',
      'https://idp.example.com',
      'ecc-client',
      'true',
      'true',
      'okta',
    ]);
    expect(rows.find((row) => row[0] === 'Acme partners')?.slice(3, 5)).toEqual(['false', 'false']);
    expect(csv.body).not.toContain(SECRET);
    expect(csv.body).not.toContain('Foreign ID');

    const workbook = await call(tokens.admin, 'GET', exportUrl(acme, 'xlsx'));
    const sheet = await xlsxRows(workbook.rawPayload);
    expect(sheet[0]).toEqual(HEADER);
    expect(sheet).toHaveLength(results.length + 1);
    expect(sheet.find((row) => row[0] === 'Acme ID')?.slice(3, 5)).toEqual([true, true]);
    expect(JSON.stringify(sheet)).not.toContain(SECRET);
  });

  it('answers 404 for another realm, as the list does, and 403 to a member', async () => {
    const foreign = await call(tokens.admin, 'GET', exportUrl(other, 'csv'));
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe('Realm not found');
    const refused = await call(tokens.member, 'GET', exportUrl(acme, 'csv'));
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('You are not allowed to read Realm');
  });
});
