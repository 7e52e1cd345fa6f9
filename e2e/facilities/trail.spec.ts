import { readFile } from 'node:fs/promises';
import { expect, test } from '../support/fixtures.ts';
import { DEMO_REALM } from '../support/realms.ts';

test.use({ realm: DEMO_REALM, isSignedIn: true });

/*
 * A record's trail shows the engine's arithmetic (quantity → the factor's unit → each gas's mass → × its GWP →
 * CO2e, on the realm's set) and downloads as CSV with the same figures; its link leads back to the record.
 */
test('a record’s trail shows its arithmetic with the GWP values and downloads as CSV', async ({ page }) => {
  const activityType = `trail-${Date.now()}`;
  await page.goto('/api/config');
  const { slug, id } = await page.evaluate(async (type) => {
    const facilities = (await (await fetch('/api/facilities?limit=500')).json()) as {
      results: { slug: string }[];
    };
    // The last facility and a past year: other specs read the first facility's latest totals.
    const facility = facilities.results.at(-1)?.slug ?? '';
    const response = await fetch(`/api/facilities/${encodeURIComponent(facility)}/activity-records`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        activityType: type,
        periodStart: '2019-05-01',
        periodEnd: '2019-05-31',
        quantity: 1000,
        unit: 'gal',
        factorKey: 'epa-c1-distillate-fuel-oil-no-2',
        scope: 1,
      }),
    });
    return { slug: facility, id: ((await response.json()) as { id: string }).id };
  }, activityType);

  try {
    await page.goto(`/facility/next/${slug}`);
    await page.getByLabel('Filter records').fill(activityType);
    await page.getByRole('button', { name: `Show the trail of ${activityType} 2019-05-01` }).click();
    const sheet = page.getByRole('dialog', { name: `Trail: ${activityType}, 2019-05-01` });

    await test.step('the arithmetic, step by step, on the realm’s GWP set', async () => {
      const arithmetic = sheet.getByTestId('trail-arithmetic');
      // 1,000 gal × 0.138 mmBtu/gal = 138 mmBtu (40 CFR 98 Table C-1).
      await expect(arithmetic).toContainText('1,000 gal × 0.138 mmBtu/gal = 138 mmBtu');
      const rows = arithmetic.getByRole('row');
      await expect(rows.nth(1)).toContainText('CO2× 73.96 kg CO2/mmBtu10,206.48 kg× 1');
      await expect(rows.nth(2)).toContainText('CH4× 0.003 kg CH4/mmBtu0.414 kg× 28');
      await expect(rows.last()).toContainText('Total on AR5');
    });

    await test.step('the CSV holds the same figures', async () => {
      const downloading = page.waitForEvent('download');
      await sheet.getByRole('link', { name: 'Download the trail as CSV' }).click();
      const download = await downloading;
      expect(download.suggestedFilename()).toBe(`trail-${id}.csv`);
      const [header, row] = (await readFile(await download.path(), 'utf8')).split('\r\n');
      expect(header?.split(',').slice(0, 3)).toEqual(['record_id', 'record_link', 'period_start']);
      expect(row).toContain(`${id},/facility/next/${slug}?record=${id},2019-05-01`);
      expect(row).toContain('× 0.138 mmBtu/gal,138,mmBtu,epa-c1-distillate-fuel-oil-no-2');
    });

    await test.step('the link back picks the record out in the table', async () => {
      await sheet.getByRole('button', { name: 'Show the record in the table' }).click();
      await expect(sheet).toBeHidden();
      await expect(page).toHaveURL(new RegExp(`[?&]record=${id}`));
      await expect(page.locator('[role="row"][aria-current="true"]')).toContainText(activityType);
    });
  } finally {
    await page.evaluate(async (recordId) => {
      await fetch(`/api/activity-records/${recordId}`, { method: 'DELETE' });
    }, id);
  }
});
