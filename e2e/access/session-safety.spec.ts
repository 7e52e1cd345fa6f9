import { expectPathname, expectRouteTitle, visibleToasts } from '../support/app-shell.ts';
import { expect, fetchSessionStatus, signInThroughApi, test } from '../support/fixtures.ts';
import { IDLE_REALM, SIMPLE_REALM } from '../support/realms.ts';

// The texts, variants and durations below are copied from the specification (sections 4, 8 and 9), never read
// from the product's messages or constants, so a drift from the specification fails here.
const WARNING_TITLE = 'Your session will expire soon';
const WARNING_DESCRIPTION = 'You will be logged out in 1 minute due to inactivity.';
const LOGGED_OUT_TITLE = 'You have been logged out due to inactivity.';
const LOGGED_OUT_DESCRIPTION = 'Please log in again to continue.';

test.describe('the inactivity timeout (session length 120 s)', () => {
  test.use({ realm: IDLE_REALM });

  test.beforeEach(async ({ page }) => {
    // The page's clock runs 30 s behind the server's, so the server-side session (which also ends after 120 s)
    // is still valid when the page's inactivity timer fires.
    await page.clock.install({ time: new Date(Date.now() - 30_000) });
    await signInThroughApi(page, IDLE_REALM);
    await page.goto('/launcher');
    await expectRouteTitle(page, 'Launcher');
  });

  test('warns a minute before the end; Cancel restarts the timers', async ({ page }) => {
    const warning = visibleToasts(page).filter({ hasText: WARNING_TITLE });
    const loggedOut = visibleToasts(page).filter({ hasText: LOGGED_OUT_TITLE });
    // The page's clock also runs in real time from the sign-in on, a few seconds on a busy machine: so "not yet"
    // is checked 5 s before the warning is due (60 s), and "now" 1 s after it.
    await page.clock.fastForward('00:55');
    await expect(warning).toHaveCount(0);
    await page.clock.fastForward('00:06');
    await expect(warning).toHaveCount(1);
    await expect(warning).toContainText(WARNING_DESCRIPTION);
    await expect(warning).toHaveAttribute('data-variant', 'warning');

    await warning.getByRole('button', { name: 'Cancel' }).click();
    await expect(warning).toHaveCount(0);
    // Past the original deadline (120 s) the user is still signed in: the timers started again at the click, so
    // 70 s after it the new warning shows and the logout is still 50 s off.
    await page.clock.fastForward('01:10');
    await expect(warning).toHaveCount(1);
    await expect(loggedOut).toHaveCount(0);
    await expectPathname(page, '/launcher');
  });

  test('logs the user out at the end, with the destructive toast', async ({ page }) => {
    const warning = visibleToasts(page).filter({ hasText: WARNING_TITLE });
    await page.clock.fastForward('01:01');
    await expect(warning).toHaveCount(1);
    // The warning lasts 60000 ms, not the toasts' default 5000 ms: it is still there 55 s on.
    await page.clock.fastForward('00:55');
    await expect(warning).toHaveCount(1);
    await page.clock.fastForward('00:05');
    const loggedOut = visibleToasts(page).filter({ hasText: LOGGED_OUT_TITLE });
    await expect(loggedOut).toHaveCount(1);
    await expect(loggedOut).toContainText(LOGGED_OUT_DESCRIPTION);
    await expect(loggedOut).toHaveAttribute('data-variant', 'destructive');
    await expectPathname(page, '/login');
    expect(await fetchSessionStatus(page)).toBe(401);
  });
});

test.describe('a 401 on a call', () => {
  test.use({ realm: SIMPLE_REALM });

  test('shows the server message with "Please log in again." and goes to /logout', async ({ page }) => {
    // The page's Date stands still (its timers keep running), so the caches' ages below are exact however long
    // these steps take on a busy machine.
    const loadedAt = Date.now();
    await page.clock.setFixedTime(loadedAt);
    await signInThroughApi(page, SIMPLE_REALM);
    // The user's rights load once after sign-in (with the RE2 chunk): the session ends after they have.
    const rightsLoaded = page.waitForResponse((response) =>
      response.url().includes('/permissions?inherited=true'),
    );
    await page.goto('/launcher');
    await expectRouteTitle(page, 'Launcher');
    await rightsLoaded;
    // The session ends behind the app's back. Six seconds on, the cached user is stale (query staleTime 5 s)
    // while the guards still trust the cached session (10 s): the profile's call for the user answers 401.
    await page.evaluate(async () => {
      await fetch('/api/auth/logout');
    });
    await page.clock.setFixedTime(loadedAt + 6000);
    await page.getByRole('button', { name: /^Account menu for/ }).click();
    await page.getByRole('menuitem', { name: 'Profile' }).click();
    const toast = visibleToasts(page).filter({ hasText: 'Unauthorized' });
    await expect(toast).toHaveCount(1);
    await expect(toast).toContainText('Please log in again.');
    await expect(toast).toHaveAttribute('data-variant', 'destructive');
    await expectPathname(page, '/login');
  });
});
