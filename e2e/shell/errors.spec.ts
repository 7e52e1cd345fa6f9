import type { Page } from '@playwright/test';
import {
  expectPathname,
  expectRouteTitle,
  toastRegion,
  visibleToasts,
  wholeWord,
} from '../support/app-shell.ts';
import { expect, test } from '../support/fixtures.ts';
import { DEMO_REALM, SIMPLE_REALM } from '../support/realms.ts';

// Texts and limits copied from the specification (sections 6, 8 and 9), not read from the product's constants.
const REALM_NOT_FOUND = 'Could not find a realm on the server.';
const TOAST_LIMIT = 3;

test.describe('no realm for the host', () => {
  test.use({ realm: DEMO_REALM, isSignedIn: false });

  test('the page says it could not find a realm', async ({ page }) => {
    // The one mocked response of the suite: the server always falls back to its default realm (which the e2e
    // server has), so no host makes the real /api/config answer 404. The body is the API contract's 404.
    await page.route('**/api/config', (route) =>
      route.fulfill({
        status: 404,
        contentType: 'application/json',
        body: JSON.stringify({ statusCode: 404, error: 'Not Found', message: REALM_NOT_FOUND }),
      }),
    );
    const consoleErrors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    await page.goto('/about');
    await expect(page.getByText(REALM_NOT_FOUND)).toBeVisible();
    expect(consoleErrors.join('\n')).toContain('Could not find a realm');
  });
});

/** An in-app navigation, as a link makes it: the router follows `history.pushState` without a page load. */
async function navigateInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((target) => window.history.pushState({}, '', target), path);
}

test.describe('toasts', () => {
  test.use({ realm: SIMPLE_REALM, isSignedIn: true });

  test(`at most ${TOAST_LIMIT} toasts are shown, the newest ones`, async ({ page }) => {
    await page.goto('/launcher');
    await expectRouteTitle(page, 'Launcher');
    const toasts = visibleToasts(page);
    // Each route is outside the simple plan, so each visit raises one plan toast. Only the benchmarks toast
    // names the Upper mantle plan: it is the oldest, the one the limit drops.
    const refusedPaths = ['/benchmarks', '/reporting/next', '/advancedghg', '/reporting/analysis'];
    for (const [index, path] of refusedPaths.entries()) {
      await navigateInApp(page, path);
      await expectPathname(page, '/launcher');
      await expect(toasts).toHaveCount(Math.min(index + 1, TOAST_LIMIT));
    }
    await expect(toasts.filter({ hasText: wholeWord('Upper mantle') })).toHaveCount(0);
    await expect(toasts.filter({ hasText: wholeWord('EQT') })).toHaveCount(1);
  });

  test('F8 moves the focus to the toast viewport', async ({ page }) => {
    await page.goto('/launcher');
    await expectRouteTitle(page, 'Launcher');
    await page.keyboard.press('F8');
    await expect(toastRegion(page).getByRole('list')).toBeFocused();
  });
});
