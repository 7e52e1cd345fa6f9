import { pagedSchema } from './api-error.ts';
import { defineEndpoint } from './endpoint.ts';
import { z } from './zod.ts';

/*
 * The append-only audit log (issue 4, item 1). Each realm's entries form a hash chain: `hash` is the SHA-256 of
 * `previousHash` and the entry's canonical content; the first entry's `previousHash` is 64 zeros.
 */

export const MAX_AUDIT_LOG_PAGE_SIZE = 500;
export const DEFAULT_AUDIT_LOG_PAGE_SIZE = 50;

export const AUDIT_ACTIONS = ['create', 'update', 'delete'] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AUDIT_ENTITY_TYPES = ['activity-record', 'facility'] as const;

export const auditEntrySchema = z.object({
  id: z.number().int(),
  sequence: z.number().int(),
  occurredOn: z.string(),
  actorEmail: z.string().nullable(),
  action: z.string(),
  entityType: z.string(),
  entityId: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  hash: z.string(),
  previousHash: z.string(),
});
export type AuditEntryDto = z.infer<typeof auditEntrySchema>;

const dayParameterSchema = z.iso.date('Expected a date as YYYY-MM-DD');

/**
 * The log's filters: an entity type, an entity, the actor (part of their e-mail, any case; `system` for the
 * entries of the command line and imports without a user) and the days from and to (inclusive, UTC).
 * Query-string values arrive as text, so the numbers are coerced.
 */
export const auditLogFilterSchema = z.object({
  entityType: z.string().optional(),
  entityId: z.string().optional(),
  actor: z.string().trim().max(320).optional(),
  from: dayParameterSchema.optional(),
  to: dayParameterSchema.optional(),
});
export type AuditLogFilter = z.infer<typeof auditLogFilterSchema>;

export const auditLogQuerySchema = auditLogFilterSchema.extend({
  limit: z.coerce.number().int().min(1).max(MAX_AUDIT_LOG_PAGE_SIZE).default(DEFAULT_AUDIT_LOG_PAGE_SIZE),
  offset: z.coerce.number().int().min(0).default(0),
});
export type AuditLogQuery = z.infer<typeof auditLogQuerySchema>;

export const auditLogResponseSchema = pagedSchema(auditEntrySchema);
export type AuditLogResponse = z.infer<typeof auditLogResponseSchema>;

/** The actor filter's word for entries without a user (the command line, seeds). */
export const AUDIT_SYSTEM_ACTOR = 'system';

export const auditEntityTypesResponseSchema = z.object({
  results: z.array(z.object({ entityType: z.string(), count: z.number().int() })),
});
export type AuditEntityTypesResponse = z.infer<typeof auditEntityTypesResponseSchema>;

/** The realm's audit log (`read AuditLog`). */
export const auditEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/audit-log',
    query: auditLogQuerySchema,
    responses: { 200: auditLogResponseSchema },
  }),
  entityTypes: defineEndpoint({
    method: 'GET',
    path: '/api/audit-log/entity-types',
    responses: { 200: auditEntityTypesResponseSchema },
  }),
};
