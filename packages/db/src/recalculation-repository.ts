import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { PGlite, Transaction } from '@electric-sql/pglite';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { DatabaseHandle } from './create-database.ts';
import { recalculationRuns, type RecalculationRunRow } from './schema.ts';
import { isUniqueViolation } from './is-unique-violation.ts';

/**
 * Storage of bulk recalculation (issue 4, item 3): the runs, the keyset read of a realm's activity records and
 * the batch write of their results. Results are written with COPY (PGlite: from a blob; PostgreSQL: FROM
 * STDIN), an order of magnitude faster than multi-row INSERT, together with the run's cursor in one
 * transaction, so a run that stops resumes after the last committed batch.
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
const CREATE_SECONDARY_INDEX = `CREATE INDEX IF NOT EXISTS ${EMISSION_RESULTS_SECONDARY_INDEX} ON emission_results USING btree (realm_id, facility_id, period_start)`;

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
];

export interface BatchCommit {
  readonly realmId: string;
  readonly runId: string;
  /** The cursor the batch started after; the commit fails if the run moved on meanwhile (another worker). */
  readonly afterId: string | null;
  readonly lastId: string;
  readonly processed: number;
  readonly failures: readonly RecalculationFailureEntry[];
  /** COPY text format lines (see EMISSION_RESULT_COPY_COLUMNS), each ending in a newline. */
  readonly copyText: string;
}

export class RecalculationConflictError extends Error {
  override readonly name = 'RecalculationConflictError';
}

interface Session {
  query(text: string, params?: unknown[]): Promise<{ rows: unknown[][]; affectedRows: number }>;
  copyResults(text: string): Promise<void>;
}

interface BulkClient {
  readonly kind: 'pglite' | 'postgres';
  /** PGlite only: the records through COPY TO, parsed here (its driver's per-value row conversion is slower). */
  readRecordsAsText(
    realmId: string,
    afterId: string | null,
    limit: number,
    columns: string,
  ): Promise<RecalculationRecordRow[]>;
  query(text: string, params?: unknown[]): Promise<{ rows: unknown[][]; affectedRows: number }>;
  transaction<T>(work: (session: Session) => Promise<T>): Promise<T>;
}

const COPY_SQL = `COPY emission_results (${EMISSION_RESULT_COPY_COLUMNS.join(', ')}) FROM`;

function pgliteSession(client: PGlite | Transaction): Session {
  return {
    async query(text, params = []) {
      const result = await client.query<unknown[]>(text, params, { rowMode: 'array' });
      return { rows: result.rows, affectedRows: result.affectedRows ?? 0 };
    },
    async copyResults(text) {
      if (text.length > 0) await client.query(`${COPY_SQL} '/dev/blob'`, [], { blob: new Blob([text]) });
    },
  };
}

