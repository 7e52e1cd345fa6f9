import { auditEndpoints, exportEndpoints, type AuditEntryDto } from '@ecc/contracts';
import { auditRowToEntry, createAuditLogRepository, type Database } from '@ecc/db';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { endpointRoute } from '#platform/endpoint-route.ts';
import { permissionAccess, requireSession } from '#platform/route-access.ts';
import { EXPORT_PAGE_SIZE, sendTableExport, type ExportColumn } from '#platform/table-export.ts';

const json = (value: unknown) => (value === null || value === undefined ? null : JSON.stringify(value));

/** The columns of an audit log export: the entry as the log shows it, before and after as JSON text. */
const AUDIT_EXPORT_COLUMNS: readonly ExportColumn<AuditEntryDto>[] = [
  { header: 'Sequence', value: (entry) => entry.sequence, width: 10 },
  { header: 'Occurred on (UTC)', value: (entry) => entry.occurredOn, width: 26 },
  { header: 'Actor', value: (entry) => entry.actorEmail ?? 'system', width: 28 },
  { header: 'Action', value: (entry) => entry.action, width: 10 },
  { header: 'Entity type', value: (entry) => entry.entityType, width: 18 },
  { header: 'Entity id', value: (entry) => entry.entityId, width: 38 },
  { header: 'Before', value: (entry) => json(entry.before), width: 60 },
  { header: 'After', value: (entry) => json(entry.after), width: 60 },
  { header: 'Hash', value: (entry) => entry.hash, width: 66 },
  { header: 'Previous hash', value: (entry) => entry.previousHash, width: 66 },
];

/** The realm's append-only audit log, newest first (issue 4, item 1), its filters and its export. */
export function registerAuditRoutes(app: FastifyInstance, db: Database): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const auditLog = createAuditLogRepository(db);
  const readAuditLog = { access: permissionAccess('read', 'AuditLog') };

  api.route({
    ...endpointRoute(auditEndpoints.list),
    config: readAuditLog,
    handler: async (request) => {
      const { rows, total } = await auditLog.list(requireSession(request).realm.id, request.query);
      return { results: rows.map(auditRowToEntry), count: rows.length, total, offset: request.query.offset };
    },
  });

  api.route({
    ...endpointRoute(auditEndpoints.entityTypes),
    config: readAuditLog,
    handler: async (request) => ({ results: await auditLog.entityTypes(requireSession(request).realm.id) }),
  });

  api.route({
    ...endpointRoute(exportEndpoints.auditLog),
    config: readAuditLog,
    handler: async (request, reply) => {
      const realmId = requireSession(request).realm.id;
      const { format, ...filter } = request.query;
      return sendTableExport(request, reply, {
        format,
        name: 'audit-log',
        columns: AUDIT_EXPORT_COLUMNS,
        pages: (async function* () {
          let beforeSequence: number | undefined;
          for (;;) {
            const rows = await auditLog.listBefore(realmId, filter, beforeSequence, EXPORT_PAGE_SIZE);
            if (rows.length > 0) yield rows.map(auditRowToEntry);
            const last = rows.at(-1);
            if (!last || rows.length < EXPORT_PAGE_SIZE) return;
            beforeSequence = last.sequence;
          }
        })(),
      });
    },
  });
}
