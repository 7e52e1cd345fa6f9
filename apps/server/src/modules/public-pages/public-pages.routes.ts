import { messages, PAYLOAD_PATHS, publicPagePayloadEndpoints } from '@ecc/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '#platform/app-context.ts';
import { endpointRoute } from '#platform/endpoint-route.ts';
import { HttpError } from '#platform/errors.ts';
import { PUBLIC_ACCESS } from '#platform/route-access.ts';
import { NO_CACHE, sendAppShell } from '#platform/web-dist.ts';
import { buildPublicPagePayload, inlinePublicPagePayload } from './public-pages.service.ts';

/**
 * The public pages' data for the host's realm, as `{path}/_payload.json` and inlined into the pages' HTML so
 * they paint before the bundle's own calls return.
 */
export function registerPublicPageRoutes(app: FastifyInstance, context: AppContext): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  for (const pagePath of PAYLOAD_PATHS) {
    api.route({
      ...endpointRoute(publicPagePayloadEndpoints[pagePath]),
      config: { access: PUBLIC_ACCESS },
      handler: async (request, reply) => {
        const realm = await context.realms.resolve(request);
        if (!realm) throw new HttpError(404, messages.realmNotFound);
        reply.header('cache-control', NO_CACHE);
        return buildPublicPagePayload(realm, pagePath);
      },
    });

    api.get(pagePath, { config: { access: PUBLIC_ACCESS } }, async (request, reply) => {
      const realm = await context.realms.resolve(request);
      // Without a realm the page still loads; the app then shows that no realm was found.
      return sendAppShell(reply, context.webDist, {
        transform: (html) =>
          realm ? inlinePublicPagePayload(html, buildPublicPagePayload(realm, pagePath)) : html,
      });
    });
  }
}
