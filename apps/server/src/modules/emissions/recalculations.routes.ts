import { recalculationEndpoints } from '@ecc/contracts';
import type { DatabaseHandle } from '@ecc/db';
import { realmGwpSetId } from '@ecc/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { endpointRoute } from '#platform/endpoint-route.ts';
import { HttpError } from '#platform/errors.ts';
import { permissionAccess, requireSession } from '#platform/route-access.ts';
import { createRecalculationService, toRecalculationRunDto } from './recalculation.service.ts';

export const RECALCULATION_NOT_FOUND_MESSAGE = 'Recalculation not found';

/**
 * Bulk recalculation of the caller's realm (issue 4, item 3). The work runs in the background of this server
 * process; runs left unfinished by a stopped server resume when the app is ready, and closing the app stops
 * after the batch in flight (the run resumes on the next start).
 */
export function registerRecalculationRoutes(app: FastifyInstance, database: DatabaseHandle): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const service = createRecalculationService(database, { logger: app.log });
  app.addHook('onReady', () => service.resumeUnfinished());
  app.addHook('onClose', () => service.stop());

  api.route({
    ...endpointRoute(recalculationEndpoints.start),
    config: { access: permissionAccess('update', 'Realm') },
    handler: async (request, reply) => {
      const session = requireSession(request);
      const run = await service.start(session.realm.id, {
        gwp: request.body?.gwp ?? realmGwpSetId(session.realm.properties),
        createdBy: session.user.id,
      });
      if (!run) {
        const running = await service.findUnfinished(session.realm.id);
        throw new HttpError(
          409,
          `A recalculation of this realm is already running${running ? ` (${running.id})` : ''}; wait for it to finish`,
        );
      }
      return reply.code(202).send(toRecalculationRunDto(run));
    },
  });

  api.route({
    ...endpointRoute(recalculationEndpoints.detail),
    config: { access: permissionAccess('read', 'ActivityRecord') },
    handler: async (request) => {
      const run = await service.find(requireSession(request).realm.id, request.params.id);
      if (!run) throw new HttpError(404, RECALCULATION_NOT_FOUND_MESSAGE);
      return toRecalculationRunDto(run);
    },
  });
}
