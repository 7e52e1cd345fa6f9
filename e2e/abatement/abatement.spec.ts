import { expectRouteTitle } from '../support/app-shell.ts';
import { expect, signInThroughApi, test } from '../support/fixtures.ts';
import { DEMO_REALM, PAID_DEMO_REALM } from '../support/realms.ts';

/*
 * /lighttouch on the paid demo (its seeded starter measures): the MACC with its table, the optimizer solving,
 * a measure pinned to a year and solved again, and the plan rule (the CORE demo does not reach it). The demo
 * member only reads and solves, so the spec changes nothing other specs read.
 */

test.describe('on the paid demo', () => {
  test.use({ realm: PAID_DEMO_REALM, isSignedIn: true });

  test('the MACC of the starter measures, cheapest first, with its chart and table', async ({ page }) => {
    await page.goto('/lighttouch');
    await expectRouteTitle(page, 'Pathway optimizer');
    await page.getByRole('tab', { name: 'MACC' }).click();
    const table = page.getByRole('table', { name: "The MACC's measures, cheapest per tonne first" });
    await expect(table.getByRole('row')).toHaveCount(9);
    await expect(page.getByTestId('macc-chart').locator('svg')).toBeVisible();
    // Fleet electrification saves money: it is below the axis, before the dearer heat pump.
    const names = await table.getByRole('rowheader').allTextContents();
    expect(names.indexOf('Fleet electrification (10 vans)')).toBeLessThan(
      names.indexOf('Gas boiler to heat pump'),
    );
    await expect(page.getByRole('button', { name: 'Export the MACC table' })).toBeVisible();
  });

  test('the optimizer solves, then solves again with a measure pinned to a year', async ({ page }) => {
    test.setTimeout(90_000);
    await page.goto('/lighttouch');
    await expectRouteTitle(page, 'Pathway optimizer');
    await expect(page.getByRole('tab', { name: 'Optimizer', selected: true })).toBeVisible();
    const baseYear = Number(await page.getByLabel('Base year').inputValue());
    await page.getByLabel('Target year').fill(String(baseYear + 6));

    await test.step('a first plan', async () => {
      await page.getByRole('button', { name: 'Solve' }).click();
      const result = page.getByTestId('optimizer-result');
      await expect(result.getByRole('status')).toContainText(/Optimal|Feasible|Infeasible/);
      await expect(result).toContainText('Discounted cost');
    });

    await test.step('the process heat recovery pinned to a later year appears there in the plan', async () => {
      const pinYear = baseYear + 3;
      await page
        .getByLabel('In the plan: Process heat recovery')
        .selectOption({ label: `Must start in ${pinYear}` });
      await page
        .getByLabel('In the plan: Renewable electricity contract')
        .selectOption({ label: 'Never (banned)' });
      await page.getByRole('button', { name: 'Solve' }).click();
      const plan = page.getByRole('list', { name: "The plan's measures" });
      await expect(plan).toContainText(`Process heat recovery: starts ${pinYear}`);
      await expect(plan).not.toContainText('Renewable electricity contract');
      await expect(page.getByTestId('plan-timeline').locator('svg')).toBeVisible();
      await expect(page.getByTestId('wedge-chart').locator('svg')).toBeVisible();
    });
  });
});

test.describe('on the CORE demo', () => {
  test.use({ realm: DEMO_REALM });

  test('the plan rule holds: /lighttouch and its measures are for the paid plan', async ({ page }) => {
    await signInThroughApi(page, DEMO_REALM);
    await page.goto('/lighttouch');
    await expect(page).toHaveURL(/\/launcher/);
    const status = await page.evaluate(async () => (await fetch('/api/abatement/measures')).status);
    expect(status).toBe(403);
  });
});
