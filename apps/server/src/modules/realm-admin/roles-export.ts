import { exportEndpoints, type PermissionRow, type RealmRole } from '@ecc/contracts';
import type { Database } from '@ecc/db';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { endpointRoute } from '#platform/endpoint-route.ts';
import { permissionAccess, requireSession } from '#platform/route-access.ts';
import { sendTableExport, type ExportColumn } from '#platform/table-export.ts';
import { listRealmRoles } from './realm-admin.service.ts';

/** One grant of one role; a role without grants is a row of its own with no grant, so every role is listed. */
interface RoleGrantRow {
  readonly role: RealmRole;
  readonly grant: PermissionRow | undefined;
}

/** A grant's data field as the panel shows it: text, else nothing. */
function field(grant: PermissionRow | undefined, name: string): string | null {
  const value = grant?.data[name];
  return typeof value === 'string' ? value : null;
}

/** The roles panel's grant tables, one after another, each row named by its role. */
const ROLE_EXPORT_COLUMNS: readonly ExportColumn<RoleGrantRow>[] = [
  { header: 'Role', value: (row) => row.role.name, width: 20 },
  { header: 'Role key', value: (row) => row.role.key, width: 14 },
  { header: 'Type', value: (row) => row.grant?.type, width: 10 },
  { header: 'Realm pattern', value: (row) => field(row.grant, 'realm'), width: 16 },
  { header: 'Subject', value: (row) => field(row.grant, 'subject'), width: 18 },
  { header: 'Id pattern', value: (row) => field(row.grant, 'id'), width: 16 },
  { header: 'Action', value: (row) => field(row.grant, 'action'), width: 10 },
  { header: 'Right', value: (row) => row.grant?.right, width: 18 },
  { header: 'Active', value: (row) => row.grant?.active, width: 8 },
];

/** `GET /api/exports/roles`: every role of the realm with its grants, as the Roles tab lists them. */
export function registerRoleExportRoute(app: FastifyInstance, db: Database): void {
  app.withTypeProvider<ZodTypeProvider>().route({
    ...endpointRoute(exportEndpoints.roles),
    config: { access: permissionAccess('read', 'Role') },
    handler: async (request, reply) => {
      // A realm's roles and grants are few (one query answers the panel), so they come as one page.
      const { results: roles } = await listRealmRoles(db, requireSession(request).realm.id);
      const rows = roles.flatMap((role): RoleGrantRow[] =>
        role.grants.length === 0
          ? [{ role, grant: undefined }]
          : role.grants.map((grant) => ({ role, grant })),
      );
      return sendTableExport(request, reply, {
        format: request.query.format,
        name: 'roles',
        columns: ROLE_EXPORT_COLUMNS,
        pages: [rows],
      });
    },
  });
}
