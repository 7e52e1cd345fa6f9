import { expectRouteTitle } from '../support/app-shell.ts';
import { expect, signInThroughApi, test } from '../support/fixtures.ts';
import { DEMO_REALM, ORGANISATION_REALM, PAID_DEMO_REALM, setupUser } from '../support/realms.ts';

/*
 * /lighttouch on the paid demo (its seeded starter measures): the MACC with its table, the optimizer solving,
 * a measure pinned to a year and solved again, and the plan rule (the CORE demo does not reach it). The demo
 * member only reads and solves, so the spec changes nothing other specs read. The realm currency is set on the
 * organisation realm, whose other spec reads no money.
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

test.describe('on a realm whose administrator sets its currency', () => {
  test.use({ realm: ORGANISATION_REALM });

  test('the measures, the MACC and the optimizer show money in the realm’s currency', async ({ page }) => {
    test.setTimeout(60_000);
    await signInThroughApi(
      page,
      ORGANISATION_REALM,
      setupUser(ORGANISATION_REALM, 'admin@organisation.test'),
    );

    await test.step('EUR set in the Organisation tab, after the confirmation that amounts are relabelled', async () => {
      await page.goto('/admin/realm');
      await expectRouteTitle(page, 'Realm administration');
      await page.getByRole('tab', { name: 'Organisation' }).click();
      const form = page.getByRole('form', { name: 'Currency' });
      const field = form.getByLabel('Realm currency (ISO 4217)');
      // A second run on the same server finds EUR set already.
      if ((await field.inputValue()) !== 'EUR') {
        await field.fill('EURO');
        await form.getByRole('button', { name: 'Save currency' }).click();
        await expect(form.getByText('Currency must be an ISO 4217 code, such as USD or EUR')).toBeVisible();
        await field.fill('eur');
        await form.getByRole('button', { name: 'Save currency' }).click();
        const confirmation = page.getByRole('alertdialog', { name: 'Change the currency to EUR?' });
        await expect(confirmation).toContainText('not converted');
        await confirmation.getByRole('button', { name: 'Change currency' }).click();
        await expect(field).toHaveValue('EUR');
        await expect(form.getByRole('button', { name: 'Save currency' })).toBeDisabled();
      }
    });

    await test.step('the library, the MACC and the optimizer in EUR', async () => {
      await page.goto('/lighttouch');
      await expectRouteTitle(page, 'Pathway optimizer');
      await page.getByRole('tab', { name: 'Measures library' }).click();
      const starters = page.getByRole('button', { name: 'Add starter measures' });
      await starters.click();
      const library = page.getByRole('table', { name: "The realm's abatement measures" });
      await expect(library.getByRole('row')).toHaveCount(9);
      await expect(library.getByRole('cell', { name: /^€[\d,]+$/ }).first()).toBeVisible();
      await page
        .getByRole('button', { name: /^Edit / })
        .first()
        .click();
      const dialog = page.getByRole('dialog');
      await expect(dialog.getByLabel('Capex (EUR)')).toBeVisible();
      await dialog.getByRole('button', { name: 'Cancel' }).click();

      await page.getByRole('tab', { name: 'MACC' }).click();
      const macc = page.getByRole('table', { name: "The MACC's measures, cheapest per tonne first" });
      await expect(macc.getByRole('cell', { name: /€/ }).first()).toBeVisible();

      await page.getByRole('tab', { name: 'Optimizer' }).click();
      await expect(page.getByText('Yearly capex budgets (EUR), optional')).toBeVisible();
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
