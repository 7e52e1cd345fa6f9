import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';

/*
 * The DRAKON view of /calc-editor/drakon: a formula with an error shows its diagnostic at its place (in the text
 * and in the list), the fixed formula is drawn as DRAKON, a branch changed on the diagram appears in the formula,
 * and the dry run (the real server) gives the value. CodeMirror writes its styles into the page: the strict CSP
 * must let them apply, and the page must log no CSP violation.
 */

test.use({ isSignedIn: true });

function editorText(page: Page) {
  return page.locator('.cm-content');
}

async function replaceFormula(page: Page, text: string) {
  await editorText(page).click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.insertText(text);
}

test('a formula with an error, fixed, changed on its DRAKON diagram and run', async ({ page }) => {
  test.setTimeout(90_000);
  const cspViolations: string[] = [];
  page.on('console', (message) => {
    if (/Content.Security.Policy/i.test(message.text())) cspViolations.push(message.text());
  });
  await page.goto('/calc-editor/drakon');
  await expect(page.getByRole('heading', { level: 1, name: 'Calculation flowchart' })).toBeVisible();
  await expect(editorText(page)).toBeVisible();

  await test.step('CodeMirror’s own styles apply under the CSP', async () => {
    const gutters = page.locator('.cm-gutters');
    await expect(gutters).toBeVisible();
    expect(await gutters.evaluate((element) => getComputedStyle(element).display)).toBe('flex');
  });

  await test.step('an error is shown at its line and column', async () => {
    await replaceFormula(page, 'set :rate = IF(:distance > 100, 0.2, 0.3)\n:distance * * :rate');
    await expect(page.getByRole('list', { name: 'Problems' })).toContainText(
      "Line 2, column 13: Expected a value after '*'",
    );
    // The underline covers the second '*' of the second line.
    const underline = page.locator('.cm-line').nth(1).locator('.cm-lintRange-error');
    await expect(underline).toHaveText('*');
    await expect(page.getByText('The formula has errors: the diagram shows the last version')).toBeVisible();
  });

  await test.step('the fixed formula is drawn as DRAKON', async () => {
    await replaceFormula(page, 'set :rate = IF(:distance > 100, 0.2, 0.3)\n:distance * :rate');
    await expect(page.getByText('The formula reads without errors.')).toBeVisible();
    await expect(page.locator('[data-icon-id="item-0"]')).toHaveAttribute(
      'aria-label',
      'Question: :distance > 100?',
    );
    await expect(page.locator('[data-icon-id="item-0/yes"]')).toHaveAttribute(
      'aria-label',
      'Action: set :rate = 0.2',
    );
    await expect(page.locator('[data-icon-id="end"]')).toHaveAttribute(
      'aria-label',
      'End: :distance * :rate',
    );
  });

  await test.step('a branch changed on the diagram appears in the formula', async () => {
    await page.locator('[data-icon-id="item-0"]').click();
    await page.keyboard.press('ArrowRight');
    await expect(page.locator('[data-icon-id="item-0/no"]')).toBeFocused();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Change the action' });
    await dialog.getByLabel('Value of the branch').fill('0.3 +');
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await expect(dialog).toContainText(
      "Line 1, column 6: The line ends too early: '+' must be followed by a value",
    );
    await dialog.getByLabel('Value of the branch').fill('0.25');
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await expect(dialog).toBeHidden();
    await expect(editorText(page)).toContainText('set :rate = IF(:distance > 100, 0.2, 0.25)');
    expect(decodeURIComponent(page.url().replaceAll('+', ' '))).toContain('IF(:distance > 100, 0.2, 0.25)');
  });

  await test.step('yes and no swap, and the swap is undone', async () => {
    await page.locator('[data-icon-id="item-0"]').click();
    await page.getByRole('button', { name: 'Swap yes/no' }).click();
    await expect(editorText(page)).toContainText('set :rate = IF(NOT :distance > 100, 0.25, 0.2)');
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect(editorText(page)).toContainText('set :rate = IF(:distance > 100, 0.2, 0.25)');
  });

  await test.step('an action removed with Delete comes back with Undo', async () => {
    await page.locator('[data-icon-id="header"]').click();
    await page.getByRole('button', { name: 'Add action after' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add an action' });
    await dialog.getByLabel('Line').fill('// Fleet cars');
    await dialog.getByRole('button', { name: 'Add' }).click();
    await expect(editorText(page)).toContainText('// Fleet cars');
    await page.locator('[data-icon-id="item-0"]').focus();
    await page.keyboard.press('Delete');
    await expect(editorText(page)).not.toContainText('// Fleet cars');
    await page.keyboard.press('ControlOrMeta+Z');
    await expect(editorText(page)).toContainText('// Fleet cars');
  });

  await test.step('the dry run gives the value and a trace line by line', async () => {
    await page.getByLabel(':distance', { exact: true }).fill('50');
    await page.getByRole('button', { name: 'Run' }).click();
    const result = page.getByTestId('dry-run-result');
    // 50 km at the no branch's 0.25.
    await expect(result).toContainText('12.5 kg CO2e');
    await expect(result.getByRole('row')).toHaveCount(3);
    await expect(result.getByRole('row').nth(1)).toContainText('set :rate');
  });

  expect(cspViolations).toEqual([]);
});

test('a long formula travels deflated in the link and opens again', async ({ page }) => {
  const formula = Array.from(
    { length: 80 },
    (_, index) => `set :step${index} = ${index} * 1.5 // step ${index}`,
  ).join('\n');
  await page.goto('/calc-editor/drakon');
  await replaceFormula(page, `${formula}\n:step79`);
  await expect(page.getByText('The formula reads without errors.')).toBeVisible();
  await expect.poll(() => new URL(page.url()).searchParams.get('formula') ?? '').toMatch(/deflate:/);
  const link = page.url();
  const other = await page.context().newPage();
  await other.goto(link);
  await expect(other.locator('[data-icon-id="end"]')).toHaveAttribute('aria-label', 'End: :step79');
  await expect(other.locator('[data-icon-id="item-79"]')).toHaveAttribute(
    'aria-label',
    'Action: set :step79 = 79 * 1.5 (step 79)',
  );
  await other.close();
});
