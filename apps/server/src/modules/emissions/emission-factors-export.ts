import { exportEndpoints, type EmissionFactorDto, type RealmEmissionFactorDto } from '@ecc/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { endpointRoute } from '#platform/endpoint-route.ts';
import { permissionAccess, requireSession } from '#platform/route-access.ts';
import { pagesByOffset, sendTableExport, type ExportColumn } from '#platform/table-export.ts';
import { listEmissionFactors } from './emissions.service.ts';
import type { createRealmFactorService } from './realm-factors.service.ts';

/** The gases most factors carry get a value and a unit column each; any other is listed in one text column. */
const MAIN_GASES = ['CO2', 'CH4', 'N2O'] as const;

/**
 * The columns of a factor export. A factor's unit depends on the factor (kg CO2 per mmBtu, per MWh…), so each
 * value has its unit in the next column rather than in the header.
 */
const FACTOR_EXPORT_COLUMNS: readonly ExportColumn<EmissionFactorDto>[] = [
  { header: 'Key', value: (factor) => factor.id, width: 40 },
  { header: 'Name', value: (factor) => factor.name, width: 40 },
  { header: 'Source', value: (factor) => factor.source, width: 40 },
  { header: 'Year', value: (factor) => factor.year, width: 8 },
  { header: 'Per', value: (factor) => factor.per, width: 10 },
  ...MAIN_GASES.flatMap((gas): ExportColumn<EmissionFactorDto>[] => [
    { header: gas, value: (factor) => factor.gases[gas]?.value, width: 12 },
    { header: `${gas} unit`, value: (factor) => factor.gases[gas]?.unit, width: 14 },
  ]),
  {
    header: 'Other gases',
    value: (factor) =>
      Object.entries(factor.gases)
        .filter(([gas]) => !(MAIN_GASES as readonly string[]).includes(gas))
        .map(([gas, { value, unit }]) => `${gas} ${value} ${unit}`)
        .join('; ') || null,
    width: 30,
  },
  { header: 'CO2e', value: (factor) => factor.co2e?.value, width: 12 },
  { header: 'CO2e unit', value: (factor) => factor.co2e?.unit, width: 14 },
  { header: 'CO2e GWP set', value: (factor) => factor.co2e?.gwp, width: 8 },
  { header: 'Heat content', value: (factor) => factor.hhv?.value, width: 12 },
  {
    header: 'Heat content unit',
    value: (factor) => (factor.hhv ? `${factor.hhv.energy}/${factor.hhv.per}` : null),
    width: 14,
  },
];

/** `GET /api/exports/emission-factors`: the factor list (library, then the realm's published) with its search. */
export function registerEmissionFactorExportRoute(
  app: FastifyInstance,
  realmFactors: ReturnType<typeof createRealmFactorService>,
): void {
  app.withTypeProvider<ZodTypeProvider>().route({
    ...endpointRoute(exportEndpoints.emissionFactors),
    config: { access: permissionAccess('read', 'EmissionFactor') },
    handler: async (request, reply) => {
      const published = await realmFactors.listPublished(requireSession(request).realm.id);
      const { format, ...query } = request.query;
      return sendTableExport(request, reply, {
        format,
        name: 'emission-factors',
        columns: FACTOR_EXPORT_COLUMNS,
        pages: await pagesByOffset(
          async (offset, limit) => listEmissionFactors({ ...query, offset, limit }, published).results,
        ),
      });
    },
  });
}

/** The drafts' columns: a factor's, and the scope the drafts table adds. */
const DRAFT_FACTOR_EXPORT_COLUMNS: readonly ExportColumn<RealmEmissionFactorDto>[] = [
  ...FACTOR_EXPORT_COLUMNS,
  { header: 'Scope', value: (factor) => factor.scope, width: 8 },
];

/** `GET /api/exports/emission-factors/drafts`: the realm's unpublished factors, every page of the drafts list. */
export function registerDraftEmissionFactorExportRoute(
  app: FastifyInstance,
  realmFactors: ReturnType<typeof createRealmFactorService>,
): void {
  app.withTypeProvider<ZodTypeProvider>().route({
    ...endpointRoute(exportEndpoints.draftEmissionFactors),
    config: { access: permissionAccess('read', 'EmissionFactor') },
    handler: async (request, reply) => {
      const realmId = requireSession(request).realm.id;
      return sendTableExport(request, reply, {
        format: request.query.format,
        name: 'draft-emission-factors',
        columns: DRAFT_FACTOR_EXPORT_COLUMNS,
        pages: await pagesByOffset(
          async (offset, limit) => (await realmFactors.listDrafts(realmId, { offset, limit })).results,
        ),
      });
    },
  });
}
