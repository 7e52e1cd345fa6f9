import { currentApplication, featureFlagEndpoints } from '@ecc/contracts';
import { createRealmConfigRepository, type Database } from '@ecc/db';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { endpointRoute } from '#platform/endpoint-route.ts';
import { fieldRefusal, HttpError } from '#platform/errors.ts';
import {
  assertCanOnOwnRecord,
  canInOwnRealm,
  permissionAccess,
  requireSession,
  SESSION_ACCESS,
} from '#platform/route-access.ts';
import { evaluateFeatureFlags, evaluationContextFor, flagLogger } from '#platform/feature-flag-evaluation.ts';
import { registerFeatureFlagExportRoute } from './feature-flags-export.ts';
import { toDefinitionList } from './feature-flags.service.ts';

function notFound(key: string): HttpError {
  return new HttpError(404, `No feature flag has the key ${key}`);
}

/**
 * Feature flags of the signed-in user's realm (spec sections 3 and 4): the evaluated flags for anyone signed in,
 * the definitions for administrators. Definitions live in the realm's application config; the realm is always
 * the session's.
 */
export function registerFeatureFlagRoutes(app: FastifyInstance, db: Database): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const realmConfigs = createRealmConfigRepository(db);

  api.route({
    ...endpointRoute(featureFlagEndpoints.evaluated),
    config: { access: SESSION_ACCESS },
    handler: async (request) => {
      const session = requireSession(request);
      const definitions = currentApplication(session.realm).flags ?? {};
      return {
        flags: evaluateFeatureFlags(
          definitions,
          evaluationContextFor(session.realm, session.user),
          flagLogger(request.log),
        ),
        canManageDefinitions: await canInOwnRealm(request, 'update', 'FeatureFlag'),
      };
    },
  });

  api.route({
    ...endpointRoute(featureFlagEndpoints.definitions),
    config: { access: permissionAccess('read', 'FeatureFlag') },
    handler: async (request) => {
      const session = requireSession(request);
      const definitions = await realmConfigs.findFeatureFlags(session.realm.id);
      return { definitions: toDefinitionList(definitions ?? {}) };
    },
  });

  registerFeatureFlagExportRoute(app, (realmId) => realmConfigs.findFeatureFlags(realmId));

  api.route({
    ...endpointRoute(featureFlagEndpoints.createDefinition),
    config: { access: permissionAccess('create', 'FeatureFlag') },
    handler: async (request, reply) => {
      const session = requireSession(request);
      const { key, ...flag } = request.body;
      const changed = await realmConfigs.changeFeatureFlags(session.realm.id, (flags) =>
        Object.hasOwn(flags, key) ? { result: false } : { flags: { ...flags, [key]: flag }, result: true },
      );
      if (!changed?.result)
        throw fieldRefusal(409, { 'body/key': `A feature flag with the key ${key} already exists` });
      return reply.code(201).send({ key, ...flag });
    },
  });

  api.route({
    ...endpointRoute(featureFlagEndpoints.updateDefinition),
    config: { access: permissionAccess('update', 'FeatureFlag') },
    handler: async (request) => {
      const session = requireSession(request);
      const { key } = request.params;
      // A flag definition has no id but its key, which an id pattern is matched against.
      await assertCanOnOwnRecord(request, 'update', 'FeatureFlag', key);
      const flag = request.body;
      const changed = await realmConfigs.changeFeatureFlags(session.realm.id, (flags) =>
        Object.hasOwn(flags, key) ? { flags: { ...flags, [key]: flag }, result: true } : { result: false },
      );
      if (!changed?.result) throw notFound(key);
      return { key, ...flag };
    },
  });

  api.route({
    ...endpointRoute(featureFlagEndpoints.deleteDefinition),
    config: { access: permissionAccess('delete', 'FeatureFlag') },
    handler: async (request, reply) => {
      const session = requireSession(request);
      const { key } = request.params;
      await assertCanOnOwnRecord(request, 'delete', 'FeatureFlag', key);
      const changed = await realmConfigs.changeFeatureFlags(session.realm.id, (flags) => {
        if (!Object.hasOwn(flags, key)) return { result: false };
        const { [key]: _removed, ...remaining } = flags;
        return { flags: remaining, result: true };
      });
      if (!changed?.result) throw notFound(key);
      return reply.code(204).send();
    },
  });
}
