import { expect, signInThroughApi, test } from '../support/fixtures.ts';
import { DEMO_REALM } from '../support/realms.ts';

const ADMINISTRATOR = { email: 'admin@example.com', password: 'admin-password' };

/*
 * The demo realm is on the CORE plan: its administrator defines a new equipment type in the admin screen with
 * the field builder, then adds a piece of equipment at a demo site through the type's generated form, and
 * finds it in the browser list.
 */
test('an administrator creates an equipment type, then an item from its generated form, and sees it listed', async ({
  page,
}) => {
  const suffix = String(Date.now()).slice(-6);
  const typeName = `Heat pump ${suffix}`;
  const itemName = `Roof heat pump ${suffix}`;
  await signInThroughApi(page, DEMO_REALM, ADMINISTRATOR);

  await test.step('define the type with two fields and see the live preview', async () => {
    await page.goto('/equipment-manager/admin');
    await expect(page.getByRole('heading', { level: 1, name: 'Equipment types' })).toBeVisible();
    await expect(page.getByRole('button', { name: /Boiler/ })).toBeVisible();
    await page.getByLabel('Type name').fill(typeName);
    await expect(page.getByLabel('Type key')).toHaveValue(`heat-pump-${suffix}`);

    await page.getByLabel('Field 1 label').fill('Refrigerant');
    await page.getByLabel('Field 1 name').fill('refrigerant');
    await page.getByLabel('Field 1 type').selectOption('enum');
    await page.getByLabel('Field 1 options').fill('R-290, R-32, R-410A');
    await page.getByLabel('Field 1 required').check();

    await page.getByRole('button', { name: 'Add field' }).click();
    await page.getByLabel('Field 2 label').fill('Charge');
    await page.getByLabel('Field 2 name').fill('chargeKg');
    await page.getByLabel('Field 2 unit').fill('kg');
    await page.getByLabel('Field 2 minimum').fill('0');
    await page.getByLabel('Field 2 required').check();

    const preview = page.getByRole('region', { name: 'Preview' });
    await expect(preview.getByLabel('Charge (kg)')).toBeVisible();
    await expect(preview.getByLabel('Refrigerant')).toContainText('R-410A');
    await page.getByLabel('Refrigerant loss or top-up').check();
    await page.getByLabel('Calculation method').selectOption('refrigerant-loss');
    await page.getByText('JSON Schema').click();
    await expect(page.getByTestId('equipment-type-json')).toContainText('"chargeKg"');

    await page.getByRole('button', { name: 'Create type' }).click();
    await expect(page.getByText('Equipment type created').first()).toBeVisible();
    await expect(page.getByRole('button', { name: new RegExp(typeName) })).toBeVisible();
  });

  const siteName = await test.step('choose a site and the new type in the browser', async () => {
    await page.goto('/equipment-manager');
    const sites = page.getByRole('list', { name: 'Sites' });
    const site = sites.getByRole('button', { name: /Cascade Data Center/ });
    await site.click();
    await page
      .getByRole('group', { name: 'Equipment types' })
      .getByRole('button', { name: new RegExp(typeName) })
      .click();
    await page.getByRole('link', { name: `Add ${typeName.toLowerCase()}` }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: `New ${typeName.toLowerCase()}` }),
    ).toBeVisible();
    return 'Cascade Data Center';
  });

  await test.step('the generated form checks each field, then saves', async () => {
    await page.getByRole('button', { name: 'Add equipment' }).click();
    await expect(page.getByLabel('Name', { exact: true })).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel('Charge (kg)')).toHaveAttribute('aria-invalid', 'true');

    await page.getByLabel('Name', { exact: true }).fill(itemName);
    await page.getByLabel('Refrigerant').selectOption('R-290');
    await page.getByLabel('Charge (kg)').fill('-1');
    await page.getByRole('button', { name: 'Add equipment' }).click();
    await expect(page.getByText('Must be at least 0')).toBeVisible();

    await page.getByLabel('Charge (kg)').fill('3.5');
    await page.getByRole('button', { name: 'Add equipment' }).click();
    await expect(page.getByRole('heading', { level: 1, name: itemName })).toBeVisible();
    await expect(page.getByText('3.5 kg')).toBeVisible();
    await expect(page.getByText(`${typeName} at ${siteName}`)).toBeVisible();
  });

  await test.step('the item is in the browser list of its site and type', async () => {
    await page.getByRole('link', { name: 'Back to the list' }).click();
    await page
      .getByRole('list', { name: 'Sites' })
      .getByRole('button', { name: new RegExp(siteName) })
      .click();
    await page
      .getByRole('group', { name: 'Equipment types' })
      .getByRole('button', { name: new RegExp(`${typeName} 1`) })
      .click();
    await expect(
      page.getByRole('table', { name: 'Equipment' }).getByRole('link', { name: itemName, exact: true }),
    ).toBeVisible();
  });

  await test.step('delete it after confirming', async () => {
    await page
      .getByRole('table', { name: 'Equipment' })
      .getByRole('link', { name: itemName, exact: true })
      .click();
    await page.getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog).toContainText(`Delete ${itemName}?`);
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Equipment manager' })).toBeVisible();
    await expect(page.getByRole('link', { name: itemName, exact: true })).toHaveCount(0);
  });
});
