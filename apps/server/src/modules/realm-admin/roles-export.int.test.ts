import { realmRoleListResponseSchema } from '@ecc/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csvRows, xlsxRows } from '#test-support/export-files.ts';
import { createTestApp, type TestApp } from '#test-support/test-app.ts';
import {
  ACME_HOST as HOST,
  OTHER_HOST,
  createTwoRealms,
  callAs,
  type CallRequest,
} from '#test-support/two-realms.ts';

const HEADER = [
  'Role',
  'Role key',
  'Type',
  'Realm pattern',
  'Subject',
  'Id pattern',
  'Action',
  'Right',
  'Active',
];

/** A grant limited to ids only this realm's test uses, so its rows are recognisable in any file. */
const grantWithId = (id: string) => ({
  type: 'REGEX_GRANT',
  data: { realm: '\\own', subject: 'Equipment', id, action: 'delete' },
  right: 'equipment',
  active: false,
});

describe('the roles export', () => {
  let testApp: TestApp;
  const tokens = { admin: '', member: '', other: '' };

  const call = (...request: CallRequest) => callAs(testApp, ...request);

  const rolesOf = async (token: string, host = HOST) =>
    realmRoleListResponseSchema.parse((await call(token, 'GET', '/api/realm-admin/roles', host)).json())
      .results;

  beforeAll(async () => {
    testApp = await createTestApp();
    const cast = await createTwoRealms(testApp);
    Object.assign(tokens, {
      admin: cast.tokens.admin,
      member: cast.tokens.member,
      other: cast.tokens.otherAdmin,
    });
    const memberRole = (await rolesOf(tokens.admin)).find((role) => role.key === 'member')!;
    const ours = await call(
      tokens.admin,
      'POST',
      `/api/realm-admin/roles/${memberRole.id}/grants`,
      HOST,
      grantWithId('acme-bay-.*'),
    );
    expect(ours.statusCode, ours.body).toBe(201);
    const otherMember = (await rolesOf(tokens.other, OTHER_HOST)).find((role) => role.key === 'member')!;
    const theirs = await call(
      tokens.other,
      'POST',
      `/api/realm-admin/roles/${otherMember.id}/grants`,
      OTHER_HOST,
      grantWithId('foreign-bay-.*'),
    );
    expect(theirs.statusCode, theirs.body).toBe(201);
  });
  afterAll(() => testApp.close());

  it('exports a row per grant of every role, as CSV and as XLSX', async () => {
    const roles = await rolesOf(tokens.admin);
    const grantCount = roles.reduce((sum, role) => sum + Math.max(1, role.grants.length), 0);
    expect(grantCount).toBeGreaterThan(2);

    const csv = await call(tokens.admin, 'GET', '/api/exports/roles?format=csv');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toMatch(/filename="roles-\d{4}-\d{2}-\d{2}\.csv"/);
    const rows = csvRows(csv.body);
    expect(rows[0]).toEqual(HEADER);
    expect(rows).toHaveLength(grantCount + 1);
    expect(new Set(rows.slice(1).map((row) => row[1]))).toEqual(new Set(['admin', 'member']));
    expect(rows.find((row) => row[5] === 'acme-bay-.*')).toEqual([
      'Member',
      'member',
      'REGEX_GRANT',
      '\\own',
      'Equipment',
      'acme-bay-.*',
      'delete',
      'equipment',
      'false',
    ]);
    expect(csv.body).not.toContain('foreign-bay');

    const workbook = await call(tokens.admin, 'GET', '/api/exports/roles?format=xlsx');
    const sheet = await xlsxRows(workbook.rawPayload);
    expect(sheet[0]).toEqual(HEADER);
    expect(sheet).toHaveLength(grantCount + 1);
    expect(sheet.find((row) => row[5] === 'acme-bay-.*')?.[8]).toBe(false);
    expect(JSON.stringify(sheet)).not.toContain('foreign-bay');
  });

  it('refuses a member, who may not read the roles', async () => {
    const refused = await call(tokens.member, 'GET', '/api/exports/roles?format=csv');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('You are not allowed to read Role');
  });
});
