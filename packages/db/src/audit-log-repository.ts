import { createHash } from 'node:crypto';
import { and, asc, count, desc, eq, gt, ilike, inArray, isNull, lt, sql, type SQL } from 'drizzle-orm';
import { AUDIT_SYSTEM_ACTOR, type AuditEntryDto } from '@ecc/contracts';
import type { Database } from './create-database.ts';
import { likePattern } from './facility-repository.ts';
import { auditLog, realms, type AuditLogRow } from './schema.ts';

/** The previous hash of a realm's first entry. */
export const GENESIS_HASH = '0'.repeat(64);

export interface NewAuditEntry {
  actorId: string | null;
  actorEmail: string | null;
  action: 'create' | 'update' | 'delete';
  entityType: string;
  entityId: string;
  before: unknown;
  after: unknown;
}

/** Who made a change, as an audit entry records them (the command line's imports have no user: both null). */
export function auditActorOf(user: {
  readonly id: string | null;
  readonly email: string | null;
}): Pick<NewAuditEntry, 'actorId' | 'actorEmail'> {
  return { actorId: user.id, actorEmail: user.email };
}

/** JSON with object keys sorted at every level, so the same content always hashes the same. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value ?? null);
  if (value instanceof Date) return JSON.stringify(value.toISOString());
  if (Array.isArray(value)) return `[${value.map((item) => canonicalJson(item)).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, item]) => item !== undefined)
    .sort(([left], [right]) => (left < right ? -1 : left > right ? 1 : 0));
  return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
}

type HashedContent = Pick<
  AuditLogRow,
  | 'realmId'
  | 'sequence'
  | 'occurredOn'
  | 'actorId'
  | 'actorEmail'
  | 'action'
  | 'entityType'
  | 'entityId'
  | 'before'
  | 'after'
>;

/** `sha256(previousHash + canonical JSON of the entry's content)`, hex. */
export function auditEntryHash(previousHash: string, entry: HashedContent): string {
  const content = canonicalJson({
    realmId: entry.realmId,
    sequence: entry.sequence,
    occurredOn: entry.occurredOn.toISOString(),
    actorId: entry.actorId,
    actorEmail: entry.actorEmail,
    action: entry.action,
    entityType: entry.entityType,
    entityId: entry.entityId,
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
  return createHash('sha256').update(previousHash).update(content).digest('hex');
}

/** Above this many entities, entries are found by scanning the entity type rather than by id. */
const ID_LIST_LIMIT = 1000;

/** Rows per insert statement: well under PostgreSQL's 65,535 bind parameters. */
const INSERT_CHUNK = 2000;

/** Round-trips before/after through JSON, so the hashed content is exactly what jsonb hands back later. */
function contentOf(realmId: string, sequence: number, occurredOn: Date, entry: NewAuditEntry): HashedContent {
  return {
    realmId,
    sequence,
    occurredOn,
    actorId: entry.actorId,
    actorEmail: entry.actorEmail,
    action: entry.action,
    entityType: entry.entityType,
    entityId: entry.entityId,
    before: entry.before === undefined ? null : (JSON.parse(JSON.stringify(entry.before)) as unknown),
    after: entry.after === undefined ? null : (JSON.parse(JSON.stringify(entry.after)) as unknown),
  };
}

/** The entry as the API shows it (the actor's id stays inside). */
export function auditRowToEntry(row: AuditLogRow): AuditEntryDto {
  return {
    id: row.id,
    sequence: row.sequence,
    occurredOn: row.occurredOn.toISOString(),
    actorEmail: row.actorEmail,
    action: row.action,
    entityType: row.entityType,
    entityId: row.entityId,
    before: row.before,
    after: row.after,
    hash: row.hash,
    previousHash: row.previousHash,
  };
}

export interface AuditChainBreak {
  sequence: number;
  reason: string;
}

export interface AuditChainReport {
  realmId: string;
  realmKey: string;
  entryCount: number;
  /** The first entry that does not follow from the one before; undefined when the chain is intact. */
  firstBreak: AuditChainBreak | undefined;
}

export interface AuditLogFilter {
  entityType?: string;
  entityId?: string;
  /** Part of the actor's e-mail (any case), or `system` for entries without a user. */
  actor?: string;
  /** The first and last day (YYYY-MM-DD, UTC), both included. */
  from?: string;
  to?: string;
  limit: number;
  offset: number;
}

/** Entries are read in pages of this size when a chain is verified, so a long log never sits in memory. */
const VERIFY_PAGE_SIZE = 5000;

function filterOf(realmId: string, filter: Omit<AuditLogFilter, 'limit' | 'offset'>): SQL | undefined {
  const conditions: SQL[] = [eq(auditLog.realmId, realmId)];
  if (filter.entityType) conditions.push(eq(auditLog.entityType, filter.entityType));
  if (filter.entityId) conditions.push(eq(auditLog.entityId, filter.entityId));
  const actor = filter.actor?.trim();
  if (actor && actor.toLowerCase() === AUDIT_SYSTEM_ACTOR) conditions.push(isNull(auditLog.actorEmail));
  else if (actor) conditions.push(ilike(auditLog.actorEmail, likePattern(actor)));
  // Days are UTC days, whatever the database session's time zone.
  if (filter.from) {
    conditions.push(sql`${auditLog.occurredOn} >= (${filter.from}::date)::timestamp at time zone 'UTC'`);
  }
  if (filter.to) {
    conditions.push(sql`${auditLog.occurredOn} < (${filter.to}::date + 1)::timestamp at time zone 'UTC'`);
  }
  return and(...conditions);
}

/** Every function takes the realm id first and touches only that realm's entries. */
export function createAuditLogRepository(db: Database) {
  return {
    /** The entity types of the realm's entries, with how many each has, for the log's filter. */
    async entityTypes(realmId: string): Promise<{ entityType: string; count: number }[]> {
      return db
        .select({ entityType: auditLog.entityType, count: count() })
        .from(auditLog)
        .where(eq(auditLog.realmId, realmId))
        .groupBy(auditLog.entityType)
        .orderBy(asc(auditLog.entityType));
    },

    /**
     * Appends an entry to the realm's chain. Call it inside the transaction that makes the change: the
     * transaction-scoped advisory lock serialises appends per realm, so two writers never take one sequence.
     */
    async append(realmId: string, entry: NewAuditEntry, occurredOn: Date = new Date()): Promise<AuditLogRow> {
      await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`audit_log:${realmId}`}, 0))`);
      const last = await db
        .select({ sequence: auditLog.sequence, hash: auditLog.hash })
        .from(auditLog)
        .where(eq(auditLog.realmId, realmId))
        .orderBy(desc(auditLog.sequence))
        .limit(1);
      const sequence = (last[0]?.sequence ?? 0) + 1;
      const previousHash = last[0]?.hash ?? GENESIS_HASH;
      const content = contentOf(realmId, sequence, occurredOn, entry);
      const rows = await db
        .insert(auditLog)
        .values({ ...content, previousHash, hash: auditEntryHash(previousHash, content) })
        .returning();
      const inserted = rows[0];
      if (!inserted) throw new Error('The audit entry was not written');
      return inserted;
    },

    /** Appends entries in order under one lock and one insert per chunk (seeding, imports). */
    async appendMany(
      realmId: string,
      entries: readonly NewAuditEntry[],
      occurredOn: Date = new Date(),
    ): Promise<void> {
      if (entries.length === 0) return;
      await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`audit_log:${realmId}`}, 0))`);
      const last = await db
        .select({ sequence: auditLog.sequence, hash: auditLog.hash })
        .from(auditLog)
        .where(eq(auditLog.realmId, realmId))
        .orderBy(desc(auditLog.sequence))
        .limit(1);
      let sequence = last[0]?.sequence ?? 0;
      let previousHash = last[0]?.hash ?? GENESIS_HASH;
      const rows = entries.map((entry) => {
        sequence += 1;
        const content = contentOf(realmId, sequence, occurredOn, entry);
        const hash = auditEntryHash(previousHash, content);
        const row = { ...content, previousHash, hash };
        previousHash = hash;
        return row;
      });
      for (let start = 0; start < rows.length; start += INSERT_CHUNK) {
        await db.insert(auditLog).values(rows.slice(start, start + INSERT_CHUNK));
      }
    },

    /**
     * Entries before a sequence (all when none is given), newest first, without counting them: an export reads
     * the log this way, a page after another, so entries appended meanwhile never shift a page.
     */
    async listBefore(
      realmId: string,
      filter: Omit<AuditLogFilter, 'limit' | 'offset'>,
      beforeSequence: number | undefined,
      limit: number,
    ): Promise<AuditLogRow[]> {
      const where = filterOf(realmId, filter);
      return db
        .select()
        .from(auditLog)
        .where(beforeSequence === undefined ? where : and(where, lt(auditLog.sequence, beforeSequence)))
        .orderBy(desc(auditLog.sequence))
        .limit(limit);
    },

    async list(realmId: string, filter: AuditLogFilter): Promise<{ rows: AuditLogRow[]; total: number }> {
      const where = filterOf(realmId, filter);
      const [rows, totals] = await Promise.all([
        db
          .select()
          .from(auditLog)
          .where(where)
          .orderBy(desc(auditLog.sequence))
          .limit(filter.limit)
          .offset(filter.offset),
        db.select({ total: count() }).from(auditLog).where(where),
      ]);
      return { rows, total: totals[0]?.total ?? 0 };
    },

    /** The latest entries about any of these entities, newest first. */
    async listForEntities(
      realmId: string,
      entityType: string,
      entityIds: readonly string[],
      limit: number,
    ): Promise<AuditLogRow[]> {
      if (entityIds.length === 0) return [];
      if (entityIds.length > ID_LIST_LIMIT) {
        // A long id list costs more to send and plan than scanning the narrow entity columns of the type.
        const wanted = new Set(entityIds);
        const candidates = await db
          .select({ id: auditLog.id, entityId: auditLog.entityId })
          .from(auditLog)
          .where(and(eq(auditLog.realmId, realmId), eq(auditLog.entityType, entityType)))
          .orderBy(desc(auditLog.sequence));
        const ids = candidates
          .filter((candidate) => wanted.has(candidate.entityId))
          .slice(0, limit)
          .map((candidate) => candidate.id);
        if (ids.length === 0) return [];
        return db
          .select()
          .from(auditLog)
          .where(and(eq(auditLog.realmId, realmId), inArray(auditLog.id, ids)))
          .orderBy(desc(auditLog.sequence));
      }
      return db
        .select()
        .from(auditLog)
        .where(
          and(
            eq(auditLog.realmId, realmId),
            eq(auditLog.entityType, entityType),
            inArray(auditLog.entityId, [...entityIds]),
          ),
        )
        .orderBy(desc(auditLog.sequence))
        .limit(limit);
    },

    /** Recomputes the chain of every realm (or of the one given) and reports the first break of each. */
    async verify(realmKey?: string): Promise<AuditChainReport[]> {
      const realmRows = await db
        .select({ id: realms.id, key: realms.key })
        .from(realms)
        .where(realmKey === undefined ? undefined : eq(realms.key, realmKey))
        .orderBy(asc(realms.key));
      const reports: AuditChainReport[] = [];
      for (const realm of realmRows) {
        let previousHash = GENESIS_HASH;
        let expectedSequence = 1;
        let entryCount = 0;
        let firstBreak: AuditChainBreak | undefined;
        while (!firstBreak) {
          const page = await db
            .select()
            .from(auditLog)
            .where(and(eq(auditLog.realmId, realm.id), gt(auditLog.sequence, expectedSequence - 1)))
            .orderBy(asc(auditLog.sequence))
            .limit(VERIFY_PAGE_SIZE);
          for (const entry of page) {
            entryCount += 1;
            if (entry.sequence !== expectedSequence) {
              firstBreak = { sequence: expectedSequence, reason: `entry ${expectedSequence} is missing` };
            } else if (entry.previousHash !== previousHash) {
              // An entry that matches the previous hash it stores was chained to another version of the entry
              // before it: that one was changed and re-hashed. Otherwise this entry's own link was altered.
              const isChainedToAnotherVersion =
                entry.sequence > 1 && auditEntryHash(entry.previousHash, entry) === entry.hash;
              firstBreak = isChainedToAnotherVersion
                ? {
                    sequence: entry.sequence - 1,
                    reason: `its hash is not the one entry ${entry.sequence} was chained to (it was changed and re-hashed)`,
                  }
                : { sequence: entry.sequence, reason: 'its previous hash is not the hash before it' };
            } else if (auditEntryHash(previousHash, entry) !== entry.hash) {
              firstBreak = { sequence: entry.sequence, reason: 'its content does not match its hash' };
            }
            if (firstBreak) break;
            previousHash = entry.hash;
            expectedSequence += 1;
          }
          if (page.length < VERIFY_PAGE_SIZE) break;
        }
        reports.push({ realmId: realm.id, realmKey: realm.key, entryCount, firstBreak });
      }
      return reports;
    },
  };
}

export type AuditLogRepository = ReturnType<typeof createAuditLogRepository>;
