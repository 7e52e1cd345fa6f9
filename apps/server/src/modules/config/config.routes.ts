import { configEndpoints, configResponseSchema, messages, type Realm } from '@ecc/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '#platform/app-context.ts';
import { endpointRoute } from '#platform/endpoint-route.ts';
import { entityTagOf, isNotModified } from '#platform/entity-tag.ts';
import { HttpError } from '#platform/errors.ts';
import { PUBLIC_ACCESS } from '#platform/route-access.ts';
import { NO_CACHE } from '#platform/web-dist.ts';
import { toPublicRealm } from './config.service.ts';

interface SerialisedConfig {
  body: string;
  entityTag: string;
}

/**
 * GET /api/config (spec section 7): the realm of the request's host, `no-cache` (the browser asks every time,
 * and an unchanged realm is a 304 on its entity tag). A cached realm is one object until it changes, so its
 * answer is checked against the contract and serialised once.
 */
export function registerConfigRoutes(app: FastifyInstance, context: AppContext): void {
  // Per realm and per the one of its domains the host names (or none): the answer shows only that domain, and
  // keying by the domain rather than the Host header keeps the cache as small as the realm's domain list.
  const serialised = new WeakMap<Realm, Map<string, SerialisedConfig>>();
  const serialise = (realm: Realm, hostname: string): SerialisedConfig => {
    const host = hostname.toLowerCase();
    const domain = realm.domains.find((each) => each.toLowerCase() === host) ?? '';
    const byDomain = serialised.get(realm) ?? new Map<string, SerialisedConfig>();
    serialised.set(realm, byDomain);
    let answer = byDomain.get(domain);
    if (!answer) {
      const body = JSON.stringify(configResponseSchema.parse({ realm: toPublicRealm(realm, domain) }));
      answer = { body, entityTag: entityTagOf(body) };
      byDomain.set(domain, answer);
    }
    return answer;
  };

  // Without the zod type provider: the answer is a body serialised beforehand, or a 304 without one.
  app.route({
    ...endpointRoute(configEndpoints.get),
    config: { access: PUBLIC_ACCESS },
    handler: async (request, reply) => {
      const realm = await context.realms.resolve(request);
      if (!realm) throw new HttpError(404, messages.realmNotFound);
      const { body, entityTag } = serialise(realm, request.hostname);
      reply.header('cache-control', NO_CACHE).header('etag', entityTag);
      if (isNotModified(request, entityTag)) return reply.code(304).send();
      return reply.type('application/json; charset=utf-8').send(body);
    },
  });
}
