import { pagedSchema } from './api-error.ts';
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

/** Query-string values arrive as text, so the numbers are coerced. */
export const auditLogQuerySchema = z.object({
  entityType: z.string().optional(),
  entityId: z.string().optional(),
  limit: z.coerce.number().int().min(1).max(MAX_AUDIT_LOG_PAGE_SIZE).default(DEFAULT_AUDIT_LOG_PAGE_SIZE),
  offset: z.coerce.number().int().min(0).default(0),
});
export type AuditLogQuery = z.infer<typeof auditLogQuerySchema>;

export const auditLogResponseSchema = pagedSchema(auditEntrySchema);
export type AuditLogResponse = z.infer<typeof auditLogResponseSchema>;
