import { invitationListSchema, sentInvitationSchema } from '@ecc/contracts';
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

const HEADER = ['Email', 'Role', 'Status', 'Link valid until (UTC)', 'Invited on (UTC)'];

describe('the invitations export', () => {
  let testApp: TestApp;
  const tokens = { admin: '', member: '', other: '' };
  /** The links the server answered (no mail server here): credentials that must never reach a file. */
  const links: string[] = [];

  const call = (...request: CallRequest) => callAs(testApp, ...request);

  beforeAll(async () => {
    testApp = await createTestApp();
    const cast = await createTwoRealms(testApp);
    Object.assign(tokens, {
      admin: cast.tokens.admin,
      member: cast.tokens.member,
      other: cast.tokens.otherAdmin,
    });
    const invite = async (token: string, email: string, role: string, host = HOST) => {
      const response = await call(token, 'POST', '/api/invitations', host, { email, role });
      expect(response.statusCode, response.body).toBe(201);
      const sent = sentInvitationSchema.parse(response.json());
      if (sent.link) links.push(sent.link);
      return sent;
    };
    await invite(tokens.admin, 'pat@acme.test', 'member');
    const revoked = await invite(tokens.admin, 'rex@acme.test', 'admin');
    expect((await call(tokens.admin, 'DELETE', `/api/invitations/${revoked.id}`)).statusCode).toBe(204);
    await invite(tokens.other, 'foreign@other.test', 'member', OTHER_HOST);
    expect(links).toHaveLength(3);
  });
  afterAll(() => testApp.close());

  it('exports every invitation as the invite manager lists it, without any link, as CSV and as XLSX', async () => {
    const { invitations } = invitationListSchema.parse(
      (await call(tokens.admin, 'GET', '/api/invitations')).json(),
    );
    expect(invitations).toHaveLength(2);

    const csv = await call(tokens.admin, 'GET', '/api/exports/invitations?format=csv');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toMatch(/filename="invitations-\d{4}-\d{2}-\d{2}\.csv"/);
    const rows = csvRows(csv.body);
    expect(rows[0]).toEqual(HEADER);
    expect(rows).toHaveLength(invitations.length + 1);
    expect(rows.slice(1).map((row) => row[0])).toEqual(invitations.map((invitation) => invitation.email));
    const pending = invitations.find((invitation) => invitation.email === 'pat@acme.test')!;
    expect(rows.find((row) => row[0] === 'pat@acme.test')).toEqual([
      'pat@acme.test',
      'Member',
      'Pending',
      pending.expiresAt,
      pending.createdOn,
    ]);
    expect(rows.find((row) => row[0] === 'rex@acme.test')?.slice(1, 4)).toEqual([
      'Administrator',
      'Revoked',
      '',
    ]);
    expect(csv.body).not.toContain('foreign@other.test');

    const workbook = await call(tokens.admin, 'GET', '/api/exports/invitations?format=xlsx');
    const sheet = await xlsxRows(workbook.rawPayload);
    expect(sheet[0]).toEqual(HEADER);
    expect(sheet).toHaveLength(invitations.length + 1);
    expect(sheet.find((row) => row[0] === 'pat@acme.test')?.slice(1, 3)).toEqual(['Member', 'Pending']);

    for (const link of links) {
      const token = link.split('/').at(-1)!;
      expect(csv.body).not.toContain(token);
      expect(JSON.stringify(sheet)).not.toContain(token);
    }
  });

  it('refuses a member, who may not read the invitations', async () => {
    const refused = await call(tokens.member, 'GET', '/api/exports/invitations?format=csv');
    expect(refused.statusCode).toBe(403);
  });
});
