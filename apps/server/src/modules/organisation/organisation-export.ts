import {
  exportEndpoints,
  INTENSITY_DENOMINATOR_LABELS,
  type BusinessUnitDto,
  type DenominatorDto,
} from '@ecc/contracts';
import type { Database } from '@ecc/db';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { endpointRoute } from '#platform/endpoint-route.ts';
import { permissionAccess, requireSession } from '#platform/route-access.ts';
import { sendTableExport, type ExportColumn } from '#platform/table-export.ts';
import { listBusinessUnits, listDenominators } from './organisation.service.ts';

/** A unit with the names of the units above it, top first, as the tree nests it. */
interface BusinessUnitExportRow {
  readonly unit: BusinessUnitDto;
  readonly ancestors: readonly string[];
}

const BUSINESS_UNIT_EXPORT_COLUMNS: readonly ExportColumn<BusinessUnitExportRow>[] = [
  { header: 'Business unit', value: (row) => row.unit.name, width: 32 },
  { header: 'Code', value: (row) => row.unit.code, width: 12 },
  { header: 'Parent path', value: (row) => row.ancestors.join(' / '), width: 44 },
  { header: 'Level', value: (row) => row.ancestors.length + 1, width: 8 },
  { header: 'Facilities', value: (row) => row.unit.facilityCount, width: 12 },
];

/** Each unit's ancestors; the list comes in tree order, so a parent is always met before its children. */
function withAncestors(units: readonly BusinessUnitDto[]): BusinessUnitExportRow[] {
  const pathById = new Map<string, readonly string[]>();
  return units.map((unit) => {
    const ancestors = unit.parentId === null ? [] : (pathById.get(unit.parentId) ?? []);
    pathById.set(unit.id, [...ancestors, unit.name]);
    return { unit, ancestors };
  });
}

const DENOMINATOR_EXPORT_COLUMNS: readonly ExportColumn<DenominatorDto>[] = [
  { header: 'Year', value: (row) => row.year, width: 8 },
  { header: 'For', value: (row) => (row.scope === 'realm' ? 'Whole realm' : row.facilityName), width: 32 },
  { header: 'Facility slug', value: (row) => row.facilitySlug, width: 28 },
  { header: 'Kind', value: (row) => INTENSITY_DENOMINATOR_LABELS[row.kind], width: 14 },
  { header: 'Amount', value: (row) => row.amount, width: 16 },
  // Revenue's unit is its currency; production's is whatever the realm produces.
  { header: 'Unit or currency', value: (row) => row.unit, width: 16 },
  { header: 'Normalised amount', value: (row) => row.normalizedAmount, width: 18 },
  { header: 'Normalised unit', value: (row) => row.normalizedUnit, width: 16 },
];

/**
 * `GET /api/exports/business-units` and `GET /api/exports/denominators`: the organisation panel's tree and
 * denominator table, for whoever may read them (`read Facility`, as their lists).
 */
export function registerOrganisationExportRoutes(app: FastifyInstance, db: Database): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const read = { access: permissionAccess('read', 'Facility') };

  api.route({
    ...endpointRoute(exportEndpoints.businessUnits),
    config: read,
    handler: async (request, reply) => {
      // A realm's units are a tree an administrator keeps by hand: few enough for one page.
      const { results } = await listBusinessUnits(db, requireSession(request).realm.id);
      return sendTableExport(request, reply, {
        format: request.query.format,
        name: 'business-units',
        columns: BUSINESS_UNIT_EXPORT_COLUMNS,
        pages: [withAncestors(results)],
      });
    },
  });

  api.route({
    ...endpointRoute(exportEndpoints.denominators),
    config: read,
    handler: async (request, reply) => {
      const { format, ...query } = request.query;
      // At most four figures a year for the realm and each facility: the list is not paged either.
      const { results } = await listDenominators(db, requireSession(request).realm.id, query);
      return sendTableExport(request, reply, {
        format,
        name: query.year === undefined ? 'intensity-denominators' : `intensity-denominators-${query.year}`,
        columns: DENOMINATOR_EXPORT_COLUMNS,
        pages: [results],
      });
    },
  });
}
