import { exportEndpoints, sectorPathwayEndpoints, targetEndpoints } from '@ecc/contracts';
import type { Database } from '@ecc/db';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { endpointRoute } from '#platform/endpoint-route.ts';
import { permissionAccess, requireSession } from '#platform/route-access.ts';
import { sendSectorPathwaysExport } from './sector-pathways-export.ts';
import { sendTargetGapExport } from './target-gap-export.ts';
import { sendTargetsExport } from './targets-export.ts';
import { readTargetGap } from './target-gap.service.ts';
import {
  createSectorPathway,
  createTarget,
  deleteSectorPathway,
  deleteTarget,
  listSectorPathways,
  listTargets,
  readTarget,
  updateSectorPathway,
  updateTarget,
} from './targets.service.ts';

/**
 * Targets and sector pathways (issue 12, item 2), always of the session's realm, on the plans of `/pathways`.
 * Whoever may read facilities (and so their emissions, as the overview) reads them and their gaps; whoever
 * manages the realm's organisation (`update Realm`: its administrators) writes them.
 */
export function registerTargetRoutes(app: FastifyInstance, db: Database): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const read = { access: permissionAccess('read', 'Facility', { route: 'pathways' }) };
  const manage = { access: permissionAccess('update', 'Realm', { route: 'pathways' }) };

  api.route({
    ...endpointRoute(targetEndpoints.list),
    config: read,
    handler: async (request) => listTargets(db, requireSession(request).realm.id),
  });
  api.route({
    ...endpointRoute(exportEndpoints.targets),
    config: read,
    handler: async (request, reply) => {
      // A realm sets a handful of targets: the list is not paged, nor is its file.
      const { results } = await listTargets(db, requireSession(request).realm.id);
      return sendTargetsExport(request, reply, results, request.query.format);
    },
  });
  api.route({
    ...endpointRoute(targetEndpoints.create),
    config: manage,
    handler: async (request, reply) => {
      const session = requireSession(request);
      return reply.code(201).send(await createTarget(db, session.realm.id, session.user, request.body));
    },
  });
  api.route({
    ...endpointRoute(targetEndpoints.read),
    config: read,
    handler: async (request) => readTarget(db, requireSession(request).realm.id, request.params.id),
  });
  api.route({
    ...endpointRoute(targetEndpoints.update),
    config: manage,
    handler: async (request) => {
      const session = requireSession(request);
      return updateTarget(db, session.realm.id, session.user, request.params.id, request.body);
    },
  });
  api.route({
    ...endpointRoute(targetEndpoints.delete),
    config: manage,
    handler: async (request, reply) => {
      const session = requireSession(request);
      await deleteTarget(db, session.realm.id, session.user, request.params.id);
      return reply.code(204).send();
    },
  });
  api.route({
    ...endpointRoute(targetEndpoints.gap),
    config: read,
    handler: async (request) =>
      readTargetGap(db, requireSession(request).realm.id, request.params.id, request.query),
  });
  api.route({
    ...endpointRoute(targetEndpoints.gapExport),
    config: read,
    handler: async (request, reply) => {
      // The gap is computed whole (a row a year), so a missing target is refused before any byte.
      const gap = await readTargetGap(db, requireSession(request).realm.id, request.params.id, request.query);
      return sendTargetGapExport(request, reply, gap, request.query);
    },
  });

  api.route({
    ...endpointRoute(sectorPathwayEndpoints.list),
    config: read,
    handler: async (request) => listSectorPathways(db, requireSession(request).realm.id),
  });
  api.route({
    ...endpointRoute(sectorPathwayEndpoints.create),
    config: manage,
    handler: async (request, reply) => {
      const session = requireSession(request);
      return reply
        .code(201)
        .send(await createSectorPathway(db, session.realm.id, session.user, request.body));
    },
  });
  api.route({
    ...endpointRoute(sectorPathwayEndpoints.update),
    config: manage,
    handler: async (request) => {
      const session = requireSession(request);
      return updateSectorPathway(db, session.realm.id, session.user, request.params.id, request.body);
    },
  });
  api.route({
    ...endpointRoute(sectorPathwayEndpoints.delete),
    config: manage,
    handler: async (request, reply) => {
      const session = requireSession(request);
      await deleteSectorPathway(db, session.realm.id, session.user, request.params.id);
      return reply.code(204).send();
    },
  });

  api.route({
    ...endpointRoute(exportEndpoints.sectorPathways),
    config: read,
    handler: async (request, reply) => {
      const { results } = await listSectorPathways(db, requireSession(request).realm.id);
      return sendSectorPathwaysExport(request, reply, results, request.query.format);
    },
  });
}
