import { benchmarkEndpoints } from '@ecc/contracts';
import type { Database } from '@ecc/db';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { endpointRoute } from '#platform/endpoint-route.ts';
import { permissionAccess, requireSession } from '#platform/route-access.ts';
import { registerBenchmarkExportRoute } from './benchmarks-export.ts';
import { benchmarkRealmFacility } from './benchmarks.service.ts';

/**
 * Benchmarks (issue 12, item 1): whoever may read the realm's facilities (and so their emissions) compares them,
 * on the plans of the route table's `/benchmarks`. Public peers are reference data every realm reads (decision 033).
 */
export function registerBenchmarkRoutes(app: FastifyInstance, db: Database): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.route({
    ...endpointRoute(benchmarkEndpoints.facility),
    config: { access: permissionAccess('read', 'Facility', { route: 'benchmarks' }) },
    handler: async (request) =>
      benchmarkRealmFacility(db, requireSession(request).realm.id, request.params.id, request.query),
  });
  registerBenchmarkExportRoute(app, db);
}
