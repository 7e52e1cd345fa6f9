import {
  GLOBAL_ROUTE_MIDDLEWARE,
  type ApplicationConfig,
  type EvaluatedFeatureFlag,
  type User,
  type RouteDefinition,
  type Session,
} from '@ecc/contracts';
import type { RedirectCookie } from '../../lib/session/redirect-cookie.ts';

export interface GuardToast {
  variant: 'warning';
  title: string;
  description: string;
}

/** What a guard may look at and do; loaders are lazy so public pages wait for no call they do not need. */
export interface MiddlewareContext {
  route: RouteDefinition;
  pathname: string;
  /** Path, query and hash: what is saved as the post-login redirect. */
  href: string;
  loadSession: () => Promise<Session | null>;
  loadApplication: () => Promise<ApplicationConfig>;
  /** The signed-in user (`GET /api/user`); null when there is none. */
  loadUser: () => Promise<User | null>;
  /** The realm's flag definitions evaluated for the signed-in user (`GET /api/feature-flags`). */
  loadEvaluatedFeatureFlags: () => Promise<readonly EvaluatedFeatureFlag[]>;
  redirectCookie: RedirectCookie;
  notify: (toast: GuardToast) => void;
}

export interface MiddlewareRedirect {
  redirectTo: string;
  /** Replace the history entry instead of adding one. */
  isReplace?: boolean;
}

export type RouteMiddleware = (
  context: MiddlewareContext,
) => MiddlewareRedirect | undefined | Promise<MiddlewareRedirect | undefined>;

export interface MiddlewareRegistry {
  resolve: (name: string) => RouteMiddleware;
}

export function unknownRouteMiddlewareMessage(name: string): string {
  return `Unknown route middleware: ${name}`;
}

/** Maps middleware names to implementations; a name it does not know is a programming error and throws. */
export function createMiddlewareRegistry(
  implementations: Readonly<Record<string, RouteMiddleware>>,
): MiddlewareRegistry {
  return {
    resolve: (name) => {
      const middleware = Object.hasOwn(implementations, name) ? implementations[name] : undefined;
      if (!middleware) throw new Error(unknownRouteMiddlewareMessage(name));
      return middleware;
    },
  };
}

/** The global middleware in order, then the route's own. Resolved when the router is built, so a typo fails fast. */
export function resolveRouteMiddleware(
  route: Pick<RouteDefinition, 'middleware'>,
  registry: MiddlewareRegistry,
): RouteMiddleware[] {
  return [...GLOBAL_ROUTE_MIDDLEWARE, ...(route.middleware ?? [])].map((name) => registry.resolve(name));
}

/** Runs the chain until a guard redirects. */
export async function runRouteMiddleware(
  chain: readonly RouteMiddleware[],
  context: MiddlewareContext,
): Promise<MiddlewareRedirect | undefined> {
  for (const middleware of chain) {
    const outcome = await middleware(context);
    if (outcome) return outcome;
  }
  return undefined;
}
