import { calculationEndpoints } from '@ecc/contracts';
import { realmFactorLookupsOf, type DatabaseHandle } from '@ecc/db';
import { realmGwpSetId } from '@ecc/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { endpointRoute } from '#platform/endpoint-route.ts';
import { loadCalculationResources, UNREACHABLE_CALCULATION_RESOURCES } from '#platform/realm-calculations.ts';
import { canInOwnRealm, permissionAccess, requireSession } from '#platform/route-access.ts';
import { dryRunCalculation } from './calculations.service.ts';

/**
 * The calculation language's dry run (issue 13, item 1). It reads the realm's emission factors (FACTOR), so it asks
 * what reading them asks: `read EmissionFactor`, which every member holds; the plans are those of `/calc-editor` in
 * the route table (all of them, signed in). LOOKUP and `#name` read the realm's datasets and published
 * calculations, which `read Facility` governs (decision 037): a user without it dry-runs without them.
 */
export function registerCalculationRoutes(app: FastifyInstance, database: DatabaseHandle): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const lookups = realmFactorLookupsOf(database.db);
  api.route({
    ...endpointRoute(calculationEndpoints.dryRun),
    config: { access: permissionAccess('read', 'EmissionFactor', { route: 'calc-editor' }) },
    handler: async (request, reply) => {
      const { realm } = requireSession(request);
      const factors = await lookups.lookupFor(realm.id);
      const gwp = request.body.gwp ?? realmGwpSetId(realm.properties);
      const resources = (await canInOwnRealm(request, 'read', 'Facility'))
        ? await loadCalculationResources(database.db, realm.id)
        : UNREACHABLE_CALCULATION_RESOURCES;
      const answer = dryRunCalculation(request.body, factors, gwp, {
        datasets: resources.datasets,
        calculations: resources.sources,
      });
      if (answer.isSuccess) return answer.response;
      return reply.code(422).send(answer.failure);
    },
  });
}
