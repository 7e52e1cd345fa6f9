import { readFile } from 'node:fs/promises';
import type { InventoryResponse } from '@ecc/contracts';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { expect, test } from '../support/fixtures.ts';
import { PAID_DEMO_REALM } from '../support/realms.ts';

test.use({ realm: PAID_DEMO_REALM, isSignedIn: true });

/*
 * The GHG inventory on the paid demo realm (2023–2025 seeded): the page shows the API's Scope 1, 2 and 3 figures,
 * another year when chosen, the ESRS E1-6 table in tonnes, and exports its tables as files the test opens. Other
 * specs write to the plain demo realm, not this one.
 */
const formatted = (kg: number) =>
  `${(kg >= 999.95 ? kg / 1000 : kg).toLocaleString('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 })} ${kg >= 999.95 ? 't' : 'kg'} CO2e`;

test('inventory: the API’s figures, another year, the ESRS view and the exports', async ({ page }) => {
  // Asked from the page: Node does not resolve paid.localhost, Chromium sends every *.localhost here.
  const answerOf = async (year: number) =>
    page.evaluate(async (url) => {
      const response = await fetch(url);
      if (!response.ok) throw new Error(`${url} answered ${response.status}`);
      return (await response.json()) as InventoryResponse;
    }, `/api/reports/inventory?year=${year}`);

  await test.step('the latest year shows the API’s Scope 1, 2 and 3 figures', async () => {
    await page.goto('/reporting/next');
    await expect(page.getByRole('heading', { level: 1, name: 'Reporting' })).toBeVisible();
    await expect(page.getByLabel('Reporting year')).toHaveValue('2025');
    const answer = await answerOf(2025);
    await expect(page.getByTestId('inventory-scope1')).toHaveText(formatted(answer.scope1.co2e));
    await expect(page.getByTestId('inventory-scope2-location')).toHaveText(
      formatted(answer.scope2.location.co2e),
    );
    await expect(page.getByTestId('inventory-scope2-market')).toHaveText(
      formatted(answer.scope2.market.co2e),
    );
    await expect(page.getByTestId('inventory-scope3')).toHaveText(formatted(answer.scope3.co2e));
    await expect(page.getByTestId('inventory-facilities').getByRole('row')).toHaveCount(
      Math.min(answer.byFacility.length, 50) + 1,
    );
  });

  await test.step('choosing another year shows that year’s figures, kept in the URL', async () => {
    await page.getByLabel('Reporting year').selectOption('2024');
    await expect(page).toHaveURL(/[?&]year=2024\b/);
    const answer = await answerOf(2024);
    await expect(page.getByTestId('inventory-scope1')).toHaveText(formatted(answer.scope1.co2e));
    await expect(page.getByTestId('inventory-comparison')).toContainText('Previous year (2023)');
  });

  await test.step('the ESRS E1-6 tab shows the same numbers in tonnes', async () => {
    const answer = await answerOf(2024);
    await page.getByRole('tab', { name: 'ESRS E1-6' }).click();
    const row = page.getByTestId('inventory-esrs').getByRole('row', { name: /^Gross Scope 1 GHG emissions/ });
    const tonnes = (Math.round(answer.scope1.co2e / 100) / 10).toLocaleString('en-US', {
      maximumFractionDigits: 3,
    });
    await expect(row.getByRole('cell').nth(2)).toHaveText(tonnes);
    await page.getByRole('tab', { name: 'GHG Protocol' }).click();
  });

  await test.step('the summary downloads as CSV and the facilities as XLSX, with the API’s numbers', async () => {
    const answer = await answerOf(2024);
    await page.getByRole('button', { name: 'Export scopes and gases' }).click();
    const [csv] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('menuitem', { name: 'CSV (comma-separated)' }).click(),
    ]);
    expect(csv.suggestedFilename()).toMatch(/^ghg-inventory-2024-summary-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = Papa.parse<Record<string, string>>(
      (await readFile(await csv.path(), 'utf8')).replace(/^\uFEFF/, ''),
      { header: true, skipEmptyLines: true },
    ).data;
    expect(Number(lines.find((line) => line.Item === 'Gross Scope 1')?.Amount)).toBeCloseTo(
      answer.scope1.co2e,
      3,
    );
    expect(Number(lines.find((line) => line.Item === 'Market-based')?.Amount)).toBeCloseTo(
      answer.scope2.market.co2e,
      3,
    );

    await page.getByRole('button', { name: 'Export by facility' }).click();
    const [xlsx] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('menuitem', { name: 'XLSX (Excel workbook)' }).click(),
    ]);
    expect(xlsx.suggestedFilename()).toMatch(/^ghg-inventory-2024-facilities-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(await xlsx.path());
    const sheet = workbook.worksheets[0]!;
    expect(sheet.rowCount).toBe(answer.byFacility.length + 1);
    const total = Array.from({ length: answer.byFacility.length }, (_, index) =>
      Number(sheet.getRow(index + 2).getCell(9).value),
    ).reduce((sum, value) => sum + value, 0);
    expect(total).toBeCloseTo(answer.totals.co2e, 3);
  });
});
