import fastifyCookie from '@fastify/cookie';
import { MAX_BODY_BYTES } from '@ecc/contracts';
import {
  createAuthzRepository,
  createRealmRepository,
  createSessionRepository,
  createUserRepository,
  ACCESS_CHANGE_CHANNEL,
  ANSWERS_CHANGE_CHANNEL,
  REALM_CHANGE_CHANNEL,
  type DatabaseHandle,
  type RealmScope,
} from '@ecc/db';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { registerActivityRoutes } from './modules/activities/activities.routes.ts';
import { registerAnalyticsRoutes } from './modules/analytics/analytics.routes.ts';
import { registerAuditRoutes } from './modules/audit/audit.routes.ts';
import { registerAuthRoutes } from './modules/auth/auth.routes.ts';
import { registerAuthzRoutes } from './modules/authz/authz.routes.ts';
import { registerCalculationRoutes } from './modules/calculations/calculations.routes.ts';
import { registerCalculationLibraryRoutes } from './modules/calculations/calculation-library.routes.ts';
import { registerConfigRoutes } from './modules/config/config.routes.ts';
import { registerFeatureFlagRoutes } from './modules/feature-flags/feature-flags.routes.ts';
import { registerEmissionsRoutes } from './modules/emissions/emissions.routes.ts';
import { registerImportRoutes } from './modules/imports/imports.routes.ts';
import { registerInvitationRoutes } from './modules/invitations/invitations.routes.ts';
import { registerLoginStrategyRoutes } from './modules/login-strategies/login-strategies.routes.ts';
import { registerEquipmentRoutes } from './modules/equipment/equipment.routes.ts';
import { registerFacilityRoutes } from './modules/facilities/facilities.routes.ts';
import { registerOidcRoutes } from './modules/oidc/oidc.routes.ts';
import { registerOrganisationRoutes } from './modules/organisation/organisation.routes.ts';
import { registerAbatementRoutes } from './modules/abatement/abatement.routes.ts';
import { registerAnalysisRoutes } from './modules/analysis/analysis.routes.ts';
import { registerScope3Routes } from './modules/scope3/scope3.routes.ts';
import { registerOverviewRoutes } from './modules/overview/overview.routes.ts';
import { registerGraphRoutes } from './modules/graph/graph.routes.ts';
import { registerBenchmarkRoutes } from './modules/benchmarks/benchmarks.routes.ts';
import { registerAssistantRoutes } from './modules/assistant/assistant.routes.ts';
import { registerInventoryRoutes } from './modules/inventory/inventory.routes.ts';
import {
  OPTIMIZER_WORKER_URL,
  registerPathwayRoutes,
  type OptimizerSolver,
} from './modules/pathways/pathways.routes.ts';
import { registerTargetRoutes } from './modules/pathways/targets.routes.ts';
import { registerPublicPageRoutes } from './modules/public-pages/public-pages.routes.ts';
import { createRecalculationService } from './modules/emissions/recalculation.service.ts';
import { registerRecalculationRoutes } from './modules/emissions/recalculations.routes.ts';
import { registerRealmRoutes } from './modules/realms/realms.routes.ts';
import { createMailer } from './platform/mailer.ts';
import { registerReportRoutes } from './modules/reports/reports.routes.ts';
import { registerUserRoutes } from './modules/user/user.routes.ts';
import { registerWebAppRoutes } from './modules/web-app/web-app.routes.ts';
import { createAbilityService } from './platform/abilities.ts';
import { withCachedReads } from './platform/cached-reads.ts';
import { createAnswerCache, type AnswerCache } from './platform/answer-cache.ts';
import { createChangeAwareCache, type ChangeAwareCache } from './platform/change-aware-cache.ts';
import { isApiRequest } from './platform/api-path.ts';
import type { AppContext } from './platform/app-context.ts';
import type { ServerConfig } from './platform/config.ts';
import { answerFrameworkError, registerErrorHandling } from './platform/errors.ts';
import { createLoginThrottle } from './platform/login-throttle.ts';
import { registerOpenApi } from './platform/openapi.ts';
import { createResponseSerializerCompiler } from './platform/response-serializer.ts';
import { createRealmResolver } from './platform/realm-resolution.ts';
import { registerRouteAccess } from './platform/route-access.ts';
import { registerSameOrigin } from './platform/same-origin.ts';
import { registerRealmAdminRoutes } from './modules/realm-admin/realm-admin.routes.ts';
import { registerRealmSettingsRoutes } from './modules/realm-settings/realm-settings.routes.ts';
import { registerSecurityHeaders } from './platform/security-headers.ts';
import { registerTextIntegrity } from './platform/text-integrity.ts';
import { createSessionManager } from './platform/sessions.ts';
import { createWebDist } from './platform/web-dist.ts';
import { createHighsSolver, type HighsSolverOptions } from './platform/highs-solver.ts';

