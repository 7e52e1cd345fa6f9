import { scope3Endpoints } from '@ecc/contracts';
import type { PermissionAction } from '@ecc/domain';
import type { Database } from '@ecc/db';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { endpointRoute } from '#platform/endpoint-route.ts';
import { apiError } from '#platform/errors.ts';
import { permissionAccess, requireSession } from '#platform/route-access.ts';
import { registerScope3ExportRoutes } from './scope3-export.ts';
import {
  createScope3Line,
  deletePriceIndex,
  deleteScope3Line,
  FileProblemsError,
  importEeioFactors,
  importSpendLines,
  listEeioFactors,
  listPriceIndexes,
  listScope3Lines,
  readScope3Summary,
  updateScope3Line,
  updateScope3Screening,
  upsertPriceIndex,
} from './scope3.service.ts';

/**
 * Scope 3 on `/advancedghg` (issue 11, item 5; decision 029), always of the session's realm and under the
 * page's plan rules. Whoever reads the overview's emissions (`read Facility`) reads it; whoever writes activity
 * records (`create` / `update` / `delete ActivityRecord`) writes lines, screenings, price indexes and EEIO imports,
 * since each of them changes what the realm's results are.
 */
export function registerScope3Routes(app: FastifyInstance, db: Database): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const read = { access: permissionAccess('read', 'Facility', { route: 'advancedghg' }) };
  const write = (action: PermissionAction) => ({
    access: permissionAccess(action, 'ActivityRecord', { route: 'advancedghg' }),
  });

  api.route({
    ...endpointRoute(scope3Endpoints.summary),
    config: read,
    handler: async (request) => {
      const session = requireSession(request);
      return readScope3Summary(db, session.realm.id, request.query.year);
    },
  });

  api.route({
    ...endpointRoute(scope3Endpoints.listLines),
    config: read,
    handler: async (request) => listScope3Lines(db, requireSession(request).realm.id, request.query),
  });
  registerScope3ExportRoutes(app, db);

  api.route({
    ...endpointRoute(scope3Endpoints.createLine),
    config: write('create'),
    handler: async (request, reply) => {
      const session = requireSession(request);
      return reply.code(201).send(await createScope3Line(db, session.realm.id, session.user, request.body));
    },
  });

  api.route({
    ...endpointRoute(scope3Endpoints.updateLine),
    config: write('update'),
    handler: async (request) => {
      const session = requireSession(request);
      return updateScope3Line(db, session.realm.id, session.user, request.params.id, request.body);
    },
  });

  api.route({
    ...endpointRoute(scope3Endpoints.deleteLine),
    config: write('delete'),
    handler: async (request) => {
      const session = requireSession(request);
      return deleteScope3Line(db, session.realm.id, session.user, request.params.id, request.query.version);
    },
  });

  api.route({
    ...endpointRoute(scope3Endpoints.updateScreening),
    config: write('update'),
    handler: async (request) => {
      const session = requireSession(request);
      return updateScope3Screening(db, session.realm.id, session.user, request.params.category, request.body);
    },
  });

  api.route({
    ...endpointRoute(scope3Endpoints.listPriceIndexes),
    config: read,
    handler: async (request) => listPriceIndexes(db, requireSession(request).realm.id),
  });

  api.route({
    ...endpointRoute(scope3Endpoints.upsertPriceIndex),
    config: write('update'),
    handler: async (request) => {
      const session = requireSession(request);
      return upsertPriceIndex(db, session.realm.id, session.user, request.body);
    },
  });

  api.route({
    ...endpointRoute(scope3Endpoints.deletePriceIndex),
    config: write('delete'),
    handler: async (request, reply) => {
      const session = requireSession(request);
      await deletePriceIndex(db, session.realm.id, session.user, request.params.id);
      return reply.code(204).send();
    },
  });

  api.route({
    ...endpointRoute(scope3Endpoints.listEeioFactors),
    config: read,
    handler: async (request) => listEeioFactors(db, requireSession(request).realm.id),
  });

  api.route({
    ...endpointRoute(scope3Endpoints.importEeioFactors),
    config: write('create'),
    handler: async (request, reply) => {
      const session = requireSession(request);
      try {
        return reply
          .code(201)
          .send(await importEeioFactors(db, session.realm.id, session.user, request.body));
      } catch (error) {
        if (!(error instanceof FileProblemsError)) throw error;
        return reply
          .code(422)
          .send({ ...apiError(422, error.message), statusCode: 422, errors: [...error.errors] });
      }
    },
  });

  api.route({
    ...endpointRoute(scope3Endpoints.importSpendLines),
    config: write('create'),
    handler: async (request, reply) => {
      const session = requireSession(request);
      try {
        return reply.code(201).send(await importSpendLines(db, session.realm.id, session.user, request.body));
      } catch (error) {
        if (!(error instanceof FileProblemsError)) throw error;
        return reply
          .code(422)
          .send({ ...apiError(422, error.message), statusCode: 422, errors: [...error.errors] });
      }
    },
  });
}
