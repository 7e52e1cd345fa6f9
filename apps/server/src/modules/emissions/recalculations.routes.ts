import { recalculationEndpoints } from '@ecc/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { endpointRoute } from '#platform/endpoint-route.ts';
import { HttpError } from '#platform/errors.ts';
import { toRecalculationRunDto } from '#platform/recalculations.ts';
import { permissionAccess, requireSession } from '#platform/route-access.ts';
import type { RecalculationService } from './recalculation.service.ts';

export const RECALCULATION_NOT_FOUND_MESSAGE = 'Recalculation not found';

/**
 * Bulk recalculation of the caller's realm (issue 4, item 3; decision 020). The work runs in the background of
 * this server process (the service, created by buildApp, resumes unfinished runs when the app is ready and stops
 * after the batch in flight when it closes). A run on another GWP set than the realm's moves the realm to that set
 * when it completes.
 */
export function registerRecalculationRoutes(app: FastifyInstance, service: RecalculationService): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.route({
    ...endpointRoute(recalculationEndpoints.start),
    config: { access: permissionAccess('update', 'Realm') },
    handler: async (request, reply) => {
      const session = requireSession(request);
      const run = await service.start(session.realm.id, {
        gwp: request.body?.gwp,
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
