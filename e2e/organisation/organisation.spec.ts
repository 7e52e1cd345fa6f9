import AxeBuilder from '@axe-core/playwright';
import { expectRouteTitle } from '../support/app-shell.ts';
import { expect, signInThroughApi, test } from '../support/fixtures.ts';
import { ORGANISATION_REALM, setupUser } from '../support/realms.ts';

const ADMIN = setupUser(ORGANISATION_REALM, 'admin@organisation.test');

test.use({ realm: ORGANISATION_REALM });

test('an administrator creates a business unit, assigns a facility with its share, and consolidates by equity share', async ({
  page,
}) => {
  test.setTimeout(60_000);
  // Names of this run's own, so a second run on the same server makes new records.
  const run = Date.now();
  const unitName = `Europe ${run}`;
  const facilityName = `Joint Venture Plant ${run}`;
  await signInThroughApi(page, ORGANISATION_REALM, ADMIN);

  await test.step('a facility to assign', async () => {
    await page.goto('/facility/next');
    // A realm without facilities offers the button twice: in the header and in the empty list.
    await page.getByRole('button', { name: 'New facility' }).first().click();
    const form = page.getByRole('form', { name: 'New facility' });
    await form.getByLabel('Name', { exact: true }).fill(facilityName);
    await form.getByLabel('Sector').fill('Chemicals');
    await form.getByRole('button', { name: 'Create facility' }).click();
    await expect(page.getByRole('heading', { level: 1, name: facilityName })).toBeVisible();
  });
  const facilityUrl = page.url();

  await test.step('a business unit created in the Organisation tab', async () => {
    await page.goto('/admin/realm');
    await expectRouteTitle(page, 'Realm administration');
    await page.getByRole('tab', { name: 'Organisation' }).click();
    await page.getByRole('button', { name: 'New unit', exact: true }).click();
    const form = page.getByRole('form', { name: 'New business unit' });
    await form.getByRole('button', { name: 'Create unit' }).click();
    await expect(form.getByText('Name is required')).toBeVisible();
    await form.getByLabel('Name').fill(unitName);
    await form.getByLabel('Code').fill(`EU${run % 1000}`);
    await form.getByRole('button', { name: 'Create unit' }).click();
    await expect(form).toBeHidden();
    await expect(
      page
        .getByRole('tree', { name: 'Business units' })
        .getByRole('treeitem', { name: new RegExp(unitName) }),
    ).toContainText('0 facilities');
  });

  await test.step('the facility assigned to it with a 60 % share', async () => {
    await page.goto(facilityUrl);
    await page.getByRole('button', { name: 'Edit facility' }).click();
    const form = page.getByRole('form', { name: 'Edit facility' });
    await form.getByLabel('Business unit').selectOption({ label: unitName });
    await form.getByLabel('Ownership share (%)').fill('120');
    await form.getByRole('button', { name: 'Save changes' }).click();
    await expect(form.getByText('Ownership share must be at most 100 %')).toBeVisible();
    await form.getByLabel('Ownership share (%)').fill('60');
    await form.getByRole('button', { name: 'Save changes' }).click();
    await expect(form).toBeHidden();
  });

  await test.step('equity share chosen as the consolidation approach, saved across a reload', async () => {
    await page.goto('/admin/realm');
    await page.getByRole('tab', { name: 'Organisation' }).click();
    await expect(
      page
        .getByRole('tree', { name: 'Business units' })
        .getByRole('treeitem', { name: new RegExp(unitName) }),
    ).toContainText('1 facility');
    const boundary = page.getByRole('form', { name: 'Reporting boundary' });
    await boundary.getByRole('radio', { name: /Equity share/ }).check();
    await boundary.getByRole('button', { name: 'Save boundary' }).click();
    await expect(page.getByText('Boundary saved', { exact: true })).toBeVisible();

    await page.reload();
    await page.getByRole('tab', { name: 'Organisation' }).click();
    await expect(
      page.getByRole('form', { name: 'Reporting boundary' }).getByRole('radio', { name: /Equity share/ }),
    ).toBeChecked();
  });

  await test.step('the Organisation tab has no serious or critical WCAG 2.1 AA violation', async () => {
    await expect(page.locator('.animate-pulse, [role="status"][aria-label^="Loading"]')).toHaveCount(0);
    const results = await new AxeBuilder({ page })
      .include('[role="tabpanel"]:not([hidden])')
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze();
    const blocking = results.violations.filter((violation) =>
      ['serious', 'critical'].includes(violation.impact ?? ''),
    );
    expect(
      blocking.map(
        (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
      ),
    ).toEqual([]);
  });

  await test.step('the facility keeps its unit and share', async () => {
    await page.goto(facilityUrl);
    await page.getByRole('button', { name: 'Edit facility' }).click();
    const form = page.getByRole('form', { name: 'Edit facility' });
    await expect(form.getByLabel('Business unit').locator('option:checked')).toHaveText(unitName);
    await expect(form.getByLabel('Ownership share (%)')).toHaveValue('60');
  });
});
