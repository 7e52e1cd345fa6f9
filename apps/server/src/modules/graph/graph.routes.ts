import { graphEndpoints } from '@ecc/contracts';
import type { Database } from '@ecc/db';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { endpointRoute } from '#platform/endpoint-route.ts';
import { permissionAccess, requireSession } from '#platform/route-access.ts';
import { readGraph, readGraphPath, searchGraph } from './graph.service.ts';

/**
 * The knowledge graph (issue 14, item 1). `read Facility`, as the overview: the graph shows the realm's
 * facilities, their records and results, which is what reading facilities grants (members have it); the
 * `/knowledgegraph` page has no plan or flag rule, so neither has its API.
 */
export function registerGraphRoutes(app: FastifyInstance, db: Database): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const readFacility = { access: permissionAccess('read', 'Facility', { route: 'knowledgegraph' }) };
  api.route({
    ...endpointRoute(graphEndpoints.get),
    config: readFacility,
    handler: async (request) => readGraph(db, requireSession(request).realm.id, request.query),
  });
  api.route({
    ...endpointRoute(graphEndpoints.search),
    config: readFacility,
    handler: async (request) => searchGraph(db, requireSession(request).realm.id, request.query),
  });
  api.route({
    ...endpointRoute(graphEndpoints.path),
    config: readFacility,
    handler: async (request) => readGraphPath(db, requireSession(request).realm.id, request.query),
  });
}
