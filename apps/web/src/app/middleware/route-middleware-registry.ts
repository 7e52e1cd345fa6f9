import type { RouteMiddlewareName } from '@ecc/contracts';
import { alternateHomeMiddleware } from './alternate-home-middleware.ts';
import { authMiddleware } from './auth-middleware.ts';
import { featureFlagsMiddleware } from './feature-flags-middleware.ts';
import { licencesMiddleware } from './licences-middleware.ts';
import { planMiddleware } from './plan-middleware.ts';
import { createMiddlewareRegistry, type RouteMiddleware } from './route-middleware.ts';

const implementations: Record<RouteMiddlewareName, RouteMiddleware> = {
  auth: authMiddleware,
  licences: licencesMiddleware,
  plan: planMiddleware,
  'feature-flags': featureFlagsMiddleware,
  'alternate-home': alternateHomeMiddleware,
};

/** One implementation per name of `ROUTE_MIDDLEWARE` in the contracts. */
export const routeMiddlewareRegistry = createMiddlewareRegistry(implementations);
