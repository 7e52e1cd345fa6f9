import type { TargetGapResponse, TargetListResponse } from '@ecc/contracts';
import { expectPathname } from '../support/app-shell.ts';
import { expect, signInThroughApi, test } from '../support/fixtures.ts';
import { EQT_REALM, PAID_DEMO_REALM } from '../support/realms.ts';

/*
 * Targets and pathways on the paid demo realm (2023–2025 seeded, base year 2023): its seeded targets show their
 * gap; an administrator sets a target, sees its years against the API's, compares a growth assumption and
 * deletes it again. The target gets a name of this run's own, so a second run on the same server adds its own.
 */

const DEMO_ADMIN = { email: 'admin@example.com', password: 'admin-password' };

test.describe('pathways on the paid demo', () => {
  test.use({ realm: PAID_DEMO_REALM });

  test('an administrator sets a target and sees its gap, compares a scenario, and deletes it', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const name = `Scopes 1 and 2, 40 % by 2030 (${Date.now()})`;
    await signInThroughApi(page, PAID_DEMO_REALM, DEMO_ADMIN);
    const answerOf = async <T>(url: string) =>
      page.evaluate(async (address) => {
        const response = await fetch(address);
        if (!response.ok) throw new Error(`${address} answered ${response.status}`);
        return (await response.json()) as unknown;
      }, url) as Promise<T>;

    await test.step('the seeded targets are listed, the first one’s years shown', async () => {
      await page.goto('/pathways');
      await expect(page.getByRole('heading', { level: 1, name: 'Decarbonisation pathways' })).toBeVisible();
      const table = page.getByRole('table', { name: 'Targets of the realm' });
      await expect(table.getByRole('row', { name: /Near-term 1\.5 °C/ })).toBeVisible();
      await expect(table.getByRole('row', { name: /Net-zero 2050/ })).toBeVisible();
      await expect(page.getByTestId('target-status')).toBeVisible();
      await expect(page.getByTestId('target-gap-chart')).toBeVisible();
    });

    await test.step('the form refuses a target year before the base year on its field', async () => {
      await page.getByRole('button', { name: 'New target' }).click();
      const form = page.getByRole('form', { name: 'Target' });
      await form.getByLabel('Name').fill(name);
      await form.getByLabel('Base year').fill('2023');
      await form.getByLabel('Target year').fill('2020');
      await form.getByRole('button', { name: 'Create target' }).click();
      await expect(form.getByText('The target year must be after the base year')).toBeVisible();
      await form.getByLabel('Target year').fill('2030');
      await form.getByLabel('Ambition').selectOption('custom');
      await form.getByLabel('Reduction by the target year (%)').fill('40');
      await form.getByRole('button', { name: 'Create target' }).click();
      await expect(form).toHaveCount(0);
    });

    await test.step('the new target’s years are the API’s: actual, trajectory and gap', async () => {
      const { results } = await answerOf<TargetListResponse>('/api/pathways/targets');
      const target = results.find((each) => each.name === name)!;
      expect(target.annualReductionRate).toBeCloseTo(0.4 / 7, 12);
      const gap = await answerOf<TargetGapResponse>(`/api/pathways/targets/${target.id}/gap`);
      const panel = page.getByTestId('target-gap-panel');
      await expect(panel.getByRole('heading', { name })).toBeVisible();
      await expect(panel.getByTestId('target-status')).toHaveAttribute('data-status', gap.status);
      const table = panel.getByTestId('target-gap-table');
      await expect(table.locator('tbody tr')).toHaveCount(gap.years.length);
      const base = gap.years.find((year) => year.year === 2023)!;
      await expect(table.locator('tr[data-year="2023"] td').first()).toHaveAttribute(
        'data-kg',
        String(base.actual),
      );
      // 40 % below the base year by 2030.
      expect(gap.years.at(-1)!.trajectory).toBeCloseTo(base.actual! * 0.6, 3);
      await expect(table.locator('tr[data-year="2030"] td').first()).toHaveText('—');
      await expect(panel.getByTestId('target-method')).toContainText(
        'least-squares linear trend over 2023, 2024, 2025',
      );
    });

    await test.step('another growth assumption is drawn and tabled beside it', async () => {
      const panel = page.getByTestId('target-gap-panel');
      await panel.getByLabel('Compare with').selectOption('growth');
      await panel.getByLabel('Growth a year (%)').fill('3');
      await expect(
        panel.getByRole('columnheader', { name: 'Business as usual (3 % growth a year)' }),
      ).toBeVisible();
    });

    await test.step('deleting asks first, then the target is gone', async () => {
      const row = page
        .getByRole('table', { name: 'Targets of the realm' })
        .getByRole('row', { name: new RegExp(name.replace(/[()]/g, '\\$&')) });
      await row.getByRole('button', { name: `Delete ${name}` }).click();
      await page.getByRole('alertdialog').getByRole('button', { name: 'Delete target' }).click();
      await expect(row).toHaveCount(0);
    });
  });
});

