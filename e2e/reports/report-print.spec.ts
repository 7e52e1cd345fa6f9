import { expectPathname, signInWithForm } from '../support/app-shell.ts';
import { expect, test } from '../support/fixtures.ts';
import { E2E_PORT } from '../support/realms.ts';

/** The demo realm on the paid plan (`npm start` seeds it), with an approved report. */
const PAID_DEMO_ORIGIN = `http://paid.localhost:${E2E_PORT}`;
const ADMIN = { email: 'admin@example.com', password: 'admin-password' };

test('the report page prints without the header and the feature navigation', async ({ page }) => {
  await page.goto(`${PAID_DEMO_ORIGIN}/login`);
  await signInWithForm(page, ADMIN);
  await expectPathname(page, '/');
  await page.goto(`${PAID_DEMO_ORIGIN}/reporting/analysis/report`);
  const header = page.locator('header').first();
  const navigation = page.getByRole('navigation', { name: 'Features' });
  await expect(header).toBeVisible();
  await expect(navigation).toBeVisible();

  await page.emulateMedia({ media: 'print' });
  await expect(header).toBeHidden();
  await expect(navigation).toBeHidden();
  await expect(page.locator('main')).toBeVisible();
});
