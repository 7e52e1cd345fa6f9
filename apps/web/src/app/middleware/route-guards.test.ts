import {
  findRoute,
  type ApplicationConfig,
  type EvaluatedFeatureFlag,
  type User,
  type RouteDefinition,
  type RouteId,
  type Session,
} from '@ecc/contracts';
import { describe, expect, it, vi } from 'vitest';
import { createRedirectCookie } from '../../lib/session/redirect-cookie.ts';
import { alternateHomeMiddleware } from './alternate-home-middleware.ts';
import { authMiddleware } from './auth-middleware.ts';
import { featureFlagsMiddleware } from './feature-flags-middleware.ts';
import { licencesMiddleware } from './licences-middleware.ts';
import { planFallbackToast, planMiddleware } from './plan-middleware.ts';
import type { MiddlewareContext } from './route-middleware.ts';

const ACTIVE_SESSION: Session = { email: 'demo@example.com', tokenExpr: Math.floor(Date.now() / 1000) + 600 };
const EXPIRED_SESSION: Session = { email: 'demo@example.com', tokenExpr: Math.floor(Date.now() / 1000) - 1 };

/** A cookie jar that behaves like document.cookie for one path: set and delete by assignment. */
function createCookieJar(initial: Record<string, string> = {}) {
  const values = new Map(Object.entries(initial));
  const writes: string[] = [];
  return {
    writes,
    get cookie() {
      return [...values].map(([name, value]) => `${name}=${value}`).join('; ');
    },
    set cookie(assignment: string) {
      writes.push(assignment);
      const [pair = '', ...attributes] = assignment.split(';').map((part) => part.trim());
      const [name = '', value = ''] = pair.split('=');
      if (attributes.includes('Max-Age=0')) values.delete(name);
      else values.set(name, value);
    },
  };
}

interface ContextOptions {
  path?: string;
  session?: Session | null;
  application?: Partial<ApplicationConfig>;
  cookies?: Record<string, string>;
  route?: RouteDefinition;
  user?: User | null;
  evaluatedFlags?: EvaluatedFeatureFlag[];
}

function guardContext(routeId: RouteId, options: ContextOptions = {}) {
  const route = options.route ?? findRoute(routeId);
  const path = options.path ?? route.path;
  const jar = createCookieJar(options.cookies);
  const loadSession = vi.fn(async () => options.session ?? null);
  const notify = vi.fn();
  const loadUser = vi.fn(async () => options.user ?? null);
  const loadEvaluatedFeatureFlags = vi.fn(async () => options.evaluatedFlags ?? []);
  const context: MiddlewareContext = {
    route,
    pathname: path.split('?')[0] ?? path,
    href: path,
    loadSession,
    loadApplication: async () => ({
      name: 'ECC',
      authSessionLength: 1800,
      plan: 'CORE',
      ...options.application,
    }),
    loadUser,
    loadEvaluatedFeatureFlags,
    redirectCookie: createRedirectCookie(jar),
    notify,
  };
  return { context, jar, loadSession, notify, loadUser, loadEvaluatedFeatureFlags };
}

