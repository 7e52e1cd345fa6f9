import { auditLogQuerySchema, auditLogResponseSchema } from '@ecc/contracts';
import { auditRowToEntry, createAuditLogRepository, type Database } from '@ecc/db';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { permissionAccess, requireSession } from '#platform/route-access.ts';

/** The realm's append-only audit log, newest first (issue 4, item 1). */
export function registerAuditRoutes(app: FastifyInstance, db: Database): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const auditLog = createAuditLogRepository(db);

  api.get(
    '/api/audit-log',
    {
      config: { access: permissionAccess('read', 'AuditLog') },
      schema: { querystring: auditLogQuerySchema, response: { 200: auditLogResponseSchema } },
    },
    async (request) => {
      const { rows, total } = await auditLog.list(requireSession(request).realm.id, request.query);
      return { results: rows.map(auditRowToEntry), count: rows.length, total, offset: request.query.offset };
    },
  );
}
