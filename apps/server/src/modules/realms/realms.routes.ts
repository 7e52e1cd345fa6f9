import { managedRealmEndpoints } from '@ecc/contracts';
import type { Database } from '@ecc/db';
import { canAccessRecord } from '@ecc/domain';
import { isOperatorAdministrator } from '#platform/abilities.ts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '#platform/app-context.ts';
import { endpointRoute } from '#platform/endpoint-route.ts';
import { fieldRefusal, HttpError } from '#platform/errors.ts';
import { abilityOfRequest, permissionAccess, requireSession } from '#platform/route-access.ts';
import { findTargetRealm } from '#platform/target-realm.ts';
import { registerRealmExportRoute } from './realms-export.ts';
import { createManagedRealm, listManagedRealms, updateManagedRealm } from './realms.service.ts';

export const OPERATOR_ONLY_MESSAGE =
  "Only the platform operator's administrators may create or change realms";

/**
 * Creating and changing realms (their plan above all) is the platform operator's: a realm's own administrator,
 * who may update their realm's other settings, gets 403 here whatever their grants say. A route hook, so it
 * answers before the body is validated, right after the access check.
 */
async function requireOperator(request: FastifyRequest): Promise<void> {
  if (!isOperatorAdministrator(requireSession(request))) throw new HttpError(403, OPERATOR_ONLY_MESSAGE);
}

/** Realms as tenants (issue 3): the list for whoever may read realms; creation and changes for operators. */
export function registerRealmRoutes(app: FastifyInstance, context: AppContext, db: Database): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const realms = context.repositories.realms;

  api.route({
    ...endpointRoute(managedRealmEndpoints.list),
    config: { access: permissionAccess('read', 'Realm') },
    handler: async (request) => {
      // Outside the operator's realms the rules are confined to the caller's realm and those below it.
      const ability = await abilityOfRequest(request);
      return listManagedRealms(
        db,
        (realm) => canAccessRecord(ability, 'read', 'Realm', { realm: realm.key, id: realm.id }),
        request.query,
      );
    },
  });

  registerRealmExportRoute(app, db);

  api.route({
    ...endpointRoute(managedRealmEndpoints.create),
    config: { access: permissionAccess('create', 'Realm') },
    onRequest: requireOperator,
    handler: async (request, reply) => {
      const { parentKey } = request.body;
      if (parentKey !== undefined) {
        // A new realm goes under a parent the operator may create realms in; any other is unknown to them.
        const parent = await realms.findByKey(parentKey);
        const ability = await abilityOfRequest(request);
        if (!parent || !canAccessRecord(ability, 'create', 'Realm', { realm: parent.key, id: parent.id })) {
          throw fieldRefusal(400, { 'body/parentKey': `No realm has the key ${parentKey}` });
        }
      }
      const created = await createManagedRealm(db, requireSession(request).user, request.body);
      return reply.code(201).send(created);
    },
  });

  api.route({
    ...endpointRoute(managedRealmEndpoints.update),
    config: { access: permissionAccess('update', 'Realm') },
    onRequest: requireOperator,
    handler: async (request) => {
      const session = requireSession(request);
      const realm = await findTargetRealm(request, realms, request.params.realmId, 'update');
      return updateManagedRealm(
        db,
        { user: session.user, realmId: session.realm.id },
        realm.id,
        request.body,
      );
    },
  });
}
