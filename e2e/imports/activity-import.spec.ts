import { expect, test } from '../support/fixtures.ts';
import { DEMO_REALM } from '../support/realms.ts';

test.use({ realm: DEMO_REALM, isSignedIn: true });

const HEADER = 'facility,activityType,periodStart,periodEnd,quantity,unit,factorKey,scope';

function csvFile(name: string, lines: string[]) {
  return { name, mimeType: 'text/csv', buffer: Buffer.from(`${[HEADER, ...lines].join('\n')}\n`) };
}

/*
 * Imports a CSV into the demo realm's first facility through the facility list's "Import activity data"
 * dialog: a file with one bad row shows the row error and writes nothing; the fixed file imports every row.
 */
test('a user imports activity data: a bad row is named and nothing is committed, then the fixed file imports', async ({
  page,
}) => {
  const activityType = `e2e-import-${Date.now()}`;
  const facilities = await (await page.request.get('/api/facilities?limit=1')).json();
  const slug: string = facilities.results[0].slug;
  const goodRow = `${slug},${activityType},2024-01-01,2024-01-31,1200,gal,epa-c1-distillate-fuel-oil-no-2,1`;
  const badRow = `${slug},${activityType},2024-02-01,2024-02-29,twelve,gal,epa-c1-distillate-fuel-oil-no-2,1`;
  const importedCount = async () => {
    const response = await page.request.get(
      `/api/facilities/${slug}/activity-records?q=${encodeURIComponent(activityType)}`,
    );
    return ((await response.json()) as { total: number }).total;
  };

  await page.goto('/facility/next');
  await page.getByRole('button', { name: 'Import activity data' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import activity data' });

  await test.step('a file with one bad row: the row error is shown and nothing is committed', async () => {
    await dialog.getByLabel('File (CSV or XLSX)').setInputFiles(csvFile('energy-bad.csv', [goodRow, badRow]));
    await expect(dialog.getByRole('list', { name: 'Errors of row 3' })).toHaveText(
      'quantity: Expected a number, received "twelve"',
    );
    await expect(dialog.getByLabel('Quantity (required)')).toHaveValue('quantity');
    await expect(dialog.getByRole('button', { name: 'Import 2 rows' })).toBeDisabled();
    expect(await importedCount()).toBe(0);
  });

  await test.step('the fixed file imports every row', async () => {
    await dialog
      .getByLabel('File (CSV or XLSX)')
      .setInputFiles(csvFile('energy-fixed.csv', [goodRow, badRow.replace('twelve', '12')]));
    await expect(dialog.getByRole('list', { name: 'Errors of row 3' })).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Import 2 rows' }).click();
    await expect(dialog.getByText('Imported 2 activity records')).toBeVisible();
    expect(await importedCount()).toBe(2);
  });

  await test.step('the same file again is recognised and changes nothing', async () => {
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await page.getByRole('button', { name: 'Import activity data' }).click();
    await dialog
      .getByLabel('File (CSV or XLSX)')
      .setInputFiles(csvFile('energy-fixed.csv', [goodRow, badRow.replace('twelve', '12')]));
    await expect(dialog.getByText('This file was imported before')).toBeVisible();
    expect(await importedCount()).toBe(2);
  });
});
