import {
  createRecalculationRepository,
  gwpSetOfRun,
  realmFactorLookupsOf,
  RecalculationConflictError,
  runOutsideRealmScope,
  type CalculatedBatch,
  type DatabaseHandle,
  type RecalculationFailureEntry,
  type RecalculationRecordRow,
  type RecalculationRunRow,
  type EquipmentAttributes,
} from '@ecc/db';
import {
  calculateActivityResults,
  calculateManyWithBoundCalculation,
  createActivityCalculator,
  type ActivityCalculator,
  type ActivityRecordInput,
  type ActivityResultsOutcome,
  type BoundCalculation,
  type CalculableActivityRecord,
  type GwpSetId,
  type Scope,
} from '@ecc/domain';
import {
  equipmentAttributesFor,
  loadRealmCalculations,
  type RealmCalculationSet,
} from '#platform/realm-calculations.ts';

/**
 * Bulk recalculation of a realm (issue 4, item 3; decision 020): records are read in id order a batch at a
 * time, calculated by the engine (`calculateActivityResults`, as when a record is saved) and written with COPY
 * together with the run's cursor, so a run that stops (crash, restart) resumes after its last committed batch.
 * A run on another GWP set than the realm's writes beside the realm's results, unseen, and its last step moves
 * the realm to that set. Records the engine refuses (an unknown or unpublished factor, a unit the factor cannot
 * take) are counted as failed and logged; they do not stop the run.
 */

export const DEFAULT_RECALCULATION_BATCH_SIZE = 20_000;
/** Above this many records a PGlite rebuild drops the results' secondary index and builds it once at the end. */
export const INDEX_REBUILD_THRESHOLD = 100_000;

export interface RecalculationLogger {
  warn(details: Record<string, unknown>, message: string): void;
  error(details: Record<string, unknown>, message: string): void;
}

export interface RecalculationServiceOptions {
  readonly batchSize?: number;
  readonly logger?: RecalculationLogger;
  /** Called after each committed batch with the run as stored (CLI progress lines). */
  readonly onProgress?: (run: RecalculationRunRow) => void;
  /** Runs inside each batch's transaction, before it commits (tests interrupt a batch here). */
  readonly beforeBatchCommit?: (run: RecalculationRunRow) => Promise<void> | void;
}

/** COPY text format: a backslash, tab or line break inside a value must be escaped. */
function copyText(value: string): string {
  return /[\\\t\n\r]/.test(value)
    ? value.replace(/[\\\t\n\r]/g, (character) =>
        character === '\\' ? '\\\\' : character === '\t' ? '\\t' : character === '\n' ? '\\n' : '\\r',
      )
    : value;
}

/** The realm calculations of a run: bindings, datasets, and the equipment the records may name. */
interface RunCalculations {
  readonly set: RealmCalculationSet;
  readonly equipment: ReadonlyMap<string, EquipmentAttributes>;
}

/** One record of a batch as both methods read it: the built-in one's fields, and what a bound calculation reads. */
type BatchRecord = { -readonly [Field in keyof BothInputs]: BothInputs[Field] };
type BothInputs = ActivityRecordInput & CalculableActivityRecord;

/** Puts a row's fields that both methods read into the batch's one record. */
function fillRecord(record: BatchRecord, row: RecalculationRecordRow): void {
  record.id = row[0];
  record.quantity = row[3];
  record.unit = row[4];
  record.factorKey = row[5];
  record.scope = row[6] as Scope;
  record.scope3Category = row[7];
  record.certificateCoverage = row[8];
}

/**
 * Calculates one page of records into COPY lines; one mutable input object serves every record (an object built
 * per record, `{...record, …}` above all, costs microseconds each on Node 20: docs/performance.md).
 */
