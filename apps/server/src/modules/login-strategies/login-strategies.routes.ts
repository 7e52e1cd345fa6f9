import { loginStrategyEndpoints } from '@ecc/contracts';
import type { Database } from '@ecc/db';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '#platform/app-context.ts';
import type { ProviderUrlPolicy } from '#platform/provider-url-safety.ts';
import { endpointRoute } from '#platform/endpoint-route.ts';
import { permissionAccess, requireSession } from '#platform/route-access.ts';
import { findTargetRealm } from '#platform/target-realm.ts';
import { registerLoginStrategyExportRoute } from './login-strategies-export.ts';
import {
  assertSafeStrategyUrls,
  createLoginStrategy,
  deleteLoginStrategy,
  listLoginStrategies,
  updateLoginStrategy,
} from './login-strategies.service.ts';

/**
 * A realm's OpenID Connect sign-in strategies (issue 3, item 11), stored in its application's
 * `authentication.strategies`. The realm is the path's, checked against the caller's `Realm` rights: their own
 * realm for its administrators, any realm for the platform operator's.
 */
export function registerLoginStrategyRoutes(
  app: FastifyInstance,
  context: AppContext,
  db: Database,
  policy: ProviderUrlPolicy,
): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const realms = context.repositories.realms;

  api.route({
    ...endpointRoute(loginStrategyEndpoints.list),
    config: { access: permissionAccess('read', 'Realm') },
    handler: async (request) => {
      const realm = await findTargetRealm(request, realms, request.params.realmId, 'read');
      return { results: listLoginStrategies(realm) };
    },
  });

  registerLoginStrategyExportRoute(app, realms);

  api.route({
    ...endpointRoute(loginStrategyEndpoints.create),
    config: { access: permissionAccess('create', 'Realm') },
    handler: async (request, reply) => {
      const session = requireSession(request);
      const realm = await findTargetRealm(request, realms, request.params.realmId, 'create');
      await assertSafeStrategyUrls(request.body, policy);
      const created = await createLoginStrategy(db, realm.id, session.user, request.body);
      return reply.code(201).send(created);
    },
  });

  api.route({
    ...endpointRoute(loginStrategyEndpoints.update),
    config: { access: permissionAccess('update', 'Realm') },
    handler: async (request) => {
      const session = requireSession(request);
      const realm = await findTargetRealm(request, realms, request.params.realmId, 'update');
      await assertSafeStrategyUrls(request.body, policy);
      return updateLoginStrategy(db, realm.id, session.user, request.params.strategyId, request.body);
    },
  });

  api.route({
    ...endpointRoute(loginStrategyEndpoints.delete),
    config: { access: permissionAccess('delete', 'Realm') },
    handler: async (request, reply) => {
      const session = requireSession(request);
      const realm = await findTargetRealm(request, realms, request.params.realmId, 'delete');
      await deleteLoginStrategy(db, realm.id, session.user, request.params.strategyId);
      return reply.code(204).send();
    },
  });
}
