import {
  decideRouteAccess,
  parseFeatureFlagList,
  ROUTES,
  type ApplicationConfig,
  type RouteDefinition,
} from '@ecc/contracts';
import { useSession } from '../session/session-queries.ts';
import { useApplication } from './realm-queries.ts';

/** Launcher features: routes with a description that the user's sign-in, plan and flags let them open. */
export function allowedFeatureRoutes(
  routes: readonly RouteDefinition[],
  application: ApplicationConfig | undefined,
  isLoggedIn: boolean,
): RouteDefinition[] {
  if (!application) return [];
  const context = {
    isLoggedIn,
    plan: application.plan,
    featureFlags: parseFeatureFlagList(application['feature-flags']),
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
  return allowedFeatureRoutes(ROUTES, application, isLoggedIn);
}
