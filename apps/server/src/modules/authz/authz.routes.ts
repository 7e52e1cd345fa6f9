import { authzEndpoints } from '@ecc/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '#platform/app-context.ts';
import { endpointRoute } from '#platform/endpoint-route.ts';
import { SESSION_ACCESS } from '#platform/route-access.ts';
import { listPrincipalPermissions, listRights } from './authz.service.ts';

/** The permission and right lists the browser loads its abilities from (spec section 7). */
export function registerAuthzRoutes(app: FastifyInstance, context: AppContext): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const authz = context.repositories.authz;

  api.route({
    ...endpointRoute(authzEndpoints.rights),
    // Rights are the shared vocabulary of grants: every signed-in user reads them.
    config: { access: SESSION_ACCESS },
    handler: async (request) => listRights(authz, request.query),
  });

  api.route({
    ...endpointRoute(authzEndpoints.principalPermissions),
    // A session suffices for one's own grants; the service checks `read Permission` for anyone else's.
    config: { access: SESSION_ACCESS },
    handler: async (request) =>
      listPrincipalPermissions(request, authz, request.params.id, {
        isInherited: request.query.inherited === 'true',
        limit: request.query.limit,
        offset: request.query.offset,
      }),
  });
}