function postgresSession(client: pg.PoolClient | pg.Pool): Session {
  return {
    async query(text, params = []) {
      const result = await client.query({ text, values: params, rowMode: 'array' });
      return { rows: result.rows as unknown[][], affectedRows: result.rowCount ?? 0 };
    },
    async copyResults(text) {
      if (text.length === 0) return;
      const connection = client as pg.PoolClient;
      await pipeline(Readable.from([text]), connection.query(copyFrom(`${COPY_SQL} STDIN`)));
    },
  };
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
      async readRecordsAsText(realmId, afterId, limit, columns) {
        // COPY takes no parameters: the values are checked to be UUIDs and a whole number before they go in.
        if (!UUID_PATTERN.test(realmId) || (afterId !== null && !UUID_PATTERN.test(afterId))) {
          throw new RangeError('Record ids must be UUIDs');
        }
        const after = afterId === null ? '' : ` AND id > '${afterId}'`;
        const result = await pglite.query(
          `COPY (SELECT ${columns} FROM activity_records WHERE realm_id = '${realmId}'${after} ORDER BY id LIMIT ${Math.trunc(limit)}) TO '/dev/blob'`,
        );
        return parseRecordCopyText((await result.blob?.text()) ?? '');
      },
      query: (text, params) => pgliteSession(pglite).query(text, params),
      transaction: (work) => pglite.transaction((transaction) => work(pgliteSession(transaction))),
    };
  }
  const pool = client as pg.Pool;
  return {
    kind: 'postgres',
    readRecordsAsText: () => Promise.reject(new Error('PGlite only')),
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

/** Every run function takes the realm id first; `listUnfinished` is the start-up resume across realms. */
export function createRecalculationRepository(database: DatabaseHandle) {
  const { db } = database;
  const bulk = bulkClientOf(database);

  return {
    kind: bulk.kind,

    /** A queued run over the realm's records as they are now; undefined when one is queued or running. */
    async createRun(
      realmId: string,
      input: { gwpSetId: string; createdBy: string | null },
    ): Promise<RecalculationRunRow | undefined> {
      const { rows } = await bulk.query('SELECT count(*)::int FROM activity_records WHERE realm_id = $1', [
        realmId,
      ]);
      const total = Number(rows[0]?.[0] ?? 0);
      try {
        const [run] = await db
          .insert(recalculationRuns)
          .values({ realmId, gwpSetId: input.gwpSetId, createdBy: input.createdBy, total })
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

    /**
     * Marks the run running. A run that has not committed a batch yet first deletes all of the realm's
     * results in one statement (cheaper than replacing them record by record), in the same transaction.
     */
    async startRun(realmId: string, runId: string): Promise<void> {
      await bulk.transaction(async (session) => {
        const { rows } = await session.query(
          `UPDATE recalculation_runs SET status = 'running', started_on = coalesce(started_on, now())
           WHERE realm_id = $1 AND id = $2 AND status IN ('queued', 'running') RETURNING cursor`,
          [realmId, runId],
        );
        if (rows.length === 0) throw new RecalculationConflictError(`Run ${runId} is not unfinished`);
        if (rows[0]?.[0] === null) {
          await session.query('DELETE FROM emission_results WHERE realm_id = $1', [realmId]);
        }
      });
    },

    /** Up to `limit` of the realm's records after `afterId`, in id order (keyset pagination). */
    async readRecords(
      realmId: string,
      afterId: string | null,
      limit: number,
    ): Promise<RecalculationRecordRow[]> {
      const columns = `id, facility_id, period_start::text, quantity, unit, factor_key, scope, scope3_category, certificate_coverage`;
      if (bulk.kind === 'pglite') return bulk.readRecordsAsText(realmId, afterId, limit, columns);
      const { rows } =
        afterId === null
          ? await bulk.query(
              `SELECT ${columns} FROM activity_records WHERE realm_id = $1 ORDER BY id LIMIT $2`,
              [realmId, limit],
            )
          : await bulk.query(
              `SELECT ${columns} FROM activity_records WHERE realm_id = $1 AND id > $2 ORDER BY id LIMIT $3`,
              [realmId, afterId, limit],
            );
      return rows as RecalculationRecordRow[];
    },

    /**
     * Writes one batch: replaces the results of the records in it (a record saved meanwhile may have its
     * results already), and moves the cursor, all in one transaction. `beforeCommit` runs inside it (tests
     * interrupt a batch there).
     */
    async commitBatch(batch: BatchCommit, beforeCommit?: () => Promise<void> | void): Promise<void> {
      await bulk.transaction(async (session) => {
        if (batch.afterId === null) {
          await session.query(
            'DELETE FROM emission_results WHERE realm_id = $1 AND activity_record_id <= $2',
            [batch.realmId, batch.lastId],
          );
        } else {
          await session.query(
            'DELETE FROM emission_results WHERE realm_id = $1 AND activity_record_id > $2 AND activity_record_id <= $3',
            [batch.realmId, batch.afterId, batch.lastId],
          );
        }
        await session.copyResults(batch.copyText);
        const { affectedRows } = await session.query(
          `UPDATE recalculation_runs
           SET cursor = $3, processed = processed + $4, failed = failed + $5,
               failures = CASE WHEN jsonb_array_length(failures) >= ${MAX_KEPT_FAILURES} THEN failures
                               ELSE failures || $6::jsonb END
           WHERE realm_id = $1 AND id = $2 AND status = 'running' AND cursor IS NOT DISTINCT FROM $7::uuid`,
          [
            batch.realmId,
            batch.runId,
            batch.lastId,
            batch.processed,
            batch.failures.length,
            JSON.stringify(batch.failures.slice(0, MAX_KEPT_FAILURES)),
            batch.afterId,
          ],
        );
        if (affectedRows !== 1) {
          throw new RecalculationConflictError(`Run ${batch.runId} moved on or stopped meanwhile`);
        }
        await beforeCommit?.();
      });
    },

    async finishRun(
      realmId: string,
      runId: string,
      outcome: { status: 'completed' } | { status: 'failed'; error: string },
    ): Promise<void> {
      await db
        .update(recalculationRuns)
        .set({
          status: outcome.status,
          error: outcome.status === 'failed' ? outcome.error : null,
          finishedOn: new Date(),
        })
        .where(and(eq(recalculationRuns.realmId, realmId), eq(recalculationRuns.id, runId)));
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
