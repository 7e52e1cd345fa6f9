import { expect, test } from '../support/fixtures.ts';
import { DEMO_REALM } from '../support/realms.ts';

test.use({ realm: DEMO_REALM, isSignedIn: true });

/*
 * The second facility of the demo realm (the first one is the facility-view and import specs'), a record in a
 * past month so that no other spec's yearly total moves: the preview follows the typing, explains what it cannot
 * estimate, and the saved record carries the figure the preview showed.
 */
test('the add form previews a record’s emissions while typing, and the saved record agrees', async ({
  page,
}) => {
  const note = `preview e2e ${Date.now()}`;

  await test.step('open a facility', async () => {
    await page.goto('/facility/next');
    const link = page.getByRole('table', { name: 'Facilities' }).getByRole('link').nth(1);
    const name = (await link.textContent()) ?? '';
    await link.click();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  });

  const form = page.getByRole('form', { name: 'Add an activity record' });
  const preview = form.getByRole('status', { name: /^Emissions preview/ });

  await test.step('type a record and see its emissions follow the quantity', async () => {
    await expect(preview).toContainText('Enter a quantity, a unit and an emission factor');
    await form.getByLabel('Activity type').fill('natural-gas');
    await form.getByLabel('Period start').fill('2023-06-01');
    await form.getByLabel('Period end').fill('2023-06-30');
    await form.getByLabel('Quantity').fill('1000');
    await form.getByLabel('Unit').fill('therm');
    await form.getByLabel('Emission factor').fill('epa-c1-natural-gas');
    await form.getByLabel('Notes').fill(note);
    // 1000 therm = 100 mmBtu: 5,306 kg CO2, 0.1 kg CH4, 0.01 kg N2O; AR5 CO2e = 5,306 + 2.8 + 2.65 = 5,311.45 kg.
    await expect(preview.getByTestId('preview-record')).toHaveText(
      '5.3 t CO2e — 5.3 t CO2, 0.1 kg CH4, < 0.1 kg N2O',
    );
    await expect(preview).toContainText('Emissions preview (GWP AR5)');

    await form.getByLabel('Quantity').fill('2000');
    await expect(preview.getByTestId('preview-record')).toHaveText(
      '10.6 t CO2e — 10.6 t CO2, 0.2 kg CH4, < 0.1 kg N2O',
    );
  });

  await test.step('see what cannot be estimated as a note, and type on', async () => {
    await form.getByLabel('Unit').fill('kg');
    await expect(preview.getByTestId('preview-refusal')).toHaveText(/^Cannot estimate: .*kg.*mmBtu/);
    await expect(form.getByRole('alert')).toHaveCount(0);
    await form.getByLabel('Unit').fill('therm');
    await expect(preview.getByTestId('preview-record')).toHaveText(/^10\.6 t CO2e/);
  });

  await test.step('save, and find the previewed figure on the saved record', async () => {
    await form.getByRole('button', { name: 'Add record' }).click();
    await expect(form.getByText('Record added: 2,000 therm of natural-gas, 10.6 t CO2e.')).toBeVisible();
    await page.getByLabel('Filter records').fill(note);
    await expect(page.getByText(/^1 of \d+ records match$/)).toBeVisible();
    const row = page
      .getByRole('table', { name: 'Activity records' })
      .getByRole('row')
      .filter({ hasText: '2023-06-01' });
    await expect(row.getByRole('cell').nth(7)).toHaveText('10.6 t CO2e');
  });

  await test.step('the inline edit previews the saved record the same way', async () => {
    await page.getByRole('button', { name: 'Edit natural-gas 2023-06-01' }).click();
    const editPreview = page
      .getByRole('table', { name: 'Activity records' })
      .getByRole('status', { name: /^Emissions preview/ });
    await expect(editPreview.getByTestId('preview-record')).toHaveText(/^10\.6 t CO2e/);
    await page.keyboard.press('Escape');
  });

  await test.step('delete the record again', async () => {
    await page.getByRole('button', { name: 'Delete natural-gas 2023-06-01' }).click();
    await expect(page.getByText(/^0 of \d+ records match$/)).toBeVisible();
  });
});
