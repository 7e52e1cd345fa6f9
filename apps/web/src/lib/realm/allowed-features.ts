import {
  decideRouteAccess,
  presentFeatureFlags,
  ROUTES,
  type ApplicationConfig,
  type RouteDefinition,
} from '@ecc/contracts';
import { ROUTE_FEATURE_FLAG_KEYS, useTrueFeatureFlags } from '../feature-flags/use-true-feature-flags.ts';
import { useSession } from '../session/session-queries.ts';
import { useApplication } from './realm-queries.ts';

/**
 * Launcher features: routes with a description that the user's sign-in, plan and flags let them open. A flag
 * counts when the application lists it or its definition evaluates true for the user, as in the route guard.
 */
export function allowedFeatureRoutes(
  routes: readonly RouteDefinition[],
  application: ApplicationConfig | undefined,
  isLoggedIn: boolean,
  trueFeatureFlags: ReadonlySet<string> = new Set(),
): RouteDefinition[] {
  if (!application) return [];
  const context = {
    isLoggedIn,
    plan: application.plan,
    featureFlags: presentFeatureFlags(
      application['feature-flags'],
      [...trueFeatureFlags].map((key) => ({ key, value: true })),
    ),
  };
  return routes.filter(
    (route) =>
      route.description !== undefined &&
      decideRouteAccess(route, routeLinkPath(route), context).type === 'allow',
  );
}

/** The path a link to a route opens: optional parameters (`{-$slug}`) left out. */
export function routeLinkPath(route: Pick<RouteDefinition, 'path'>): string {
  return route.path.replace(/\/\{-\$[^}]+\}/g, '') || '/';
}

export function useAllowedFeatures(): RouteDefinition[] {
  const application = useApplication();
  const { isLoggedIn } = useSession();
  const trueFeatureFlags = useTrueFeatureFlags(ROUTE_FEATURE_FLAG_KEYS);
  return allowedFeatureRoutes(ROUTES, application, isLoggedIn, trueFeatureFlags);
}