describe('the auth guard', () => {
  it('sends a signed-out user to /login and saves the attempted path in the redirect cookie', async () => {
    const { context, jar } = guardContext('benchmarks', { path: '/benchmarks?year=2025' });
    expect(await authMiddleware(context)).toEqual({ redirectTo: '/login' });
    expect(jar.writes).toEqual(['redirect=%2Fbenchmarks%3Fyear%3D2025; path=/; SameSite=Lax']);
    expect(context.redirectCookie.read()).toBe('/benchmarks?year=2025');
  });

  it('treats an expired session as signed out', async () => {
    const { context } = guardContext('profile', { session: EXPIRED_SESSION });
    expect(await authMiddleware(context)).toEqual({ redirectTo: '/login' });
  });

  it.each(['/', '/logout'] as const)('does not save %s as the redirect', async (path) => {
    const { context, jar } = guardContext(path === '/' ? 'home' : 'logout');
    expect(await authMiddleware(context)).toEqual({ redirectTo: '/login' });
    expect(jar.writes).toEqual([]);
  });

  it('lets anyone open a route marked auth-false without asking for the session', async () => {
    const { context, loadSession } = guardContext('about');
    expect(await authMiddleware(context)).toBeUndefined();
    expect(loadSession).not.toHaveBeenCalled();
  });

  it('lets a signed-out user stay on /login', async () => {
    const { context } = guardContext('login');
    expect(await authMiddleware(context)).toBeUndefined();
  });

  it('sends a signed-in user on /login to the saved redirect', async () => {
    const { context } = guardContext('login', {
      session: ACTIVE_SESSION,
      cookies: { redirect: '%2Fpathways' },
    });
    expect(await authMiddleware(context)).toEqual({ redirectTo: '/pathways', isReplace: true });
  });

  it('sends a signed-in user on /login home when nothing was saved, to the alternate home when configured', async () => {
    const plain = guardContext('login', { session: ACTIVE_SESSION });
    expect(await authMiddleware(plain.context)).toEqual({ redirectTo: '/', isReplace: true });
    const configured = guardContext('login', {
      session: ACTIVE_SESSION,
      application: { alternateHomePath: '/launcher' },
    });
    expect(await authMiddleware(configured.context)).toEqual({ redirectTo: '/launcher', isReplace: true });
  });

  it('never follows a saved redirect that leaves the site', async () => {
    const { context } = guardContext('login', {
      session: ACTIVE_SESSION,
      cookies: { redirect: '%2F%2Fevil.example' },
    });
    expect(await authMiddleware(context)).toEqual({ redirectTo: '/', isReplace: true });
  });

  it('clears the redirect cookie once the saved target is reached, and only then', async () => {
    const elsewhere = guardContext('profile', {
      session: ACTIVE_SESSION,
      cookies: { redirect: '%2Fpathways' },
    });
    expect(await authMiddleware(elsewhere.context)).toBeUndefined();
    expect(elsewhere.context.redirectCookie.read()).toBe('/pathways');

    const target = guardContext('pathways', {
      session: ACTIVE_SESSION,
      cookies: { redirect: '%2Fpathways' },
    });
    expect(await authMiddleware(target.context)).toBeUndefined();
    expect(target.jar.writes).toEqual(['redirect=; path=/; SameSite=Lax; Max-Age=0']);
    expect(target.context.redirectCookie.read()).toBeUndefined();
  });
});

describe('the plan guard', () => {
  it('lets a route without plans through without loading the application', async () => {
    const { context } = guardContext('launcher');
    const loadApplication = vi.spyOn(context, 'loadApplication');
    expect(await planMiddleware(context)).toBeUndefined();
    expect(loadApplication).not.toHaveBeenCalled();
  });

  it('lets a plan in the list through', async () => {
    const { context, notify } = guardContext('benchmarks', { application: { plan: 'CORE' } });
    expect(await planMiddleware(context)).toBeUndefined();
    expect(notify).not.toHaveBeenCalled();
  });

  it('sends a plan outside the list to the launcher with a warning naming the feature and its plans', async () => {
    const { context, notify } = guardContext('reporting-analysis', { application: { plan: 'simple' } });
    expect(await planMiddleware(context)).toEqual({ redirectTo: '/launcher' });
    expect(notify).toHaveBeenCalledWith({
      variant: 'warning',
      title: 'Reporting and analysis is not part of your plan',
      description: 'It is included in the EQT or Paid plans.',
    });
  });

  it('sends an application without a plan to the launcher when the route names plans', async () => {
    const { context } = guardContext('equipment-manager-admin', { application: { plan: undefined } });
    expect(await planMiddleware(context)).toEqual({ redirectTo: '/launcher' });
  });

  it('lists every plan with its label', () => {
    expect(planFallbackToast('Benchmarks', ['paid', 'UPPER_MANTLE', 'CORE']).description).toBe(
      'It is included in the Paid, Upper mantle, or Core plans.',
    );
  });
});

describe('the feature-flag guard', () => {
  it('sends the user to / when a required flag is missing from the list', async () => {
    const { context } = guardContext('context-ai', { application: { 'feature-flags': 'reports, pathways' } });
    expect(await featureFlagsMiddleware(context)).toEqual({ redirectTo: '/' });
  });

  it('lets the user through when every required flag is listed', async () => {
    const { context } = guardContext('context-ai', {
      application: { 'feature-flags': 'reports,ai-assistant' },
    });
    expect(await featureFlagsMiddleware(context)).toBeUndefined();
  });
});

