import {
  RELEVANCE_CRITERIA,
  SCOPE3_CATEGORY_NAMES,
  SCOPE3_METHOD_LABELS,
  scope3Endpoints,
  type Scope3LineDto,
  type Scope3Summary,
} from '@ecc/contracts';
import type { Database } from '@ecc/db';
import { realmGwpSetId } from '@ecc/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { endpointRoute } from '#platform/endpoint-route.ts';
import { permissionAccess, requireSession } from '#platform/route-access.ts';
import { sendTableExport, type ExportColumn } from '#platform/table-export.ts';
import { listScope3Lines, readScope3Summary } from './scope3.service.ts';

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

type CategorySummary = Scope3Summary['categories'][number];
type Hotspot = Scope3Summary['hotspots'][number];

function screeningOf(category: CategorySummary): string {
  if (category.isIncluded === null) return 'Not screened';
  return category.isIncluded ? 'Included' : 'Excluded';
}

/** The categories table: its screening spelt out (each relevance criterion a yes/no column), CO2e and lines. */
const SCOPE3_CATEGORY_EXPORT_COLUMNS: readonly ExportColumn<CategorySummary>[] = [
  { header: 'Category', value: (category) => category.category, width: 10 },
  { header: 'Category name', value: (category) => category.name, width: 36 },
  { header: 'Screening', value: screeningOf, width: 14 },
  ...RELEVANCE_CRITERIA.map((criterion): ExportColumn<CategorySummary> => ({
    header: `Relevant: ${criterion}`,
    value: (category) => category.relevance?.[criterion] ?? null,
    width: 12,
  })),
  { header: 'Exclusion reason', value: (category) => category.exclusionReason, width: 40 },
  { header: 'CO2e (kg CO2e)', value: (category) => category.co2eKg, width: 18 },
  { header: 'Lines', value: (category) => category.lineCount, width: 8 },
  { header: 'Data quality (1 best, 5 worst)', value: (category) => category.dataQualityScore, width: 14 },
];

const SCOPE3_HOTSPOT_EXPORT_COLUMNS: readonly ExportColumn<Hotspot>[] = [
  { header: 'Category', value: (spot) => spot.category, width: 10 },
  { header: 'Category name', value: (spot) => SCOPE3_CATEGORY_NAMES[spot.category] ?? '', width: 36 },
  { header: 'Supplier', value: (spot) => spot.supplier, width: 30 },
  { header: 'CO2e (kg CO2e)', value: (spot) => spot.co2eKg, width: 18 },
];

/**
 * `GET /api/exports/scope3/lines`: the Scope 3 lines of the list's year and category, as CSV or XLSX, with the
 * lines' own permission and plan rule. The list answers its lines unpaged, so the file has them all. Also
 * `/api/exports/scope3/categories` and `/api/exports/scope3/hotspots`: the year's summary tables.
 */
export function registerScope3ExportRoutes(app: FastifyInstance, db: Database): void {
  // Reading the lines and the summary asks `read Facility` on the plans of /advancedghg, so each export does too.
  const read = { access: permissionAccess('read', 'Facility', { route: 'advancedghg' }) };
  app.withTypeProvider<ZodTypeProvider>().route({
    ...endpointRoute(scope3Endpoints.exportLines),
    config: read,
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

  // The categories and hotspots tables are the year's summary, which is whole in one answer.
  app.withTypeProvider<ZodTypeProvider>().route({
    ...endpointRoute(scope3Endpoints.exportCategories),
    config: read,
    handler: async (request, reply) => {
      const { realm } = requireSession(request);
      const summary = await readScope3Summary(db, realm.id, request.query.year);
      return sendTableExport(request, reply, {
        format: request.query.format,
        name: `scope3-categories-${summary.year}`,
        columns: [
          ...SCOPE3_CATEGORY_EXPORT_COLUMNS,
          { header: 'GWP set', value: () => summary.gwpSetId, width: 8 },
        ],
        pages: [summary.categories],
      });
    },
  });

  app.withTypeProvider<ZodTypeProvider>().route({
    ...endpointRoute(scope3Endpoints.exportHotspots),
    config: read,
    handler: async (request, reply) => {
      const { realm } = requireSession(request);
      const summary = await readScope3Summary(db, realm.id, request.query.year);
      return sendTableExport(request, reply, {
        format: request.query.format,
        name: `scope3-hotspots-${summary.year}`,
        columns: [
          ...SCOPE3_HOTSPOT_EXPORT_COLUMNS,
          { header: 'GWP set', value: () => summary.gwpSetId, width: 8 },
        ],
        pages: [summary.hotspots],
      });
    },
  });
}
