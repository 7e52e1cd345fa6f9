import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { expectPathname, signInWithForm } from '../support/app-shell.ts';
import { expect, test } from '../support/fixtures.ts';
import { DEMO_REALM } from '../support/realms.ts';

const ADMIN = { email: 'admin@example.com', password: 'admin-password' };

test.use({ realm: DEMO_REALM });

/*
 * Exports as a user takes them: the Export menu of a filtered table downloads exactly what the table shows, and
 * the administrator's audit log tab exports its filtered entries as a workbook.
 */
test('the facility list and the audit log export what they show, as CSV and XLSX', async ({ page }) => {
  await page.goto('/login');
  await signInWithForm(page, ADMIN);
  await expectPathname(page, '/');

  await test.step('the filtered facility list downloads as CSV with the same facilities', async () => {
    await page.goto('/facility/next?q=power');
    await expect(page.getByRole('table', { name: 'Facilities' })).toBeVisible();
    const expected = (await (await page.request.get('/api/facilities?q=power&limit=500')).json()) as {
      results: { slug: string }[];
    };
    expect(expected.results.length).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Export facilities' }).click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('menuitem', { name: 'CSV (comma-separated)' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^facilities-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = (await readFile(await download.path(), 'utf8'))
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toMatch(/^Name,Slug,Sector,NAICS,/);
    expect(lines.slice(1).map((line) => line.split(',')[1])).toEqual(
      expected.results.map((facility) => facility.slug),
    );
  });

  await test.step('the audit log tab filters by entity type and exports the entries as a workbook', async () => {
    await page.goto('/admin/realm');
    await page.getByRole('tab', { name: 'Audit log' }).click();
    await page.getByLabel('Entity type').selectOption('activity-record');
    const table = page.getByRole('table', { name: 'Audit log entries, newest first' });
    await expect(table.getByRole('row').nth(1)).toContainText('activity-record');
    await page.getByRole('button', { name: 'Export the audit log' }).click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('menuitem', { name: 'XLSX (Excel workbook)' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^audit-log-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(await download.path());
    const sheet = workbook.worksheets[0];
    expect(sheet?.getRow(1).getCell(5).value).toBe('Entity type');
    const types = new Set<unknown>();
    sheet?.eachRow((row, number) => {
      if (number > 1) types.add(row.getCell(5).value);
    });
    expect([...types]).toEqual(['activity-record']);
  });
});
