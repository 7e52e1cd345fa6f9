import { expectPathname, expectRouteTitle, visibleToasts } from '../support/app-shell.ts';
import { expect, test } from '../support/fixtures.ts';
import { SIMPLE_REALM } from '../support/realms.ts';

test.describe('the plan guard', () => {
  test.use({ realm: SIMPLE_REALM, isSignedIn: true });

  test('a simple-plan user opening a paid feature lands on /launcher, told which plans include it', async ({
    page,
  }) => {
    await page.goto('/reporting/analysis');
    await expectPathname(page, '/launcher');
    await expectRouteTitle(page, 'Launcher');
    const toast = visibleToasts(page).filter({ hasText: 'Reporting and analysis is not part of your plan' });
    await expect(toast).toHaveCount(1);
    await expect(toast).toContainText('It is included in the EQT or Paid plans.');
    await expect(toast).toHaveAttribute('data-variant', 'warning');
    // The launcher offers what the plan does include, and not the refused feature.
    await expect(
      page.getByRole('main').getByRole('link', { name: /Decarbonisation pathways/ }),
    ).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: /Reporting and analysis/ })).toHaveCount(0);
  });
});
