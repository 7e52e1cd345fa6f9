import { configEndpoints, messages } from '@ecc/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '#platform/app-context.ts';
import { endpointRoute } from '#platform/endpoint-route.ts';
import { HttpError } from '#platform/errors.ts';
import { PUBLIC_ACCESS } from '#platform/route-access.ts';
import { NO_CACHE } from '#platform/web-dist.ts';
import { toPublicRealm } from './config.service.ts';

/** GET /api/config (spec section 7): the realm of the request's host, never cached. */
export function registerConfigRoutes(app: FastifyInstance, context: AppContext): void {
  app.withTypeProvider<ZodTypeProvider>().route({
    ...endpointRoute(configEndpoints.get),
    config: { access: PUBLIC_ACCESS },
    handler: async (request, reply) => {
      const realm = await context.realms.resolve(request);
      if (!realm) throw new HttpError(404, messages.realmNotFound);
      reply.header('cache-control', NO_CACHE);
      return { realm: toPublicRealm(realm, request.hostname) };
    },
  });
}
