import {
  loginStrategyListResponseSchema,
  loginStrategyParamsSchema,
  loginStrategySchema,
  loginStrategyUpdateRequestSchema,
  newLoginStrategyRequestSchema,
  realmParamsSchema,
} from '@ecc/contracts';
import type { Database } from '@ecc/db';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '#platform/app-context.ts';
import type { ProviderUrlPolicy } from '#platform/provider-url-safety.ts';
import { permissionAccess, requireSession } from '#platform/route-access.ts';
import { findTargetRealm } from '#platform/target-realm.ts';
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

  api.get(
    '/api/realms/:realmId/login-strategies',
    {
      config: { access: permissionAccess('read', 'Realm') },
      schema: { params: realmParamsSchema, response: { 200: loginStrategyListResponseSchema } },
    },
    async (request) => {
      const realm = await findTargetRealm(request, realms, request.params.realmId, 'read');
      return { results: listLoginStrategies(realm) };
    },
  );

  api.post(
    '/api/realms/:realmId/login-strategies',
    {
      config: { access: permissionAccess('create', 'Realm') },
      schema: {
        params: realmParamsSchema,
        body: newLoginStrategyRequestSchema,
        response: { 201: loginStrategySchema },
      },
    },
    async (request, reply) => {
      const session = requireSession(request);
      const realm = await findTargetRealm(request, realms, request.params.realmId, 'create');
      await assertSafeStrategyUrls(request.body, policy);
      const created = await createLoginStrategy(db, realm.id, session.user, request.body);
      return reply.code(201).send(created);
    },
  );

  api.put(
    '/api/realms/:realmId/login-strategies/:strategyId',
    {
      config: { access: permissionAccess('update', 'Realm') },
      schema: {
        params: loginStrategyParamsSchema,
        body: loginStrategyUpdateRequestSchema,
        response: { 200: loginStrategySchema },
      },
    },
    async (request) => {
      const session = requireSession(request);
      const realm = await findTargetRealm(request, realms, request.params.realmId, 'update');
      await assertSafeStrategyUrls(request.body, policy);
      return updateLoginStrategy(db, realm.id, session.user, request.params.strategyId, request.body);
    },
  );

  api.delete(
    '/api/realms/:realmId/login-strategies/:strategyId',
    {
      config: { access: permissionAccess('delete', 'Realm') },
      schema: { params: loginStrategyParamsSchema },
    },
    async (request, reply) => {
      const session = requireSession(request);
      const realm = await findTargetRealm(request, realms, request.params.realmId, 'delete');
      await deleteLoginStrategy(db, realm.id, session.user, request.params.strategyId);
      return reply.code(204).send();
    },
  );
}
