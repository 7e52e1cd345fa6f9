import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { PGlite, Transaction } from '@electric-sql/pglite';
import { isGwpSetId, type GwpSetId } from '@ecc/domain';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { DatabaseHandle } from './create-database.ts';
import { switchRealmGwpSet } from './gwp-set-switch.ts';
import { isUniqueViolation } from './is-unique-violation.ts';
import { lockResultGwpSetsExclusively, RESULT_WRITE_LOCK_KEY_SQL } from './result-gwp-sets.ts';
import { emissionResultsAllSets, recalculationRuns, type RecalculationRunRow } from './schema.ts';

/**
 * Storage of bulk recalculation (issue 4, item 3; decision 020): the runs, and batches that read a realm's next
 * activity records in id order, calculate them and write their results with the run's cursor, all in one
 * transaction holding the realm's results lock alone, so a record saved meanwhile is either in the batch as saved
 * or saved after it. Results are written with COPY (PGlite: from a blob; PostgreSQL: FROM STDIN), an order of
 * magnitude faster than multi-row INSERT, on the run's GWP set; a run that stops resumes after the last
 * committed batch. A run on another set than the realm's switches the realm over in its last transaction.
 */

/** The columns a batch's COPY text gives, tab-separated, in this order. */
export const EMISSION_RESULT_COPY_COLUMNS = [
  'realm_id',
  'activity_record_id',
  'facility_id',
  'period_start',
  'scope',
  'scope3_category',
  'scope2_method',
  'gases',
  'co2e_kg',
  'gwp_set_id',
  'factor_key',
  'factor_version',
  'calculation_method_id',
  'is_fallback',
] as const;

/** The results' secondary index; a large rebuild drops it and builds it once at the end (PGlite only). */
export const EMISSION_RESULTS_SECONDARY_INDEX = 'emission_results_facility_period_index';
const CREATE_SECONDARY_INDEX = `CREATE INDEX IF NOT EXISTS ${EMISSION_RESULTS_SECONDARY_INDEX} ON emission_results_all_sets USING btree (realm_id, gwp_set_id, facility_id, period_start)`;

/** A failed record as kept on the run (only the first ones are kept; all are counted). */
export interface RecalculationFailureEntry {
  id: string;
  path: string;
  message: string;
}
export const MAX_KEPT_FAILURES = 100;

/** One activity record as read for recalculation, as an array (no per-row object from the driver). */
export type RecalculationRecordRow = [
  id: string,
  facilityId: string,
  periodStart: string,
  quantity: number,
  unit: string,
  factorKey: string,
  scope: number,
  scope3Category: number | null,
  certificateCoverage: number | null,
  activityType: string,
  periodEnd: string,
  equipmentId: string | null,
];

/** What one batch of records calculates to. */
export interface CalculatedBatch {
  readonly failures: readonly RecalculationFailureEntry[];
  /** COPY text format lines (see EMISSION_RESULT_COPY_COLUMNS), each ending in a newline. */
  readonly copyText: string;
}

export interface BatchRequest {
  readonly realmId: string;
  readonly runId: string;
  /** The cursor the batch starts after; the batch fails if the run moved on meanwhile (another worker). */
  readonly afterId: string | null;
  readonly limit: number;
  /** Calculates the records read, inside the batch's transaction. */
  readonly calculate: (rows: readonly RecalculationRecordRow[]) => CalculatedBatch;
  /** Runs inside the batch's transaction before it commits (tests interrupt a batch there). */
  readonly beforeCommit?: () => Promise<void> | void;
}

/** A committed batch: its last record (the run's cursor now), how many it read, and those that failed. */
export interface BatchOutcome {
  readonly lastId: string;
  readonly processed: number;
  readonly failures: readonly RecalculationFailureEntry[];
}

export class RecalculationConflictError extends Error {
  override readonly name = 'RecalculationConflictError';
}

interface Session {
  query(text: string, params?: unknown[]): Promise<{ rows: unknown[][]; affectedRows: number }>;
  /** Up to `limit` of the realm's records after `afterId`, in id order (keyset pagination). */
  readRecords(realmId: string, afterId: string | null, limit: number): Promise<RecalculationRecordRow[]>;
  copyResults(text: string): Promise<void>;
}

interface BulkClient {
  readonly kind: 'pglite' | 'postgres';
  query(text: string, params?: unknown[]): Promise<{ rows: unknown[][]; affectedRows: number }>;
  transaction<T>(work: (session: Session) => Promise<T>): Promise<T>;
}

