import { realmSessionSettingsEndpoints, realmSettingsEndpoints } from '@ecc/contracts';
import { createRealmRepository, type Database } from '@ecc/db';
import type { PermissionAction, PermissionSubject } from '@ecc/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { endpointRoute } from '#platform/endpoint-route.ts';
import type { RecalculationStarter } from '#platform/recalculations.ts';
import { permissionAccess, requireSession } from '#platform/route-access.ts';
import { findTargetRealm } from '#platform/target-realm.ts';
import {
  readLegalSettings,
  readRealmSettings,
  readSessionSettings,
  readThemeSettings,
  updateLegalSettings,
  updateRealmSettings,
  updateSessionSettings,
  updateThemeSettings,
} from './realm-settings.service.ts';

/**
 * A realm's theme, legal texts and GWP set (issue 3, item 11), addressed by the realm's id: an administrator's
 * `\own` grants reach only their realm, the operator's (realms acm and context) reach every realm. A realm that
 * does not exist and one the caller may not act on answer the same 404.
 */
export function registerRealmSettingsRoutes(
  app: FastifyInstance,
  db: Database,
  recalculations: RecalculationStarter,
): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const realms = createRealmRepository(db);

  const targetRealmId = async (
    request: FastifyRequest<{ Params: { realmId: string } }>,
    action: PermissionAction,
    subject: PermissionSubject,
  ) => (await findTargetRealm(request, realms, request.params.realmId, action, subject)).id;

  api.route({
    ...endpointRoute(realmSettingsEndpoints.theme),
    config: { access: permissionAccess('read', 'Theme') },
    handler: async (request) => readThemeSettings(db, await targetRealmId(request, 'read', 'Theme')),
  });

  api.route({
    ...endpointRoute(realmSettingsEndpoints.updateTheme),
    config: { access: permissionAccess('update', 'Theme') },
    handler: async (request) => {
      const realmId = await targetRealmId(request, 'update', 'Theme');
      return updateThemeSettings(db, realmId, requireSession(request).user, request.body);
    },
  });

  api.route({
    ...endpointRoute(realmSessionSettingsEndpoints.read),
    config: { access: permissionAccess('read', 'Realm') },
    handler: async (request) => readSessionSettings(db, await targetRealmId(request, 'read', 'Realm')),
  });

  api.route({
    ...endpointRoute(realmSessionSettingsEndpoints.update),
    config: { access: permissionAccess('update', 'Realm') },
    handler: async (request) => {
      const realmId = await targetRealmId(request, 'update', 'Realm');
      return updateSessionSettings(db, realmId, requireSession(request).user, request.body);
    },
  });

  api.route({
    ...endpointRoute(realmSettingsEndpoints.legal),
    config: { access: permissionAccess('read', 'Realm') },
    handler: async (request) => readLegalSettings(db, await targetRealmId(request, 'read', 'Realm')),
  });

  api.route({
    ...endpointRoute(realmSettingsEndpoints.updateLegal),
    config: { access: permissionAccess('update', 'Realm') },
    handler: async (request) => {
      const realmId = await targetRealmId(request, 'update', 'Realm');
      return updateLegalSettings(db, realmId, requireSession(request).user, request.body);
    },
  });

  api.route({
    ...endpointRoute(realmSettingsEndpoints.read),
    config: { access: permissionAccess('read', 'Realm') },
    handler: async (request) =>
      readRealmSettings(db, recalculations, await targetRealmId(request, 'read', 'Realm')),
  });

  api.route({
    ...endpointRoute(realmSettingsEndpoints.update),
    config: { access: permissionAccess('update', 'Realm') },
    handler: async (request, reply) => {
      const realmId = await targetRealmId(request, 'update', 'Realm');
      const outcome = await updateRealmSettings(
        db,
        recalculations,
        realmId,
        requireSession(request).user,
        request.body,
      );
      return reply.code(outcome.isStarted ? 202 : 200).send(outcome.settings);
    },
  });
}
