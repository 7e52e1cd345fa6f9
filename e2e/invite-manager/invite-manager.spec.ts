import { SMTPServer } from 'smtp-server';
import { expectPathname, expectRouteTitle, signInWithForm } from '../support/app-shell.ts';
import { expect, fetchSessionStatus, test } from '../support/fixtures.ts';
import { DEMO_REALM } from '../support/realms.ts';
import { E2E_SMTP_PORT } from '../support/smtp-port.ts';

const ADMIN = { email: 'admin@example.com', password: 'admin-password' };

interface ReceivedMail {
  to: string[];
  body: string;
}

const received: ReceivedMail[] = [];
let smtpServer: SMTPServer | undefined;

// One test: the SMTP server listens on one fixed port, which a second worker could not take.
test.describe.configure({ mode: 'serial' });
test.use({ realm: DEMO_REALM });

test.beforeAll(async () => {
  smtpServer = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          to: session.envelope.rcptTo.map((recipient) => recipient.address),
          // Quoted-printable soft line breaks undone, so the link reads whole.
          body: Buffer.concat(chunks).toString('utf8').replaceAll('=\r\n', ''),
        });
        callback();
      });
    },
  });
  const server = smtpServer;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(E2E_SMTP_PORT, '127.0.0.1', resolve);
  });
});

test.afterAll(async () => {
  const server = smtpServer;
  if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
});

test('an administrator invites an address; the person opens the mailed link, sets a password and is signed in', async ({
  page,
  browser,
}) => {
  const invitee = `colleague.${Date.now()}@example.com`;
  await page.goto('/login');
  await signInWithForm(page, ADMIN);
  await expectPathname(page, '/');
  await page.goto('/admin/invite-manager');
  await expectRouteTitle(page, 'Invite manager');

  const form = page.getByRole('form', { name: 'Invite someone' });
  await form.getByLabel('Email').fill(invitee);
  await form.getByLabel('Role').selectOption('member');
  await form.getByRole('button', { name: 'Send invitation' }).click();
  const row = page.getByRole('row').filter({ hasText: invitee });
  await expect(row).toContainText('Pending');

  await expect.poll(() => received.filter((mail) => mail.to.includes(invitee)).length).toBe(1);
  const mail = received.find((each) => each.to.includes(invitee));
  const link = mail?.body.match(/https?:\/\/\S+\/invite\/[A-Za-z0-9_-]+/)?.[0];
  expect(link, 'the invitation link in the mail').toBeDefined();

  // The invited person, in a browser of their own.
  const inviteeContext = await browser.newContext();
  try {
    const inviteePage = await inviteeContext.newPage();
    await inviteePage.goto(link ?? '');
    await expectRouteTitle(inviteePage, 'Join the realm');
    await expect(inviteePage.getByText(invitee)).toBeVisible();
    await inviteePage.getByLabel('Password', { exact: true }).fill('colleague-password');
    await inviteePage.getByLabel('Confirm password').fill('colleague-password');
    await inviteePage.getByRole('button', { name: 'Join' }).click();
    await expectPathname(inviteePage, '/');
    await expectRouteTitle(inviteePage, 'Home');
    expect(await fetchSessionStatus(inviteePage)).toBe(200);

    // The link works once.
    await inviteePage.goto(link ?? '');
    await expect(inviteePage.getByText('This invitation cannot be used')).toBeVisible();
  } finally {
    await inviteeContext.close();
  }

  await page.reload();
  await expect(page.getByRole('row').filter({ hasText: invitee })).toContainText('Accepted');
});
