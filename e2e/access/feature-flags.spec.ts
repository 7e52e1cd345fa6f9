import { expectPathname, expectRouteTitle } from '../support/app-shell.ts';
import { expect, signInThroughApi, test } from '../support/fixtures.ts';
import {
  FLAG_MANAGEMENT_REALM,
  NO_FLAG_REALM,
  PAID_REALM,
  setupUser,
  TARGETED_REALM,
} from '../support/realms.ts';

test.describe('the feature-flag guard', () => {
  test.describe('on a paid realm without the ai-assistant flag', () => {
    test.use({ realm: NO_FLAG_REALM, isSignedIn: true });

    test('/context-ai sends the user to /', async ({ page }) => {
      await page.goto('/context-ai');
      await expectPathname(page, '/');
      await expectRouteTitle(page, 'Home');
    });
  });

  test.describe('on a paid realm that lists the flag', () => {
    test.use({ realm: PAID_REALM, isSignedIn: true });

    test('/context-ai opens the AI assistant', async ({ page }) => {
      await page.goto('/context-ai');
      await expectPathname(page, '/context-ai');
      await expectRouteTitle(page, 'AI assistant');
    });
  });
});

test.describe('flag targeting', () => {
  test.use({ realm: TARGETED_REALM });

  test('a definition targeting the user’s e-mail opens /context-ai and its launcher tile for that user only', async ({
    page,
  }) => {
    await signInThroughApi(page, TARGETED_REALM);
    await page.goto('/context-ai');
    await expectPathname(page, '/context-ai');
    await expectRouteTitle(page, 'AI assistant');
    await page.goto('/launcher');
    await expect(page.getByRole('main').getByRole('link', { name: /AI assistant/ })).toBeVisible();
  });

  test('another user of the realm is sent to /', async ({ page }) => {
    await signInThroughApi(page, TARGETED_REALM, setupUser(TARGETED_REALM, 'other@targeted.test'));
    await page.goto('/context-ai');
    await expectPathname(page, '/');
    await page.goto('/launcher');
    await expectRouteTitle(page, 'Launcher');
    await expect(page.getByRole('main').getByRole('link', { name: /AI assistant/ })).toHaveCount(0);
  });
});

test.describe('feature-flag management', () => {
  test.describe.configure({ mode: 'serial' });
  test.use({ realm: FLAG_MANAGEMENT_REALM });

  test('an administrator creates, edits and deletes a flag, and it gates /context-ai', async ({ page }) => {
    await signInThroughApi(
      page,
      FLAG_MANAGEMENT_REALM,
      setupUser(FLAG_MANAGEMENT_REALM, 'admin@flagmgmt.test'),
    );
    await page.goto('/management/feature-flags');
    await expectRouteTitle(page, 'Feature flags');
    await expect(page.getByRole('heading', { name: 'No feature flags yet' })).toBeVisible();

    await page.getByRole('button', { name: 'New flag' }).click();
    const editor = page.getByRole('dialog', { name: 'New feature flag' });
    await editor.getByLabel('Key').fill('ai-assistant');
    await editor.getByLabel('Default variant').fill('maybe');
    await editor.getByLabel('Targeting (JSON)').fill('{"if": [');
    await editor.getByRole('button', { name: 'Create flag' }).click();
    await expect(editor.getByText('defaultVariant must be one of the keys from variants')).toBeVisible();
    await expect(editor.getByText(/^Targeting must be valid JSON: /)).toBeVisible();

    await editor.getByLabel('Default variant').fill('on');
    await editor.getByLabel('Targeting (JSON)').fill('{"equals": [1, 1]}');
    await editor.getByRole('button', { name: 'Create flag' }).click();
    await expect(editor.getByText("Unknown JsonLogic operator 'equals'")).toBeVisible();
    await editor.getByLabel('Targeting (JSON)').fill('');
    await editor.getByRole('button', { name: 'Create flag' }).click();
    await expect(editor).toBeHidden();

    const row = page.getByRole('row', { name: /ai-assistant/ });
    await expect(row).toContainText('Enabled');
    await expect(row).toContainText('true (on)');
    await page.goto('/context-ai');
    await expectRouteTitle(page, 'AI assistant');

    await page.goto('/management/feature-flags');
    await page.getByRole('button', { name: 'Edit ai-assistant' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit ai-assistant' });
    await expect(edit.getByLabel('Key')).toBeDisabled();
    await edit.getByLabel('Default variant').fill('off');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await expect(edit).toBeHidden();
    await expect(page.getByRole('row', { name: /ai-assistant/ })).toContainText('false (off)');
    await page.goto('/context-ai');
    await expectPathname(page, '/');

    await page.goto('/management/feature-flags');
    await page.getByRole('button', { name: 'Delete ai-assistant' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete ai-assistant?' });
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('row', { name: /ai-assistant/ })).toBeVisible();
    await page.getByRole('button', { name: 'Delete ai-assistant' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete flag' }).click();
    await expect(page.getByRole('heading', { name: 'No feature flags yet' })).toBeVisible();
  });

  test('a member sees the flags without edit controls', async ({ page }) => {
    await signInThroughApi(page, FLAG_MANAGEMENT_REALM);
    await page.goto('/management/feature-flags');
    await expectRouteTitle(page, 'Feature flags');
    await expect(page.getByRole('heading', { name: 'No feature flags yet' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'New flag' })).toHaveCount(0);
  });
});
