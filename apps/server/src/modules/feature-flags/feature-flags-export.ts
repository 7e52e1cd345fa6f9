import { exportEndpoints, type EvaluatedFeatureFlag, type FeatureFlagDefinition } from '@ecc/contracts';
import type { FeatureFlagDefinitions } from '@ecc/db';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { endpointRoute } from '#platform/endpoint-route.ts';
import { evaluateFeatureFlags, evaluationContextFor, flagLogger } from '#platform/feature-flag-evaluation.ts';
import { permissionAccess, requireSession } from '#platform/route-access.ts';
import { sendTableExport, type ExportColumn } from '#platform/table-export.ts';
import { toDefinitionList } from './feature-flags.service.ts';

/** A definition with what it evaluates to for the user who exports it, as the page's row shows both. */
interface FlagExportRow {
  readonly definition: FeatureFlagDefinition;
  readonly evaluated: EvaluatedFeatureFlag | undefined;
}

const isTargeted = (definition: FeatureFlagDefinition) =>
  definition.targeting !== undefined && Object.keys(definition.targeting).length > 0;

/** The columns of the page's table (key, state, default variant, value for you), with the variants spelt out. */
const FEATURE_FLAG_EXPORT_COLUMNS: readonly ExportColumn<FlagExportRow>[] = [
  { header: 'Key', value: (row) => row.definition.key, width: 28 },
  {
    header: 'State',
    value: (row) => ((row.definition.state ?? 'ENABLED') === 'ENABLED' ? 'Enabled' : 'Disabled'),
    width: 10,
  },
  { header: 'Targeted', value: (row) => isTargeted(row.definition), width: 10 },
  { header: 'Default variant', value: (row) => row.definition.defaultVariant, width: 16 },
  {
    header: 'Variants',
    value: (row) =>
      Object.entries(row.definition.variants)
        .map(([name, value]) => `${name}=${String(value)}`)
        .join('; '),
    width: 28,
  },
  { header: 'Value for you', value: (row) => row.evaluated?.value, width: 14 },
  { header: 'Variant for you', value: (row) => row.evaluated?.variant, width: 16 },
];

/** `GET /api/exports/feature-flags`: the realm's flag definitions as the administrators' table lists them. */
export function registerFeatureFlagExportRoute(
  app: FastifyInstance,
  findDefinitions: (realmId: string) => Promise<FeatureFlagDefinitions | undefined>,
): void {
  app.withTypeProvider<ZodTypeProvider>().route({
    ...endpointRoute(exportEndpoints.featureFlags),
    config: { access: permissionAccess('read', 'FeatureFlag') },
    handler: async (request, reply) => {
      const session = requireSession(request);
      const definitions = (await findDefinitions(session.realm.id)) ?? {};
      const evaluated = evaluateFeatureFlags(
        definitions,
        evaluationContextFor(session.realm, session.user),
        flagLogger(request.log),
      );
      const evaluatedByKey = new Map(evaluated.map((flag) => [flag.key, flag]));
      // A realm's flags are few (they live in its config), so they come as one page.
      const rows = toDefinitionList(definitions).map((definition) => ({
        definition,
        evaluated: evaluatedByKey.get(definition.key),
      }));
      return sendTableExport(request, reply, {
        format: request.query.format,
        name: 'feature-flags',
        columns: FEATURE_FLAG_EXPORT_COLUMNS,
        pages: [rows],
      });
    },
  });
}
