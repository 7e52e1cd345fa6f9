import { exportEndpoints, type LoginStrategy } from '@ecc/contracts';
import type { RealmRepository } from '@ecc/db';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { endpointRoute } from '#platform/endpoint-route.ts';
import { permissionAccess } from '#platform/route-access.ts';
import { sendTableExport, type ExportColumn } from '#platform/table-export.ts';
import { findTargetRealm } from '#platform/target-realm.ts';
import { listLoginStrategies } from './login-strategies.service.ts';

/**
 * The sign-in strategies panel's table: name, issuer, client id, whether a client secret is set, active. Rows are
 * the list's strategies, which never hold the secret itself.
 */
const LOGIN_STRATEGY_EXPORT_COLUMNS: readonly ExportColumn<LoginStrategy>[] = [
  { header: 'Name', value: (strategy) => strategy.name, width: 28 },
  { header: 'Issuer', value: (strategy) => strategy.issuer, width: 40 },
  { header: 'Client ID', value: (strategy) => strategy.clientId, width: 28 },
  { header: 'Client secret set', value: (strategy) => strategy.hasClientSecret, width: 12 },
  { header: 'Active', value: (strategy) => strategy.active, width: 8 },
  { header: 'Provider', value: (strategy) => strategy.provider, width: 14 },
  { header: 'Key', value: (strategy) => strategy.key, width: 38 },
];

/** `GET /api/exports/realms/:realmId/login-strategies`: the realm's strategies, with the list's access and realm. */
export function registerLoginStrategyExportRoute(app: FastifyInstance, realms: RealmRepository): void {
  app.withTypeProvider<ZodTypeProvider>().route({
    ...endpointRoute(exportEndpoints.loginStrategies),
    config: { access: permissionAccess('read', 'Realm') },
    handler: async (request, reply) => {
      const realm = await findTargetRealm(request, realms, request.params.realmId, 'read');
      return sendTableExport(request, reply, {
        format: request.query.format,
        name: 'sign-in-strategies',
        columns: LOGIN_STRATEGY_EXPORT_COLUMNS,
        pages: [listLoginStrategies(realm)],
      });
    },
  });
}
