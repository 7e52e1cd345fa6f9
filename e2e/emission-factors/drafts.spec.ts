import { expectPathname, expectRouteTitle, signInWithForm } from '../support/app-shell.ts';
import { expect, test } from '../support/fixtures.ts';
import { DEMO_REALM } from '../support/realms.ts';

const ADMIN = { email: 'admin@example.com', password: 'admin-password' };

test.use({ realm: DEMO_REALM });

test('the administrator saves a factor as a draft, finds it again after a reload and publishes it', async ({
  page,
}) => {
  const name = `Steam supplier ${Date.now()}`;
  await page.goto('/login');
  await signInWithForm(page, ADMIN);
  await expectPathname(page, '/');
  await page.goto('/emission-factors');
  await expectRouteTitle(page, 'Emission factors');

  await test.step('save a draft', async () => {
    const form = page.getByRole('form', { name: 'New factor' });
    await form.getByLabel('Name').fill(name);
    await form.getByLabel('Source').fill('Supplier letter 2024');
    await form.getByLabel('Per (unit of activity)').fill('kWh');
    await form.getByLabel('Value').fill('0.2');
    await form.getByRole('button', { name: 'Save draft' }).click();
    await expect(form.getByText(`Saved “${name}” as a draft`, { exact: false })).toBeVisible();
  });

  const drafts = page.getByRole('table', { name: 'Draft factors' });
  await test.step('reload and find the draft under Drafts', async () => {
    await page.reload();
    await expect(drafts.getByRole('row').filter({ hasText: name })).toContainText('CO2 0.2 kg');
  });

  await test.step('publish it after the confirmation', async () => {
    await page.getByRole('button', { name: `Publish ${name}` }).click();
    const dialog = page.getByRole('alertdialog', { name: `Publish ${name}?` });
    await expect(dialog).toContainText('Published factors can never change');
    await dialog.getByRole('button', { name: 'Publish' }).click();
    await expect(
      page.getByText(`Published “${name}”: it is in the factor library now`, { exact: false }),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: `Publish ${name}` })).toHaveCount(0);
  });

  await test.step('find it in the library as the realm’s own factor, also after a reload', async () => {
    await page.reload();
    await page.getByLabel('Search factors').fill(name);
    const row = page
      .getByRole('table', { name: 'Emission factors' })
      .getByRole('row')
      .filter({ hasText: name });
    await expect(row).toContainText('Your factor');
    await expect(drafts.getByRole('row').filter({ hasText: name })).toHaveCount(0);
  });
});