export interface BuildAppOptions {
  database: DatabaseHandle;
  config: ServerConfig;
  /** The clock sessions and login throttling are measured by; tests move it forward. */
  now?: () => Date;
  /** A logger of the caller's (tests read what was logged); by default pino at the configured level. */
  loggerInstance?: FastifyBaseLogger;
  /** The optimizer's solver thread; tests give one whose worker fails on purpose. */
  solver?: Partial<HighsSolverOptions>;
}

/** The whole HTTP application, not yet listening: main.ts listens, tests call `inject`. */
/**
 * Fastify 5 answers a bare hop count by trusting nobody, so the count becomes Express's rule: the socket's peer
 * and the next hops - 1 addresses of X-Forwarded-For are proxies; the address before them is the client.
 */
function trustProxyOf(trustedProxies: ServerConfig['trustedProxies']) {
  if (typeof trustedProxies !== 'number') return trustedProxies;
  return (_address: string, hop: number) => hop < trustedProxies;
}

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const now = options.now ?? (() => new Date());
  const app: FastifyInstance = Fastify({
    ...(options.loggerInstance
      ? { loggerInstance: options.loggerInstance }
      : { logger: { level: config.logLevel } }),
    bodyLimit: MAX_BODY_BYTES,
    trustProxy: trustProxyOf(config.trustedProxies),
    // Request lines would drown the start-up output; failures are logged by the error handler.
    logController: new LogController({ disableRequestLogging: true }),
    frameworkErrors: answerFrameworkError,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(
    createResponseSerializerCompiler({ isContractChecked: config.isResponseContractChecked }),
  );
  registerErrorHandling(app);
  registerTextIntegrity(app);
  registerSecurityHeaders(app);
  // Cookies must be parsed before the access check, which runs in a later onRequest hook.
  await app.register(fastifyCookie);

  const repositories = {
    realms: createRealmRepository(database.db),
    users: createUserRepository(database.db),
    sessions: createSessionRepository(database.db),
    authz: createAuthzRepository(database.db),
  };
  const caches = {
    realms: createChangeAwareCache(MAX_CACHED_HOSTS),
    access: createChangeAwareCache(MAX_CACHED_ACCESS_READS),
  };
  const answers = createAnswerCache(ANSWER_CACHE_BOUNDS);
  const context: AppContext = {
    repositories,
    realms: createRealmResolver(repositories.realms, config.defaultRealmKey, caches.realms),
    sessions: createSessionManager(
      withCachedReads(repositories.sessions, caches.access, ['findWithUser'], { isWriteClearing: true }),
      now,
    ),
    abilities: createAbilityService(
      withCachedReads(repositories.authz, caches.access, ACCESS_READS, { isWriteClearing: false }),
      {
        error: (message, error) => app.log.error({ err: error }, message),
      },
    ),
    webDist: createWebDist(config.webDistDir),
  };
  await keepCachesFresh(app, database, caches, answers);
  registerSameOrigin(app);
  registerRouteAccess(app, context);
  await registerOpenApi(app);

  // API answers are about one user at one moment: no cache keeps them unless a route says otherwise. Decided by
  // the matched route, so a percent-encoded path (`/%61pi/user`) is no way around it.
  app.addHook('onSend', async (request, reply, payload) => {
    if (isApiRequest(request) && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'no-store');
    }
    return payload;
  });

  registerConfigRoutes(app, context);
  registerAuthRoutes(app, context, database.db, createLoginThrottle(now));
  registerUserRoutes(app, context);
  registerOidcRoutes(app, context, database.db, { isInsecureAllowed: config.isOidcInsecureAllowed, now });
  registerAuthzRoutes(app, context);
  registerFeatureFlagRoutes(app, database.db);
  registerEmissionsRoutes(app, database);
  registerCalculationRoutes(app, database);
  registerCalculationLibraryRoutes(app, database.db);
  const recalculations = createRecalculationService(database, { logger: app.log });
  app.addHook('onReady', () => recalculations.resumeUnfinished());
  app.addHook('onClose', () => recalculations.stop());
  registerRecalculationRoutes(app, recalculations);
  registerEquipmentRoutes(app, database.db);
  registerFacilityRoutes(app, database.db, answers);
  registerOrganisationRoutes(app, database.db);
  registerAbatementRoutes(app, database.db);
  registerScope3Routes(app, database.db);
  registerOverviewRoutes(app, database.db);
  registerGraphRoutes(app, database.db);
  registerBenchmarkRoutes(app, database.db);
  registerAnalysisRoutes(app, database.db);
  registerInventoryRoutes(app, database.db);
  registerAssistantRoutes(app, database.db, { now, model: config.assistantModel });
  const solver: OptimizerSolver = createHighsSolver({ workerUrl: OPTIMIZER_WORKER_URL, ...options.solver });
  app.addHook('onClose', () => solver.close());
  registerPathwayRoutes(app, solver);
  registerTargetRoutes(app, database.db);
  registerActivityRoutes(app, database.db, answers);
  registerAuditRoutes(app, database.db);
  registerRealmAdminRoutes(app, database.db, now);
  registerRealmRoutes(app, context, database.db);
  registerLoginStrategyRoutes(app, context, database.db, { isInsecureAllowed: config.isOidcInsecureAllowed });
  registerRealmSettingsRoutes(app, database.db, recalculations);
  // Invitation tokens are guessed no faster than passwords, on counters of their own: misses there do not lock
  // the address out of signing in.
  registerInvitationRoutes(app, context, database.db, {
    config,
    tokenThrottle: createLoginThrottle(now),
    now,
  });
  const reportMailer = createMailer({ smtpUrl: config.smtpUrl, from: config.smtpFrom, log: app.log });
  app.addHook('onClose', async () => reportMailer.close());
  registerReportRoutes(app, database.db, { mailer: reportMailer, webDistDir: config.webDistDir, now });
  await registerImportRoutes(app, database.db);
  registerAnalyticsRoutes(app, context, database.db, { dataPlaneUrl: config.analyticsDataPlaneUrl, now });
  registerPublicPageRoutes(app, context);
  await registerWebAppRoutes(app, context);
  return app;
}