function calculateBatch(
  realmId: string,
  rows: readonly RecalculationRecordRow[],
  calculator: ActivityCalculator,
  realmCalculations: RunCalculations,
): CalculatedBatch {
  const gwp = calculator.gwp;
  const lines: string[] = [];
  const failures: RecalculationFailureEntry[] = [];
  const record: BatchRecord = {
    id: '',
    quantity: 0,
    unit: '',
    factorKey: '',
    scope: 1,
    scope3Category: null,
    certificateCoverage: null,
    activityType: '',
    periodStart: '',
    periodEnd: '',
    attributes: undefined,
  };
  const write = (row: RecalculationRecordRow, outcome: ActivityResultsOutcome) => {
    if (!outcome.ok) {
      const [first] = outcome.errors;
      failures.push({ id: row[0], path: first?.path ?? '', message: first?.message ?? 'Not calculable' });
      return;
    }
    const prefix = `${realmId}\t${row[0]}\t${row[1]}\t${row[2]}\t`;
    for (const result of outcome.rows) {
      lines.push(
        `${prefix}${result.scope}\t${result.scope3Category ?? '\\N'}\t${result.scope2Method}\t` +
          `${JSON.stringify(result.gases)}\t${result.co2eKg}\t${gwp}\t${copyText(result.factorKey)}\t` +
          `${copyText(result.factorVersion)}\t${result.calculationMethodId}\t${result.isFallback ? 't' : 'f'}\n`,
      );
    }
  };
  const isBound = realmCalculations.set.hasBindings
    ? calculateBoundRecords(rows, record, calculator, realmCalculations, write)
    : undefined;
  for (let index = 0; index < rows.length; index += 1) {
    if (isBound?.[index] === 1) continue;
    const row = rows[index] as RecalculationRecordRow;
    fillRecord(record, row);
    write(row, calculateActivityResults(record, calculator));
  }
  return { copyText: lines.join(''), failures };
}

/**
 * In a realm with bindings, writes the outcome of each record a bound calculation decides, and answers which rows
 * those were (1; the others take the built-in method). The records of one calculation and one date run together
 * (`calculateManyWithBoundCalculation`): the date is what a LOOKUP reads its dataset's version by.
 */
function calculateBoundRecords(
  rows: readonly RecalculationRecordRow[],
  record: BatchRecord,
  calculator: ActivityCalculator,
  realmCalculations: RunCalculations,
  write: (row: RecalculationRecordRow, outcome: ActivityResultsOutcome) => void,
): Uint8Array {
  const isBound = new Uint8Array(rows.length);
  const groups = new Map<BoundCalculation, Map<string, number[]>>();
  const equipmentOf = (row: RecalculationRecordRow) =>
    row[11] === null ? undefined : realmCalculations.equipment.get(row[11]);
  rows.forEach((row, index) => {
    const bound = realmCalculations.set.boundFor(calculator.gwp, row[9], equipmentOf(row)?.typeKey ?? null);
    if (!bound.isFound) return;
    isBound[index] = 1;
    if ('error' in bound) {
      write(row, { ok: false, errors: [{ path: 'activityType', message: bound.error }] });
      return;
    }
    let byDate = groups.get(bound.bound);
    if (!byDate) groups.set(bound.bound, (byDate = new Map()));
    const indexes = byDate.get(row[2]);
    if (indexes) indexes.push(index);
    else byDate.set(row[2], [index]);
  });
  for (const [bound, byDate] of groups) {
    for (const [date, indexes] of byDate) {
      realmCalculations.set.datasets.setDate(date);
      const rowAt = (position: number) => rows[indexes[position] as number] as RecalculationRecordRow;
      const recordAt = (position: number) => {
        const row = rowAt(position);
        fillRecord(record, row);
        record.activityType = row[9];
        record.periodStart = row[2];
        record.periodEnd = row[10];
        record.attributes = equipmentOf(row)?.properties;
        return record;
      };
      calculateManyWithBoundCalculation(bound, indexes.length, recordAt, (position, outcome) =>
        write(rowAt(position), outcome),
      );
    }
  }
  return isBound;
}

