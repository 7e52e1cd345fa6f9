import { describe, expect, it } from 'vitest';
import type { EstimateItem } from './calculation/index.ts';
import {
  RecalculationOrderError,
  START_OF_RECALCULATION,
  iterateRecalculation,
  recalculateBatch,
  type RecalculationBatch,
} from './recalculate.ts';

/** 25 records, ids r00..r24; r07 and r13 cannot be calculated. */
const records: EstimateItem[] = Array.from({ length: 25 }, (_, index) => {
  const id = `r${String(index).padStart(2, '0')}`;
  if (index === 7) return { id, quantity: -1, unit: 'gal', factor: { id: 'epa-c1-propane' } };
  if (index === 13) return { id, quantity: 1, unit: 'gal', factor: { id: 'retired-factor' } };
  return { id, quantity: 100, unit: 'gal', factor: { id: 'epa-c1-distillate-fuel-oil-no-2' } };
});
// Each good record: 100 gal × 0.138 = 13.8 mmBtu; CO2e (AR5) = 13.8 × (73.96 + 0.003 × 28 + 0.0006 × 265)
//                 = 13.8 × 74.203 = 1,024.0014 kg
const perRecordCo2e = 1_024.0014;

function collect(batches: Iterable<RecalculationBatch>): RecalculationBatch[] {
  return [...batches];
}

describe('bulk recalculation', () => {
  it('walks all records in batches, reporting progress and failures without stopping', () => {
    const batches = collect(iterateRecalculation(records, { gwp: 'AR5', batchSize: 10 }));
    expect(batches.map((batch) => batch.progress.processed)).toEqual([10, 20, 25]);
    expect(batches.map((batch) => batch.progress.fraction)).toEqual([0.4, 0.8, 1]);
    expect(batches.map((batch) => batch.progress.isDone)).toEqual([false, false, true]);
    const failures = batches.flatMap((batch) => batch.failures);
    expect(failures.map((failure) => failure.id)).toEqual(['r07', 'r13']);
    expect(failures[1]?.errors).toEqual([
      { id: 'r13', path: 'factor.id', message: 'Unknown emission factor "retired-factor"' },
    ]);
    const last = batches.at(-1);
    expect(last?.cursor).toMatchObject({ afterId: 'r24', processed: 25, failed: 2 });
    expect(last?.cursor.totals.co2e).toBeCloseTo(23 * perRecordCo2e, 6);
    expect(last?.cursor.totals.scope1).toBeCloseTo(23 * perRecordCo2e, 6);
  });

  it('resumes from a stored cursor with the same outcome as an uninterrupted run', () => {
    const uninterrupted = collect(iterateRecalculation(records, { gwp: 'AR5', batchSize: 4 }));
    const [first, second] = collect(iterateRecalculation(records, { gwp: 'AR5', batchSize: 4 })).slice(0, 2);
    const resumed = collect(
      iterateRecalculation(records, { gwp: 'AR5', batchSize: 4, cursor: second?.cursor }),
    );
    const ids = (batches: RecalculationBatch[]) =>
      batches.flatMap((batch) => batch.results.map((result) => result.id));
    expect([...ids([first as RecalculationBatch, second as RecalculationBatch]), ...ids(resumed)]).toEqual(
      ids(uninterrupted),
    );
    expect(resumed.at(-1)?.cursor).toEqual(uninterrupted.at(-1)?.cursor);
  });

  it('finishes at once when there is nothing to do', () => {
    const batch = recalculateBatch([], START_OF_RECALCULATION, { gwp: 'AR6', total: 0, batchSize: 100 });
    expect(batch.progress).toEqual({ processed: 0, failed: 0, total: 0, fraction: 1, isDone: true });
  });

  it('refuses records out of id order, which would break resuming', () => {
    const [a, b] = records as [EstimateItem, EstimateItem];
    expect(() =>
      recalculateBatch([b, a], START_OF_RECALCULATION, { gwp: 'AR5', total: 2, batchSize: 10 }),
    ).toThrow(RecalculationOrderError);
    const afterB = { ...START_OF_RECALCULATION, afterId: b.id };
    expect(() => recalculateBatch([a], afterB, { gwp: 'AR5', total: 2, batchSize: 10 })).toThrow(
      RecalculationOrderError,
    );
  });

  it('refuses a batch size below 1', () => {
    expect(() => collect(iterateRecalculation(records, { gwp: 'AR5', batchSize: 0 }))).toThrow(RangeError);
  });
});

