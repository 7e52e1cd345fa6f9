import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PLANS, type Plan } from './plans.ts';
import { decideRouteAccess, isPlanAllowed } from './route-access.ts';
import { findRoute, ROUTE_MIDDLEWARE, ROUTES } from './routes.ts';

const planArbitrary = fc.option(fc.constantFrom(...PLANS), { nil: undefined });
const planListArbitrary = fc.uniqueArray(fc.constantFrom(...PLANS));

describe('plan guard', () => {
  it('lets anyone through a route with no plan list', () => {
    fc.assert(
      fc.property(planArbitrary, (plan) => {
        expect(isPlanAllowed([], plan)).toBe(true);
        expect(isPlanAllowed(undefined, plan)).toBe(true);
      }),
    );
  });

  it('sends away an application without a plan, or with a plan outside the list', () => {
    fc.assert(
      fc.property(planListArbitrary, planArbitrary, (plans, plan) => {
        const expected = plans.length === 0 || (plan !== undefined && plans.includes(plan));
        expect(isPlanAllowed(plans, plan)).toBe(expected);
      }),
      { numRuns: 5000 },
    );
  });
});

describe('route access', () => {
  const signedIn = (plan: Plan | undefined, flags: string[] = []) => ({
    isLoggedIn: true,
    plan,
    featureFlags: new Set(flags),
  });
  const signedOut = { isLoggedIn: false, plan: 'CORE' as const, featureFlags: new Set<string>() };

  it('sends signed-out users to login, saving the path except for / and /logout', () => {
    expect(decideRouteAccess(findRoute('profile'), '/profile', signedOut)).toEqual({
      type: 'login',
      isRedirectSaved: true,
    });
    expect(decideRouteAccess(findRoute('home'), '/', signedOut)).toEqual({
      type: 'login',
      isRedirectSaved: false,
    });
    expect(decideRouteAccess(findRoute('logout'), '/logout', signedOut)).toEqual({
      type: 'login',
      isRedirectSaved: false,
    });
  });

  it('lets signed-out users reach the auth-false pages', () => {
    expect(decideRouteAccess(findRoute('login'), '/login', signedOut)).toEqual({ type: 'allow' });
    expect(decideRouteAccess(findRoute('about'), '/about', signedOut)).toEqual({ type: 'allow' });
  });

  it('checks the plan before the feature flags', () => {
    const contextAi = findRoute('context-ai');
    expect(decideRouteAccess(contextAi, '/context-ai', signedIn('CORE', ['ai-assistant']))).toEqual({
      type: 'plan-fallback',
      plans: ['paid'],
    });
    expect(decideRouteAccess(contextAi, '/context-ai', signedIn('paid'))).toEqual({
      type: 'missing-feature-flags',
      flags: ['ai-assistant'],
    });
    expect(decideRouteAccess(contextAi, '/context-ai', signedIn('paid', ['ai-assistant']))).toEqual({
      type: 'allow',
    });
  });

  it('keeps /equipment-manager/admin to the CORE plan', () => {
    const admin = findRoute('equipment-manager-admin');
    for (const plan of PLANS) {
      expect(decideRouteAccess(admin, '/equipment-manager/admin', signedIn(plan)).type).toBe(
        plan === 'CORE' ? 'allow' : 'plan-fallback',
      );
    }
  });
});

describe('route table', () => {
  it('mirrors every route of the specification', () => {
    expect(ROUTES.map((route) => route.path)).toEqual([
      '/about',
      '/',
      '/login',
      '/logout',
      '/profile',
      '/launcher',
      '/agreement',
      '/benchmarks',
      '/pathways',
      '/reporting/next',
      '/context-ai',
      '/lighttouch',
      '/advancedghg',
      '/calc-editor',
      '/calc-editor/drakon',
      '/calc-editor/examples',
      '/calc-editor/constants',
      '/calc-editor/FileTree',
      '/calc-editor/templates',
      '/calc-editor/CalculationsIcon',
      '/knowledgegraph',
      '/knowledgegraph/3d',
      '/facility/next/{-$slug}',
      '/emission-factors',
      '/equipment-manager',
      '/equipment-manager/admin',
      '/equipment-manager/$schema/$id/edit',
      '/equipment-manager/$schema/$id/view',
      '/equipment-manager/site/$id/$equipmentType/new',
      '/reporting/analysis',
      '/reporting/analysis/report',
      '/management/feature-flags',
      '/admin/invite-manager',
      '/admin/realm',
      '/invite/$token',
    ]);
  });

  it('names only known middleware and unique ids', () => {
    const known = new Set<string>(ROUTE_MIDDLEWARE);
    for (const route of ROUTES) {
      for (const name of 'middleware' in route ? route.middleware : []) expect(known.has(name)).toBe(true);
    }
    expect(new Set(ROUTES.map((route) => route.id)).size).toBe(ROUTES.length);
  });

  it('uses the layouts of the specification', () => {
    expect(findRoute('login')).toMatchObject({ layout: 'login', colorMode: 'dark', auth: false });
    expect(findRoute('logout').layout).toBe('login');
    expect(findRoute('agreement').layout).toBe(false);
    for (const id of ['equipment-manager', 'equipment-edit', 'equipment-view', 'equipment-new'] as const) {
      expect(findRoute(id).layout).toBe('equipment-manager');
    }
    expect(findRoute('lighttouch').aliases).toEqual(['/pathwayoptimizer']);
    expect(findRoute('invite-manager').clientOnly).toBe(true);
  });
});
