import {
  ghgrpSheetFacilities,
  type GhgrpSheetFacility,
} from '../../scripts/test-support/ghgrp-sheet-witness.mjs';
import { expect, signInThroughApi, test } from '../support/fixtures.ts';
import { EPA_REALM, setupUser } from '../support/realms.ts';

/** The facility with the largest AR5 CO2e by the tests' own reading of the sheet's CSV export: the witness. */
function largestEmitter(): GhgrpSheetFacility {
  return ghgrpSheetFacilities().reduce((largest, row) => (row.co2eKg > largest.co2eKg ? row : largest));
}

test.use({ realm: EPA_REALM });

test.describe('facilities at scale: the GHGRP workbook imported', () => {
  test('the API and the list sorted by CO2e answer the largest emitter first', async ({ page }) => {
    const largest = largestEmitter();
    await signInThroughApi(page, EPA_REALM);

    await test.step('GET /api/facilities?sort=-co2e&limit=1', async () => {
      const answer = await page.evaluate(async () =>
        (await fetch('/api/facilities?sort=-co2e&limit=1')).json(),
      );
      expect(answer).toMatchObject({ total: 6515, count: 1, gwpSetId: 'AR5' });
      expect(answer.results[0]).toMatchObject({
        name: largest.name,
        ghgrpId: largest.id,
        co2eSource: 'reported',
        co2eYear: 2020,
      });
      expect(Math.abs(answer.results[0].co2e - largest.co2eKg)).toBeLessThan(1);
    });

    await test.step('the list sorted by CO2e shows it first', async () => {
      await page.goto('/facility/next');
      await expect(page.getByTestId('facility-count')).toHaveText('6,515 facilities · CO2e on AR5');
      await page.getByRole('button', { name: 'CO2e, latest year' }).click();
      await expect(page).toHaveURL(/[?&]sort=-co2e/);
      const table = page.getByRole('table', { name: 'Facilities' });
      await expect(table.getByRole('row').nth(1).getByRole('link')).toHaveText(largest.name);
      await expect(table.getByRole('row').nth(1)).toContainText('(2020, reported)');
      await expect(page.getByText('Page 1 of 131')).toBeVisible();
    });

    await test.step('its page shows what it reported, by gas, on the realm’s GWP set', async () => {
      await page.getByRole('table', { name: 'Facilities' }).getByRole('link', { name: largest.name }).click();
      await expect(page.getByRole('heading', { level: 1, name: largest.name })).toBeVisible();
      const reported = page.getByRole('table', { name: 'Reported to EPA GHGRP 2020, 2020' });
      await expect(reported).toBeVisible();
      await expect(reported.getByRole('columnheader', { name: 'CO2e (AR5)' })).toBeVisible();
      await expect(reported.getByRole('rowheader', { name: 'CH4' })).toBeVisible();
    });
  });
});

test('an administrator creates, edits and archives a facility, and can bring it back', async ({ page }) => {
  const name = `E2E Kiln ${Date.now()}`;
  await signInThroughApi(page, EPA_REALM, setupUser(EPA_REALM, 'admin@epa.test'));
  await page.goto('/facility/next');

  await test.step('create', async () => {
    await page.getByRole('button', { name: 'New facility' }).click();
    const form = page.getByRole('form', { name: 'New facility' });
    await form.getByRole('button', { name: 'Create facility' }).click();
    await expect(form.getByText('Name is required')).toBeVisible();
    await form.getByLabel('Name', { exact: true }).fill(name);
    await expect(form.getByLabel('Slug')).toHaveValue(name.toLowerCase().replaceAll(' ', '-'));
    await form.getByLabel('Sector').fill('Cement');
    await form.getByLabel('Latitude').fill('32.48');
    await form.getByLabel('Longitude').fill('-96.99');
    await form.getByRole('button', { name: 'Create facility' }).click();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  });

  await test.step('edit', async () => {
    await page.getByRole('button', { name: 'Edit facility' }).click();
    const form = page.getByRole('form', { name: 'Edit facility' });
    await expect(form.getByLabel('Slug')).toHaveAttribute('readonly', '');
    await form.getByLabel('City').fill('Midlothian');
    await form.getByLabel('State or region').fill('TX');
    await form.getByRole('button', { name: 'Save changes' }).click();
    await expect(form).toBeHidden();
    await expect(page.getByText(/Midlothian, TX/)).toBeVisible();
  });

  await test.step('archive after a confirmation, out of the list', async () => {
    await page.getByRole('button', { name: 'Archive facility' }).click();
    await page
      .getByRole('alertdialog', { name: `Archive ${name}?` })
      .getByRole('button', { name: 'Archive' })
      .click();
    await expect(page.getByText('This facility is archived')).toBeVisible();
    await page.goto(`/facility/next?q=${encodeURIComponent(name)}`);
    await expect(page.getByRole('heading', { name: 'No facilities match' })).toBeVisible();
  });

  await test.step('bring it back from the archived facilities', async () => {
    await page.getByLabel('Show', { exact: true }).selectOption('archived');
    await page.getByRole('button', { name: `Restore ${name}` }).click();
    await expect(page.getByText(`${name} restored`, { exact: true })).toBeVisible();
    await page.getByLabel('Show', { exact: true }).selectOption('in-use');
    await expect(page.getByRole('table', { name: 'Facilities' }).getByRole('link', { name })).toBeVisible();
  });
});
