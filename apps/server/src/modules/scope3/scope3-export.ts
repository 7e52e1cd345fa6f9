import {
  SCOPE3_CATEGORY_NAMES,
  SCOPE3_METHOD_LABELS,
  scope3Endpoints,
  type Scope3LineDto,
} from '@ecc/contracts';
import type { Database } from '@ecc/db';
import { realmGwpSetId } from '@ecc/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { endpointRoute } from '#platform/endpoint-route.ts';
import { permissionAccess, requireSession } from '#platform/route-access.ts';
import { sendTableExport, type ExportColumn } from '#platform/table-export.ts';
import { listScope3Lines } from './scope3.service.ts';

/** The columns of the lines table on `/advancedghg`, each figure in its own cell with its unit in the header. */
const SCOPE3_LINE_EXPORT_COLUMNS: readonly ExportColumn<Scope3LineDto>[] = [
  { header: 'Category', value: (line) => line.category, width: 10 },
  { header: 'Category name', value: (line) => SCOPE3_CATEGORY_NAMES[line.category] ?? '', width: 36 },
  { header: 'Facility', value: (line) => line.facilityName, width: 30 },
  { header: 'Description', value: (line) => line.description, width: 36 },
  { header: 'Supplier', value: (line) => line.supplier, width: 28 },
  { header: 'Method', value: (line) => SCOPE3_METHOD_LABELS[line.method], width: 20 },
  { header: 'Period start', value: (line) => line.periodStart, width: 12 },
  { header: 'Period end', value: (line) => line.periodEnd, width: 12 },
  { header: 'Spend', value: (line) => line.spendAmount, width: 14 },
  { header: 'Spend currency', value: (line) => line.spendCurrency, width: 10 },
  { header: 'Spend year', value: (line) => line.spendYear, width: 10 },
  { header: 'NAICS', value: (line) => line.naicsCode, width: 10 },
  { header: 'Activity quantity', value: (line) => line.quantity, width: 16 },
  { header: 'Activity unit', value: (line) => line.unit, width: 12 },
  { header: 'Factor', value: (line) => line.factorKey, width: 30 },
  { header: 'CO2e (kg CO2e)', value: (line) => line.co2eKg, width: 18 },
  { header: 'Data quality (1 best, 5 worst)', value: (line) => line.dataQualityScore, width: 14 },
];

/**
 * `GET /api/exports/scope3/lines`: the Scope 3 lines of the list's year and category, as CSV or XLSX, with the
 * lines' own permission and plan rule. The list answers its lines unpaged, so the file has them all.
 */
export function registerScope3ExportRoute(app: FastifyInstance, db: Database): void {
  app.withTypeProvider<ZodTypeProvider>().route({
    ...endpointRoute(scope3Endpoints.exportLines),
    config: { access: permissionAccess('read', 'Facility', { route: 'advancedghg' }) },
    handler: async (request, reply) => {
      const { realm } = requireSession(request);
      const { format, ...filter } = request.query;
      const { results } = await listScope3Lines(db, realm.id, filter);
      // Every CO2e is on the realm's set; each row names it, so a file read alone says which.
      const gwpSetId = realmGwpSetId(realm.properties);
      return sendTableExport(request, reply, {
        format,
        name: filter.category === undefined ? 'scope3-lines' : `scope3-category-${filter.category}-lines`,
        columns: [...SCOPE3_LINE_EXPORT_COLUMNS, { header: 'GWP set', value: () => gwpSetId, width: 8 }],
        pages: [results],
      });
    },
  });
}
