import type { Page } from '@playwright/test';
import { expect, signInThroughApi, test } from '../support/fixtures.ts';
import { DEMO_REALM } from '../support/realms.ts';

/*
 * The IDE of /calc-editor on the real server (issue 13 item 3's done-when): the administrator creates a
 * calculation, writes a formula with an error and sees the diagnostic at its place, fixes and saves it, adds a test
 * that fails and sees publishing refused with it, corrects and runs the test, publishes, changes a branch on the
 * DRAKON tab and finds the change in the formula, runs it with Ctrl+Enter, and compares versions in History.
 */

const ADMIN = { email: 'admin@example.com', password: 'admin-password' };

test.use({ realm: DEMO_REALM });

/** The button of an open calculation in the list above the editor; the active one is aria-current. */
function openCalculation(page: Page, name: string) {
  return page.getByRole('list', { name: 'Open calculations' }).getByRole('button', { name, exact: true });
}

function editorText(page: Page) {
  return page.locator('.cm-content');
}

async function replaceFormula(page: Page, text: string) {
  await editorText(page).click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.insertText(text);
}

test('a calculation written, tested, published, changed as DRAKON and compared in History', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const name = `fleet-${Date.now()}`;
  await signInThroughApi(page, DEMO_REALM, ADMIN);
  await page.goto('/calc-editor');
  await expect(page.getByRole('heading', { level: 1, name: 'Calculation editor' })).toBeVisible();
  const tree = page.getByRole('tree', { name: 'Calculations' });

  await test.step('the tree lists the demo’s calculations with their state, and the keyboard opens one', async () => {
    const seeded = tree.getByRole('treeitem', { name: /natural-gas-c1/ });
    await expect(seeded).toContainText('published');
    await tree.getByRole('treeitem', { name: /Scope 1/ }).focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await expect(seeded).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\?calculation=/);
    await expect(openCalculation(page, 'natural-gas-c1')).toHaveAttribute('aria-current', 'true');
    await expect(editorText(page)).toContainText("LOOKUP('natural gas', 'heat-contents'");
  });

  await test.step('a new calculation opens in a second tab as version 1', async () => {
    await page.getByRole('button', { name: 'New', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'New calculation' });
    await dialog.getByLabel('Name').fill(name);
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect(dialog).toBeHidden();
    await expect(openCalculation(page, name)).toHaveAttribute('aria-current', 'true');
    await expect(page.getByRole('list', { name: 'Open calculations' }).getByRole('listitem')).toHaveCount(2);
    await expect(page.getByTestId('calculation-version')).toHaveText('Version 1 · draft');
  });

  await test.step('an error is shown at its line and column, and the tab is marked unsaved', async () => {
    await replaceFormula(page, 'set :rate = IF(:distance > 100, 0.2, 0.3)\n:distance * * :rate');
    await expect(page.getByRole('list', { name: 'Problems' })).toContainText(
      "Line 2, column 13: Expected a value after '*'",
    );
    await expect(page.locator('.cm-line').nth(1).locator('.cm-lintRange-error')).toHaveText('*');
    await expect(openCalculation(page, `${name} (unsaved changes)`)).toBeVisible();
  });

  await test.step('closing the unsaved tab asks first', async () => {
    await page.getByRole('button', { name: `Close ${name}` }).click();
    const confirm = page.getByRole('alertdialog', { name: `Close ${name} without saving?` });
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(openCalculation(page, `${name} (unsaved changes)`)).toBeVisible();
  });

  await test.step('the fixed formula is saved with Ctrl+S as version 2', async () => {
    await replaceFormula(page, 'set :rate = IF(:distance > 100, 0.2, 0.3)\n:distance * :rate');
    await expect(page.getByText('The formula reads without errors.')).toBeVisible();
    await page.keyboard.press('ControlOrMeta+S');
    await expect(page.getByTestId('calculation-version')).toHaveText('Version 2 · draft');
    await expect(openCalculation(page, name)).toBeVisible();
  });

  await test.step('a failing test blocks publishing, and the corrected test passes', async () => {
    await page.getByRole('tab', { name: 'Tests (0)' }).click();
    await page.getByRole('button', { name: 'Add test' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a test' });
    await dialog.getByLabel('Test name').fill('Short trip');
    await dialog.getByLabel(':distance').fill('50');
    await dialog.getByLabel('Expected kg CO2e').fill('16');
    await dialog.getByRole('button', { name: 'Add test' }).click();
    await expect(dialog).toBeHidden();
    await page.getByRole('button', { name: 'Run all tests' }).click();
    const row = page.locator('tr[data-test-name="Short trip"]');
    await expect(row).toContainText('Failed (v2)');
    await expect(row).toContainText('15 kg CO2e');

    await page.getByRole('button', { name: 'Publish version 2' }).click();
    await expect(page.getByRole('list', { name: 'Failing tests' })).toContainText('Short trip');
    await expect(page.getByTestId('calculation-version')).toHaveText('Version 2 · draft');

    await page.getByRole('button', { name: 'Edit test Short trip' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit the test “Short trip”' });
    await edit.getByLabel('Expected kg CO2e').fill('15');
    await edit.getByRole('button', { name: 'Save test' }).click();
    await expect(edit).toBeHidden();
    await page.getByRole('button', { name: 'Run all tests' }).click();
    await expect(row).toContainText('Passed (v2)');
  });

  await test.step('version 2 is published', async () => {
    await page.getByRole('button', { name: 'Publish version 2' }).click();
    await expect(page.getByText('Version 2 is published')).toBeVisible();
    await expect(page.getByTestId('calculation-version')).toHaveText('Version 2 · published');
    await expect(tree.getByRole('treeitem', { name: new RegExp(name) })).toContainText('published');
  });

  await test.step('a branch changed on the DRAKON tab appears in the formula, saved as version 3', async () => {
    await page.getByRole('tab', { name: 'DRAKON' }).click();
    await page.locator('[data-icon-id="item-0"]').click();
    await page.keyboard.press('ArrowRight');
    await expect(page.locator('[data-icon-id="item-0/no"]')).toBeFocused();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Change the action' });
    await dialog.getByLabel('Value of the branch').fill('0.25');
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await expect(dialog).toBeHidden();
    await page.getByRole('tab', { name: 'Formula', exact: true }).click();
    await expect(editorText(page)).toContainText('set :rate = IF(:distance > 100, 0.2, 0.25)');
    await page.getByRole('button', { name: 'Save version' }).click();
    await expect(page.getByTestId('calculation-version')).toHaveText(
      'Version 3 · draft (version 2 published)',
    );
  });

  await test.step('Ctrl+Enter runs the dry run, with the trace beside the formula’s lines', async () => {
    await page.getByLabel(':distance', { exact: true }).fill('50');
    await editorText(page).click();
    await page.keyboard.press('ControlOrMeta+Enter');
    const result = page.getByTestId('dry-run-result');
    await expect(result).toContainText('12.5 kg CO2e');
    await expect(result.getByRole('row').nth(1)).toContainText('set :rate = IF(:distance > 100, 0.2, 0.25)');
  });

  await test.step('History shows each version and the diff between two of them', async () => {
    await page.getByRole('tab', { name: 'History' }).click();
    await expect(page.getByRole('link', { name: 'Open version 3' })).toBeVisible();
    await page.getByLabel('Older version').selectOption('1');
    await page.getByLabel('Newer version').selectOption('2');
    await expect(page.getByText('Version 1 → 2: 2 lines added, 0 removed.')).toBeVisible();
    await page.getByLabel('Older version').selectOption('2');
    await page.getByLabel('Newer version').selectOption('3');
    await expect(page.getByText('Version 2 → 3: 1 line added, 1 removed.')).toBeVisible();
    const diff = page.getByTestId('formula-diff');
    await expect(diff.locator('tr[data-change="removed"]')).toContainText('IF(:distance > 100, 0.2, 0.3)');
    await expect(diff.locator('tr[data-change="added"]')).toContainText('IF(:distance > 100, 0.2, 0.25)');
  });

  await test.step('the DRAKON page opens it by id and saves a new version', async () => {
    const id = new URL(page.url()).searchParams.get('calculation') ?? '';
    await page.getByRole('link', { name: `Open the DRAKON page of ${name}` }).click();
    await expect(page).toHaveURL(`/calc-editor/drakon?calculation=${id}`);
    await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
    await expect(page.locator('[data-icon-id="item-0/no"]')).toHaveAttribute(
      'aria-label',
      'Action: set :rate = 0.25',
    );
    await replaceFormula(page, 'set :rate = IF(:distance > 100, 0.2, 0.3)\n:distance * :rate');
    await page.getByRole('button', { name: 'Save as a new version' }).click();
    await expect(page.getByText('Version 4 · draft')).toBeVisible();
    await page.getByRole('link', { name: 'Open in the calculation editor' }).click();
    await expect(page.getByTestId('calculation-version')).toHaveText(
      'Version 4 · draft (version 2 published)',
    );
  });

  await test.step('a link opens a given version', async () => {
    await page.getByRole('tab', { name: 'History' }).click();
    await page.getByRole('link', { name: 'Open version 2' }).click();
    await expect(page).toHaveURL(/version=2/);
    await page.getByRole('tab', { name: 'Formula', exact: true }).click();
    await expect(editorText(page)).toContainText('IF(:distance > 100, 0.2, 0.3)');
    await expect(page.getByTestId('calculation-version')).toContainText('showing version 2');
  });
});

test('a worked example becomes a calculation, and a demo calculation runs on a real activity record', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const name = `spend-${Date.now()}`;
  await signInThroughApi(page, DEMO_REALM, ADMIN);

  await test.step('"Open in editor" on an example creates a calculation of its formula', async () => {
    await page.goto('/calc-editor/examples');
    await page.locator('a[href="/calc-editor?example=spend-based-purchased-goods"]').click();
    const dialog = page.getByRole('dialog', { name: /New calculation from/ });
    await dialog.getByLabel('Name').fill(name);
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect(openCalculation(page, name)).toHaveAttribute('aria-current', 'true');
    await expect(page.getByTestId('calculation-version')).toHaveText('Version 1 · draft');
    await expect(editorText(page)).not.toBeEmpty();
    await expect(page.getByText('The formula reads without errors.')).toBeVisible();
  });

  await test.step('an activity record fills the parameters as the engine would', async () => {
    const { facilityName, quantity } = await page.evaluate(async () => {
      const facilities = (await (await fetch('/api/facilities?limit=50')).json()) as {
        results: { slug: string; name: string }[];
      };
      const facility = facilities.results[0]!;
      const records = (await (
        await fetch(`/api/facilities/${facility.slug}/activity-records?limit=50`)
      ).json()) as { results: { quantity: number }[] };
      return { facilityName: facility.name, quantity: records.results[0]!.quantity };
    });
    await page
      .getByRole('tree', { name: 'Calculations' })
      .getByRole('treeitem', { name: /natural-gas-c1/ })
      .click();
    await expect(openCalculation(page, 'natural-gas-c1')).toHaveAttribute('aria-current', 'true');
    await page.getByLabel('Facility', { exact: true }).selectOption({ label: facilityName });
    const records = page.getByLabel('Activity record');
    await expect(records.locator('option')).not.toHaveCount(1);
    await records.selectOption({ index: 1 });
    await expect(page.getByText('Values of the record')).toBeVisible();
    await expect(page.getByLabel(':quantity', { exact: true })).toHaveValue(String(quantity));
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    const result = page.getByTestId('dry-run-result');
    await expect(result.getByRole('columnheader', { name: 'Formula line' })).toBeVisible();
    await expect(result.getByRole('row').nth(1)).toContainText("LOOKUP('natural gas', 'heat-contents'");
  });
});
