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
  const serialised = new WeakMap<Realm, SerialisedConfig>();
  const serialise = (realm: Realm): SerialisedConfig => {
    let answer = serialised.get(realm);
    if (!answer) {
      const body = JSON.stringify(configResponseSchema.parse({ realm: toPublicRealm(realm) }));
      answer = { body, entityTag: entityTagOf(body) };
      serialised.set(realm, answer);
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
      const { body, entityTag } = serialise(realm);
      reply.header('cache-control', NO_CACHE).header('etag', entityTag);
      if (isNotModified(request, entityTag)) return reply.code(304).send();
      return reply.type('application/json; charset=utf-8').send(body);
    },
  });
}
