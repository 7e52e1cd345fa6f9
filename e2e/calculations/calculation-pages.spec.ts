import { expect, signInThroughApi, test } from '../support/fixtures.ts';
import { CALCULATION_PAGES_REALM, setupUser } from '../support/realms.ts';

/*
 * The calculation pages (issue 13 items 6–8) as an administrator of a realm of their own: a dataset import whose
 * error shows at its row and column, then fixed; a calculation created from a template that lands in the editor;
 * in the file tree, a calculation moved to another folder and renamed with the keyboard alone.
 */

const ADMIN = setupUser(CALCULATION_PAGES_REALM, 'admin@calcpages.test');

test.use({ realm: CALCULATION_PAGES_REALM });

/** Names unique to this run, so a rerun against the same data directory starts clean. */
const run = Date.now().toString(36);

test('import a dataset: the error shows at its row and column, and the fixed file imports', async ({
  page,
}) => {
  await signInThroughApi(page, CALCULATION_PAGES_REALM, ADMIN);
  await page.goto('/calc-editor/constants');
  await expect(page.getByRole('heading', { level: 2, name: 'Datasets' })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'AR5 (this realm)' })).toBeVisible();

  const name = `grid-${run}`;
  const form = page.getByRole('form', { name: 'Import a dataset' });
  await form.getByLabel('Name').fill(name);
  await form.getByLabel('As of').fill('2024-01-01');
  await form.getByLabel('File (CSV or XLSX)').setInputFiles({
    name: 'grid.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('region,kg_per_kwh\nnorth,0.4\n,0.25\nsouth,0.3\n'),
  });
  await form.getByRole('button', { name: 'Import' }).click();
  const badRow = form.locator('tr[data-row="3"]');
  await expect(badRow).toContainText("Row 3, column 'region': the key is empty");
  await expect(badRow.locator('td[data-column="region"]')).toHaveAttribute('aria-invalid', 'true');
  await expect(badRow.locator('td[data-column="kg_per_kwh"]')).toHaveText('0.25');

  await form.getByLabel('File (CSV or XLSX)').setInputFiles({
    name: 'grid.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('region,kg_per_kwh\nnorth,0.4\neast,0.25\nsouth,0.3\n'),
  });
  await form.getByRole('button', { name: 'Import' }).click();
  const dataset = page.locator(`[data-dataset="${name}"]`);
  await expect(dataset).toContainText('1 version, newest as of 2024-01-01, 3 rows');
  await expect(dataset.getByRole('table')).toContainText('east');
  await expect(form.locator('tr[data-row]')).toHaveCount(0);
});

test('create from a template, then move and rename it in the file tree with the keyboard', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signInThroughApi(page, CALCULATION_PAGES_REALM, ADMIN);
  const name = `supplier-${run}`;

  await page.goto('/calc-editor/templates');
  await page
    .getByRole('button', { name: 'Create from template: Supplier-specific: purchased products' })
    .click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByRole('button', { name: 'Create and open' }).click();
  await expect(page).toHaveURL(/\/calc-editor\?calculation=[0-9a-f-]{36}$/);

  await page.goto('/calc-editor/FileTree');
  const arrange = page.getByRole('button', { name: 'Arrange by scope and category' });
  if (await arrange.isEnabled()) {
    await arrange.click();
    // Two dozen folders on a shared machine: more than the default wait.
    await expect(page.getByText(/Created \d+ folders?\./)).toBeVisible({ timeout: 30_000 });
  }
  const tree = page.getByRole('tree', { name: 'Calculations by folder' });
  const item = tree.getByRole('treeitem', { name: new RegExp(`^∑? ?${name}\\b`) });
  await expect(item).toContainText('v1 draft, tests passing');

  // Keyboard only from here: focus the tree's first row, walk down to the calculation.
  await tree.getByRole('treeitem').first().focus();
  for (
    let step = 0;
    step < 200 && !(await item.evaluate((element) => element === document.activeElement));
    step += 1
  ) {
    await page.keyboard.press('ArrowDown');
  }
  await expect(item).toBeFocused();
  await page.keyboard.press('m');
  const move = page.getByRole('dialog', { name: `Move ${name} to…` });
  await move.getByLabel('Folder').focus();
  await move
    .getByLabel('Folder')
    .selectOption({ label: 'Scope 3 / Category 1: Purchased goods and services' });
  // From the folder list past Cancel to Move (Enter in a select does not submit its form).
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(move.getByRole('button', { name: 'Move', exact: true })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(move).toBeHidden();
  await expect(page.getByText(`Moved ${name}.`)).toBeVisible();
  await expect(item).toHaveAttribute('aria-level', '3');
  await expect(item).toBeFocused();

  // A name the realm has: the server's refusal (409 on body/name) shows under the field.
  const taken = `taken-${run}`;
  const created = await page.evaluate(
    async (body) =>
      (
        await fetch('/api/calculations', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        })
      ).status,
    { name: taken, formula: '1' },
  );
  expect(created).toBe(201);
  await page.keyboard.press('F2');
  const rename = page.getByRole('textbox', { name: `New name of ${name}` });
  await expect(rename).toBeFocused();
  await rename.fill(taken);
  await page.keyboard.press('Enter');
  await expect(
    page.getByRole('alert').filter({ hasText: 'The realm already has a calculation of this name' }),
  ).toBeVisible();
  await expect(rename).toHaveAttribute('aria-invalid', 'true');
  await rename.fill(`${name}-renamed`);
  await page.keyboard.press('Enter');
  const renamed = tree.getByRole('treeitem', { name: new RegExp(`${name}-renamed`) });
  await expect(renamed).toBeVisible();
  await expect(renamed).toHaveAttribute('aria-level', '3');
  await expect(renamed).toBeFocused();
});
