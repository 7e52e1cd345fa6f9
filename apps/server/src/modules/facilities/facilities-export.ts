import { exportEndpoints, type FacilityDto } from '@ecc/contracts';
import type { Database } from '@ecc/db';
import { realmGwpSetId } from '@ecc/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { endpointRoute } from '#platform/endpoint-route.ts';
import { permissionAccess, requireSession } from '#platform/route-access.ts';
import { pagesByOffset, sendTableExport, type ExportColumn } from '#platform/table-export.ts';
import { listFacilities } from './facilities.service.ts';

/** The columns of a facility export; the first ones are the facility import's, so an export imports back. */
const FACILITY_EXPORT_COLUMNS: readonly ExportColumn<FacilityDto>[] = [
  { header: 'Name', value: (facility) => facility.name, width: 36 },
  { header: 'Slug', value: (facility) => facility.slug, width: 30 },
  { header: 'Sector', value: (facility) => facility.sector, width: 24 },
  { header: 'NAICS', value: (facility) => facility.naics, width: 10 },
  { header: 'Address', value: (facility) => facility.location.address, width: 30 },
  { header: 'City', value: (facility) => facility.location.city, width: 18 },
  { header: 'State', value: (facility) => facility.location.state, width: 8 },
  { header: 'Postal code', value: (facility) => facility.location.postalCode, width: 12 },
  { header: 'Country', value: (facility) => facility.location.country, width: 8 },
  { header: 'Latitude', value: (facility) => facility.location.latitude, width: 12 },
  { header: 'Longitude', value: (facility) => facility.location.longitude, width: 12 },
  { header: 'CO2e year', value: (facility) => facility.co2eYear, width: 10 },
  { header: 'CO2e (kg CO2e)', value: (facility) => facility.co2e, width: 20 },
  { header: 'CO2e source', value: (facility) => facility.co2eSource, width: 12 },
];

/** `GET /api/exports/facilities`: the facility list with its filters and order, every page, as CSV or XLSX. */
export function registerFacilityExportRoute(app: FastifyInstance, db: Database): void {
  app.withTypeProvider<ZodTypeProvider>().route({
    ...endpointRoute(exportEndpoints.facilities),
    config: { access: permissionAccess('read', 'Facility', { route: 'facility' }) },
    handler: async (request, reply) => {
      const { realm } = requireSession(request);
      const { format, ...filter } = request.query;
      // Every CO2e of the list is on the realm's set; each row names it, so a file read alone says which.
      const gwpSetId = realmGwpSetId(realm.properties);
      return sendTableExport(request, reply, {
        format,
        name: 'facilities',
        columns: [...FACILITY_EXPORT_COLUMNS, { header: 'GWP set', value: () => gwpSetId, width: 8 }],
        pages: await pagesByOffset(async (offset, limit) => {
          const page = await listFacilities(db, realm.id, gwpSetId, { ...filter, offset, limit });
          return page.results;
        }),
      });
    },
  });
}
