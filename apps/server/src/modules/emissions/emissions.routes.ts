import { emissionEndpoints } from '@ecc/contracts';
import { realmFactorLookupsOf, type DatabaseHandle } from '@ecc/db';
import { realmGwpSetId } from '@ecc/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { endpointRoute } from '#platform/endpoint-route.ts';
import {
  assertCanOnOwnRecord,
  permissionAccess,
  requireSession,
  SESSION_ACCESS,
} from '#platform/route-access.ts';
import {
  registerDraftEmissionFactorExportRoute,
  registerEmissionFactorExportRoute,
} from './emission-factors-export.ts';
import { listEmissionFactors, runEstimate } from './emissions.service.ts';
import { createRealmFactorService } from './realm-factors.service.ts';

/**
 * 100,000 items with inline factors are about 25 MB of compact JSON (bench/estimate-api.bench.ts), far over the
 * global 1 MB limit; 64 MB leaves room for longer ids and indented JSON. Only signed-in callers get this far:
 * the access check runs before the body is read.
 */
export const ESTIMATE_BODY_LIMIT_BYTES = 64 * 1024 * 1024;

/**
 * The answers are built from typed engine results, so checking them again is not needed; the zod serializer
 * (a full parse of the answer before JSON.stringify) would add a large share of the time at 100,000 items.
 */
const serializeAsJson = () => (data: unknown) => JSON.stringify(data);

/** The estimate API (issue 4, item 4), the emission factor library and the realm's own factors (item 2). */
export function registerEmissionsRoutes(app: FastifyInstance, database: DatabaseHandle): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const lookups = realmFactorLookupsOf(database.db);
  const realmFactors = createRealmFactorService(database.db);
  registerEmissionFactorExportRoute(app, realmFactors);
  registerDraftEmissionFactorExportRoute(app, realmFactors);

  api.route({
    ...endpointRoute(emissionEndpoints.estimate),
    config: { access: SESSION_ACCESS },
    bodyLimit: ESTIMATE_BODY_LIMIT_BYTES,
    serializerCompiler: serializeAsJson,
    handler: async (request, reply) => {
      const { realm } = requireSession(request);
      // Realm factor keys (`realm:<uuid>`) resolve against the caller's realm only.
      const factors = await lookups.lookupFor(realm.id);
      const gwp = request.body.gwp ?? realmGwpSetId(realm.properties);
      const answer = runEstimate({ gwp, items: request.body.items }, factors);
      if (answer.ok) return answer.response;
      // Not the generic {statusCode, error, message}: issue 4 specifies this body, which names every bad item
      // with its id and path so an integration can fix all of them in one go.
      return reply.code(422).send(answer.failure);
    },
  });

  api.route({
    ...endpointRoute(emissionEndpoints.factors),
    config: { access: permissionAccess('read', 'EmissionFactor') },
    handler: async (request) =>
      listEmissionFactors(request.query, await realmFactors.listPublished(requireSession(request).realm.id)),
  });

  api.route({
    ...endpointRoute(emissionEndpoints.drafts),
    config: { access: permissionAccess('read', 'EmissionFactor') },
    handler: async (request) => realmFactors.listDrafts(requireSession(request).realm.id, request.query),
  });

  api.route({
    ...endpointRoute(emissionEndpoints.createFactor),
    config: { access: permissionAccess('create', 'EmissionFactor') },
    handler: async (request, reply) =>
      reply.code(201).send(await realmFactors.create(requireSession(request).realm.id, request.body)),
  });

  api.route({
    ...endpointRoute(emissionEndpoints.updateFactor),
    config: { access: permissionAccess('update', 'EmissionFactor') },
    handler: async (request) => {
      await assertCanOnOwnRecord(request, 'update', 'EmissionFactor', request.params.id);
      return realmFactors.update(requireSession(request).realm.id, request.params.id, request.body);
    },
  });

  api.route({
    ...endpointRoute(emissionEndpoints.publishFactor),
    config: { access: permissionAccess('update', 'EmissionFactor') },
    handler: async (request) => {
      await assertCanOnOwnRecord(request, 'update', 'EmissionFactor', request.params.id);
      return realmFactors.publish(requireSession(request).realm.id, request.params.id);
    },
  });

  api.route({
    ...endpointRoute(emissionEndpoints.deleteFactor),
    config: { access: permissionAccess('delete', 'EmissionFactor') },
    handler: async (request, reply) => {
      await assertCanOnOwnRecord(request, 'delete', 'EmissionFactor', request.params.id);
      await realmFactors.delete(requireSession(request).realm.id, request.params.id);
      return reply.code(204).send();
    },
  });
}
