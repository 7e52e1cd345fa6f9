import { createInvitationRepository } from '@ecc/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, withSession, type TestApp } from '#test-support/test-app.ts';
import { startLocalSmtpServer, type LocalSmtpServer } from '#test-support/local-smtp-server.ts';
import { createTestRealm, createTestUser } from '#test-support/test-realms.ts';

const ADMIN = { email: 'admin@acme.test', password: 'admin-password-1' };

async function createInvitingApp(smtpUrl: string) {
  const testApp = await createTestApp({ env: { SMTP_URL: smtpUrl, SMTP_FROM: 'ECC <ecc@acme.test>' } });
  const realm = await createTestRealm(testApp.database.db, { key: 'acme', domains: ['acme.test'] });
  await createTestUser(testApp.database.db, realm, { ...ADMIN, role: 'admin' });
  const token = await signIn(testApp.app, ADMIN, 'acme.test');
  const invite = (email: string) =>
    testApp.app.inject({
      method: 'POST',
      url: '/api/invitations',
      headers: { host: 'acme.test', ...withSession(token) },
      payload: { email, role: 'member' },
    });
  const outbox = () => createInvitationRepository(testApp.database.db).listEmails(realm.id);
  return { testApp, invite, outbox };
}

describe('invitation e-mail through SMTP', () => {
  let smtp: LocalSmtpServer;
  let apps: TestApp[] = [];

  beforeAll(async () => {
    smtp = await startLocalSmtpServer();
  });
  afterAll(async () => {
    await Promise.all(apps.map((testApp) => testApp.close()));
    apps = [];
    await smtp.close();
  });

  it('sends the invitation to the SMTP server SMTP_URL names and marks the outbox row sent', async () => {
    const { testApp, invite, outbox } = await createInvitingApp(smtp.url);
    apps.push(testApp);
    const response = await invite('smtp.person@example.com');
    expect(response.statusCode).toBe(201);
    // Mailed: the link is the invited person's alone, not the inviter's.
    expect(response.json()).not.toHaveProperty('link');

    expect(smtp.received).toHaveLength(1);
    const [mail] = smtp.received;
    expect(mail?.from).toBe('ecc@acme.test');
    expect(mail?.to).toEqual(['smtp.person@example.com']);
    expect(mail?.data).toMatch(/http:\/\/acme\.test\/invite\/[A-Za-z0-9_-]{43}/);
    const [row] = await outbox();
    expect(row?.sentOn).toBeInstanceOf(Date);
    // The outbox keeps the mail without the link's token.
    expect(row?.text).toContain('/invite/[token withheld]');
    expect(row?.text).not.toMatch(/\/invite\/[A-Za-z0-9_-]{43}/);
    expect(row?.error).toBeNull();
  });

  it('still invites when nothing listens at SMTP_URL, recording the error in the outbox', async () => {
    // The SMTP server's port, once it is closed, is a port where nothing listens.
    const closed = await startLocalSmtpServer();
    await closed.close();
    const { testApp, invite, outbox } = await createInvitingApp(closed.url);
    apps.push(testApp);
    const response = await invite('unlucky@example.com');
    expect(response.statusCode).toBe(201);
    expect(response.json().link).toMatch(/^http:\/\/acme\.test\/invite\/[A-Za-z0-9_-]{43}$/);
    const [row] = await outbox();
    expect(row).toMatchObject({ to: 'unlucky@example.com', sentOn: null });
    expect(row?.error).toMatch(/ECONNREFUSED|connect/i);
  });
});

describe('invitations without a mail server', () => {
  it('answers the link to the inviter and writes no link to the log', async () => {
    const testApp = await createTestApp({ logLevel: 'info' });
    try {
      const realm = await createTestRealm(testApp.database.db, { key: 'acme', domains: ['acme.test'] });
      await createTestUser(testApp.database.db, realm, { ...ADMIN, role: 'admin' });
      const session = withSession(await signIn(testApp.app, ADMIN, 'acme.test'));
      const created = await testApp.app.inject({
        method: 'POST',
        url: '/api/invitations',
        headers: { host: 'acme.test', ...session },
        payload: { email: 'no.mail@example.com', role: 'member' },
      });
      expect(created.statusCode).toBe(201);
      const link = created.json().link as string;
      const token = link.match(/^http:\/\/acme\.test\/invite\/([A-Za-z0-9_-]{43})$/)?.[1];
      expect(token).toBeDefined();
      const preview = await testApp.app.inject({
        method: 'GET',
        url: `/api/invitations/accept/${token}`,
        headers: { host: 'acme.test' },
      });
      expect(preview.statusCode).toBe(200);
      const resent = await testApp.app.inject({
        method: 'POST',
        url: `/api/invitations/${created.json().id}/resend`,
        headers: { host: 'acme.test', ...session },
      });
      expect(resent.json().link).toMatch(/\/invite\/[A-Za-z0-9_-]{43}$/);
      expect(resent.json().link).not.toBe(link);
      const log = testApp.logOutput.join('\n');
      expect(log).toContain('E-mail to no.mail@example.com not sent: SMTP_URL is not set');
      expect(log).not.toContain('/invite/');
    } finally {
      await testApp.close();
    }
  });
});
