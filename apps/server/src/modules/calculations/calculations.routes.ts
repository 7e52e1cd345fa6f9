import { calculationEndpoints } from '@ecc/contracts';
import { realmFactorLookupsOf, type DatabaseHandle } from '@ecc/db';
import { realmGwpSetId } from '@ecc/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { endpointRoute } from '#platform/endpoint-route.ts';
import { loadCalculationResources } from '#platform/realm-calculations.ts';
import { permissionAccess, requireSession } from '#platform/route-access.ts';
import { dryRunCalculation } from './calculations.service.ts';

/**
 * The calculation language's dry run (issue 13, item 1). It reads the realm's emission factors (FACTOR), so it asks
 * what reading them asks: `read EmissionFactor`, which every member holds; the plans are those of `/calc-editor` in
 * the route table (all of them, signed in). LOOKUP and `#name` read the realm's datasets and published
 * calculations, which every member reads too (decision 037).
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
      const resources = await loadCalculationResources(database.db, realm.id);
      const answer = dryRunCalculation(request.body, factors, gwp, {
        datasets: resources.datasets,
        calculations: resources.sources,
      });
      if (answer.isSuccess) return answer.response;
      return reply.code(422).send(answer.failure);
    },
  });
}
