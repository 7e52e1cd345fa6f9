import { expect, test } from '../support/fixtures.ts';
import { DEMO_REALM } from '../support/realms.ts';

test.use({ realm: DEMO_REALM, isSignedIn: true });

/*
 * On the demo realm's seeded data (2023–2025): the overview on `/` shows the latest year, the year is chosen in
 * the URL, the largest emitter's link opens its facility view of that year with the year kept, and a total there
 * opens its trail. Other specs add records to demo facilities while this one runs, so it compares no figures
 * across pages; the integration test of GET /api/overview checks the sums.
 */
test('overview → facility → trail: the year chosen on the overview follows the user to the facility and its trail', async ({
  page,
}) => {
  await test.step('the overview shows the latest year, its figures, and the trend as a chart or a table', async () => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Emissions overview' })).toBeVisible();
    await expect(page.getByLabel('Year', { exact: true })).toHaveValue('2025');
    await expect(page.getByTestId('overview-CO2e 2025')).toHaveText(/^[\d,]+\.\d t CO2e$/);
    await expect(page.getByTestId('overview-Scope 2 (market-based) 2025')).toHaveText(/ t CO2e$/);
    await expect(page.getByText(/^Calculated on GWP set AR5\./)).toBeVisible();

    const trend = page.getByRole('region', { name: 'Emissions by year' });
    await expect(trend.getByTestId('mass-chart-drawing').locator('svg path').first()).toBeAttached();
    await trend.getByRole('button', { name: 'Show table' }).click();
    const table = trend.getByRole('table', { name: /^CO2e by year and scope/ });
    await expect(table.getByRole('button', { name: 'Show 2023' })).toBeVisible();
    await expect(table.getByRole('row')).toHaveCount(4);
  });

  await test.step('choosing a year puts it in the URL and shows its figures', async () => {
    await page.getByLabel('Year', { exact: true }).selectOption('2024');
    await expect(page).toHaveURL(/[?&]year=2024\b/);
    await expect(page.getByTestId('overview-CO2e 2024')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Largest emitters in 2024' })).toBeVisible();
  });

  await test.step('the largest emitter of the year opens its facility view of that year', async () => {
    const emitters = page.getByRole('table', { name: 'Facilities with the largest calculated CO2e in 2024' });
    const first = emitters.getByRole('row').nth(1).getByRole('link').first();
    const name = (await first.textContent()) ?? '';
    expect(name).not.toBe('');
    await first.click();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page).toHaveURL(/\/facility\/next\/[a-z0-9-]+\?year=2024$/);
    await expect(page.getByLabel('Year', { exact: true })).toHaveValue('2024');
    await expect(page.getByTestId('kpi-CO2e 2024')).toHaveText(/ t CO2e$/);
    await expect(page.getByText('Breakdowns and data quality of 2024')).toBeVisible();
  });

  await test.step('a total of that year opens its trail', async () => {
    await page.getByRole('button', { name: 'Show the trail of CO2e 2024' }).click();
    const sheet = page.getByRole('dialog', { name: 'Trail: CO2e 2024' });
    await expect(sheet).toBeVisible();
    await expect(sheet.getByTestId('trail-factors')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(sheet).toBeHidden();
  });

  await test.step('the breadcrumb keeps the year, and a source on the overview opens its trail directly', async () => {
    await page
      .getByRole('navigation', { name: 'Breadcrumb' })
      .getByRole('link', { name: 'Facilities' })
      .click();
    await expect(page).toHaveURL(/\/facility\/next\?year=2024$/);
    await page.goto('/?year=2024');
    const sources = page.getByRole('table', { name: 'Sources with the largest calculated CO2e in 2024' });
    const sourceLink = sources.getByRole('link', { name: /: the trail of its / }).first();
    const label = (await sourceLink.getAttribute('aria-label')) ?? '';
    const source = /the trail of its (.+), [\d,.]+ (?:t|kg) CO2e$/.exec(label)?.[1] ?? '';
    expect(source).not.toBe('');
    await sourceLink.click();
    await expect(page.getByRole('dialog', { name: `Trail: CO2e of ${source} in 2024` })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page).not.toHaveURL(/trail=/);
  });
});
