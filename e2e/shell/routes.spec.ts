import { REDIRECT_COOKIE_NAME, ROUTES, type Plan, type RouteId } from '@ecc/contracts';
import type { Page } from '@playwright/test';
import {
  expectPathname,
  expectRouteTitle,
  signInWithForm,
  visibleToasts,
  wholeWord,
} from '../support/app-shell.ts';
import { expect, fetchSessionStatus, test } from '../support/fixtures.ts';
import { DEMO_REALM, NO_FLAG_REALM, PAID_REALM, SIMPLE_REALM, type E2eRealm } from '../support/realms.ts';

/**
 * The access rules of spec section 2, copied here by hand rather than read from the contracts' route table or
 * `decideRouteAccess`, so that a wrong table or a wrong guard fails these tests.
 */
interface SpecRule {
  /** Concrete visits of the route's own path, with valid parameters (an optional one both absent and present). */
  paths: readonly string[];
  aliases?: readonly string[];
  /** Marked auth-false: reachable signed out. */
  isAuthFree?: boolean;
  plans?: readonly Plan[];
  featureFlags?: readonly string[];
}

const BENCHMARK_PLANS: readonly Plan[] = [
  'paid',
  'UPPER_MANTLE',
  'MANTLE',
  'OUTER_CORE',
  'INNER_CORE',
  'CORE',
];
const PATHWAY_PLANS: readonly Plan[] = [
  'simple',
  'paid',
  'cot',
  'CRUST',
  'UPPER_MANTLE',
  'LOWER_MANTLE',
  'MANTLE',
  'OUTER_CORE',
  'INNER_CORE',
  'CORE',
];
const FACILITY_PLANS: readonly Plan[] = PATHWAY_PLANS.filter((plan) => plan !== 'simple');
const ANALYSIS_PLANS: readonly Plan[] = ['EQT', 'paid'];
/** How the plan toast names each plan: the specification's plan names, capitalised, written out here. */
const PLAN_NAMES: Record<Plan, string> = {
  simple: 'Simple',
  cot: 'COT',
  paid: 'Paid',
  EQT: 'EQT',
  CRUST: 'Crust',
  UPPER_MANTLE: 'Upper mantle',
  LOWER_MANTLE: 'Lower mantle',
  MANTLE: 'Mantle',
  OUTER_CORE: 'Outer core',
  INNER_CORE: 'Inner core',
  CORE: 'Core',
};
const EQUIPMENT_ID = '0b6f6f7e-3c1d-4c8a-9a3e-5d2f1e4b7c90';

const SPEC_RULES = {
  about: { paths: ['/about'], isAuthFree: true },
  home: { paths: ['/'] },
  login: { paths: ['/login'], isAuthFree: true },
  logout: { paths: ['/logout'] },
  profile: { paths: ['/profile'] },
  launcher: { paths: ['/launcher'] },
  agreement: { paths: ['/agreement'] },
  benchmarks: { paths: ['/benchmarks'], plans: BENCHMARK_PLANS },
  pathways: { paths: ['/pathways'], plans: PATHWAY_PLANS },
  'reporting-next': { paths: ['/reporting/next'], plans: ['paid'] },
  'context-ai': { paths: ['/context-ai'], plans: ['paid'], featureFlags: ['ai-assistant'] },
  lighttouch: { paths: ['/lighttouch'], aliases: ['/pathwayoptimizer'], plans: ['paid'] },
  advancedghg: { paths: ['/advancedghg'], plans: ['paid'] },
  'calc-editor': { paths: ['/calc-editor'] },
  'calc-editor-drakon': { paths: ['/calc-editor/drakon'] },
  'calc-editor-examples': { paths: ['/calc-editor/examples'] },
  'calc-editor-constants': { paths: ['/calc-editor/constants'] },
  'calc-editor-file-tree': { paths: ['/calc-editor/FileTree'] },
  'calc-editor-templates': { paths: ['/calc-editor/templates'] },
  'calc-editor-icons': { paths: ['/calc-editor/CalculationsIcon'] },
  knowledgegraph: { paths: ['/knowledgegraph'] },
  'knowledgegraph-3d': { paths: ['/knowledgegraph/3d'] },
  facility: { paths: ['/facility/next', '/facility/next/north-plant'], plans: FACILITY_PLANS },
  'emission-factors': { paths: ['/emission-factors'], plans: FACILITY_PLANS },
  'equipment-manager': { paths: ['/equipment-manager'] },
  'equipment-manager-admin': { paths: ['/equipment-manager/admin'], plans: ['CORE'] },
  'equipment-edit': { paths: [`/equipment-manager/boiler/${EQUIPMENT_ID}/edit`] },
  'equipment-view': { paths: [`/equipment-manager/boiler/${EQUIPMENT_ID}/view`] },
  'equipment-new': { paths: [`/equipment-manager/site/${EQUIPMENT_ID}/boiler/new`] },
  'reporting-analysis': { paths: ['/reporting/analysis'], plans: ANALYSIS_PLANS },
  'reporting-analysis-report': { paths: ['/reporting/analysis/report'], plans: ANALYSIS_PLANS },
  'feature-flags': { paths: ['/management/feature-flags'] },
  'invite-manager': { paths: ['/admin/invite-manager'] },
  'realm-admin': { paths: ['/admin/realm'] },
  'invite-accept': { paths: ['/invite/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA'], isAuthFree: true },
} as const satisfies Record<RouteId, SpecRule>;

