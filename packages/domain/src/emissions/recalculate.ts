import {
  createItemCalculator,
  type CalculationOptions,
  type EmissionTotals,
  type EstimateItem,
  type ItemEmissions,
  type ItemError,
} from './calculation/index.ts';
import type { GwpSetId } from './gwp.ts';

/**
 * Bulk recalculation of a realm's activity records, one batch at a time. The caller reads records in
 * ascending id order after `cursor.afterId` (keyset pagination; in PostgreSQL `ORDER BY id COLLATE "C"`, which
 * matches JavaScript's string order), passes each page here and stores the returned cursor with the results,
 * so a run that stops can resume from the last stored cursor without redoing or skipping a record.
 */

export interface RecalculationCursor {
  /** Id of the last record handled; null before the first batch. */
  readonly afterId: string | null;
  readonly processed: number;
  readonly failed: number;
  /** Running totals (kg CO2e) of the records calculated so far. */
  readonly totals: EmissionTotals;
}

export const START_OF_RECALCULATION: RecalculationCursor = Object.freeze({
  afterId: null,
  processed: 0,
  failed: 0,
  totals: Object.freeze({ co2e: 0, scope1: 0, scope2LocationBased: 0, scope2MarketBased: 0, scope3: 0 }),
});

export interface RecalculationProgress {
  readonly processed: number;
  readonly failed: number;
  readonly total: number;
  /** processed ÷ total, 0..1 (1 when there is nothing to do). */
  readonly fraction: number;
  readonly isDone: boolean;
}

/** A record that cannot be calculated; unlike an estimate, it does not stop the other records. */
export interface RecalculationFailure {
  readonly id: string;
  readonly errors: readonly ItemError[];
}

export interface RecalculationBatch {
  readonly results: ItemEmissions[];
  readonly failures: RecalculationFailure[];
  readonly cursor: RecalculationCursor;
  readonly progress: RecalculationProgress;
}

export interface RecalculationOptions extends CalculationOptions {
  readonly gwp: GwpSetId;
  /** Number of records in the run, for progress. */
  readonly total: number;
  /** The page size the caller reads with: a shorter page means the records are exhausted. */
  readonly batchSize: number;
}

export class RecalculationOrderError extends Error {
  override readonly name = 'RecalculationOrderError';
}

function checkBatchSize(batchSize: number): void {
  if (!Number.isInteger(batchSize) || batchSize < 1) {
    throw new RangeError(`batchSize must be a whole number of at least 1 (got ${batchSize})`);
  }
}

function addToTotals(totals: EmissionTotals, results: readonly ItemEmissions[]): EmissionTotals {
  let { scope1, scope2LocationBased, scope2MarketBased, scope3 } = totals;
  let co2e = totals.co2e;
  for (const result of results) {
    co2e += result.co2e;
    if (result.scope === 1) scope1 += result.co2e;
    else if (result.scope === 3) scope3 += result.co2e;
    else if (result.scope2Method === 'market') scope2MarketBased += result.co2e;
    else scope2LocationBased += result.co2e;
  }
  return { co2e, scope1, scope2LocationBased, scope2MarketBased, scope3 };
}

/** Calculates one page of records read after `cursor` and returns the cursor to continue from. */
export function recalculateBatch(
  records: readonly EstimateItem[],
  cursor: RecalculationCursor,
  options: RecalculationOptions,
): RecalculationBatch {
  checkBatchSize(options.batchSize);
  const calculator = createItemCalculator(options.gwp, options);
  const results: ItemEmissions[] = [];
  const failures: RecalculationFailure[] = [];
  let afterId = cursor.afterId;
  for (const record of records) {
    const id: unknown = record.id;
    // Resuming relies on strictly ascending ids: a record at or before the cursor would be done twice.
    if (typeof id !== 'string' || (afterId !== null && id <= afterId)) {
      const after = afterId === null ? '' : ` after "${afterId}"`;
      throw new RecalculationOrderError(
        `Records must come in strictly ascending id order${after}; got ${JSON.stringify(id)}`,
      );
    }
    afterId = id;
    const calculation = calculator.calculate(record);
    if (calculation.ok) results.push(calculation.result);
    else failures.push({ id, errors: calculation.errors });
  }
  const processed = cursor.processed + records.length;
  const failed = cursor.failed + failures.length;
  const total = Math.max(options.total, 0);
  return {
    results,
    failures,
    cursor: { afterId, processed, failed, totals: addToTotals(cursor.totals, results) },
    progress: {
      processed,
      failed,
      total,
      fraction: total === 0 ? 1 : Math.min(processed / total, 1),
      isDone: records.length < options.batchSize || processed >= total,
    },
  };
}

/** Index of the first record whose id comes after `afterId` in records sorted by id. */
function firstIndexAfter(records: readonly EstimateItem[], afterId: string | null): number {
  if (afterId === null) return 0;
  let low = 0;
  let high = records.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((records[middle] as EstimateItem).id <= afterId) low = middle + 1;
    else high = middle;
  }
  return low;
}

export interface InMemoryRecalculationOptions extends CalculationOptions {
  readonly gwp: GwpSetId;
  readonly batchSize: number;
  /** Resume from a cursor a previous run returned. */
  readonly cursor?: RecalculationCursor;
}

/** Drives `recalculateBatch` over records already in memory and sorted by id (CLI, tests, small realms). */
export function* iterateRecalculation(
  records: readonly EstimateItem[],
  options: InMemoryRecalculationOptions,
): Generator<RecalculationBatch, void, undefined> {
  checkBatchSize(options.batchSize);
  let cursor = options.cursor ?? START_OF_RECALCULATION;
  let start = firstIndexAfter(records, cursor.afterId);
  const batchOptions: RecalculationOptions = {
    gwp: options.gwp,
    total: records.length,
    batchSize: options.batchSize,
    factors: options.factors,
  };
  for (;;) {
    const page = records.slice(start, start + options.batchSize);
    const batch = recalculateBatch(page, cursor, batchOptions);
    yield batch;
    if (batch.progress.isDone) return;
    cursor = batch.cursor;
    start += page.length;
  }
}