describe('the feature-flag guard with flag definitions', () => {
  const targeted: EvaluatedFeatureFlag = {
    key: 'ai-assistant',
    value: true,
    variant: 'on',
    reason: 'TARGETING_MATCH',
  };

  it('counts a flag whose definition evaluates true for the signed-in user as present', async () => {
    const { context } = guardContext('context-ai', { session: ACTIVE_SESSION, evaluatedFlags: [targeted] });
    expect(await featureFlagsMiddleware(context)).toBeUndefined();
  });

  it('sends the user to / when the definition evaluates false', async () => {
    const { context } = guardContext('context-ai', {
      session: ACTIVE_SESSION,
      evaluatedFlags: [{ ...targeted, value: false, variant: 'off' }],
    });
    expect(await featureFlagsMiddleware(context)).toEqual({ redirectTo: '/' });
  });

  it('asks for the definitions only when the list falls short, and never signed out', async () => {
    const listed = guardContext('context-ai', {
      session: ACTIVE_SESSION,
      application: { 'feature-flags': 'ai-assistant' },
    });
    expect(await featureFlagsMiddleware(listed.context)).toBeUndefined();
    expect(listed.loadEvaluatedFeatureFlags).not.toHaveBeenCalled();
    const signedOut = guardContext('context-ai', { evaluatedFlags: [targeted] });
    expect(await featureFlagsMiddleware(signedOut.context)).toEqual({ redirectTo: '/' });
    expect(signedOut.loadEvaluatedFeatureFlags).not.toHaveBeenCalled();
  });
});

describe('the licence guard', () => {
  const legal = {
    licences: [
      { id: 'eula', title: 'End-user licence', text: 'Be kind.' },
      { id: 'privacy', title: 'Privacy notice', text: 'We keep little.' },
    ],
  };
  const user = (licenses: Record<string, unknown>): User => ({
    id: '6a1f0f7e-4c1b-4c55-8f0e-5b2b0c1d2e3f',
    realm: 'acme',
    properties: { licensing: { licenses } },
  });

  it('sends a signed-in user with an unaccepted licence to /agreement, remembering the page', async () => {
    const { context } = guardContext('launcher', {
      session: ACTIVE_SESSION,
      application: { legal },
      user: user({ eula: { accepted: '2026-01-01T00:00:00.000Z' } }),
    });
    expect(await licencesMiddleware(context)).toEqual({ redirectTo: '/agreement?next=%2Flauncher' });
  });

  it('lets the user through once every configured licence is accepted', async () => {
    const { context } = guardContext('launcher', {
      session: ACTIVE_SESSION,
      application: { legal },
      user: user({ eula: { accepted: true }, privacy: { accepted: '2026-01-01T00:00:00.000Z' } }),
    });
    expect(await licencesMiddleware(context)).toBeUndefined();
  });

  it('never asks for the user in a realm without licences, signed out, or on the agreement itself', async () => {
    const none = guardContext('launcher', { session: ACTIVE_SESSION });
    expect(await licencesMiddleware(none.context)).toBeUndefined();
    expect(none.loadUser).not.toHaveBeenCalled();
    const signedOut = guardContext('launcher', { application: { legal } });
    expect(await licencesMiddleware(signedOut.context)).toBeUndefined();
    expect(signedOut.loadUser).not.toHaveBeenCalled();
    for (const routeId of ['agreement', 'logout', 'about'] as const) {
      const exempt = guardContext(routeId, {
        session: ACTIVE_SESSION,
        application: { legal },
        user: user({}),
      });
      expect(await licencesMiddleware(exempt.context)).toBeUndefined();
    }
  });
});

describe('the alternate-home guard', () => {
  it('replace-redirects / to the alternate home path', async () => {
    const { context } = guardContext('home', { application: { alternateHomePath: '/benchmarks' } });
    expect(await alternateHomeMiddleware(context)).toEqual({ redirectTo: '/benchmarks', isReplace: true });
  });

  it('leaves / alone without one', async () => {
    const { context } = guardContext('home');
    expect(await alternateHomeMiddleware(context)).toBeUndefined();
  });
});
