import { exportEndpoints, type RealmUser } from '@ecc/contracts';
import type { Database } from '@ecc/db';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { endpointRoute } from '#platform/endpoint-route.ts';
import { permissionAccess } from '#platform/route-access.ts';
import { sendTableExport, type ExportColumn } from '#platform/table-export.ts';
import { readableRealmUsers } from './readable-users.ts';

const USER_EXPORT_COLUMNS: readonly ExportColumn<RealmUser>[] = [
  { header: 'E-mail', value: (user) => user.email, width: 36 },
  { header: 'Name', value: (user) => user.name, width: 28 },
  { header: 'Role', value: (user) => user.role, width: 10 },
  { header: 'Created on (UTC)', value: (user) => user.createdOn, width: 26 },
  { header: 'User id', value: (user) => user.id, width: 38 },
];

/** `GET /api/exports/users`: the users the caller may read, as the Users tab lists them. */
export function registerUserExportRoute(app: FastifyInstance, db: Database): void {
  app.withTypeProvider<ZodTypeProvider>().route({
    ...endpointRoute(exportEndpoints.users),
    config: { access: permissionAccess('read', 'User') },
    handler: async (request, reply) => {
      // A realm's users are few (one query answers the list), so they come as one page.
      const users = await readableRealmUsers(db, request);
      return sendTableExport(request, reply, {
        format: request.query.format,
        name: 'users',
        columns: USER_EXPORT_COLUMNS,
        pages: [users],
      });
    },
  });
}
