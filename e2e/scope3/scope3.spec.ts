import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expectRouteTitle } from '../support/app-shell.ts';
import { expect, signInThroughApi, test } from '../support/fixtures.ts';
import { SCOPE3_REALM, setupUser } from '../support/realms.ts';

const ADMIN = setupUser(SCOPE3_REALM, 'admin@scope3.test');
/** A file of EPA's columns with two real NAICS rows; its factors are illustrative, not EPA's values. */
const FACTOR_FILE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'illustrative-eeio-factors.csv');

test.use({ realm: SCOPE3_REALM });

test('an administrator imports EEIO factors, keeps a price index, adds a spend line and sees its CO2e', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const run = Date.now();
  await signInThroughApi(page, SCOPE3_REALM, ADMIN);
  const created = await page.evaluate(async (slug) => {
    const response = await fetch('/api/facilities', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: `Plant ${slug}`, slug, sector: 'Chemicals', country: 'US' }),
    });
    return response.status;
  }, `plant-${run}`);
  expect(created).toBe(201);

  await page.goto('/advancedghg');
  await expectRouteTitle(page, 'Advanced GHG');

  await test.step('the factor file imported', async () => {
    await page.getByRole('button', { name: 'Import factors' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import EEIO factors' });
    await dialog.getByLabel('Factor file (CSV)').setInputFiles(FACTOR_FILE);
    await dialog.getByRole('button', { name: 'Import factors' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('table', { name: /EEIO factors/ })).toContainText('325211');
  });

  await test.step('the price index of the factor year and the spend year', async () => {
    for (const [year, value] of [
      ['2022', '100'],
      ['2024', '107.2'],
    ] as const) {
      await page.getByRole('button', { name: 'Add value' }).click();
      const form = page.getByRole('form', { name: 'Price index value' });
      await form.getByLabel('Year').fill(year);
      await form.getByLabel('Index value').fill(value);
      await form.getByRole('button', { name: 'Save value' }).click();
      await expect(form).toBeHidden();
    }
    await expect(page.getByRole('table', { name: 'Price index by currency and year' })).toContainText(
      '107.2',
    );
  });

  await test.step('a spend line of 2024, deflated to 2022 dollars and calculated', async () => {
    await page.getByRole('button', { name: 'Add line' }).click();
    const form = page.getByRole('form', { name: 'Scope 3 line' });
    await form.getByLabel('Description').fill(`Resin ${run}`);
    await form.getByLabel('Supplier').fill('Midwest Resins Inc.');
    await form.getByLabel('Spend', { exact: true }).fill('10000');
    await form.getByLabel('Spend year').fill('2024');
    await form.getByLabel('NAICS code').selectOption('325211');
    await form.getByLabel('Period start').fill('2024-03-01');
    await form.getByLabel('Period end').fill('2024-03-31');
    await form.getByRole('button', { name: 'Add line' }).click();
    await expect(form).toBeHidden();
    // 10,000 USD of 2024 × 100 / 107.2 × 0.76 kg CO2e per 2022 USD = 7,089.55 kg.
    await page.getByLabel('Year', { exact: true }).selectOption('2024');
    const line = page.getByRole('row', { name: new RegExp(`Resin ${run}`) });
    await expect(line).toContainText('7.1 t');
    await expect(line).toContainText('9,328.36 USD');
  });

  await test.step('a freight line whose mode and unit pick the EPA Hub 2024 factor, shown before it is saved', async () => {
    await page.getByRole('button', { name: 'Add line' }).click();
    const form = page.getByRole('form', { name: 'Scope 3 line' });
    await form.getByLabel('Category').selectOption('4');
    await form.getByLabel('Method').selectOption('distance');
    await form.getByLabel('Description').fill(`Inbound steel ${run}`);
    await form.getByLabel('Period start').fill('2024-05-01');
    await form.getByLabel('Period end').fill('2024-05-31');
    await form.getByLabel('Quantity').fill('12000');
    await form.getByLabel('Unit').selectOption('tonne_km');
    await form.getByLabel('Mode').selectOption('road');
    await expect(form.getByTestId('picked-factor')).toContainText(
      'Factor used: Medium- and Heavy-Duty Truck (freight), per short ton-mile. Source: U.S. EPA, GHG Emission Factors Hub 2024, Table 8',
    );
    await form.getByRole('button', { name: 'Add line' }).click();
    await expect(form).toBeHidden();
    // 12,000 tonne-km = 8,219.33 short ton-miles × (0.168 kg CO2 + 0.0015 g CH4 + 0.0047 g N2O) ≈ 1.39 t CO2e.
    await page.getByRole('button', { name: 'Show the lines of category 4' }).click();
    await expect(page.getByRole('row', { name: new RegExp(`Inbound steel ${run}`) })).toContainText('1.4 t');
    await page.getByRole('button', { name: 'Show the lines of category 1', exact: true }).click();
  });

  await test.step('spend rows imported from CSV, a bad row refused by row and column first', async () => {
    const header =
      'Facility,Category,Description,Supplier,Period start,Period end,Spend,Currency,Spend year,Price basis,NAICS code';
    const row = (spend: string) =>
      `plant-${run},1,Software ${run},CodeWorks LLC,2024-04-01,2024-04-30,${spend},USD,2024,purchaser,541511`;
    await page.getByRole('button', { name: 'Import spend' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import spend' });
    const file = (spend: string) => ({
      name: 'spend.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`${header}\n${row(spend)}\n`),
    });
    await dialog.getByLabel('Spend file (CSV or XLSX)').setInputFiles(file('lots'));
    await dialog.getByRole('button', { name: 'Import spend' }).click();
    await expect(dialog.getByRole('list', { name: 'Row errors' })).toContainText('Spend is a number');
    await dialog.getByLabel('Spend file (CSV or XLSX)').setInputFiles(file('5000'));
    await dialog.getByRole('button', { name: 'Import spend' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('row', { name: new RegExp(`Software ${run}`) })).toContainText(
      '5,000 USD 2024',
    );
  });
});
