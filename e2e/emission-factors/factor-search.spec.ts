import { expect, test } from '../support/fixtures.ts';
import { DEMO_REALM } from '../support/realms.ts';

test.use({ realm: DEMO_REALM, isSignedIn: true });

test('the factor library finds a factor by words of its name and source, and copies its key', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: DEMO_REALM.origin });
  await page.goto('/emission-factors');
  const factors = page.getByRole('table', { name: 'Emission factors' });

  await page.getByLabel('Search factors').fill('eGRID RFCW');
  const rfcw = factors.getByRole('row').filter({ hasText: 'eGRID subregion RFCW (RFC West) electricity' });
  await expect(rfcw).toHaveCount(1);
  await expect(factors.getByRole('row')).toHaveCount(2);
  await expect(rfcw.getByText('egrid-2022-rfcw', { exact: true })).toBeVisible();
  await rfcw.getByRole('button', { name: 'Copy the key egrid-2022-rfcw' }).click();
  await expect(rfcw.getByRole('status')).toHaveText('Copied');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('egrid-2022-rfcw');

  // A refrigerant blend, found by its designation however it is typed, shows its GWP in each set.
  await page.getByLabel('Search factors').fill('r410a');
  const blend = factors.getByRole('row').filter({ hasText: 'R-410A refrigerant blend' });
  await expect(blend).toContainText('AR4 2,087.5 · AR5 1,923.5 · AR6 2,255.5 kg/kg');

  await page.getByLabel('Search factors').fill('DESNZ electricity generated');
  await expect(factors.getByRole('row')).toHaveCount(2);
  await expect(factors).toContainText('UK electricity generated (UK DESNZ 2023), per kWh');

  // Diesel has U.S. and UK variants; each row names its publisher in the Source column.
  await page.getByLabel('Search factors').fill('diesel');
  await expect(
    factors.getByRole('row').filter({ hasText: 'Diesel (average biofuel blend) (UK DESNZ 2023), per litre' }),
  ).toContainText('UK DESNZ, Government GHG Conversion Factors for Company Reporting 2023');
  await expect(
    factors.getByRole('row').filter({ hasText: 'Diesel fuel (vehicles), CO2 per gallon' }),
  ).toContainText('U.S. EPA, GHG Emission Factors Hub 2024, Table 2');
});

test('the record form’s factor field finds a factor by name and is used with the keyboard alone', async ({
  page,
}) => {
  await page.goto('/facility/next');
  // The third demo facility: the facility-view and preview specs write to the first two.
  await page.getByRole('table', { name: 'Facilities' }).getByRole('link').nth(2).click();
  const form = page.getByRole('form', { name: 'Add an activity record' });
  const factor = form.getByRole('combobox', { name: 'Emission factor' });

  await factor.focus();
  await page.keyboard.type('new england egrid');
  const suggestions = form.getByRole('listbox', { name: 'Suggestions' });
  const newEngland = suggestions.getByRole('option', { name: /eGRID subregion NEWE \(NPCC New England\)/ });
  await expect(newEngland).toBeVisible();
  // Each option shows the factor's key and its source.
  await expect(newEngland).toContainText('egrid-2022-newe');
  await expect(newEngland).toContainText('eGRID2022');
  await page.keyboard.press('ArrowDown');
  await expect(newEngland).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  await expect(factor).toHaveValue('egrid-2022-newe');
  await expect(factor).toHaveAttribute('aria-expanded', 'false');

  // The chosen factor calculates. 10 MWh × (536.4 lb CO2 + 0.063 lb CH4 × 28 + 0.008 lb N2O × 265) per MWh
  // × 0.45359237 kg/lb = 2,450.7 kg CO2e on AR5, location-based: 2.5 t in the one mass format (t, one decimal).
  await form.getByLabel('Quantity').fill('10');
  await form.getByLabel('Unit').fill('MWh');
  await form.getByLabel('Scope', { exact: true }).selectOption('2');
  const preview = form.getByRole('status', { name: /^Emissions preview/ });
  await expect(preview.getByTestId('preview-location-based')).toContainText('2.5 t CO2e');

  // A refrigerant by its designation: the blend's components come from the library.
  await factor.fill('');
  await factor.pressSequentially('R-410A');
  await expect(suggestions.getByRole('option').first()).toContainText('fgas-r-410a');
  await page.keyboard.press('Escape');
  await expect(factor).toHaveAttribute('aria-expanded', 'false');
  await expect(factor).toHaveValue('R-410A');
});
