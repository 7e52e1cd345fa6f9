import type { GraphResponse } from '@ecc/contracts';
import { expectPathname } from '../support/app-shell.ts';
import { expect, signInThroughApi, test } from '../support/fixtures.ts';
import { DEMO_REALM } from '../support/realms.ts';

/*
 * The 2D knowledge graph on the demo realm: from a factor found by search to the facilities whose records use
 * it (expanding, clicking through), the side panel's link to the facility view, and the path between two nodes.
 * Which factor and facility are read from the API first, so the walk follows what the tables hold.
 */

test('a user searches a factor, walks to a facility that uses it, sees the path, and opens the facility view', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signInThroughApi(page, DEMO_REALM);
  await page.goto('/knowledgegraph');
  await expect(page.getByRole('heading', { level: 1, name: 'Knowledge graph' })).toBeVisible();
  // The first drawing loads elkjs (1.4 MB) before it lays the graph out.
  await expect(page.getByTestId('graph-canvas')).toBeVisible({ timeout: 30_000 });

  // A facility of the realm, a record of it and the factor the record uses.
  const lineage = await page.evaluate(async () => {
    const get = async (query: string) => (await (await fetch(`/api/graph?${query}`)).json()) as GraphResponse;
    const organisation = await get('depth=2&types=business-unit,facility&limit=500');
    const facility = organisation.nodes.find((node) => node.type === 'facility')!;
    const around = await get(
      `focus=${encodeURIComponent(facility.id)}&depth=2&types=activity-record,emission-factor&limit=500`,
    );
    const factor = around.nodes.find((node) => node.type === 'emission-factor')!;
    return { facility, factor };
  });
  const factorVersion = String(lineage.factor.data['version']);

  await test.step('search the factor and focus it', async () => {
    const search = page.getByRole('combobox', { name: 'Find a node' });
    await search.fill(lineage.factor.label);
    const option = page
      .getByRole('listbox', { name: 'Nodes found' })
      .getByRole('option')
      .filter({ hasText: lineage.factor.label })
      .filter({ hasText: factorVersion })
      .first();
    await expect(option).toBeVisible();
    await search.press('ArrowDown');
    await option.click();
    await expect(page).toHaveURL(/focus=emission-factor/);
    await expect(
      page.getByRole('button', { name: `Emission factor: ${lineage.factor.label}` }),
    ).toBeVisible();
  });

  await test.step('expand towards the records and the facility that uses the factor', async () => {
    const canvas = page.getByTestId('graph-canvas');
    const summary = canvas.getByRole('button', { name: /^Summary of activity records/ });
    if ((await summary.count()) > 0) {
      // More records than fit: the summary shows them page by page.
      await summary.first().click();
      await page.getByRole('button', { name: 'Show these' }).click();
    }
    const facilityNode = canvas.locator(`[data-node-id="${lineage.facility.id}"]`);
    if ((await facilityNode.count()) === 0) {
      // Expand records until the facility appears (each record sits at one facility).
      const records = canvas.getByRole('button', { name: /^Activity record:/ });
      await expect(records.first()).toBeVisible();
      const recordCount = await records.count();
      for (let index = 0; index < recordCount && (await facilityNode.count()) === 0; index += 1) {
        await records.nth(index).focus();
        await page.keyboard.press('+');
        await expect(page.getByRole('status').filter({ hasText: /^Expanded / })).toBeVisible();
      }
    }
    await expect(facilityNode).toBeVisible();
    await facilityNode.click();
    const panel = page.getByRole('region', { name: lineage.facility.label });
    await expect(panel).toBeVisible();
    await expect(panel.getByText('Facility', { exact: true })).toBeVisible();
  });

  await test.step('the path from the facility to the factor is highlighted', async () => {
    await page.getByRole('button', { name: 'Path from here' }).click();
    await page
      .getByTestId('graph-canvas')
      .getByRole('button', { name: `Emission factor: ${lineage.factor.label}` })
      .first()
      .click();
    await page.getByRole('button', { name: 'Path to here' }).click();
    const status = page.getByTestId('graph-path');
    await expect(status).toContainText(/Path of \d+ steps?:/);
    await expect(status).toContainText(lineage.facility.label);
    const highlighted = page.getByTestId('graph-canvas').locator('[data-node-id][data-on-path]');
    expect(await highlighted.count()).toBeGreaterThanOrEqual(3);
    await expect(
      page.getByTestId('graph-canvas').locator('[data-edge][data-on-path]').first(),
    ).toBeAttached();
  });

  await test.step('the side panel links to the facility view', async () => {
    await page.getByTestId('graph-canvas').locator(`[data-node-id="${lineage.facility.id}"]`).click();
    await page.getByRole('link', { name: 'Open the facility view' }).click();
    await expectPathname(page, `/facility/next/${String(lineage.facility.data['slug'])}`);
    await expect(page.getByRole('heading', { level: 1, name: lineage.facility.label })).toBeVisible();
  });
});

