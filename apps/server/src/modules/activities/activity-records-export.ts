import { exportEndpoints, type ActivityRecordDto } from '@ecc/contracts';
import type { Database } from '@ecc/db';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { endpointRoute } from '#platform/endpoint-route.ts';
import { permissionAccess, requireSession } from '#platform/route-access.ts';
import { pagesByOffset, sendTableExport, type ExportColumn } from '#platform/table-export.ts';
import { listActivityRecords } from './activities.service.ts';

/**
 * The columns of a records export: first the activity import's (without the facility, which the file is of), so
 * an export imports back from the facility's page; then the results in kg CO2e and the record's identity.
 */
const RECORD_EXPORT_COLUMNS: readonly ExportColumn<ActivityRecordDto>[] = [
  { header: 'Activity type', value: (record) => record.activityType, width: 24 },
  { header: 'Period start', value: (record) => record.periodStart.slice(0, 10), width: 12 },
  { header: 'Period end', value: (record) => record.periodEnd.slice(0, 10), width: 12 },
  { header: 'Quantity', value: (record) => record.quantity, width: 14 },
  { header: 'Unit', value: (record) => record.unit, width: 8 },
  { header: 'Emission factor', value: (record) => record.factorKey, width: 36 },
  { header: 'Scope', value: (record) => record.scope, width: 7 },
  { header: 'Scope 3 category', value: (record) => record.scope3Category, width: 10 },
  { header: 'Certificate coverage', value: (record) => record.certificateCoverage, width: 10 },
  { header: 'Estimated', value: (record) => (record.isEstimated ? 'yes' : 'no'), width: 10 },
  { header: 'Notes', value: (record) => record.notes, width: 30 },
  { header: 'CO2e (kg CO2e)', value: (record) => record.co2eKg, width: 16 },
  { header: 'CO2e market-based (kg CO2e)', value: (record) => record.co2eKgMarket, width: 16 },
  { header: 'Equipment id', value: (record) => record.equipmentId, width: 38 },
  { header: 'Record id', value: (record) => record.id, width: 38 },
  { header: 'Created on (UTC)', value: (record) => record.createdOn, width: 26 },
  { header: 'Modified on (UTC)', value: (record) => record.modifiedOn, width: 26 },
];

/**
 * `GET /api/exports/facilities/:slug/activity-records`: a facility's records with the list's search and order,
 * every page, as CSV or XLSX.
 */
export function registerActivityRecordExportRoute(app: FastifyInstance, db: Database): void {
  app.withTypeProvider<ZodTypeProvider>().route({
    ...endpointRoute(exportEndpoints.activityRecords),
    config: { access: permissionAccess('read', 'ActivityRecord', { route: 'facility' }) },
    handler: async (request, reply) => {
      const realmId = requireSession(request).realm.id;
      const { format, ...query } = request.query;
      const { slug } = request.params;
      return sendTableExport(request, reply, {
        format,
        name: `${slug}-activity-records`,
        columns: RECORD_EXPORT_COLUMNS,
        pages: await pagesByOffset(
          async (offset, limit) =>
            (await listActivityRecords(db, realmId, slug, { ...query, offset, limit })).results,
        ),
      });
    },
  });
}
