import { expect, test } from '../support/fixtures.ts';
import { DEMO_REALM } from '../support/realms.ts';

test.use({ realm: DEMO_REALM, isSignedIn: true });

/*
 * Runs on the demo realm's seeded facilities: the first facility of the list is searched for, opened, given a
 * record (which moves this year's total), followed to its factor and audit entry, and the record is deleted
 * and restored with the toast's Undo.
 */
test('a user adds a record to a facility, sees the totals change, follows a total to its factor and audit entry, and deletes with undo', async ({
  page,
}) => {
  const note = `e2e ${Date.now()}`;

  const facilityName = await test.step('open the facility list', async () => {
    await page.goto('/facility/next');
    const table = page.getByRole('table', { name: 'Facilities' });
    const firstLink = table.getByRole('link').first();
    await expect(firstLink).toBeVisible();
    await expect(page.getByRole('group', { name: 'Map of facilities' })).toBeVisible();
    return (await firstLink.textContent()) ?? '';
  });

  await test.step('search for the facility and open it', async () => {
    const words = facilityName.split(/\s+/);
    const searchText = words.reduce((longest, word) => (word.length > longest.length ? word : longest), '');
    await page.getByLabel('Search facilities').fill(searchText);
    await expect(page).toHaveURL(new RegExp(`[?&]q=${encodeURIComponent(searchText)}`));
    const link = page
      .getByRole('table', { name: 'Facilities' })
      .getByRole('link', { name: facilityName, exact: true });
    await link.click();
    await expect(page.getByRole('heading', { level: 1, name: facilityName })).toBeVisible();
  });

  const year = await test.step('read this year’s total', async () => {
    const total = page.getByTestId(/^kpi-CO2e \d{4}$/);
    await expect(total).toBeVisible();
    return Number((await total.getAttribute('data-testid'))?.slice(-4));
  });
  const total = page.getByTestId(`kpi-CO2e ${year}`);
  const totalBefore = await total.textContent();

  await test.step('add an activity record and see the total change', async () => {
    const form = page.getByRole('form', { name: 'Add an activity record' });
    await form.getByRole('button', { name: 'Add record' }).click();
    await expect(form.getByText('Activity type is required')).toBeVisible();

    await form.getByLabel('Activity type').fill('natural-gas');
    await form.getByLabel('Period start').fill(`${year}-12-01`);
    await form.getByLabel('Period end').fill(`${year}-12-31`);
    await form.getByLabel('Quantity').fill('250000');
    await form.getByLabel('Unit').fill('therm');
    await form.getByLabel('Emission factor').fill('epa-c1-natural-gas');
    await form.getByLabel('Scope').selectOption('1');
    await form.getByLabel('Notes').fill(note);
    await form.getByRole('button', { name: 'Add record' }).click();
    await expect(form.getByText(/^Record added: 250,000 therm of natural-gas/)).toBeVisible();
    await expect(total).not.toHaveText(totalBefore ?? '');
  });

  await test.step('follow the total to its factor and audit entry', async () => {
    await page.getByRole('button', { name: `Show the trail of CO2e ${year}` }).click();
    const sheet = page.getByRole('dialog', { name: `Trail: CO2e ${year}` });
    const factors = sheet.getByTestId('trail-factors');
    await expect(
      factors.getByText(/^Natural gas \(weighted U\.S\. average\) — U\.S\. EPA, 40 CFR Part 98.*, version /),
    ).toBeVisible();
    await expect(
      sheet
        .getByTestId('trail-audit')
        .getByText(/demo@example\.com created activity-record/)
        .first(),
    ).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(sheet).toBeHidden();
  });

  await test.step('delete the record, then undo', async () => {
    await page.getByLabel('Filter records').fill(note);
    await expect(page.getByText(/^1 of \d+ records match$/)).toBeVisible();
    await page.getByRole('button', { name: `Delete natural-gas ${year}-12-01` }).click();
    await expect(page.getByText('Record deleted', { exact: true })).toBeVisible();
    await expect(page.getByText(/^0 of \d+ records match$/)).toBeVisible();
    await expect(total).toHaveText(totalBefore ?? '');
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect(page.getByText('Record restored', { exact: true })).toBeVisible();
    await expect(page.getByText(/^1 of \d+ records match$/)).toBeVisible();
    await expect(total).not.toHaveText(totalBefore ?? '');
  });
});
