import { readFile } from 'node:fs/promises';
import Papa from 'papaparse';
import { expect, test } from '../support/fixtures.ts';
import { DEMO_REALM } from '../support/realms.ts';

test.use({ realm: DEMO_REALM, isSignedIn: true });

/*
 * On the demo realm's seeded data (2023–2025): the overview on `/` shows the latest year, the year is chosen in
 * the URL, the largest emitter's link opens its facility view of that year with the year kept, a total there
 * opens its trail, and the trail downloads as CSV with the records of that year; the facility list keeps the year
 * and exports its CO2e. Other specs add records to demo facilities while this one runs, so it compares no figures
 * across pages; the integration test of GET /api/overview checks the sums.
 */
test('overview → facility → trail → export: the year chosen on the overview follows the user to the end', async ({
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
    // The seeded years; other specs may add records of other years to the demo realm meanwhile.
    for (const year of [2023, 2024, 2025]) {
      await expect(table.getByRole('button', { name: `Show ${year}` })).toBeVisible();
    }
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
    await expect(sheet.getByText(/^[\d,]+\.\d t CO2e on GWP set AR5, from [\d,]+ records?$/)).toBeVisible();
  });

  await test.step('the trail downloads as CSV: the records of that year, on the realm’s set', async () => {
    const sheet = page.getByRole('dialog', { name: 'Trail: CO2e 2024' });
    const downloading = page.waitForEvent('download');
    await sheet.getByRole('link', { name: 'Download the trail as CSV' }).click();
    const download = await downloading;
    const slug = /\/facility\/next\/([a-z0-9-]+)/.exec(page.url())?.[1] ?? '';
    expect(download.suggestedFilename()).toBe(`trail-${slug}.csv`);
    const rows = Papa.parse<Record<string, string>>((await readFile(await download.path(), 'utf8')).trim(), {
      header: true,
    }).data;
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row) => row.period_start?.startsWith('2024-') && row.gwp_set === 'AR5')).toBe(true);
    await page.keyboard.press('Escape');
    await expect(sheet).toBeHidden();
  });

  await test.step('the breadcrumb keeps the year, and a source on the overview opens its trail directly', async () => {
    await page
      .getByRole('navigation', { name: 'Breadcrumb' })
      .getByRole('link', { name: 'Facilities' })
      .click();
    await expect(page).toHaveURL(/\/facility\/next\?year=2024$/);
    await expect(page.getByLabel('Year', { exact: true })).toHaveValue('2024');
    await expect(page.getByRole('columnheader', { name: 'CO2e, 2024' })).toBeVisible();
    await page.getByRole('button', { name: 'Export facilities' }).click();
    const downloading = page.waitForEvent('download');
    await page.getByRole('menuitem', { name: 'CSV (comma-separated)' }).click();
    const download = await downloading;
    const csv = (await readFile(await download.path(), 'utf8')).replace(/^\uFEFF/, '');
    const years = Papa.parse<Record<string, string>>(csv.trim(), { header: true }).data.map(
      (row) => row['CO2e year'],
    );
    // Every facility's CO2e is of 2024, or it has none that year.
    expect(years).toContain('2024');
    expect(years.every((year) => year === '' || year === '2024')).toBe(true);
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