const COPY_SQL = `COPY emission_results_all_sets (${EMISSION_RESULT_COPY_COLUMNS.join(', ')}) FROM`;
const RECORD_COLUMNS = `id, facility_id, period_start::text, quantity, unit, factor_key, scope, scope3_category, certificate_coverage, activity_type, period_end::text, equipment_id`;

function pgliteSession(client: PGlite | Transaction): Session {
  return {
    async query(text, params = []) {
      const result = await client.query<unknown[]>(text, params, { rowMode: 'array' });
      return { rows: result.rows, affectedRows: result.affectedRows ?? 0 };
    },
    // The records come through COPY TO and are parsed here: PGlite's per-value row conversion is slower.
    async readRecords(realmId, afterId, limit) {
      // COPY takes no parameters: the values are checked to be UUIDs and a whole number before they go in.
      if (!UUID_PATTERN.test(realmId) || (afterId !== null && !UUID_PATTERN.test(afterId))) {
        throw new RangeError('Record ids must be UUIDs');
      }
      const after = afterId === null ? '' : ` AND id > '${afterId}'`;
      const result = await client.query(
        `COPY (SELECT ${RECORD_COLUMNS} FROM activity_records WHERE realm_id = '${realmId}'${after} ORDER BY id LIMIT ${Math.trunc(limit)}) TO '/dev/blob'`,
      );
      return parseRecordCopyText((await result.blob?.text()) ?? '');
    },
    async copyResults(text) {
      if (text.length > 0) await client.query(`${COPY_SQL} '/dev/blob'`, [], { blob: new Blob([text]) });
    },
  };
}

function postgresSession(client: pg.PoolClient | pg.Pool): Session {
  const session: Session = {
    async query(text, params = []) {
      const result = await client.query({ text, values: params, rowMode: 'array' });
      return { rows: result.rows as unknown[][], affectedRows: result.rowCount ?? 0 };
    },
    async readRecords(realmId, afterId, limit) {
      const { rows } =
        afterId === null
          ? await session.query(
              `SELECT ${RECORD_COLUMNS} FROM activity_records WHERE realm_id = $1 ORDER BY id LIMIT $2`,
              [realmId, limit],
            )
          : await session.query(
              `SELECT ${RECORD_COLUMNS} FROM activity_records WHERE realm_id = $1 AND id > $2 ORDER BY id LIMIT $3`,
              [realmId, afterId, limit],
            );
      return rows as RecalculationRecordRow[];
    },
    async copyResults(text) {
      if (text.length === 0) return;
      const connection = client as pg.PoolClient;
      await pipeline(Readable.from([text]), connection.query(copyFrom(`${COPY_SQL} STDIN`)));
    },
  };
  return session;
}

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const COPY_ESCAPE = /\\(.)/g;
const COPY_ESCAPES: Record<string, string> = { t: '\t', n: '\n', r: '\r', b: '\b', f: '\f', v: '\v' };

/** A text value of COPY text format: backslash sequences are escapes. */
function copyValue(field: string): string {
  return field.includes('\\')
    ? field.replace(COPY_ESCAPE, (_, character: string) => COPY_ESCAPES[character] ?? character)
    : field;
}

/** `\N` is null. */
function copyNumber(field: string | undefined): number | null {
  return field === undefined || field === '\\N' ? null : Number(field);
}

function parseRecordCopyText(text: string): RecalculationRecordRow[] {
  const rows: RecalculationRecordRow[] = [];
  let start = 0;
  while (start < text.length) {
    let end = text.indexOf('\n', start);
    if (end === -1) end = text.length;
    const fields = text.slice(start, end).split('\t');
    start = end + 1;
    rows.push([
      fields[0] as string,
      fields[1] as string,
      fields[2] as string,
      Number(fields[3]),
      copyValue(fields[4] as string),
      copyValue(fields[5] as string),
      Number(fields[6]),
      copyNumber(fields[7]),
      copyNumber(fields[8]),
      copyValue(fields[9] as string),
      fields[10] as string,
      fields[11] === undefined || fields[11] === '\\N' ? null : (fields[11] as string),
    ]);
  }
  return rows;
}

