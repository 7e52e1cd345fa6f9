import { expect, test } from '../support/fixtures.ts';

/*
 * /calc-editor/examples: each worked calculation shows the result the server's dry run computes for its sample
 * parameters (figures worked by hand in packages/domain/src/calculations/examples.ts), one opens in the DRAKON
 * view with its parameters ready to run, and "Open in editor" leads to the calculation editor (calculation-ide.spec.ts).
 */

test.use({ isSignedIn: true });

const RESULTS: readonly [string, string][] = [
  ['stationary-combustion-natural-gas', '54.5 t CO2e'],
  ['scope-2-location-based', '375.3 t CO2e'],
  ['mobile-combustion-by-vehicle', '8.8 t CO2e'],
  ['refrigerant-mass-balance', '134.6 t CO2e'],
  ['spend-based-purchased-goods', '2.5 t CO2e'],
];

test('each example shows its result, and one opens in the editor and runs there', async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto('/calc-editor/examples');
  await expect(page.getByRole('heading', { level: 1, name: 'Calculation examples' })).toBeVisible();
  for (const [id, result] of RESULTS) {
    const card = page.locator(`[data-example-id="${id}"]`);
    await expect(card.getByTestId('dry-run-result')).toContainText(result);
    await expect(card.locator('cite')).not.toBeEmpty();
  }
  await expect(page.locator('[data-example-id="stationary-combustion-natural-gas"] cite')).toContainText(
    '40 CFR 98 subpart C',
  );

  await expect(
    page.getByRole('link', { name: 'Open Refrigerant losses by mass balance (R-410A) in the editor' }),
  ).toHaveAttribute('href', '/calc-editor?example=refrigerant-mass-balance');
  await page
    .getByRole('link', { name: 'View Refrigerant losses by mass balance (R-410A) as DRAKON' })
    .click();
  await expect(page).toHaveURL(/\/calc-editor\/drakon\?/);
  await expect(page.locator('.cm-content')).toContainText("EMIT('HFC-32', :lost * 0.5)");
  await expect(page.locator('[data-icon-id="header"]')).toHaveAttribute(
    'aria-label',
    'Header: Refrigerant losses by mass balance (R-410A)',
  );
  await expect(page.locator('[data-icon-kind="emission"]')).toHaveCount(2);
  await expect(page.getByLabel(':inventory_start_kg', { exact: true })).toHaveValue('120');
  await page.getByRole('button', { name: 'Run' }).click();
  await expect(page.getByTestId('dry-run-result')).toContainText('134.6 t CO2e');
});
