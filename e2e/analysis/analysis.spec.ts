import { expect, test } from '../support/fixtures.ts';
import { E2E_PORT, type E2eRealm } from '../support/realms.ts';

/** The demo data on the paid plan (`npm start` seeds it at paid.localhost), where `/reporting/analysis` is open. */
const PAID_DEMO_REALM: E2eRealm = {
  key: 'demopaid',
  name: 'Demo Energy Co. (paid plan)',
  plan: 'paid',
  origin: `http://paid.localhost:${E2E_PORT}`,
  featureFlags: ['ai-assistant'],
  member: { email: 'admin@example.com', password: 'admin-password' },
};

test.use({ realm: PAID_DEMO_REALM, isSignedIn: true });

/*
 * Build an analysis (facilities by scope, one year), see its grand total equal the API's, save it, reload it from
 * the URL, open it as a saved view, and drill through a cell to its records and on to a record's trail.
 */
test('build, check, save, reload and drill through an analysis', async ({ page }) => {
  const viewName = `Facilities by scope ${Date.now()}`;

  await test.step('build the view: facilities on rows, scopes on columns, 2024 only', async () => {
    await page.goto('/reporting/analysis');
    await expect(page.getByRole('heading', { level: 1, name: 'Reporting and analysis' })).toBeVisible();
    const table = page.getByRole('table', { name: 'Analysis pivot' });
    await expect(table).toBeVisible();
    await page.locator('summary', { hasText: 'Filters' }).click();
    await page.getByLabel('Year', { exact: true }).selectOption('2024');
    await expect(page).toHaveURL(/filters=/);
    await expect(page.getByRole('columnheader', { name: 'Scope 1' })).toBeVisible();
    await expect(page.getByRole('rowheader', { name: 'Grand total' })).toBeVisible();
  });

  await test.step('the grand total equals the API answer for the same view', async () => {
    // From the page: only Chromium resolves `*.localhost`, so the API is called from the realm's own origin.
    const answer = await page.evaluate(async () => {
      const response = await fetch('/api/analysis/query', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          measures: ['co2e'],
          rows: ['facility'],
          columns: ['scope'],
          filters: { year: [2024] },
        }),
      });
      return (await response.json()) as { totals: { co2e: number } };
    });
    const tonnes = (answer.totals.co2e / 1000).toLocaleString('en-US', {
      minimumFractionDigits: 1,
      maximumFractionDigits: 1,
    });
    const totalRow = page
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: 'Grand total' }) });
    await expect(totalRow.getByRole('button', { name: /all rows — all columns/ })).toHaveText(
      `${tonnes} t CO2e`,
    );
  });

  await test.step('save the view, reload from the URL, open it from the saved views', async () => {
    await page.getByLabel('View name').fill(viewName);
    await page.getByRole('button', { name: 'Save view' }).click();
    await expect(page.getByText(`Saved "${viewName}"`, { exact: true })).toBeVisible();
    const url = page.url();
    await page.reload();
    expect(page.url()).toBe(url);
    await expect(page.getByLabel('Year', { exact: true })).toHaveValues(['2024']);
    await page.goto('/reporting/analysis');
    await page.getByLabel('Saved views').selectOption({ label: viewName });
    await page.getByRole('button', { name: 'Open view' }).click();
    await expect(page).toHaveURL(/filters=/);
    await expect(page.getByRole('columnheader', { name: 'Scope 1' })).toBeVisible();
  });

  await test.step('drill through a cell to its records and on to a record’s trail', async () => {
    const firstCell = page
      .getByRole('table', { name: 'Analysis pivot' })
      .getByRole('button', { name: /^Records behind / })
      .first();
    await firstCell.click();
    const panel = page.getByRole('dialog', { name: 'Records behind the cell' });
    await expect(panel).toBeVisible();
    await expect(panel.getByText(/^\d+ records; page 1 of \d+$/)).toBeVisible();
    await panel
      .getByRole('button', { name: /^Trail of / })
      .first()
      .click();
    await expect(panel.getByRole('list', { name: 'Calculation trail' })).toContainText('t CO2e');
    const facilityLink = panel
      .getByRole('table', { name: 'Records behind the cell' })
      .getByRole('link')
      .first();
    await facilityLink.click();
    await expect(page).toHaveURL(/\/facility\/next\/[a-z0-9-]+\?record=/);
  });
});
