import {
  exportEndpoints,
  MANAGED_REALM_PAGE_LIMIT,
  PLAN_LABELS,
  type ManagedRealm,
  type Realm,
} from '@ecc/contracts';
import type { Database } from '@ecc/db';
import { canAccessRecord } from '@ecc/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { endpointRoute } from '#platform/endpoint-route.ts';
import { abilityOfRequest, permissionAccess } from '#platform/route-access.ts';
import { pagesByOffset, sendTableExport, type ExportColumn } from '#platform/table-export.ts';
import { listManagedRealms } from './realms.service.ts';

/** The realms panel's table (key, name, plan, parent, domains, feature flags, users, status), then its creation. */
const REALM_EXPORT_COLUMNS: readonly ExportColumn<ManagedRealm>[] = [
  { header: 'Key', value: (realm) => realm.key, width: 12 },
  { header: 'Name', value: (realm) => realm.name, width: 30 },
  { header: 'Plan', value: (realm) => (realm.plan ? PLAN_LABELS[realm.plan] : null), width: 10 },
  { header: 'Parent', value: (realm) => realm.parentKey, width: 12 },
  { header: 'Domains', value: (realm) => realm.domains.join(', '), width: 36 },
  { header: 'Feature flags', value: (realm) => realm.featureFlags.join(', '), width: 28 },
  { header: 'Users', value: (realm) => realm.userCount, width: 8 },
  { header: 'Status', value: (realm) => (realm.active ? 'Active' : 'Inactive'), width: 10 },
  { header: 'Created on (UTC)', value: (realm) => realm.createdOn, width: 26 },
];

/** `GET /api/exports/realms`: the realms the caller may read with the list's search, every page, as CSV or XLSX. */
export function registerRealmExportRoute(app: FastifyInstance, db: Database): void {
  app.withTypeProvider<ZodTypeProvider>().route({
    ...endpointRoute(exportEndpoints.realms),
    config: { access: permissionAccess('read', 'Realm') },
    handler: async (request, reply) => {
      const { format, q } = request.query;
      // The list's own rule: outside the operator's realms, the caller's realm and those below it.
      const ability = await abilityOfRequest(request);
      const canRead = (realm: Realm) =>
        canAccessRecord(ability, 'read', 'Realm', { realm: realm.key, id: realm.id });
      return sendTableExport(request, reply, {
        format,
        name: 'realms',
        columns: REALM_EXPORT_COLUMNS,
        pages: await pagesByOffset(
          async (offset, limit) => (await listManagedRealms(db, canRead, { q, offset, limit })).results,
          MANAGED_REALM_PAGE_LIMIT,
        ),
      });
    },
  });
}