/** Paths never saved as the post-login redirect (spec section 4). */
const UNSAVED_REDIRECT_PATHS = ['/', '/logout'];

type Landing =
  | { type: 'stays'; title: string }
  | { type: 'login'; savedRedirects: readonly (string | undefined)[] }
  | { type: 'launcher'; plans: readonly Plan[] }
  | { type: 'home' };

interface Visit {
  routeId: RouteId;
  path: string;
  /**
   * The paths the browser may show for this visit: an alias may keep its own URL (vue-router's meaning) or
   * be replaced by its route's path; either shows the same page.
   */
  acceptedPaths: readonly string[];
  rule: SpecRule;
  title: string;
}

const VISITS: readonly Visit[] = ROUTES.flatMap((route) => {
  const rule: SpecRule = SPEC_RULES[route.id];
  const visit = (path: string, acceptedPaths: readonly string[]) => ({
    routeId: route.id,
    path,
    acceptedPaths,
    rule,
    title: route.title,
  });
  return [
    ...rule.paths.map((path) => visit(path, [path])),
    ...(rule.aliases ?? []).map((alias) => visit(alias, [alias, route.path])),
  ];
});

function expectedLanding(visit: Visit, realm: E2eRealm, isSignedIn: boolean): Landing {
  const { rule, path } = visit;
  if (!isSignedIn) {
    if (rule.isAuthFree) return { type: 'stays', title: visit.title };
    return {
      type: 'login',
      savedRedirects: UNSAVED_REDIRECT_PATHS.includes(path) ? [undefined] : visit.acceptedPaths,
    };
  }
  if (visit.routeId === 'login') return { type: 'home' };
  if (rule.plans && !rule.plans.includes(realm.plan)) return { type: 'launcher', plans: rule.plans };
  if (rule.featureFlags?.some((flag) => !realm.featureFlags.includes(flag))) return { type: 'home' };
  return { type: 'stays', title: visit.title };
}

async function redirectCookie(page: Page): Promise<string | undefined> {
  const cookie = (await page.context().cookies()).find(({ name }) => name === REDIRECT_COOKIE_NAME);
  return cookie === undefined ? undefined : decodeURIComponent(cookie.value);
}

async function expectLanding(page: Page, visit: Visit, landing: Landing): Promise<void> {
  switch (landing.type) {
    case 'stays':
      await expectRouteTitle(page, landing.title);
      expect(visit.acceptedPaths).toContain(new URL(page.url()).pathname);
      return;
    case 'login':
      await expectPathname(page, '/login');
      await expect(page.getByLabel('Password')).toBeVisible();
      expect(landing.savedRedirects).toContain(await redirectCookie(page));
      return;
    case 'launcher': {
      await expectPathname(page, '/launcher');
      await expectRouteTitle(page, 'Launcher');
      let toastNamingPlans = visibleToasts(page);
      for (const plan of landing.plans) {
        toastNamingPlans = toastNamingPlans.filter({ hasText: wholeWord(PLAN_NAMES[plan]) });
      }
      await expect(toastNamingPlans).toHaveCount(1);
      await expect(toastNamingPlans).toHaveAttribute('data-variant', 'warning');
      return;
    }
    case 'home':
      await expectPathname(page, '/');
      await expectRouteTitle(page, 'Home');
      return;
  }
}

