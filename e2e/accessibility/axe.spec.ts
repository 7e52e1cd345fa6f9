import AxeBuilder from '@axe-core/playwright';
import { ROUTES, type RouteDefinition } from '@ecc/contracts';
import type { Page } from '@playwright/test';
import { expectRouteTitle } from '../support/app-shell.ts';
import { expect, signInThroughApi, test } from '../support/fixtures.ts';
import { DEMO_REALM, PAID_REALM, type E2eRealm } from '../support/realms.ts';

/*
 * axe-core on every page of the route table (read from the contracts, so a new route is checked without an edit
 * here): no serious or critical WCAG 2.1 A/AA violation. Each page is visited where it renders in full: signed
 * out for auth-free pages, else signed in on a realm whose plan and flags reach it (the demo realm as its
 * administrator, who sees every control; the paid realm for the paid plan's pages).
 */

const DEMO_ADMINISTRATOR = { email: 'admin@example.com', password: 'admin-password' };
const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const BLOCKING_IMPACTS = new Set(['serious', 'critical']);
/**
 * How long a page may show its loading placeholders (each a `LoadingSkeleton` or spinner with role status) before
 * its content: as long as a user waits for it. A page that loads a heavy library on first use draws later than the
 * 10 s expect default on the shared machine: /knowledgegraph downloads and runs elkjs (1.4 MB) in the page's thread
 * before it lays out even 26 nodes, 6–11 s after its title at load 20; e2e/knowledge-graph allows its first
 * drawing the same 30 s.
 */
const CONTENT_TIMEOUT_MS = 30_000;
/** A well-formed invitation token no invitation has: the page shows its refusal, which must be accessible too. */
const UNKNOWN_INVITATION_TOKEN = 'a'.repeat(43);

interface DemoIds {
  facilitySlug: string;
  facilityId: string;
  equipmentId: string;
  equipmentType: string;
  /** A calculation of the demo realm, opened in the calculation editor and on the DRAKON page. */
  calculationId: string;
}

function realmFor(route: RouteDefinition): E2eRealm {
  const isOnDemoPlan = !route.plans || route.plans.includes(DEMO_REALM.plan);
  return isOnDemoPlan && !route.featureFlags?.length ? DEMO_REALM : PAID_REALM;
}

/** The paths that show the route's page: one per variant (an optional parameter both absent and present). */
function pathsOf(route: RouteDefinition, ids: DemoIds): string[] {
  switch (route.id) {
    case 'facility':
      return ['/facility/next', `/facility/next/${ids.facilitySlug}`];
    case 'equipment-edit':
      return [`/equipment-manager/${ids.equipmentType}/${ids.equipmentId}/edit`];
    case 'equipment-view':
      return [`/equipment-manager/${ids.equipmentType}/${ids.equipmentId}/view`];
    case 'equipment-new':
      return [`/equipment-manager/site/${ids.facilityId}/${ids.equipmentType}/new`];
    case 'calc-editor':
      return ['/calc-editor', `/calc-editor?calculation=${ids.calculationId}`];
    case 'calc-editor-drakon':
      return ['/calc-editor/drakon', `/calc-editor/drakon?calculation=${ids.calculationId}`];
    case 'invite-accept':
      return [`/invite/${UNKNOWN_INVITATION_TOKEN}`];
    default:
      if (route.path.includes('$')) throw new Error(`Give the route ${route.id} a path with its parameters`);
      return [route.path];
  }
}

async function loadDemoIds(page: Page): Promise<DemoIds> {
  return page.evaluate(async () => {
    const facilities = (await (await fetch('/api/facilities?limit=1')).json()) as {
      results: { id: string; slug: string }[];
    };
    const equipment = (await (await fetch('/api/equipment')).json()) as {
      results: { id: string; typeKey: string }[];
    };
    const calculations = (await (await fetch('/api/calculations')).json()) as {
      calculations: { id: string }[];
    };
    const facility = facilities.results[0];
    const item = equipment.results[0];
    const calculation = calculations.calculations[0];
    if (!facility || !item || !calculation) {
      throw new Error('The demo realm has no facility, no equipment or no calculation');
    }
    return {
      facilitySlug: facility.slug,
      facilityId: facility.id,
      equipmentId: item.id,
      equipmentType: item.typeKey,
      calculationId: calculation.id,
    };
  });
}

function describeViolations(results: Awaited<ReturnType<AxeBuilder['analyze']>>): string[] {
  return results.violations
    .filter((violation) => BLOCKING_IMPACTS.has(violation.impact ?? ''))
    .map(
      (violation) =>
        `${violation.impact} ${violation.id}: ${violation.help} (${violation.helpUrl})\n` +
        violation.nodes
          .map((node) => `    ${node.target.join(' ')}: ${node.failureSummary ?? ''}`)
          .join('\n'),
    );
}

test.describe('accessibility of every page (axe-core, WCAG 2.1 AA)', () => {
  let ids: DemoIds;
  test.beforeAll(async ({ browser }) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await signInThroughApi(page, DEMO_REALM, DEMO_ADMINISTRATOR);
    ids = await loadDemoIds(page);
    await context.close();
  });

  for (const route of ROUTES as readonly RouteDefinition[]) {
    test(`${route.id} (${route.path}) has no serious or critical violation`, async ({ browser }) => {
      // axe walks the whole DOM of each variant; the facility pages are large.
      test.slow();
      const realm = realmFor(route);
      const context = await browser.newContext();
      try {
        const page = await context.newPage();
        if (route.auth !== false) {
          await signInThroughApi(page, realm, realm === DEMO_REALM ? DEMO_ADMINISTRATOR : realm.member);
        }
        for (const path of pathsOf(route, ids)) {
          await page.goto(`${realm.origin}${path}`);
          // Signing out ends on the sign-in page, which is what is left to check.
          await expectRouteTitle(page, route.id === 'logout' ? 'Sign in' : route.title);
          // Data loads after the title: axe checks the page once no placeholder or spinner is left (the content a
          // user waits for is there), and once finite animations (a colour mode fading in) have ended, or it
          // measures colours half-way.
          const placeholders = page.locator('.animate-pulse, [role="status"][aria-label^="Loading"]');
          await expect(placeholders).toHaveCount(0, { timeout: CONTENT_TIMEOUT_MS });
          await page.evaluate(() =>
            Promise.all(
              document
                .getAnimations()
                .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
                .map((animation) => animation.finished.catch(() => undefined)),
            ),
          );
          const results = await new AxeBuilder({ page }).withTags(WCAG_21_AA).analyze();
          expect(describeViolations(results), `${realm.origin}${path}`).toEqual([]);
        }
      } finally {
        await context.close();
      }
    });
  }
});
