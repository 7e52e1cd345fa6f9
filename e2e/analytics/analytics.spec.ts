import { ANALYTICS_PROXY_PATH, type Plan } from '@ecc/contracts';
import type { Page, Request } from '@playwright/test';
import { expectPathname, signInWithForm } from '../support/app-shell.ts';
import e2eSetup from '../support/e2e-setup.json' with { type: 'json' };
import { expect, test } from '../support/fixtures.ts';
import { E2E_PORT, type E2eRealm } from '../support/realms.ts';

const trackedEntry = e2eSetup.realms.find((realm) => realm.key === 'tracked');
if (!trackedEntry) throw new Error('e2e-setup.json has no realm tracked');
/** Plan `paid` with analytics on (write key, proxy path `/api/analytics`), reached at tracked.localhost. */
const TRACKED_REALM: E2eRealm = {
  ...trackedEntry,
  plan: trackedEntry.plan as Plan,
  origin: `http://${trackedEntry.domain}:${E2E_PORT}`,
};

interface ProxyAnswer {
  path: string;
  /** Undefined until the proxy has answered. */
  status: number | undefined;
  event: { type?: string; name?: string; userId?: string; traits?: Record<string, unknown> } | null;
}

/** Every call to the analytics proxy in the order the page made them, with the event and the proxy's status. */
function recordProxyAnswers(page: Page): ProxyAnswer[] {
  const answers: ProxyAnswer[] = [];
  page.on('request', (request: Request) => {
    const path = new URL(request.url()).pathname;
    if (!path.startsWith(ANALYTICS_PROXY_PATH)) return;
    const answer: ProxyAnswer = {
      path,
      status: undefined,
      event: request.postDataJSON() as ProxyAnswer['event'],
    };
    answers.push(answer);
    void request.response().then((response) => {
      answer.status = response?.status();
    });
  });
  return answers;
}

test.use({ realm: TRACKED_REALM, isSignedIn: false });

test('signing in identifies the user and every route change sends a page event the proxy accepts', async ({
  page,
}) => {
  const answers = recordProxyAnswers(page);
  await page.goto('/login');
  await expect.poll(() => answers.find((answer) => answer.path.endsWith('/sourceConfig'))?.status).toBe(200);
  await expect
    .poll(() => answers.some((answer) => answer.event?.type === 'page' && answer.event.name === 'login'))
    .toBe(true);

  // Each page is read before the next click, as a person would: a navigation superseded before it resolved
  // was never shown, and sends no page event (under load the address changes well before the page does).
  const overviewHeading = page.getByRole('heading', { level: 1, name: 'Emissions overview' });
  await signInWithForm(page, TRACKED_REALM.member);
  await expectPathname(page, '/');
  await expect(overviewHeading).toBeVisible();
  await page.getByRole('link', { name: 'Launcher' }).first().click();
  await expectPathname(page, '/launcher');
  await expect(page.getByRole('heading', { level: 1, name: 'Launcher' })).toBeVisible();
  await page.getByRole('link', { name: 'Home' }).first().click();
  await expectPathname(page, '/');
  await expect(overviewHeading).toBeVisible();

  const pagesAfterSignIn = () =>
    answers.filter((answer) => answer.event?.type === 'page' && answer.event.userId !== undefined);
  await expect
    .poll(() => pagesAfterSignIn().map((answer) => answer.event?.name))
    .toEqual(['/', 'launcher', '/']);
  const identify = answers.find((answer) => answer.event?.type === 'identify');
  // The proxy's answer arrives after the request: wait for it rather than read it at once.
  await expect.poll(() => identify?.status).toBe(200);
  expect(identify?.event?.traits).toMatchObject({
    host: `tracked.localhost:${E2E_PORT}`,
    username: TRACKED_REALM.member.email,
    application: { plan: 'paid' },
  });
  // Identify comes before the first page event of the signed-in user.
  expect(answers.indexOf(identify as ProxyAnswer)).toBeLessThan(
    answers.indexOf(pagesAfterSignIn()[0] as ProxyAnswer),
  );
  await expect.poll(() => answers.filter((answer) => answer.status !== 200)).toEqual([]);
});
