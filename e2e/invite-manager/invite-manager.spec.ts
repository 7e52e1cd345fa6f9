import { expectPathname, expectRouteTitle, signInWithForm } from '../support/app-shell.ts';
import { expect, fetchSessionStatus, test } from '../support/fixtures.ts';
import { DEMO_REALM } from '../support/realms.ts';
import { startSmtpCapture, type ReceivedMail, type SmtpCapture } from '../support/smtp-capture.ts';

const ADMIN = { email: 'admin@example.com', password: 'admin-password' };

let capture: SmtpCapture | undefined;
const received = (): readonly ReceivedMail[] => capture?.received ?? [];

// One test: the SMTP server listens on one fixed port, which specs of other workers take in turn.
test.describe.configure({ mode: 'serial' });
test.use({ realm: DEMO_REALM });

test.beforeAll(async () => {
  capture = await startSmtpCapture();
});

test.afterAll(async () => {
  await capture?.close();
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

  await expect.poll(() => received().filter((mail) => mail.to.includes(invitee)).length).toBe(1);
  const mail = received().find((each) => each.to.includes(invitee));
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
