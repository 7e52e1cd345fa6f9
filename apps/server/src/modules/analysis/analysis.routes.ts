import { analysisEndpoints } from '@ecc/contracts';
import type { Database } from '@ecc/db';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { endpointRoute } from '#platform/endpoint-route.ts';
import { permissionAccess, requireSession } from '#platform/route-access.ts';
import { analysisDimensionValues, analysisRecords, runAnalysis } from './analysis.service.ts';

/**
 * The analysis pivot (issue 11 item 3): readable by whoever may read the realm's facilities, like the overview,
 * on the plans of `/reporting/analysis`; the records behind a cell need the right to read activity records.
 */
export function registerAnalysisRoutes(app: FastifyInstance, db: Database): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const readAnalysis = { access: permissionAccess('read', 'Facility', { route: 'reporting-analysis' }) };
  api.route({
    ...endpointRoute(analysisEndpoints.query),
    config: readAnalysis,
    handler: async (request) => runAnalysis(db, requireSession(request).realm, request.body),
  });
  api.route({
    ...endpointRoute(analysisEndpoints.dimensionValues),
    config: readAnalysis,
    handler: async (request) => analysisDimensionValues(db, requireSession(request).realm),
  });
  api.route({
    ...endpointRoute(analysisEndpoints.records),
    config: { access: permissionAccess('read', 'ActivityRecord', { route: 'reporting-analysis' }) },
    handler: async (request) => analysisRecords(db, requireSession(request).realm, request.body),
  });
}
