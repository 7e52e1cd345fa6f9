import { expectPathname, expectRouteTitle, signInWithForm } from '../support/app-shell.ts';
import { expect, test } from '../support/fixtures.ts';
import { DEMO_REALM } from '../support/realms.ts';

const ADMIN = { email: 'admin@example.com', password: 'admin-password' };

test.use({ realm: DEMO_REALM });

test('the administrator finds a library factor and recalculates the realm’s emissions', async ({ page }) => {
  await page.goto('/login');
  await signInWithForm(page, ADMIN);
  await expectPathname(page, '/');
  await page.goto('/emission-factors');
  await expectRouteTitle(page, 'Emission factors');

  await page.getByLabel('Search factors').fill('natural gas');
  const factors = page.getByRole('table', { name: 'Emission factors' });
  await expect(
    factors
      .getByRole('row')
      .filter({ hasText: /natural gas/i })
      .first(),
  ).toBeVisible();

  await page.getByRole('button', { name: 'Recalculate all emissions' }).click();
  await expect(page.getByRole('progressbar', { name: 'Recalculation progress' })).toBeVisible();
  await expect(page.getByText(/— completed/)).toBeVisible({ timeout: 30_000 });
});
