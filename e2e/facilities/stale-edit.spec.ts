import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { DEMO_REALM } from '../support/realms.ts';

test.use({ realm: DEMO_REALM, isSignedIn: true });

/** The first facility of the demo realm and a record of its own there, made through the API. */
async function createRecord(page: Page, activityType: string): Promise<{ slug: string; id: string }> {
  await page.goto('/api/config');
  return page.evaluate(async (type) => {
    const facilities = (await (await fetch('/api/facilities?limit=500')).json()) as {
      results: { slug: string }[];
    };
    // The last facility and a past year: other specs read the first facility's latest totals.
    const slug = facilities.results.at(-1)?.slug ?? '';
    const response = await fetch(`/api/facilities/${encodeURIComponent(slug)}/activity-records`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        activityType: type,
        periodStart: '2019-06-01',
        periodEnd: '2019-06-30',
        quantity: 1000,
        unit: 'therm',
        factorKey: 'epa-c1-natural-gas',
        scope: 1,
      }),
    });
    return { slug, id: ((await response.json()) as { id: string }).id };
  }, activityType);
}

/** Opens the facility, narrows the records to the one of `activityType` and starts editing it. */
async function startEditing(page: Page, slug: string, activityType: string): Promise<void> {
  await page.goto(`/facility/next/${slug}`);
  await page.getByLabel('Filter records').fill(activityType);
  await expect(page.getByText(/^1 of \d+ records match$/)).toBeVisible();
  await page.getByRole('button', { name: `Edit ${activityType} 2019-06-01` }).click();
}

/*
 * Two people edit the same record in two browsers. The second to save made their edit on the version the first
 * replaced: the server refuses it (409), and the page says what the other person changed and offers Reload,
 * which keeps what the second person typed and applies it on top of the stored record.
 */
test('a stale edit is refused, shows what changed and reloads without losing the input', async ({
  page,
  browser,
  signedInState,
}) => {
  const activityType = `stale-edit-${Date.now()}`;
  const { slug, id } = await createRecord(page, activityType);
  const other = await browser.newContext({
    baseURL: DEMO_REALM.origin,
    storageState: await signedInState(DEMO_REALM),
  });
  const otherPage = await other.newPage();
  try {
    await test.step('both open the record for editing', async () => {
      await startEditing(page, slug, activityType);
      await startEditing(otherPage, slug, activityType);
    });

    await test.step('the other person saves a new quantity first', async () => {
      await otherPage.locator(`#edit-${id}-quantity`).fill('1500');
      await otherPage.getByRole('button', { name: 'Save' }).click();
      await expect(otherPage.getByRole('button', { name: 'Save' })).toBeHidden();
      await expect(otherPage.getByRole('table', { name: 'Activity records' })).toContainText('1,500');
    });

    const unit = page.locator(`#edit-${id}-unit`);
    await test.step('saving an edit made on the older version is refused, naming their change', async () => {
      await unit.fill('mmBtu');
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByText('Someone else changed this record since you opened it')).toBeVisible();
      await expect(page.getByRole('list', { name: 'Their changes' })).toHaveText('Quantity: 1000 → 1500');
      await expect(unit).toHaveValue('mmBtu');
      await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled();
    });

    await test.step('Reload keeps the input and takes the stored quantity; saving then succeeds', async () => {
      await page.getByRole('button', { name: 'Reload' }).click();
      await expect(unit).toHaveValue('mmBtu');
      await expect(page.locator(`#edit-${id}-quantity`)).toHaveValue('1500');
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByRole('button', { name: 'Save' })).toBeHidden();
      const row = page.getByRole('table', { name: 'Activity records' }).getByRole('row').nth(1);
      await expect(row).toContainText('1,500');
      await expect(row).toContainText('mmBtu');
    });
  } finally {
    await other.close();
    await page.evaluate(async (recordId) => {
      await fetch(`/api/activity-records/${recordId}`, { method: 'DELETE' });
    }, id);
  }
});