/** The driver under drizzle: COPY and array rows are not part of drizzle's API. */
function bulkClientOf(database: DatabaseHandle): BulkClient {
  const client = (database.db as unknown as { $client: PGlite | pg.Pool }).$client;
  if (database.kind === 'pglite') {
    const pglite = client as PGlite;
    return {
      kind: 'pglite',
      query: (text, params) => pgliteSession(pglite).query(text, params),
      transaction: (work) => pglite.transaction((transaction) => work(pgliteSession(transaction))),
    };
  }
  const pool = client as pg.Pool;
  return {
    kind: 'postgres',
    query: (text, params) => postgresSession(pool).query(text, params),
    async transaction(work) {
      const connection = await pool.connect();
      try {
        await connection.query('BEGIN');
        const result = await work(postgresSession(connection));
        await connection.query('COMMIT');
        return result;
      } catch (error) {
        await connection.query('ROLLBACK');
        throw error;
      } finally {
        connection.release();
      }
    },
  };
}

/** The set a run calculates on, refused when this version does not know it. */
export function gwpSetOfRun(run: Pick<RecalculationRunRow, 'id' | 'gwpSetId'>): GwpSetId {
  if (!isGwpSetId(run.gwpSetId)) {
    throw new RecalculationConflictError(`Run ${run.id} names an unknown GWP set ${run.gwpSetId}`);
  }
  return run.gwpSetId;
}

