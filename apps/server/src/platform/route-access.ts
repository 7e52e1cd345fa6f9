import {
  currentApplication,
  findRoute,
  isPlanAllowed,
  missingFeatureFlags,
  planNotIncludedMessage,
  presentFeatureFlags,
  type Plan,
  type RouteId,
} from '@ecc/contracts';
import {
  canAccessRecord,
  type AccessAbility,
  type PermissionAction,
  type PermissionSubject,
} from '@ecc/domain';
import { runInRealmScope, type RealmScope } from '@ecc/db';
import type { FastifyInstance, FastifyRequest, RouteHandlerMethod } from 'fastify';
import { canActInRealm, type AbilityService } from './abilities.ts';
import { HttpError } from './errors.ts';
import { evaluateFeatureFlags, evaluationContextFor, flagLogger } from './feature-flag-evaluation.ts';
import type { RealmResolver } from './realm-resolution.ts';
import type { ActiveSession, SessionManager } from './sessions.ts';

/**
 * A signed-in user allowed `action` on `subject` in the session's realm, on a realm whose plan is in `plans` (when
 * given; `feature` names the feature in the plan message). Handlers check the actual record with `assertCan`.
 */
export interface PermissionAccess {
  readonly kind: 'permission';
  readonly action: PermissionAction;
  readonly subject: PermissionSubject;
  readonly plans?: readonly Plan[];
  readonly feature?: string;
  /** Flags the realm's application must list, as the route table's guard requires them of the page. */
  readonly featureFlags?: readonly string[];
}

/**
 * What a route requires, declared by every route as `config: { access }`: nothing (`public`), a session, or a
 * permission (which implies a session).
 */
export type RouteAccess = { kind: 'public' } | { kind: 'session' } | PermissionAccess;

export const PUBLIC_ACCESS = { kind: 'public' } as const satisfies RouteAccess;
export const SESSION_ACCESS = { kind: 'session' } as const satisfies RouteAccess;

/**
 * `{kind: 'permission', action, subject}`; with `route`, the plans and the feature's name come from that route of
 * the route table, so the browser's plan guard and the API answer alike.
 */
export function permissionAccess(
  action: PermissionAction,
  subject: PermissionSubject,
  options: { route?: RouteId } = {},
): PermissionAccess {
  if (!options.route) return { kind: 'permission', action, subject };
  const route = findRoute(options.route);
  return {
    kind: 'permission',
    action,
    subject,
    ...(route.plans && route.plans.length > 0 ? { plans: route.plans } : {}),
    ...(route.featureFlags && route.featureFlags.length > 0 ? { featureFlags: route.featureFlags } : {}),
    feature: route.title,
  };
}

/** The refusal of a route whose feature flag the realm has not turned on. */
export function featureFlagsMissingMessage(feature: string, flags: readonly string[]): string {
  return `${feature} is not turned on for this realm (feature flag ${flags.join(', ')})`;
}

/**
 * The feature-flag guard of the route's page, as the browser runs it: a flag counts when the application lists it
 * or its definition evaluates true for the user.
 */
function assertFeatureFlags(access: PermissionAccess, request: FastifyRequest, session: ActiveSession): void {
  const application = currentApplication(session.realm);
  const evaluated = evaluateFeatureFlags(
    application.flags ?? {},
    evaluationContextFor(session.realm, session.user),
    flagLogger(request.log),
  );
  const missing = missingFeatureFlags(
    access.featureFlags,
    presentFeatureFlags(application['feature-flags'], evaluated),
  );
  if (missing.length > 0) {
    throw new HttpError(403, featureFlagsMissingMessage(access.feature ?? 'This feature', missing));
  }
}

export interface RouteAccessDependencies {
  realms: RealmResolver;
  sessions: SessionManager;
  abilities: AbilityService;
}

export interface RegisteredRoute {
  method: string;
  url: string;
  access: RouteAccess | undefined;
  /** The route's body and query schemas (zod), for tests that build requests for every route. */
  bodySchema?: unknown;
  querySchema?: unknown;
  /** The route's answers by status, for the test that every route is registered from an endpoint of contracts. */
  responseSchemas?: unknown;
  /** What the route's answer clears when its method is not safe (`app.ts`): for the test that each route says so. */
  isWriteFree: boolean;
  isRealmDataWrite: boolean;
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
    /** The signed-in session, set before the handler of a `session` or `permission` route runs. */
    activeSession: ActiveSession | null;
    /** The ability service, for `assertCan` in handlers. */
    abilityService: AbilityService | null;
    /** What the handler's queries are bound to by row-level security: the host's realm, or the user's realms. */
    realmScope: RealmScope | null;
  }
}

export const UNAUTHORIZED_MESSAGE = 'Unauthorized';

export function forbiddenMessage(action: PermissionAction, subject: PermissionSubject): string {
  return `You are not allowed to ${action} ${subject}`;
}

export class MissingRouteAccessError extends Error {
  constructor(method: string, url: string) {
    super(
      `Route ${method} ${url} declares no access: add config: { access: { kind: 'public' | 'session' | 'permission' } }`,
    );
    this.name = 'MissingRouteAccessError';
  }
}

/** The session of a `session` route's request, which the access check has already established. */
export function requireSession(request: FastifyRequest): ActiveSession {
  if (!request.activeSession) throw new HttpError(401, UNAUTHORIZED_MESSAGE);
  return request.activeSession;
}

/** The ability service of a request past the access hook, for checks beyond one record (delegation). */
export function requestAbilityService(request: FastifyRequest): AbilityService {
  if (!request.abilityService) throw new Error('The handler needs the route access hook');
  return request.abilityService;
}

/** The signed-in user's ability, for handlers that filter records by it (built once per request). */
export function abilityOfRequest(request: FastifyRequest): Promise<AccessAbility> {
  return requestAbilityService(request).abilityOf(requireSession(request));
}

