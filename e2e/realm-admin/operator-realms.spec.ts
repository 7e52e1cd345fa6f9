import type { Page } from '@playwright/test';
import { expectPathname, expectRouteTitle, signInWithForm } from '../support/app-shell.ts';
import { expect, test } from '../support/fixtures.ts';
import { E2E_PORT, OPERATOR_REALM, setupUser, TENANT_REALM, type E2eRealm } from '../support/realms.ts';

/** The realm's own `/api/config`, read in the browser (only Chromium resolves `*.localhost`). */
async function configOf(page: Page, origin: string) {
  const response = await page.goto(`${origin}/api/config`);
  expect(response?.status()).toBe(200);
  return (await response?.json()) as {
    realm: { key: string; properties: { config: { applications: Record<string, unknown>[] } } };
  };
}

async function openRealmAdministration(page: Page, realm: E2eRealm, email: string) {
  await page.goto(`${realm.origin}/login`);
  await signInWithForm(page, setupUser(realm, email));
  await expectPathname(page, '/');
  await page.goto(`${realm.origin}/admin/realm`);
  await expectRouteTitle(page, 'Realm administration');
}

test('the operator creates a realm, sets its plan and flags, then manages its sign-in strategies', async ({
  page,
}) => {
  // Letters only after the first: a key of this run, 3 to 8 characters, unlike any earlier run's.
  const key = `e${Date.now().toString(36).slice(-6)}`;
  const name = `E2E Realm ${key}`;
  const origin = `http://${key}.localhost:${E2E_PORT}`;
  await openRealmAdministration(page, OPERATOR_REALM, 'admin@acm.test');

  await page.getByRole('tab', { name: 'Realms' }).click();
  await page.getByRole('button', { name: 'New realm' }).click();
  const create = page.getByRole('dialog', { name: 'New realm' });
  await create.getByLabel('Key', { exact: true }).fill(key);
  await create.getByLabel('Name', { exact: true }).fill(name);
  await create.getByLabel('Domains').fill(`${key}.localhost`);
  await create.getByRole('button', { name: 'Create realm' }).click();
  await expect(create).toBeHidden();

  await page.getByLabel('Search realms').fill(key);
  const row = page.getByRole('table', { name: 'Realms' }).getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('Simple');
  await expect(page.getByRole('table', { name: 'Realms' }).getByRole('row')).toHaveCount(2);

  await row.getByRole('button', { name: `Edit ${name} (${key})` }).click();
  const edit = page.getByRole('dialog', { name: `Edit ${name} (${key})` });
  await edit.getByLabel('Plan').selectOption('CORE');
  await edit.getByLabel('Feature flags').fill('ai-assistant');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(edit).toBeHidden();
  await expect(row).toContainText('Core');
  await expect(row).toContainText('ai-assistant');

  await row.getByRole('button', { name: `Manage ${name} (${key})` }).click();
  await expect(page.getByText(`Managing ${name} (${key})`)).toBeFocused();
  await expect(page.getByRole('tab', { name: 'Sign-in', selected: true })).toBeVisible();
  await expect(page.getByText('No sign-in strategies yet')).toBeVisible();

  await page.getByRole('button', { name: 'Add strategy' }).click();
  const add = page.getByRole('dialog', { name: `New sign-in strategy for ${name}` });
  // The e2e server allows http providers on 127.0.0.1 (ECC_OIDC_ALLOW_INSECURE); nothing is called here.
  await add.getByLabel('Name', { exact: true }).fill('E2E Provider');
  await add.getByLabel('Issuer').fill('http://127.0.0.1:3951');
  await add.getByLabel('Authorization endpoint').fill('http://127.0.0.1:3951/auth');
  await add.getByLabel('Token endpoint').fill('http://127.0.0.1:3951/token');
  await add.getByLabel('JWKS URI').fill('http://127.0.0.1:3951/jwks');
  await add.getByLabel('Client ID').fill('ecc-e2e');
  await add.getByLabel('Client secret (optional)').fill('e2e-secret');
  await add.getByRole('button', { name: 'Add strategy' }).click();
  await expect(add).toBeHidden();
  const strategies = page.getByRole('table', { name: `Sign-in strategies of ${name}` });
  const strategy = strategies.getByRole('row').filter({ hasText: 'E2E Provider' });
  await expect(strategy).toContainText('set');

  await strategy.getByRole('button', { name: 'Edit E2E Provider' }).click();
  const editStrategy = page.getByRole('dialog', { name: 'Edit E2E Provider' });
  await editStrategy.getByRole('button', { name: 'Remove' }).click();
  await editStrategy.getByLabel('Allowed e-mail domains').fill('example.com, Example.org');
  await editStrategy.getByRole('button', { name: 'Save changes' }).click();
  await expect(editStrategy).toBeHidden();
  await expect(strategy).toContainText('not set');
  // The allow-list was stored (lowercased) and is shown again when the strategy is edited.
  await strategy.getByRole('button', { name: 'Edit E2E Provider' }).click();
  await expect(editStrategy.getByLabel('Allowed e-mail domains')).toHaveValue('example.com, example.org');
  await editStrategy.getByRole('button', { name: 'Cancel' }).click();
  await expect(editStrategy).toBeHidden();

  // The new realm answers on its own host with the plan, the flag and the strategy's link.
  const realmPage = await page.context().newPage();
  const config = await configOf(realmPage, origin);
  expect(config.realm.key).toBe(key);
  expect(config.realm.properties.config.applications[0]).toMatchObject({
    plan: 'CORE',
    'feature-flags': 'ai-assistant',
  });
  expect(JSON.stringify(config)).not.toContain('e2e-secret');
  await realmPage.goto(`${origin}/login`);
  await expect(realmPage.getByRole('link', { name: 'Sign in with E2E Provider' })).toBeVisible();

  await strategy.getByRole('switch', { name: 'E2E Provider active' }).click();
  await expect(strategy.getByRole('switch', { name: 'E2E Provider active' })).not.toBeChecked();
  await realmPage.reload();
  await expect(realmPage.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await expect(realmPage.getByRole('link', { name: 'Sign in with E2E Provider' })).toHaveCount(0);
  await realmPage.close();

  await strategy.getByRole('button', { name: 'Delete E2E Provider' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete strategy' }).click();
  await expect(page.getByText('No sign-in strategies yet')).toBeVisible();

  await page.getByRole('button', { name: `Back to ${OPERATOR_REALM.name}` }).click();
  await expect(page.getByText(`Managing ${name} (${key})`)).toHaveCount(0);
  await expect(page.getByRole('tab', { name: 'Realms' })).toBeFocused();
});

test('a realm’s own administrator has the Sign-in tab but no Realms tab', async ({ page }) => {
  await openRealmAdministration(page, TENANT_REALM, 'admin@tenant.test');
  const tabs = page.getByRole('tablist', { name: 'Realm administration' });
  await expect(tabs.getByRole('tab', { name: 'Users' })).toBeVisible();
  await expect(tabs.getByRole('tab', { name: 'Sign-in' })).toBeVisible();
  await expect(tabs.getByRole('tab', { name: 'Realms' })).toHaveCount(0);
  await tabs.getByRole('tab', { name: 'Sign-in' }).click();
  await expect(page.getByText('No sign-in strategies yet')).toBeVisible();
  await expect(page.getByText(/^Managing /)).toHaveCount(0);
});
