import { realmAdminEndpoints } from '@ecc/contracts';
import { hashPassword, type Database } from '@ecc/db';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { HttpError } from '#platform/errors.ts';
import { assertCanHandOnGrants, roleRefusalsOf } from '#platform/delegation.ts';
import { endpointRoute } from '#platform/endpoint-route.ts';
import {
  assertCanOnOwnRecord,
  canInOwnRealm,
  forbiddenMessage,
  permissionAccess,
  requireSession,
} from '#platform/route-access.ts';
import {
  addRoleGrant,
  changeUserRole,
  deleteGrant,
  listRealmRoles,
  setGrantActive,
} from './realm-admin.service.ts';
import { readableRealmUsers } from './readable-users.ts';
import { registerRoleExportRoute } from './roles-export.ts';
import { registerUserExportRoute } from './users-export.ts';
import {
  deactivateUser,
  reactivateUser,
  resetUserPassword,
  type LifecycleActor,
} from './user-lifecycle.service.ts';

/**
 * Realm administration (issue 3, item 11): the realm's users, their role and their lifecycle (deactivation,
 * password reset), its roles and their grants.
 */
export function registerRealmAdminRoutes(app: FastifyInstance, db: Database, now: () => Date): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  /** The signed-in administrator, and the roles whose holders they may act on (worked out before the write). */
  async function lifecycleActorOf(request: FastifyRequest, userId: string): Promise<LifecycleActor> {
    await assertCanOnOwnRecord(request, 'update', 'User', userId);
    const refusals = await roleRefusalsOf(request);
    return { user: requireSession(request).user, refusalFor: (role) => refusals.get(role) };
  }
  const updateUser = { access: permissionAccess('update', 'User') };

  api.route({
    ...endpointRoute(realmAdminEndpoints.deactivateUser),
    config: updateUser,
    handler: async (request) => {
      const session = requireSession(request);
      const actor = await lifecycleActorOf(request, request.params.id);
      return deactivateUser(db, session.realm.id, actor, request.params.id, now());
    },
  });

  api.route({
    ...endpointRoute(realmAdminEndpoints.reactivateUser),
    config: updateUser,
    handler: async (request) => {
      const session = requireSession(request);
      const actor = await lifecycleActorOf(request, request.params.id);
      return reactivateUser(db, session.realm.id, actor, request.params.id);
    },
  });

  api.route({
    ...endpointRoute(realmAdminEndpoints.resetPassword),
    config: updateUser,
    handler: async (request) => {
      const session = requireSession(request);
      const actor = await lifecycleActorOf(request, request.params.id);
      const passwordHash = await hashPassword(request.body.password);
      return resetUserPassword(db, session.realm.id, actor, request.params.id, passwordHash);
    },
  });

  api.route({
    ...endpointRoute(realmAdminEndpoints.users),
    config: { access: permissionAccess('read', 'User') },
    handler: async (request) => ({ results: await readableRealmUsers(db, request) }),
  });
  registerUserExportRoute(app, db);
  registerRoleExportRoute(app, db);

  api.route({
    ...endpointRoute(realmAdminEndpoints.changeUserRole),
    config: { access: permissionAccess('update', 'User') },
    handler: async (request) => {
      const session = requireSession(request);
      // A member may update their own User (`\principal`); holding a role is the administrators' to change.
      if (!(await canInOwnRealm(request, 'update', 'Role'))) {
        throw new HttpError(403, forbiddenMessage('update', 'Role'));
      }
      await assertCanOnOwnRecord(request, 'update', 'User', request.params.id);
      // No one hands on, or takes away, more than they hold: both roles' rights must be the caller's own.
      const refusals = await roleRefusalsOf(request);
      return changeUserRole(
        db,
        session.realm.id,
        session.user,
        request.params.id,
        request.body.role,
        (role) => refusals.get(role),
      );
    },
  });

  api.route({
    ...endpointRoute(realmAdminEndpoints.roles),
    config: { access: permissionAccess('read', 'Role') },
    handler: async (request) => listRealmRoles(db, requireSession(request).realm.id),
  });

  api.route({
    ...endpointRoute(realmAdminEndpoints.addGrant),
    config: { access: permissionAccess('create', 'Permission') },
    handler: async (request, reply) => {
      const session = requireSession(request);
      const created = await addRoleGrant(
        db,
        session.realm,
        session.user,
        request.params.roleId,
        request.body,
        (grant) => assertCanHandOnGrants(request, [{ ...grant, id: 'new', active: grant.active ?? true }]),
      );
      return reply.code(201).send(created);
    },
  });

  api.route({
    ...endpointRoute(realmAdminEndpoints.setGrantActive),
    config: { access: permissionAccess('update', 'Permission') },
    handler: async (request) => {
      const session = requireSession(request);
      await assertCanOnOwnRecord(request, 'update', 'Permission', request.params.id);
      return setGrantActive(
        db,
        session.realm.id,
        session.user,
        request.params.id,
        request.body.active,
        (grant) => assertCanHandOnGrants(request, [grant]),
      );
    },
  });

  api.route({
    ...endpointRoute(realmAdminEndpoints.deleteGrant),
    config: { access: permissionAccess('delete', 'Permission') },
    handler: async (request, reply) => {
      const session = requireSession(request);
      await assertCanOnOwnRecord(request, 'delete', 'Permission', request.params.id);
      await deleteGrant(db, session.realm.id, session.user, request.params.id);
      return reply.code(204).send();
    },
  });
}