/** A record a handler is about to act on: its realm (by key or id) and its id. */
export type RecordToCheck = ({ realmKey: string } | { realmId: string }) & { id: string };

/**
 * Checks the action against the actual record. Another realm's record the user may not act on answers 404, exactly
 * like a missing one, so its existence is not revealed; a record of the user's own realm answers 403.
 */
export async function assertCan(
  request: FastifyRequest,
  action: PermissionAction,
  subject: PermissionSubject,
  record: RecordToCheck,
  notFoundMessage = `${subject} not found`,
): Promise<void> {
  const session = requireSession(request);
  const abilityService = requestAbilityService(request);
  const isOwnRealm =
    'realmKey' in record ? record.realmKey === session.realm.key : record.realmId === session.realm.id;
  const realmKey = isOwnRealm
    ? session.realm.key
    : 'realmKey' in record
      ? record.realmKey
      : // Operators act on other realms' records by key; an unknown id is simply not a realm the rules name.
        ((await abilityService.realmKeyOf(record.realmId)) ?? '');
  const ability = await abilityService.abilityOf(session);
  if (canAccessRecord(ability, action, subject, { realm: realmKey, id: record.id })) return;
  if (!isOwnRealm) throw new HttpError(404, notFoundMessage);
  throw new HttpError(403, forbiddenMessage(action, subject));
}

/**
 * `assertCan` on a record of the session's own realm by the id the API knows it by (a grant's id pattern is matched
 * against it): 403 when the user's grants for the action do not reach this record.
 */
export function assertCanOnOwnRecord(
  request: FastifyRequest,
  action: PermissionAction,
  subject: PermissionSubject,
  id: string,
): Promise<void> {
  return assertCan(request, action, subject, { realmId: requireSession(request).realm.id, id });
}

/** Whether the signed-in user may do `action` on `subject` records of their own realm (e.g. to show edit controls). */
export async function canInOwnRealm(
  request: FastifyRequest,
  action: PermissionAction,
  subject: PermissionSubject,
): Promise<boolean> {
  return canActInRealm(await abilityOfRequest(request), action, subject, requireSession(request).realm.key);
}

async function resolveSession(
  request: FastifyRequest,
  dependencies: RouteAccessDependencies,
): Promise<ActiveSession> {
  const realm = await dependencies.realms.resolve(request);
  const session = realm ? await dependencies.sessions.resolve(request, realm) : undefined;
  if (!session) throw new HttpError(401, UNAUTHORIZED_MESSAGE);
  request.activeSession = session;
  return session;
}

/** No realm at all (an unknown host without a default realm): queries reach nothing. */
const EMPTY_SCOPE: RealmScope = { realmIds: [] };

async function realmScopeOf(
  request: FastifyRequest,
  dependencies: RouteAccessDependencies,
): Promise<RealmScope> {
  if (request.activeSession) return dependencies.abilities.realmScopeOf(request.activeSession);
  const realm = await dependencies.realms.resolve(request);
  return realm ? { realmIds: [realm.id] } : EMPTY_SCOPE;
}

/**
 * The handler runs, with all it starts, inside the request's realm scope: the database's row-level security is
 * the second wall behind the checks above (decision 018).
 */
function inRealmScope(handler: RouteHandlerMethod): RouteHandlerMethod {
  return function scopedHandler(this: FastifyInstance, request, reply) {
    return runInRealmScope(request.realmScope ?? EMPTY_SCOPE, () => handler.call(this, request, reply));
  };
}

async function checkAccess(
  access: RouteAccess,
  request: FastifyRequest,
  dependencies: RouteAccessDependencies,
): Promise<void> {
  switch (access.kind) {
    case 'public':
      return;
    case 'session':
      await resolveSession(request, dependencies);
      return;
    case 'permission': {
      const session = await resolveSession(request, dependencies);
      // The plan guard of spec section 2, as the browser runs it, before the rights.
      if (access.plans && !isPlanAllowed(access.plans, currentApplication(session.realm).plan)) {
        throw new HttpError(403, planNotIncludedMessage(access.feature ?? 'This feature', access.plans));
      }
      if (access.featureFlags !== undefined) assertFeatureFlags(access, request, session);
      const ability = await dependencies.abilities.abilityOf(session);
      if (!canActInRealm(ability, access.action, access.subject, session.realm.key)) {
        throw new HttpError(403, forbiddenMessage(access.action, access.subject));
      }
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
export function registerRouteAccess(app: FastifyInstance, dependencies: RouteAccessDependencies): void {
  const routes: RegisteredRoute[] = [];
  app.decorate('registeredRoutes', routes);
  app.decorateRequest('activeSession', null);
  app.decorateRequest('abilityService', null);
  app.decorateRequest('realmScope', null);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const access = route.config?.access;
    for (const method of methods) {
      routes.push({
        method,
        url: route.url,
        access,
        bodySchema: route.schema?.body,
        querySchema: route.schema?.querystring,
        responseSchemas: route.schema?.response,
        isWriteFree: route.config?.isWriteFree === true,
        isRealmDataWrite: route.config?.isRealmDataWrite === true,
      });
      if (!access) throw new MissingRouteAccessError(method, route.url);
    }
    route.handler = inRealmScope(route.handler);
  });
  app.addHook('onRequest', async (request) => {
    // The not-found handler is the only handler that is no registered route.
    if (request.is404) return;
    const access = request.routeOptions.config.access;
    if (!access) throw new MissingRouteAccessError(request.method, request.routeOptions.url ?? request.url);
    request.abilityService = dependencies.abilities;
    await checkAccess(access, request, dependencies);
    request.realmScope = await realmScopeOf(request, dependencies);
  });
}
