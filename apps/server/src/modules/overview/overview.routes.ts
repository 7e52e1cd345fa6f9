import { overviewEndpoints } from '@ecc/contracts';
import type { Database } from '@ecc/db';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { endpointRoute } from '#platform/endpoint-route.ts';
import { permissionAccess, requireSession } from '#platform/route-access.ts';
import { sendOverviewExport } from './overview-export.ts';
import { realmOverview, reportingYears } from './overview.service.ts';

/** The realm overview (issue 10, item 1): readable by whoever may read the realm's facilities, on their plans. */
export function registerOverviewRoutes(app: FastifyInstance, db: Database): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const readFacility = { access: permissionAccess('read', 'Facility', { route: 'facility' }) };
  api.route({
    ...endpointRoute(overviewEndpoints.get),
    config: readFacility,
    handler: async (request) => realmOverview(db, requireSession(request).realm, request.query),
  });
  api.route({
    ...endpointRoute(overviewEndpoints.years),
    config: readFacility,
    handler: async (request) => reportingYears(db, requireSession(request).realm),
  });
  api.route({
    ...endpointRoute(overviewEndpoints.export),
    config: readFacility,
    handler: async (request, reply) =>
      sendOverviewExport(request, reply, db, requireSession(request).realm.id, request.query),
  });
}
