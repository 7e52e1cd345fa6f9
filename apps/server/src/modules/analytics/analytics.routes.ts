import {
  ANALYTICS_EVENT_TYPES,
  ANALYTICS_MAX_BODY_BYTES,
  analyticsEndpoints,
  currentApplication,
  messages,
  type AnalyticsEvent,
  type Realm,
} from '@ecc/contracts';
import { createAnalyticsEventRepository, type Database } from '@ecc/db';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '#platform/app-context.ts';
import { endpointRoute } from '#platform/endpoint-route.ts';
import { fieldRefusal, HttpError } from '#platform/errors.ts';
import { PUBLIC_ACCESS } from '#platform/route-access.ts';
import {
  ANALYTICS_RATE_LIMIT,
  ANALYTICS_RATE_LIMITED_MESSAGE,
  ANALYTICS_RATE_WINDOW_MS,
  ANALYTICS_RETENTION_DAYS,
  createFixedWindowLimiter,
  forwardToDataPlane,
  INVALID_WRITE_KEY_MESSAGE,
  isRealmWriteKey,
  writeKeyOf,
} from './analytics.service.ts';

export interface AnalyticsRouteOptions {
  /** `ANALYTICS_DATA_PLANE_URL`: forward there instead of storing. */
  dataPlaneUrl: string | undefined;
  now: () => Date;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The analytics proxy path (spec section 7). Public, because pages are tracked before sign-in, but every call
 * must carry the host realm's write key (HTTP basic, RudderStack's scheme) → else 401, and each address and each
 * session gets a fixed window of requests → else 429. Stored events are kept ANALYTICS_RETENTION_DAYS. Events are stored in `analytics_events` or forwarded to the data plane
 * (stored when that fails). The realm is the host's; nothing in the body chooses it.
 */
export function registerAnalyticsRoutes(
  app: FastifyInstance,
  context: AppContext,
  db: Database,
  options: AnalyticsRouteOptions,
): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const events = createAnalyticsEventRepository(db);
  const limiter = createFixedWindowLimiter(ANALYTICS_RATE_LIMIT, ANALYTICS_RATE_WINDOW_MS);
  const realmsOfRequests = new WeakMap<FastifyRequest, Realm>();

  // Runs before the body is read: a caller without the key or over its window costs no parsing.
  const authorize = async (request: FastifyRequest) => {
    // One window per address and one per signed-in session (by its cookie, without touching the session), so a
    // user is limited however many addresses they send from; a made-up cookie still meets the address's window.
    const sessionToken = context.sessions.tokenHashOf(request);
    const isWithinWindows =
      limiter.take(`address:${request.ip}`) &&
      (sessionToken === undefined || limiter.take(`session:${sessionToken}`));
    if (!isWithinWindows) throw new HttpError(429, ANALYTICS_RATE_LIMITED_MESSAGE);
    const realm = await context.realms.resolve(request);
    if (!realm) throw new HttpError(404, messages.realmNotFound);
    if (!isRealmWriteKey(currentApplication(realm).analytics, writeKeyOf(request.headers.authorization))) {
      throw new HttpError(401, INVALID_WRITE_KEY_MESSAGE);
    }
    realmsOfRequests.set(request, realm);
  };
  const realmOf = (request: FastifyRequest): Realm => {
    const realm = realmsOfRequests.get(request);
    if (!realm) throw new Error('The analytics write key was not checked');
    return realm;
  };

  const accept = async (request: FastifyRequest, received: readonly AnalyticsEvent[]) => {
    const realm = realmOf(request);
    const writeKey = currentApplication(realm).analytics?.writeKey ?? '';
    if (options.dataPlaneUrl) {
      try {
        await forwardToDataPlane(options.dataPlaneUrl, writeKey, received);
        return { accepted: received.length };
      } catch (error) {
        request.log.warn({ err: error }, 'Forwarding analytics events failed; storing them instead');
      }
    }
    const receivedOn = options.now();
    const accepted = await events.insertMany(realm.id, received, receivedOn);
    await events.deleteReceivedBefore(
      realm.id,
      new Date(receivedOn.getTime() - ANALYTICS_RETENTION_DAYS * DAY_MS),
    );
    return { accepted };
  };

  api.route({
    ...endpointRoute(analyticsEndpoints.sourceConfig),
    config: { access: PUBLIC_ACCESS },
    onRequest: authorize,
    handler: async (request) => {
      const realm = realmOf(request);
      return {
        source: {
          id: realm.id,
          name: realm.name,
          writeKey: currentApplication(realm).analytics?.writeKey ?? '',
          enabled: true,
          destinations: [],
        },
      };
    },
  });

  for (const type of ANALYTICS_EVENT_TYPES) {
    api.route({
      ...endpointRoute(analyticsEndpoints[type]),
      config: { access: PUBLIC_ACCESS },
      bodyLimit: ANALYTICS_MAX_BODY_BYTES,
      onRequest: authorize,
      handler: async (request) => {
        if (request.body.type !== type) {
          throw fieldRefusal(400, { 'body/type': `Must be "${type}" on this path` });
        }
        return accept(request, [request.body]);
      },
    });
  }

  api.route({
    ...endpointRoute(analyticsEndpoints.batch),
    config: { access: PUBLIC_ACCESS },
    bodyLimit: ANALYTICS_MAX_BODY_BYTES,
    onRequest: authorize,
    handler: async (request) => accept(request, request.body.batch),
  });
}
