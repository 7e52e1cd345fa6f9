import {
  decideRouteAccess,
  presentFeatureFlags,
  ROUTES,
  type ApplicationConfig,
  type RouteDefinition,
} from '@ecc/contracts';
import type { AccessAbility } from '@ecc/domain';
import { ROUTE_FEATURE_FLAG_KEYS, useTrueFeatureFlags } from '../feature-flags/use-true-feature-flags.ts';
import { canOpenRoute } from '../permissions/route-requirements.ts';
import { useAbility } from '../permissions/use-ability.ts';
import { useSession } from '../session/session-queries.ts';
import { useApplication } from './realm-queries.ts';

/**
 * Launcher features: routes with a description that the user's sign-in, plan, flags and rights let them open. A
 * flag counts when the application lists it or its definition evaluates true for the user, as in the route guard;
 * with an ability, a page whose content needs a right the user lacks is left out.
 */
export function allowedFeatureRoutes(
  routes: readonly RouteDefinition[],
  application: ApplicationConfig | undefined,
  isLoggedIn: boolean,
  trueFeatureFlags: ReadonlySet<string> = new Set(),
  ability?: AccessAbility,
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
      decideRouteAccess(route, routeLinkPath(route), context).type === 'allow' &&
      (ability === undefined || canOpenRoute(ability, route.id)),
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
  const { ability } = useAbility();
  return allowedFeatureRoutes(ROUTES, application, isLoggedIn, trueFeatureFlags, ability);
}