export function createRecalculationService(
  database: DatabaseHandle,
  options: RecalculationServiceOptions = {},
) {
  const repository = createRecalculationRepository(database);
  const lookups = realmFactorLookupsOf(database.db);
  const batchSize = options.batchSize ?? DEFAULT_RECALCULATION_BATCH_SIZE;
  const driving = new Map<string, Promise<RecalculationRunRow | undefined>>();
  let isStopping = false;

  async function drive(run: RecalculationRunRow): Promise<RecalculationRunRow | undefined> {
    const { realmId, id: runId } = run;
    await repository.startRun(realmId, runId);
    const factors = await lookups.lookupFor(realmId);
    const calculator = createActivityCalculator(gwpSetOfRun(run), { factors });
    const set = await loadRealmCalculations(database.db, realmId, factors);
    const realmCalculations = { set, equipment: await equipmentAttributesFor(database.db, realmId, set) };
    const isIndexDropped = run.total >= INDEX_REBUILD_THRESHOLD && (await repository.dropSecondaryIndex());
    let cursor = (await repository.findRun(realmId, runId))?.cursor ?? null;
    try {
      for (;;) {
        if (isStopping) return undefined;
        const batch = await repository.processBatch({
          realmId,
          runId,
          afterId: cursor,
          limit: batchSize,
          calculate: (rows) => calculateBatch(realmId, rows, calculator, realmCalculations),
          beforeCommit: options.beforeBatchCommit && (() => options.beforeBatchCommit?.(run)),
        });
        if (!batch) break;
        cursor = batch.lastId;
        if (batch.failures.length > 0) {
          options.logger?.warn(
            { runId, realmId, recordIds: batch.failures.map((failure) => failure.id) },
            `Recalculation: ${batch.failures.length} records could not be calculated`,
          );
        }
        if (options.onProgress) {
          const stored = await repository.findRun(realmId, runId);
          if (stored) options.onProgress(stored);
        }
        if (batch.processed < batchSize) break;
      }
    } finally {
      if (isIndexDropped) await repository.ensureSecondaryIndex();
    }
    await repository.completeRun(realmId, runId);
    return repository.findRun(realmId, runId);
  }

  /** Drives a run in the background; a failure marks it failed unless the service is stopping (crash-like). */
  function schedule(run: RecalculationRunRow): Promise<RecalculationRunRow | undefined> {
    const existing = driving.get(run.id);
    if (existing) return existing;
    // Background work outlives the request that started it and writes with COPY, which row-level security does
    // not allow: it runs as the owner role, every statement naming the run's realm.
    const promise = runOutsideRealmScope(() =>
      drive(run)
        .catch(async (error: unknown) => {
          if (isStopping || error instanceof RecalculationConflictError) return undefined;
          const message = error instanceof Error ? error.message : String(error);
          options.logger?.error({ runId: run.id, realmId: run.realmId, err: error }, 'Recalculation failed');
          await repository.failRun(run.realmId, run.id, message).catch(() => undefined);
          return repository.findRun(run.realmId, run.id);
        })
        .finally(() => driving.delete(run.id)),
    );
    driving.set(run.id, promise);
    return promise;
  }

  return {
    /**
     * Queues a run over the realm's records and starts it; undefined when one is queued or running. Without
     * `gwp` the run is on the realm's own set; on another set, its last step moves the realm to that set.
     */
    async start(
      realmId: string,
      input: { gwp?: GwpSetId; createdBy?: string | null } = {},
    ): Promise<RecalculationRunRow | undefined> {
      const run = await repository.createRun(realmId, {
        gwpSetId: input.gwp,
        createdBy: input.createdBy ?? null,
      });
      if (run) void schedule(run);
      return run;
    },

    find: (realmId: string, runId: string) => repository.findRun(realmId, runId),
    findUnfinished: (realmId: string) => repository.findUnfinishedOfRealm(realmId),

    /** Resumes the runs left queued or running by a process that stopped; restores a dropped index. */
    async resumeUnfinished(): Promise<void> {
      const runs = await repository.listUnfinished();
      if (runs.length === 0) await repository.ensureSecondaryIndex();
      for (const run of runs) void schedule(run);
    },

    /** Drives one run to its end in the foreground (CLI) and answers it as stored. */
    runToEnd: (run: RecalculationRunRow) => schedule(run),

    /** Resolves when no run is being driven by this service (tests). */
    async whenIdle(): Promise<void> {
      while (driving.size > 0) await Promise.all([...driving.values()]);
    },

    /** Stops after the batch in flight; unfinished runs stay as they are and resume on the next start. */
    async stop(): Promise<void> {
      isStopping = true;
      await Promise.all([...driving.values()]);
    },

    /** Stops without waiting: the batch in flight fails as if the process had died (tests). */
    interrupt(): void {
      isStopping = true;
    },
  };
}

export type RecalculationService = ReturnType<typeof createRecalculationService>;
