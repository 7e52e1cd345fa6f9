import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, signInThroughApi, test } from '../support/fixtures.ts';
import { DEMO_REALM } from '../support/realms.ts';

/*
 * The Bindings tab of /calc-editor on the real server (issue 13 item 2): a calculation without a published version
 * cannot be bound and the tab says so; once published, the administrator binds it to one of the realm's activity
 * types, finds the binding listed after a reload, and removes it after confirming (by keyboard). axe sees no
 * serious or critical violation on the tab.
 */

const ADMIN = { email: 'admin@example.com', password: 'admin-password' };
const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

test.use({ realm: DEMO_REALM });

/** Calls the API from the signed-in page (the realm is chosen by host name, which only the browser resolves). */
async function callApi(page: Page, method: string, url: string, body?: object) {
  return page.evaluate(
    async ({ method, url, body }) => {
      const response = await fetch(url, {
        method,
        headers: body === undefined ? {} : { 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: response.status, body: (await response.json()) as unknown };
    },
    { method, url, body },
  );
}

async function expectNoBlockingViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(WCAG_21_AA).analyze();
  const blocking = results.violations.filter((violation) =>
    ['serious', 'critical'].includes(violation.impact ?? ''),
  );
  expect(blocking.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
}

test('a published calculation bound to an activity type, listed after a reload, and unbound', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const name = `bound-${Date.now()}`;
  await signInThroughApi(page, DEMO_REALM, ADMIN);
  const created = await callApi(page, 'POST', '/api/calculations', { name, formula: ':quantity * 2' });
  expect(created.status).toBe(201);
  const calculationId = (created.body as { version: { calculationId: string } }).version.calculationId;

  await page.goto(`/calc-editor?calculation=${calculationId}`);
  await expect(page.getByTestId('calculation-version')).toHaveText('Version 1 · draft');
  const bindingsTab = page.getByRole('tab', { name: 'Bindings (0)' });

  await test.step('without a published version the tab says it cannot be bound', async () => {
    await bindingsTab.click();
    await expect(
      page.getByText(`Only a published version can be bound, and ${name} has none yet: publish it first.`),
    ).toBeVisible();
    await expect(page.getByRole('form', { name: `Bind ${name}` })).toHaveCount(0);
  });

  const form = page.getByRole('form', { name: `Bind ${name}` });
  let activityType = '';
  await test.step('once published it is bound to one of the realm’s activity types', async () => {
    await page.getByRole('button', { name: 'Publish version 1' }).click();
    await expect(page.getByTestId('calculation-version')).toHaveText('Version 1 · published');
    await page.getByRole('tab', { name: 'Bindings (0)' }).click();
    await expect(form).toBeVisible();
    await form.getByRole('button', { name: 'Bind' }).click();
    await expect(form.getByText('Name the activity type or equipment type')).toBeVisible();
    const target = form.getByLabel('Activity type');
    await target.selectOption({ index: 1 });
    activityType = await target.inputValue();
    expect(activityType).not.toBe('');
    await form.getByRole('button', { name: 'Bind' }).click();
    await expect(form.getByRole('status')).toHaveText(`Bound ${activityType} to ${name}.`);
    await expectNoBlockingViolations(page);
  });

  const table = page.getByRole('table', { name: `What ${name} is bound to` });
  await test.step('the binding is listed after a reload', async () => {
    await page.reload();
    await page.getByRole('tab', { name: 'Bindings (1)' }).click();
    await expect(table.getByRole('row').nth(1)).toContainText(`${activityType}Activity typethis realm`);
  });

  await test.step('removing it asks first, and works by keyboard', async () => {
    await table.getByRole('button', { name: `Remove the binding of ${activityType}` }).focus();
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('alertdialog', { name: `Remove the binding of “${activityType}”?` });
    await expect(confirm).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(confirm).toBeHidden();
    await expect(table).toBeVisible();
    await table.getByRole('button', { name: `Remove the binding of ${activityType}` }).press('Enter');
    await confirm.getByRole('button', { name: 'Remove binding' }).press('Enter');
    await expect(page.getByText(`${name} is not bound to anything.`)).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Bindings (0)' })).toBeVisible();
  });
});
