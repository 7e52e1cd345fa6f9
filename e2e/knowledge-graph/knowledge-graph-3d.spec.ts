import type { GraphResponse } from '@ecc/contracts';
import type { Page } from '@playwright/test';
import { expectRouteTitle } from '../support/app-shell.ts';
import { expect, signInThroughApi, test } from '../support/fixtures.ts';
import { DEMO_REALM, NO_FLAG_REALM } from '../support/realms.ts';

/*
 * The 3D overview of the realm's knowledge graph (issue 14 item 3) in Debian's Chromium, whose headless mode
 * draws WebGL in software (SwiftShader through ANGLE) without any extra switch. The canvas is proven drawn by its
 * WebGL context and the node count the view reports, compared with the API's answer; a cluster is opened through
 * the keyboard list beside the canvas (pointer picking on a moving layout is not something a test can aim at).
 */

async function overviewOf(page: Page): Promise<GraphResponse> {
  return page.evaluate(async () => {
    const response = await fetch('/api/graph?depth=4');
    if (!response.ok) throw new Error(`/api/graph answered ${response.status}`);
    return (await response.json()) as GraphResponse;
  });
}

test.describe('knowledge graph 3D on the demo realm', () => {
  test.use({ realm: DEMO_REALM });

  test('draws the whole realm with WebGL, opens a cluster from the list and shows its owner in the panel', async ({
    page,
  }) => {
    test.slow();
    await signInThroughApi(page, DEMO_REALM);
    const overview = await overviewOf(page);
    const clusters = overview.nodes.filter((node) => node.type === 'summary');
    const view = page.getByTestId('force-graph-view');

    await test.step('the canvas draws every node of the answer in a WebGL context', async () => {
      await page.goto('/knowledgegraph/3d');
      await expectRouteTitle(page, 'Knowledge graph 3D');
      await expect(view).toHaveAttribute('data-node-count', String(overview.nodes.length));
      await expect(view).toHaveAttribute('data-link-count', String(overview.edges.length));
      await expect(view).toHaveAttribute('data-has-webgl', 'true');
      const hasContext = await view
        .locator('canvas')
        .evaluate((canvas: HTMLCanvasElement) => canvas.getContext('webgl2') !== null);
      expect(hasContext).toBe(true);
      await expect(
        page.getByRole('img', { name: /^3D force layout of the realm's knowledge graph/ }),
      ).toBeVisible();
      await expect(page.getByTestId('graph-summary')).toHaveText(
        `${overview.nodes.length} nodes, ${overview.edges.length} edges, ${clusters.length} clusters`,
      );
      await expect(page.getByRole('list', { name: 'Legend: node colours by type' })).toContainText(
        'Facility (',
      );
    });

    await test.step('opening a facility’s records cluster puts its members in its place', async () => {
      const cluster = clusters.find((node) => node.data.memberType === 'activity-record');
      if (!cluster) throw new Error('The demo overview has no cluster of activity records');
      const owner = overview.nodes.find((node) => node.id === cluster.data.ownerId)!;
      const nodeCountBefore = overview.nodes.length;
      const open = page.getByRole('button', { name: `Open ${cluster.label} of ${owner.label}` });
      await open.focus();
      await page.keyboard.press('Enter');

      const details = page.getByRole('complementary', { name: 'Graph details' });
      await expect(details.getByRole('heading', { name: owner.label })).toBeVisible();
      await expect(details.getByRole('link', { name: 'Open in 2D' })).toHaveAttribute(
        'href',
        `/knowledgegraph?focus=${encodeURIComponent(owner.id)}`,
      );
      await expect(open).toHaveCount(0);
      await expect
        .poll(async () => Number(await view.getAttribute('data-node-count')))
        .toBeGreaterThan(nodeCountBefore - 1);
      const drawnCount = await view.getAttribute('data-node-count');
      await expect(page.getByTestId('graph-summary')).toContainText(`${drawnCount} nodes`);
    });

    await test.step('a node of the list opens the same panel', async () => {
      const lists = page.getByRole('navigation', { name: 'Clusters and nodes' });
      await lists.getByText(/^Facility \(\d+\)$/).click();
      const facility = overview.nodes.find((node) => node.type === 'facility')!;
      await lists.getByRole('button', { name: facility.label, exact: true }).click();
      await expect(
        page
          .getByRole('complementary', { name: 'Graph details' })
          .getByRole('heading', { name: facility.label }),
      ).toBeVisible();
    });
  });
});

test.describe('knowledge graph 3D without WebGL', () => {
  test.use({ realm: DEMO_REALM });

  test('says the browser cannot draw it and offers the 2D view and the lists', async ({ page }) => {
    await signInThroughApi(page, DEMO_REALM);
    // A browser without WebGL (turned off, or no GPU and no software fallback) is outside our system: the
    // canvas is made to refuse WebGL contexts, as such a browser does.
    await page.addInitScript(() => {
      const getContext = HTMLCanvasElement.prototype.getContext;
      HTMLCanvasElement.prototype.getContext = function (
        this: HTMLCanvasElement,
        kind: string,
        ...rest: never[]
      ) {
        return kind.startsWith('webgl') ? null : getContext.call(this, kind as '2d', ...rest);
      } as typeof getContext;
    });
    await page.goto('/knowledgegraph/3d');
    await expectRouteTitle(page, 'Knowledge graph 3D');
    await expect(page.getByText('This browser cannot draw the 3D view')).toBeVisible();
    await expect(page.getByRole('link', { name: '2D lineage view', exact: true })).toHaveAttribute(
      'href',
      '/knowledgegraph',
    );
    await expect(page.getByRole('navigation', { name: 'Clusters and nodes' })).toBeVisible();
    await expect(page.getByTestId('force-graph-view')).toHaveCount(0);
  });
});

test.describe('knowledge graph 3D of a realm without data', () => {
  test.use({ realm: NO_FLAG_REALM });

  test('says there is nothing to draw yet', async ({ page }) => {
    await signInThroughApi(page, NO_FLAG_REALM);
    await page.goto('/knowledgegraph/3d');
    await expectRouteTitle(page, 'Knowledge graph 3D');
    await expect(page.getByText('Nothing to draw yet')).toBeVisible();
    await expect(page.getByTestId('force-graph-view')).toHaveCount(0);
  });
});