// Found by `npm run mutation` (docs/testing.md).
describe('bulk recalculation, its edges', () => {
  const options = (total: number, batchSize = 10) => ({ gwp: 'AR5' as const, total, batchSize });
  const grid = { id: 'egrid-2022-us-average' };

  it('adds each result to the total of its scope, Scope 2 split by method', () => {
    const mixed: EstimateItem[] = [
      { id: 'a', quantity: 1, unit: 'MWh', factor: grid },
      { id: 'b', quantity: 2, unit: 'MWh', factor: grid, scope2Method: 'market' },
      {
        id: 'c',
        quantity: 1,
        unit: 'kg',
        scope: 3,
        factor: { per: 'kg', gases: { CO2: { value: 5, unit: 'kg' } } },
      },
      {
        id: 'd',
        quantity: 1,
        unit: 'kg',
        scope: 1,
        factor: { per: 'kg', gases: { CO2: { value: 7, unit: 'kg' } } },
      },
    ];
    const { results, cursor } = recalculateBatch(mixed, START_OF_RECALCULATION, options(4));
    const [location, market] = results;
    expect(cursor.totals).toEqual({
      co2e: (location?.co2e ?? 0) + (market?.co2e ?? 0) + 5 + 7,
      scope1: 7,
      scope2LocationBased: location?.co2e,
      scope2MarketBased: market?.co2e,
      scope3: 5,
    });
    expect(market?.co2e).toBeCloseTo(2 * (location?.co2e ?? 0), 9);
  });

  it('names the cursor and the record out of order, and refuses a repeated id or one that is no string', () => {
    const [a, b] = records as [EstimateItem, EstimateItem];
    const afterB = { ...START_OF_RECALCULATION, afterId: b.id };
    expect(() => recalculateBatch([b], afterB, options(2))).toThrow(
      new RecalculationOrderError('Records must come in strictly ascending id order after "r01"; got "r01"'),
    );
    expect(() => recalculateBatch([b, a], START_OF_RECALCULATION, options(2))).toThrow(
      'Records must come in strictly ascending id order after "r01"; got "r00"',
    );
    const numbered = { ...a, id: 7 } as unknown as EstimateItem;
    expect(() => recalculateBatch([numbered], START_OF_RECALCULATION, options(1))).toThrow(
      'Records must come in strictly ascending id order; got 7',
    );
    expect(new RecalculationOrderError('x').name).toBe('RecalculationOrderError');
  });

  it('takes a batch size of 1 and refuses 0 or a fraction, naming it', () => {
    expect(collect(iterateRecalculation(records.slice(0, 2), { gwp: 'AR5', batchSize: 1 }))).toHaveLength(2);
    expect(() => recalculateBatch([], START_OF_RECALCULATION, options(0, 1.5))).toThrow(
      'batchSize must be a whole number of at least 1 (got 1.5)',
    );
  });

  it('is done on a full page that reaches the total, and on a short page whatever the total says', () => {
    const page = records.slice(0, 10);
    expect(recalculateBatch(page, START_OF_RECALCULATION, options(10)).progress.isDone).toBe(true);
    expect(recalculateBatch(page, START_OF_RECALCULATION, options(11)).progress.isDone).toBe(false);
    // Records deleted since the total was counted: a short page ends the run.
    expect(recalculateBatch(page.slice(0, 3), START_OF_RECALCULATION, options(50)).progress).toMatchObject({
      isDone: true,
      fraction: 3 / 50,
    });
  });
});
