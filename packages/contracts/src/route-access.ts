import type { Plan } from './plans.ts';
import type { RouteDefinition } from './routes.ts';

export interface RouteAccessContext {
  isLoggedIn: boolean;
  plan: Plan | undefined;
  /** Keys of the application's `feature-flags` list (and, later, flags that evaluate true for the user). */
  featureFlags: ReadonlySet<string>;
}

export type RouteAccessDecision =
  | { type: 'allow' }
  /** Signed out on a route not marked auth-false: to /login, saving the attempted path except for / and /logout. */
  | { type: 'login'; isRedirectSaved: boolean }
  /** The plan guard's fallback: /launcher, naming the plans that include the feature. */
  | { type: 'plan-fallback'; plans: readonly Plan[] }
  /** A required feature flag is missing: to /. */
  | { type: 'missing-feature-flags'; flags: readonly string[] };

/** Paths that are never saved as the post-login redirect (spec section 4). */
export const UNSAVED_REDIRECT_PATHS: readonly string[] = ['/', '/logout'];

export function isAuthRequired(route: Pick<RouteDefinition, 'auth'>): boolean {
  return route.auth !== false;
}

/** The plan guard of spec section 2. */
export function isPlanAllowed(plans: readonly Plan[] | undefined, plan: Plan | undefined): boolean {
  if (!plans || plans.length === 0) return true;
  return plan !== undefined && plans.includes(plan);
}

export function missingFeatureFlags(
  required: readonly string[] | undefined,
  present: ReadonlySet<string>,
): readonly string[] {
  return (required ?? []).filter((flag) => !present.has(flag));
}

/** The access rules of spec sections 2 and 4, in the order the guards run: auth, plan, feature flags. */
export function decideRouteAccess(
  route: Pick<RouteDefinition, 'auth' | 'plans' | 'featureFlags'>,
  pathname: string,
  context: RouteAccessContext,
): RouteAccessDecision {
  if (isAuthRequired(route) && !context.isLoggedIn) {
    return { type: 'login', isRedirectSaved: !UNSAVED_REDIRECT_PATHS.includes(pathname) };
  }
  if (!isPlanAllowed(route.plans, context.plan)) {
    return { type: 'plan-fallback', plans: route.plans ?? [] };
  }
  const missing = missingFeatureFlags(route.featureFlags, context.featureFlags);
  if (missing.length > 0) return { type: 'missing-feature-flags', flags: missing };
  return { type: 'allow' };
}
