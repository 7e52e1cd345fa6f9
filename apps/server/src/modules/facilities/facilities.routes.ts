import {
  facilityDetailResponseSchema,
  facilityListQuerySchema,
  facilityListResponseSchema,
  facilitySectorsResponseSchema,
  facilitySlugParamsSchema,
} from '@ecc/contracts';
import type { Database } from '@ecc/db';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { permissionAccess, requireSession } from '#platform/route-access.ts';
import { facilityDetail, listFacilities, listSectors } from './facilities.service.ts';

/** The facility list and the facility view's data (issue 4, item 5). */
export function registerFacilityRoutes(app: FastifyInstance, db: Database): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/facilities',
    {
      config: { access: permissionAccess('read', 'Facility', { route: 'facility' }) },
      schema: { querystring: facilityListQuerySchema, response: { 200: facilityListResponseSchema } },
    },
    async (request) => listFacilities(db, requireSession(request).realm.id, request.query),
  );

  api.get(
    '/api/facilities/sectors',
    {
      config: { access: permissionAccess('read', 'Facility', { route: 'facility' }) },
      schema: { response: { 200: facilitySectorsResponseSchema } },
    },
    async (request) => listSectors(db, requireSession(request).realm.id),
  );

  api.get(
    '/api/facilities/:slug',
    {
      config: { access: permissionAccess('read', 'Facility', { route: 'facility' }) },
      schema: { params: facilitySlugParamsSchema, response: { 200: facilityDetailResponseSchema } },
    },
    async (request) => facilityDetail(db, requireSession(request).realm.id, request.params.slug),
  );
}
