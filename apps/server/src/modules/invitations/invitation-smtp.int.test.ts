import type { AddressInfo } from 'node:net';
import { createInvitationRepository } from '@ecc/db';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, withSession, type TestApp } from '#test-support/test-app.ts';
import { createTestRealm, createTestUser } from '#test-support/test-realms.ts';

const ADMIN = { email: 'admin@acme.test', password: 'admin-password-1' };

interface ReceivedMail {
  from: string;
  to: string[];
  data: string;
}

/** A local SMTP server on 127.0.0.1 that keeps every message it receives. */
async function startSmtpServer(): Promise<{ server: SMTPServer; port: number; received: ReceivedMail[] }> {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((recipient) => recipient.address),
          // Quoted-printable soft line breaks undone, so a long link reads whole.
          data: Buffer.concat(chunks).toString('utf8').replaceAll('=\r\n', ''),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return { server, port, received };
}

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
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let apps: TestApp[] = [];

  beforeAll(async () => {
    smtp = await startSmtpServer();
  });
  afterAll(async () => {
    await Promise.all(apps.map((testApp) => testApp.close()));
    apps = [];
    await new Promise<void>((resolve) => smtp.server.close(() => resolve()));
  });

  it('sends the invitation to the SMTP server SMTP_URL names and marks the outbox row sent', async () => {
    const { testApp, invite, outbox } = await createInvitingApp(`smtp://127.0.0.1:${smtp.port}`);
    apps.push(testApp);
    const response = await invite('smtp.person@example.com');
    expect(response.statusCode).toBe(201);

    expect(smtp.received).toHaveLength(1);
    const [mail] = smtp.received;
    expect(mail?.from).toBe('ecc@acme.test');
    expect(mail?.to).toEqual(['smtp.person@example.com']);
    expect(mail?.data).toMatch(/http:\/\/acme\.test\/invite\/[A-Za-z0-9_-]{43}/);
    const [row] = await outbox();
    expect(row?.sentOn).toBeInstanceOf(Date);
    expect(row?.error).toBeNull();
  });

  it('still invites when nothing listens at SMTP_URL, recording the error in the outbox', async () => {
    // The SMTP server's port, once it is closed, is a port where nothing listens.
    const closed = await startSmtpServer();
    await new Promise<void>((resolve) => closed.server.close(() => resolve()));
    const { testApp, invite, outbox } = await createInvitingApp(`smtp://127.0.0.1:${closed.port}`);
    apps.push(testApp);
    const response = await invite('unlucky@example.com');
    expect(response.statusCode).toBe(201);
    const [row] = await outbox();
    expect(row).toMatchObject({ to: 'unlucky@example.com', sentOn: null });
    expect(row?.error).toMatch(/ECONNREFUSED|connect/i);
  });
});