/** Every run function takes the realm id first; `listUnfinished` is the start-up resume across realms. */
export function createRecalculationRepository(database: DatabaseHandle) {
  const { db } = database;
  const bulk = bulkClientOf(database);

  return {
    kind: bulk.kind,

    /**
     * A queued run over the realm's records as they are now, on `gwpSetId` (the realm's own set when not given);
     * undefined when one is queued or running.
     */
    async createRun(
      realmId: string,
      input: { gwpSetId: GwpSetId | undefined; createdBy: string | null },
    ): Promise<RecalculationRunRow | undefined> {
      const { rows } = await bulk.query('SELECT count(*)::int FROM activity_records WHERE realm_id = $1', [
        realmId,
      ]);
      const total = Number(rows[0]?.[0] ?? 0);
      try {
        const [run] = await db
          .insert(recalculationRuns)
          .values({
            realmId,
            gwpSetId:
              input.gwpSetId ??
              sql`(select ecc_realm_gwp_set_id(properties) from realms where id = ${realmId})`,
            createdBy: input.createdBy,
            total,
          })
          .returning();
        return run;
      } catch (error) {
        if (isUniqueViolation(error)) return undefined;
        throw error;
      }
    },

    async findRun(realmId: string, runId: string): Promise<RecalculationRunRow | undefined> {
      const [run] = await db
        .select()
        .from(recalculationRuns)
        .where(and(eq(recalculationRuns.realmId, realmId), eq(recalculationRuns.id, runId)))
        .limit(1);
      return run;
    },

    async findUnfinishedOfRealm(realmId: string): Promise<RecalculationRunRow | undefined> {
      const [run] = await db
        .select()
        .from(recalculationRuns)
        .where(
          and(
            eq(recalculationRuns.realmId, realmId),
            inArray(recalculationRuns.status, ['queued', 'running']),
          ),
        )
        .orderBy(desc(recalculationRuns.createdOn))
        .limit(1);
      return run;
    },

    /** Runs of every realm that were queued or running when the process stopped. */
    async listUnfinished(): Promise<RecalculationRunRow[]> {
      return db
        .select()
        .from(recalculationRuns)
        .where(inArray(recalculationRuns.status, ['queued', 'running']))
        .orderBy(recalculationRuns.createdOn);
    },

    /** Marks the run running (again, when it resumes). */
    async startRun(realmId: string, runId: string): Promise<void> {
      const { rows } = await bulk.query(
        `UPDATE recalculation_runs SET status = 'running', started_on = coalesce(started_on, now())
         WHERE realm_id = $1 AND id = $2 AND status IN ('queued', 'running') RETURNING id`,
        [realmId, runId],
      );
      if (rows.length === 0) throw new RecalculationConflictError(`Run ${runId} is not unfinished`);
    },

    /**
     * One batch in one transaction holding the realm's results lock alone: reads the records after the cursor,
     * calculates them, replaces their results on the run's set and moves the cursor. Undefined when no record
     * is left. Fails with RecalculationConflictError when the run moved on or stopped meanwhile.
     */
    async processBatch(request: BatchRequest): Promise<BatchOutcome | undefined> {
      const { realmId, runId, afterId } = request;
      return bulk.transaction(async (session) => {
        await session.query(`SELECT pg_advisory_xact_lock(${RESULT_WRITE_LOCK_KEY_SQL})`, [realmId]);
        const { rows: runs } = await session.query(
          `SELECT gwp_set_id FROM recalculation_runs
           WHERE realm_id = $1 AND id = $2 AND status = 'running' AND cursor IS NOT DISTINCT FROM $3::uuid
           FOR UPDATE`,
          [realmId, runId, afterId],
        );
        const gwpSetId = runs[0]?.[0];
        if (typeof gwpSetId !== 'string') {
          throw new RecalculationConflictError(`Run ${runId} moved on or stopped meanwhile`);
        }
        const records = await session.readRecords(realmId, afterId, request.limit);
        const last = records[records.length - 1];
        if (!last) return undefined;
        const calculated = request.calculate(records);
        // A record saved since an earlier attempt of this batch may have results on the run's set already.
        await session.query(
          afterId === null
            ? 'DELETE FROM emission_results_all_sets WHERE realm_id = $1 AND gwp_set_id = $2 AND activity_record_id <= $3'
            : 'DELETE FROM emission_results_all_sets WHERE realm_id = $1 AND gwp_set_id = $2 AND activity_record_id <= $3 AND activity_record_id > $4',
          afterId === null ? [realmId, gwpSetId, last[0]] : [realmId, gwpSetId, last[0], afterId],
        );
        await session.copyResults(calculated.copyText);
        await session.query(
          `UPDATE recalculation_runs
           SET cursor = $3, processed = processed + $4, failed = failed + $5,
               failures = CASE WHEN jsonb_array_length(failures) >= ${MAX_KEPT_FAILURES} THEN failures
                               ELSE failures || $6::jsonb END
           WHERE realm_id = $1 AND id = $2`,
          [
            realmId,
            runId,
            last[0],
            records.length,
            calculated.failures.length,
            JSON.stringify(calculated.failures.slice(0, MAX_KEPT_FAILURES)),
          ],
        );
        await request.beforeCommit?.();
        return { lastId: last[0], processed: records.length, failures: calculated.failures };
      });
    },

    /**
     * Completes a run. A run on another set than the realm's moves the realm to it in the same transaction
     * (`switchRealmGwpSet`), so readers go from every figure on the old set to every figure on the new one at once.
     */
    async completeRun(realmId: string, runId: string): Promise<void> {
      await db.transaction(async (transaction) => {
        const sets = await lockResultGwpSetsExclusively(transaction, realmId);
        const [run] = await transaction
          .select()
          .from(recalculationRuns)
          .where(and(eq(recalculationRuns.realmId, realmId), eq(recalculationRuns.id, runId)))
          .for('update');
        if (!run || (run.status !== 'running' && run.status !== 'queued')) {
          throw new RecalculationConflictError(`Run ${runId} is not unfinished`);
        }
        const target = gwpSetOfRun(run);
        await transaction
          .update(recalculationRuns)
          .set({ status: 'completed', error: null, finishedOn: new Date() })
          .where(eq(recalculationRuns.id, runId));
        if (target !== sets.current) {
          await switchRealmGwpSet(transaction, realmId, {
            from: sets.current,
            to: target,
            recalculationId: runId,
            actorId: run.createdBy,
          });
        }
      });
    },

    /** Marks a run failed; the results it wrote on a set the realm does not report on go with it. */
    async failRun(realmId: string, runId: string, error: string): Promise<void> {
      await db.transaction(async (transaction) => {
        const sets = await lockResultGwpSetsExclusively(transaction, realmId);
        const [run] = await transaction
          .update(recalculationRuns)
          .set({ status: 'failed', error, finishedOn: new Date() })
          .where(and(eq(recalculationRuns.realmId, realmId), eq(recalculationRuns.id, runId)))
          .returning();
        if (run && run.gwpSetId !== sets.current) {
          await transaction
            .delete(emissionResultsAllSets)
            .where(
              and(
                eq(emissionResultsAllSets.realmId, realmId),
                eq(emissionResultsAllSets.gwpSetId, run.gwpSetId),
              ),
            );
        }
      });
    },

    /** Drops the results' secondary index for a large rebuild; PostgreSQL keeps it (other sessions use it). */
    async dropSecondaryIndex(): Promise<boolean> {
      if (bulk.kind !== 'pglite') return false;
      await bulk.query(`DROP INDEX IF EXISTS ${EMISSION_RESULTS_SECONDARY_INDEX}`);
      return true;
    },

    /** Builds the secondary index if missing (after a rebuild, and at start-up after one that stopped). */
    async ensureSecondaryIndex(): Promise<void> {
      await bulk.query(CREATE_SECONDARY_INDEX);
    },
  };
}

export type RecalculationRepository = ReturnType<typeof createRecalculationRepository>;
