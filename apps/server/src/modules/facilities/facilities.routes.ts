import { facilityEndpoints } from '@ecc/contracts';
import type { Database } from '@ecc/db';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { endpointRoute } from '#platform/endpoint-route.ts';
import { permissionAccess, requireSession } from '#platform/route-access.ts';
import { facilityDetail, listFacilities, listSectors } from './facilities.service.ts';

/** The facility list and the facility view's data (issue 4, item 5). */
export function registerFacilityRoutes(app: FastifyInstance, db: Database): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const readFacility = { access: permissionAccess('read', 'Facility', { route: 'facility' }) };

  api.route({
    ...endpointRoute(facilityEndpoints.list),
    config: readFacility,
    handler: async (request) => listFacilities(db, requireSession(request).realm.id, request.query),
  });

  api.route({
    ...endpointRoute(facilityEndpoints.sectors),
    config: readFacility,
    handler: async (request) => listSectors(db, requireSession(request).realm.id),
  });

  api.route({
    ...endpointRoute(facilityEndpoints.detail),
    config: readFacility,
    handler: async (request) =>
      facilityDetail(db, requireSession(request).realm.id, request.params.slug, request.query),
  });
}