test.describe('sector pathways on the paid demo', () => {
  test.use({ realm: PAID_DEMO_REALM });

  test('an administrator adds a sector pathway, an intensity target can follow it, and it is edited and deleted', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const name = `Cement, SBTi SDA (${Date.now()})`;
    const rowName = new RegExp(name.replace(/[()]/g, '\\$&'));
    await signInThroughApi(page, PAID_DEMO_REALM, DEMO_ADMIN);
    await page.goto('/pathways');
    const table = page.getByRole('table', { name: 'Sector pathways of the realm' });

    await test.step('the form refuses a missing denominator on its field, then creates the pathway', async () => {
      // With no pathway yet, the empty state offers the same button as the heading.
      await page.getByRole('button', { name: 'New sector pathway' }).first().click();
      const form = page.getByRole('form', { name: 'Sector pathway' });
      await form.getByLabel('Name').fill(name);
      await form.getByLabel('Year 1', { exact: true }).fill('2020');
      await form.getByLabel('Intensity 1', { exact: true }).fill('0.6');
      await form.getByLabel('Year 2', { exact: true }).fill('2050');
      await form.getByLabel('Intensity 2', { exact: true }).fill('0.1');
      await form.getByRole('button', { name: 'Create sector pathway' }).click();
      await expect(
        form.getByText('Kind is one of revenue, production, floor-area or headcount'),
      ).toBeVisible();
      await form.getByLabel('Denominator').selectOption('production');
      await form.getByRole('button', { name: 'Add a year' }).click();
      await form.getByLabel('Year 3', { exact: true }).fill('2030');
      await form.getByLabel('Intensity 3', { exact: true }).fill('0,35');
      await form.getByRole('button', { name: 'Create sector pathway' }).click();
      await expect(form).toHaveCount(0);
      const row = table.getByRole('row', { name: rowName });
      await expect(row).toContainText('2020 → 2050 (3 years given)');
      await expect(row).toContainText('0.6 → 0.1');
    });

    await test.step('an intensity target of the same denominator can pick it', async () => {
      await page.getByRole('button', { name: 'New target' }).click();
      const form = page.getByRole('form', { name: 'Target' });
      await form.getByLabel('Kind').selectOption('intensity');
      await form.getByLabel('Denominator').selectOption('production');
      await expect(form.getByLabel('Sector pathway').getByRole('option', { name })).toHaveCount(1);
      await page.keyboard.press('Escape');
      await expect(form).toHaveCount(0);
    });

    await test.step('editing changes its years', async () => {
      await table.getByRole('button', { name: `Edit ${name}` }).click();
      const form = page.getByRole('form', { name: 'Sector pathway' });
      await expect(form.getByLabel('Intensity 1', { exact: true })).toHaveValue('0.6');
      await form.getByLabel('Intensity 1', { exact: true }).fill('0.7');
      await form.getByRole('button', { name: 'Save sector pathway' }).click();
      await expect(form).toHaveCount(0);
      await expect(table.getByRole('row', { name: rowName })).toContainText('0.7 → 0.1');
    });

    await test.step('deleting asks first, then the pathway is gone', async () => {
      await table.getByRole('button', { name: `Delete ${name}` }).click();
      await page.getByRole('alertdialog').getByRole('button', { name: 'Delete sector pathway' }).click();
      await expect(table.getByRole('row', { name: rowName })).toHaveCount(0);
    });
  });
});

test.describe('the plan rule of /pathways', () => {
  test.use({ realm: EQT_REALM, isSignedIn: true });

  test('a plan without pathways lands on the launcher, and the API refuses its targets', async ({ page }) => {
    await page.goto('/pathways');
    await expectPathname(page, '/launcher');
    const status = await page.evaluate(async () => (await fetch('/api/pathways/targets')).status);
    expect(status).toBe(403);
  });
});
