import { expect, test } from '../support/fixtures.ts';
import { DEMO_REALM } from '../support/realms.ts';

test.use({ realm: DEMO_REALM, isSignedIn: true });

const HEADER = 'Activity type,Period start,Period end,Quantity,Unit,Emission factor,Estimated';

function csvFile(name: string, lines: string[]) {
  return { name, mimeType: 'text/csv', buffer: Buffer.from(`${[HEADER, ...lines].join('\n')}\n`) };
}

/*
 * From a facility's page, whose import needs no facility column: a file that is not CSV or XLSX is refused on
 * the file field, a row with several problems shows every one of them at once, and the fixed file imports with
 * one outcome message.
 */
test("an import shows every error of a row at once, from a facility's page without a facility column", async ({
  page,
}) => {
  const activityType = `e2e-row-errors-${Date.now()}`;
  const facilities = await (await page.request.get('/api/facilities?limit=1')).json();
  const { slug, name } = facilities.results[0] as { slug: string; name: string };
  const badRow = `${activityType},2024-02-30,2024-01-31,twelve,gal,no-such-factor,perhaps`;
  const goodRow = `${activityType},2024-01-01,2024-01-31,12,gal,epa-c1-distillate-fuel-oil-no-2,no`;

  await page.goto(`/facility/next/${slug}`);
  await page.getByRole('button', { name: 'Import activity data' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import activity data' });
  await expect(
    dialog.getByText(`Every row becomes an activity record of ${name}.`, { exact: false }),
  ).toBeVisible();

  await test.step('the dialog lists the columns with their formats and offers a template', async () => {
    const columns = dialog.getByRole('table', { name: 'Columns of the file' });
    await expect(columns.getByRole('row', { name: /^Quantity Required/ })).toContainText(
      'no thousands separators',
    );
    await expect(columns.getByRole('rowheader', { name: 'Facility' })).toHaveCount(0);
    const template = await page.request.get(
      (await dialog.getByRole('link', { name: 'CSV template' }).getAttribute('href')) ?? '',
    );
    expect(template.headers()['content-disposition']).toMatch(
      /^attachment; filename="facility-activity-data-template/,
    );
    expect(await template.text()).toContain(
      'Activity type,Period start,Period end,Quantity,Unit,Emission factor',
    );
  });

  await test.step('a file that is neither CSV nor XLSX is refused on the file field', async () => {
    await dialog.getByLabel('File (CSV or XLSX)').setInputFiles({
      name: 'scan.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.7\n'),
    });
    await expect(dialog.getByLabel('File (CSV or XLSX)')).toHaveAttribute('aria-invalid', 'true');
    await expect(dialog.getByText('This is not a CSV or XLSX file')).toBeVisible();
  });

  await test.step('every error of the bad row is listed together, and nothing can be imported', async () => {
    await dialog.getByLabel('File (CSV or XLSX)').setInputFiles(csvFile('bad.csv', [goodRow, badRow]));
    const rowErrors = dialog.getByRole('list', { name: 'Errors of row 3' });
    await expect(rowErrors.getByRole('listitem')).toHaveText([
      'Period start: Expected a date as YYYY-MM-DD, received "2024-02-30"',
      'Quantity: Expected a number, received "twelve"',
      /^Emission factor: Unknown emission factor "no-such-factor"/,
      'Estimated: Expected yes or no, received "perhaps"',
    ]);
    await expect(
      dialog.getByText('4 errors in 1 row: nothing will be imported until the file is fixed'),
    ).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Import 2 rows' })).toBeDisabled();
  });

  await test.step('the fixed file imports, with one outcome message', async () => {
    await dialog.getByLabel('File (CSV or XLSX)').setInputFiles(csvFile('fixed.csv', [goodRow]));
    await expect(dialog.getByText('1 row ready to import')).toBeVisible();
    await dialog.getByRole('button', { name: 'Import 1 row' }).click();
    await expect(dialog.getByText('Imported 1 activity record')).toBeVisible();
    await expect(dialog.getByText('1 row ready to import')).toHaveCount(0);
    await expect(dialog.getByRole('alert')).toHaveCount(0);
    const records = await page.request.get(
      `/api/facilities/${slug}/activity-records?q=${encodeURIComponent(activityType)}`,
    );
    expect(((await records.json()) as { total: number }).total).toBe(1);
  });
});
