import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from './errors.ts';
import type { RealmResolver } from './realm-resolution.ts';
import type { ActiveSession, SessionManager } from './sessions.ts';

/**
 * What a route requires, declared by every route as `config: { access }`. A discriminated union: later kinds
 * (a permission on a subject, required plans) are added here together with their check in `checkAccess`.
 */
export type RouteAccess = { kind: 'public' } | { kind: 'session' };

export const PUBLIC_ACCESS = { kind: 'public' } as const satisfies RouteAccess;
export const SESSION_ACCESS = { kind: 'session' } as const satisfies RouteAccess;

export interface RegisteredRoute {
  method: string;
  url: string;
  access: RouteAccess | undefined;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
  interface FastifyInstance {
    /** Every route registered, with its declared access, for the test that checks no route lacks one. */
    readonly registeredRoutes: readonly RegisteredRoute[];
  }
  interface FastifyRequest {
    /** The signed-in session, set before the handler of a `session` route runs. */
    activeSession: ActiveSession | null;
  }
}

export const UNAUTHORIZED_MESSAGE = 'Unauthorized';

export class MissingRouteAccessError extends Error {
  constructor(method: string, url: string) {
    super(
      `Route ${method} ${url} declares no access: add config: { access: { kind: 'public' | 'session' } }`,
    );
    this.name = 'MissingRouteAccessError';
  }
}

/** The session of a `session` route's request, which the access check has already established. */
export function requireSession(request: FastifyRequest): ActiveSession {
  if (!request.activeSession) throw new HttpError(401, UNAUTHORIZED_MESSAGE);
  return request.activeSession;
}

async function checkAccess(
  access: RouteAccess,
  request: FastifyRequest,
  dependencies: { realms: RealmResolver; sessions: SessionManager },
): Promise<void> {
  switch (access.kind) {
    case 'public':
      return;
    case 'session': {
      const realm = await dependencies.realms.resolve(request);
      const session = realm ? await dependencies.sessions.resolve(request, realm) : undefined;
      if (!session) throw new HttpError(401, UNAUTHORIZED_MESSAGE);
      request.activeSession = session;
      return;
    }
    default: {
      const unknownAccess: never = access;
      throw new Error(`Unknown route access ${JSON.stringify(unknownAccess)}`);
    }
  }
}

/**
 * Every route must declare its access: registering one without fails at once, so an undeclared route never
 * ships. The check runs on request, before the body is even parsed, so anonymous callers cannot make the
 * server read large bodies on routes they may not use.
 */
export function registerRouteAccess(
  app: FastifyInstance,
  dependencies: { realms: RealmResolver; sessions: SessionManager },
): void {
  const routes: RegisteredRoute[] = [];
  app.decorate('registeredRoutes', routes);
  app.decorateRequest('activeSession', null);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const access = route.config?.access;
    for (const method of methods) {
      routes.push({ method, url: route.url, access });
      if (!access) throw new MissingRouteAccessError(method, route.url);
    }
  });
  app.addHook('onRequest', async (request) => {
    // The not-found handler is the only handler that is no registered route.
    if (request.is404) return;
    const access = request.routeOptions.config.access;
    if (!access) throw new MissingRouteAccessError(request.method, request.routeOptions.url ?? request.url);
    await checkAccess(access, request, dependencies);
  });
}