test('a link to a node of no realm says so', async ({ page }) => {
  await signInThroughApi(page, DEMO_REALM);
  await page.goto('/knowledgegraph?focus=facility:2f1c0d4e-0000-4000-8000-000000000000');
  await expect(page.getByRole('heading', { name: 'That node is not in this realm' })).toBeVisible();
  await page.getByRole('button', { name: 'Show the realm' }).click();
  // The first drawing loads elkjs (1.4 MB) before it lays the graph out.
  await expect(page.getByTestId('graph-canvas')).toBeVisible({ timeout: 30_000 });
});

test('the graph zooms around the pointer, pans by dragging and from the keyboard, fits, and keeps the focused node in view', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signInThroughApi(page, DEMO_REALM);
  await page.goto('/knowledgegraph');
  const canvas = page.getByTestId('graph-canvas');
  // The first drawing loads elkjs (1.4 MB) before it lays the graph out.
  await expect(canvas).toBeVisible({ timeout: 30_000 });
  const fittedScale = Number(await canvas.getAttribute('data-scale'));
  const realm = canvas.locator('[data-node-id^="realm:"]');
  const centreOf = async () => {
    // The pointer can only reach what the window shows.
    await realm.scrollIntoViewIfNeeded();
    const box = (await realm.boundingBox())!;
    return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  };

  await test.step('the wheel zooms in around the pointer: the node under it stays there', async () => {
    const before = await centreOf();
    await page.mouse.move(before.x, before.y);
    await page.mouse.wheel(0, -300);
    await expect
      .poll(async () => Number(await canvas.getAttribute('data-scale')))
      .toBeGreaterThan(fittedScale);
    const after = await centreOf();
    expect(Math.abs(after.x - before.x)).toBeLessThan(3);
    expect(Math.abs(after.y - before.y)).toBeLessThan(3);
  });

  await test.step('dragging moves the drawing with the pointer', async () => {
    const before = await centreOf();
    await page.mouse.move(before.x, before.y);
    await page.mouse.down();
    await page.mouse.move(before.x - 80, before.y + 40, { steps: 8 });
    await page.mouse.up();
    const after = await centreOf();
    expect(Math.abs(after.x - (before.x - 80))).toBeLessThan(3);
    expect(Math.abs(after.y - (before.y + 40))).toBeLessThan(3);
    // A drag is not a click: no node's details opened.
    await expect(page.getByRole('button', { name: 'Path from here' })).toHaveCount(0);
  });

  await test.step('Fit shows the whole graph again', async () => {
    await page.getByRole('toolbar', { name: 'Zoom and pan' }).getByRole('button', { name: 'Fit' }).click();
    await expect(canvas).toHaveAttribute('data-scale', fittedScale.toFixed(3));
  });

  await test.step('Ctrl+= zooms in, Ctrl+- out and 0 fits, while + and - stay the node’s', async () => {
    await realm.focus();
    await page.keyboard.press('Control+Equal');
    await expect
      .poll(async () => Number(await canvas.getAttribute('data-scale')))
      .toBeGreaterThan(fittedScale);
    await page.keyboard.press('Control+Minus');
    await expect(canvas).toHaveAttribute('data-scale', fittedScale.toFixed(3));
    await page.keyboard.press('Control+Equal');
    await page.keyboard.press('0');
    await expect(canvas).toHaveAttribute('data-scale', fittedScale.toFixed(3));
    await expect(realm).toBeFocused();
  });

  await test.step('a node reached by the arrows is brought into view', async () => {
    const frame = (await canvas.boundingBox())!;
    // Shift+arrows move the view until the realm and its neighbours are far outside the frame.
    for (let press = 0; press < 40; press += 1) await page.keyboard.press('Shift+ArrowRight');
    const gone = await centreOf();
    expect(gone.x < frame.x || gone.x > frame.x + frame.width).toBe(true);
    const focusedNodeId = () =>
      page.evaluate(() => document.activeElement?.getAttribute('data-node-id') ?? undefined);
    const start = await focusedNodeId();
    for (const key of ['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown']) {
      await page.keyboard.press(key);
      if ((await focusedNodeId()) !== start) break;
    }
    const reached = await focusedNodeId();
    expect(reached).not.toBe(start);
    const box = (await canvas.locator(`[data-node-id="${reached}"]`).boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(frame.x);
    expect(box.x + box.width).toBeLessThanOrEqual(frame.x + frame.width);
    expect(box.y).toBeGreaterThanOrEqual(frame.y);
    expect(box.y + box.height).toBeLessThanOrEqual(frame.y + frame.height);
  });
});
