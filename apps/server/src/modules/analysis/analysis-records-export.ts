import { analysisEndpoints } from '@ecc/contracts';
import type { AnalysisRecordRow, Database } from '@ecc/db';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { endpointRoute } from '#platform/endpoint-route.ts';
import { permissionAccess, requireSession } from '#platform/route-access.ts';
import { pagesByOffset, sendTableExport, type ExportColumn } from '#platform/table-export.ts';
import { cellRecordsReader } from './analysis.service.ts';

/** The drill-through table's columns, each figure in its own cell; the record's id finds its trail. */
const CELL_RECORD_EXPORT_COLUMNS: readonly ExportColumn<AnalysisRecordRow>[] = [
  { header: 'Facility', value: (record) => record.facilityName, width: 30 },
  { header: 'Facility slug', value: (record) => record.facilitySlug, width: 24 },
  { header: 'Activity', value: (record) => record.activityType, width: 24 },
  { header: 'Estimated', value: (record) => record.isEstimated, width: 10 },
  { header: 'Period start', value: (record) => record.periodStart, width: 12 },
  { header: 'Period end', value: (record) => record.periodEnd, width: 12 },
  { header: 'Quantity', value: (record) => record.quantity, width: 16 },
  { header: 'Unit', value: (record) => record.unit, width: 10 },
  { header: 'Scope', value: (record) => record.scope, width: 8 },
  { header: 'Scope 2 method', value: (record) => record.scope2Method || null, width: 12 },
  { header: 'CO2e (kg CO2e)', value: (record) => record.co2eKg, width: 18 },
  { header: 'Record id', value: (record) => record.id, width: 38 },
];

/**
 * `GET /api/exports/analysis/records`: every record behind a pivot cell (the drill-through's filters and keys), as
 * CSV or XLSX, with the drill-through's permission and plan rule; read a page at a time while it streams.
 */
export function registerAnalysisRecordsExportRoute(app: FastifyInstance, db: Database): void {
  app.withTypeProvider<ZodTypeProvider>().route({
    ...endpointRoute(analysisEndpoints.exportRecords),
    config: { access: permissionAccess('read', 'ActivityRecord', { route: 'reporting-analysis' }) },
    handler: async (request, reply) => {
      const { cell, format } = request.query;
      const read = await cellRecordsReader(db, requireSession(request).realm, cell, 'query/cell');
      return sendTableExport(request, reply, {
        format,
        name: 'analysis-records',
        columns: CELL_RECORD_EXPORT_COLUMNS,
        pages: await pagesByOffset(async (offset, limit) => (await read(offset, limit)).rows),
      });
    },
  });
}