/** Methods that change nothing (RFC 9110 section 9.2.1); any other request may have changed what is cached. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route writes nothing stored although its method is not safe (a POST that computes on what it is sent):
     * its answer leaves the cached reads, so the next request does not read its session and rights again.
     */
    isWriteFree?: boolean;
    /**
     * The route writes only data kept per realm (activity records, facilities, equipment), never realms, users,
     * sessions, roles or grants: its answer clears only the kept answers of the realms it could write (its realm
     * scope) and leaves the realm, session and rights caches (decision 021). Unset, a write clears everything.
     */
    isRealmDataWrite?: boolean;
  }
}

/** Host names whose realm is kept (a flood of made-up Host headers evicts old ones rather than growing memory). */
const MAX_CACHED_HOSTS = 1_000;
/** Sessions and grant reads kept: a few per signed-in user. */
const MAX_CACHED_ACCESS_READS = 10_000;
/**
 * Facility list, view and records list answers kept (decisions 046, 051): a list page is about 10 k characters, a
 * view 5 to 30 k; a records page grows with its limit (at most 20,000 records).
 */
const ANSWER_CACHE_BOUNDS = { maxEntries: 5_000, maxCharacters: 64 * 1024 * 1024 };
/** What every signed-in request reads to decide a user's rights and realm scope. */
const ACCESS_READS = [
  'listPermissions',
  'realmTree',
  'realmAndBelowIds',
  'realmKeyOf',
  'findRoleIdByKey',
] as const;

/**
 * Cached reads are dropped when a trigger on their tables notifies (any server or CLI on this database: migration
 * 0014) and, so this server's own change is seen by the very next request rather than when the notice arrives,
 * before the answer to any request that could have written is sent: everything, or for a route that writes only
 * realm data (`isRealmDataWrite`, decision 051) its realms' kept answers. A realm's change can change rights (the
 * realm tree) and answers (its GWP set), so it drops all. Kept answers are dropped by realm when their tables'
 * notice names the realms (migration 0030), else all; an access change leaves them, as their keys hold the realm
 * scope and the handlers check the user's rights on every answer.
 */
async function keepCachesFresh(
  app: FastifyInstance,
  database: DatabaseHandle,
  caches: Record<'realms' | 'access', ChangeAwareCache>,
  answers: AnswerCache,
): Promise<void> {
  const all = [...Object.values(caches), answers];
  const stopListeningToRealms = await database.listen(REALM_CHANGE_CHANNEL, {
    onNotification: () => all.forEach((cache) => cache.clear()),
    onInterrupted: () => all.forEach((cache) => cache.pause()),
    onResumed: () => all.forEach((cache) => cache.resume()),
  });
  const stopListeningToAnswers = await database.listen(ANSWERS_CHANGE_CHANNEL, {
    onNotification: (realmIds) =>
      realmIds === '' ? answers.clear() : answers.clearRealms(realmIds.split(',')),
    onInterrupted: () => answers.pause(),
    onResumed: () => answers.resume(),
  });
  const stopListeningToAccess = await database.listen(ACCESS_CHANGE_CHANNEL, {
    onNotification: () => caches.access.clear(),
    onInterrupted: () => caches.access.pause(),
    onResumed: () => caches.access.resume(),
  });
  app.addHook('onClose', async () => {
    await stopListeningToRealms();
    await stopListeningToAccess();
    await stopListeningToAnswers();
  });
  app.addHook('onSend', async (request, _reply, payload) => {
    const { isWriteFree, isRealmDataWrite } = request.routeOptions.config;
    if (SAFE_METHODS.has(request.method) || isWriteFree === true) return payload;
    if (isRealmDataWrite === true) clearRealmAnswers(answers, request.realmScope);
    else all.forEach((cache) => cache.clear());
    return payload;
  });
}

/** Row-level security let the request write in its realm scope only, so those realms' answers are all it changed. */
function clearRealmAnswers(answers: AnswerCache, scope: RealmScope | null): void {
  if (scope && 'realmIds' in scope) answers.clearRealms(scope.realmIds);
  else answers.clear();
}
