import { calculationEndpoints } from '@ecc/contracts';
import {
  BASE_UNITS,
  conversionFactor,
  dimensionOf,
  GAS_IDS,
  GWP_SET_IDS,
  GWP_SETS,
  kyotoGroupOf,
  unitDefinition,
  unitsMatching,
  type GasId,
  type Unit,
} from '@ecc/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { endpointRoute } from '#platform/endpoint-route.ts';
import { permissionAccess } from '#platform/route-access.ts';
import { sendTableExport, type ExportColumn } from '#platform/table-export.ts';

const GWP_COLUMNS: readonly ExportColumn<GasId>[] = [
  { header: 'Gas', value: (gas) => gas, width: 16 },
  { header: 'Kyoto group', value: kyotoGroupOf, width: 12 },
  ...GWP_SET_IDS.map((id): ExportColumn<GasId> => ({
    header: `${id} (kg CO2e per kg)`,
    value: (gas) => GWP_SETS[id].values[gas],
    width: 18,
  })),
];

const UNIT_COLUMNS: readonly ExportColumn<Unit>[] = [
  { header: 'Unit', value: (unit) => unit, width: 16 },
  { header: 'Dimension', value: dimensionOf, width: 14 },
  { header: 'Base unit', value: (unit) => BASE_UNITS[dimensionOf(unit)], width: 12 },
  {
    header: 'In the base unit (base units per unit)',
    value: (unit) => conversionFactor(unit, BASE_UNITS[dimensionOf(unit)]),
    width: 22,
  },
  { header: 'Definition', value: unitDefinition, width: 60 },
];

/**
 * The reference tables of `/calc-editor/constants` as CSV or XLSX: the GWP sets (a row per gas) and the units (the
 * page's search applied). They are the engine's own constants, the same in every realm, read with the page's
 * datasets' permission and plan rule.
 */
export function registerCalculationConstantsExportRoutes(app: FastifyInstance): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const read = { access: permissionAccess('read', 'Facility', { route: 'calc-editor' }) };
  api.route({
    ...endpointRoute(calculationEndpoints.exportGwpSets),
    config: read,
    handler: async (request, reply) =>
      sendTableExport(request, reply, {
        format: request.query.format,
        name: 'gwp-sets',
        columns: GWP_COLUMNS,
        pages: [GAS_IDS],
      }),
  });
  api.route({
    ...endpointRoute(calculationEndpoints.exportUnits),
    config: read,
    handler: async (request, reply) =>
      sendTableExport(request, reply, {
        format: request.query.format,
        name: 'units',
        columns: UNIT_COLUMNS,
        pages: [unitsMatching(request.query.q ?? '')],
      }),
  });
}
