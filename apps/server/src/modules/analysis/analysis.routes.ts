import { analysisEndpoints } from '@ecc/contracts';
import type { Database } from '@ecc/db';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { endpointRoute } from '#platform/endpoint-route.ts';
import { permissionAccess, requireSession } from '#platform/route-access.ts';
import { sendTableExport } from '#platform/table-export.ts';
import { registerAnalysisRecordsExportRoute } from './analysis-records-export.ts';
import {
  analysisDimensionValues,
  analysisExportTable,
  analysisRecords,
  runAnalysis,
} from './analysis.service.ts';
import {
  createAnalysisView,
  deleteAnalysisView,
  listAnalysisViews,
  updateAnalysisView,
} from './analysis-views.service.ts';

/**
 * The analysis pivot (issue 11 item 3): readable by whoever may read the realm's facilities, like the overview,
 * on the plans of `/reporting/analysis`; the records behind a cell need the right to read activity records.
 * Saved views are the reader's own work, like a saved search: whoever may read the analysis saves views, and only a
 * view's owner changes or deletes it (checked by the service, decision 028).
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
  registerAnalysisRecordsExportRoute(app, db);
  api.route({
    ...endpointRoute(analysisEndpoints.export),
    config: readAnalysis,
    handler: async (request, reply) => {
      const { view, format } = request.query;
      const answer = await runAnalysis(db, requireSession(request).realm, view);
      return sendTableExport(request, reply, analysisExportTable(view, answer, format));
    },
  });
  api.route({
    ...endpointRoute(analysisEndpoints.listViews),
    config: readAnalysis,
    handler: async (request) => listAnalysisViews(db, requireSession(request)),
  });
  api.route({
    ...endpointRoute(analysisEndpoints.createView),
    config: readAnalysis,
    handler: async (request, reply) =>
      reply.code(201).send(await createAnalysisView(db, requireSession(request), request.body)),
  });
  api.route({
    ...endpointRoute(analysisEndpoints.updateView),
    config: readAnalysis,
    handler: async (request) =>
      updateAnalysisView(db, requireSession(request), request.params.id, request.body),
  });
  api.route({
    ...endpointRoute(analysisEndpoints.deleteView),
    config: readAnalysis,
    handler: async (request, reply) => {
      await deleteAnalysisView(db, requireSession(request), request.params.id);
      return reply.code(204).send();
    },
  });
}