test('the rule table covers every route of ROUTES, its parameters and its aliases', () => {
  for (const route of ROUTES) {
    const rule: SpecRule = SPEC_RULES[route.id];
    const pattern = route.path.replace(/\/\{-\$\w+\}/g, '(?:/[^/]+)?').replace(/\$\w+/g, '[^/]+');
    for (const path of rule.paths) expect(path, route.id).toMatch(new RegExp(`^${pattern}$`));
    expect(rule.aliases ?? [], route.id).toEqual([...('aliases' in route ? route.aliases : [])]);
  }
});

const SIGNED_OUT_REALMS = [DEMO_REALM, SIMPLE_REALM];
const isPlanOrFlagGated = ({ rule }: Visit) => rule.plans !== undefined || rule.featureFlags !== undefined;
// Every route on the CORE and simple realms; on the paid realm only the routes its plan or flags decide.
const SIGNED_IN_SCENARIOS = [
  { realm: DEMO_REALM, visits: VISITS },
  { realm: SIMPLE_REALM, visits: VISITS },
  { realm: PAID_REALM, visits: VISITS.filter(isPlanOrFlagGated) },
];

for (const realm of SIGNED_OUT_REALMS) {
  test.describe(`signed out on ${realm.key} (plan ${realm.plan})`, () => {
    test.use({ realm, isSignedIn: false });
    for (const visit of VISITS) {
      const landing = expectedLanding(visit, realm, false);
      test(`${visit.path} → ${landing.type === 'stays' ? 'stays' : '/login'}`, async ({ sharedPage }) => {
        await sharedPage.goto(visit.path);
        await expectLanding(sharedPage, visit, landing);
      });
    }
  });
}

for (const { realm, visits } of SIGNED_IN_SCENARIOS) {
  test.describe(`signed in on ${realm.key} (plan ${realm.plan})`, () => {
    test.use({ realm, isSignedIn: true });
    // Signing out ends the worker's shared session; /logout has its own test below.
    for (const visit of visits.filter(({ routeId }) => routeId !== 'logout')) {
      const landing = expectedLanding(visit, realm, true);
      const target = { stays: 'stays', login: '/login', launcher: '/launcher', home: '/' }[landing.type];
      test(`${visit.path} → ${target}`, async ({ sharedPage }) => {
        await sharedPage.goto(visit.path);
        await expectLanding(sharedPage, visit, landing);
      });
    }
  });
}

test.describe('signed in on a paid realm without the ai-assistant flag', () => {
  test.use({ realm: NO_FLAG_REALM, isSignedIn: true });

  test('/context-ai → / because the required feature flag is missing', async ({ page }) => {
    await page.goto('/context-ai');
    await expectPathname(page, '/');
    await expectRouteTitle(page, 'Home');
  });
});

test.describe('signed in on the demo realm', () => {
  test.use({ realm: DEMO_REALM, isSignedIn: true });

  test('a parameter that fails validation is a fatal 404 naming the path', async ({ page }) => {
    const path = '/equipment-manager/boiler/not-a-uuid/view';
    const response = await page.goto(path);
    expect(response?.status()).toBe(404);
    await expect(page.getByText(`Page Not Found: ${path}`)).toBeVisible();
  });

  test('an unknown path is served with status 404 and shows "Page not found" with the path', async ({
    page,
  }) => {
    const path = '/no-such-page/here';
    const response = await page.goto(path);
    expect(response?.status()).toBe(404);
    await expect(page.getByText(`Page not found: ${path}`)).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeVisible();
  });
});

test.describe('redirects around sign-in', () => {
  test.use({ realm: DEMO_REALM, isSignedIn: false });

  test('signing in after a saved redirect lands on it and clears the cookie', async ({ page }) => {
    await page.goto('/knowledgegraph/3d');
    await expectPathname(page, '/login');
    expect(await redirectCookie(page)).toBe('/knowledgegraph/3d');

    await signInWithForm(page, DEMO_REALM.member);
    await expectPathname(page, '/knowledgegraph/3d');
    await expectRouteTitle(page, 'Knowledge graph 3D');
    await expect.poll(() => redirectCookie(page)).toBeUndefined();
  });

  test('/logout signed in signs out, lands on /login and ends the session', async ({ page }) => {
    await page.goto('/login');
    await signInWithForm(page, DEMO_REALM.member);
    await expectRouteTitle(page, 'Home');
    expect(await fetchSessionStatus(page)).toBe(200);

    await page.goto('/logout');
    await expectPathname(page, '/login');
    await expect(page.getByLabel('Password')).toBeVisible();
    await expect.poll(() => fetchSessionStatus(page)).toBe(401);
    expect(await redirectCookie(page)).toBeUndefined();
  });
});
