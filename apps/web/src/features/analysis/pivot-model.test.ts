import type { AnalysisResponse } from '@ecc/contracts';
import { describe, expect, it } from 'vitest';
import { buildPivot } from './pivot-model.ts';

const answer: AnalysisResponse = {
  rows: [
    { keys: { facility: 'north', scope: 1 }, values: { co2e: 10 } },
    { keys: { facility: 'north', scope: 2 }, values: { co2e: 5 } },
    { keys: { facility: 'south', scope: 2 }, values: { co2e: 7 } },
  ],
  subtotals: [
    { keys: { facility: 'north' }, values: { co2e: 15 } },
    { keys: { facility: 'south' }, values: { co2e: 7 } },
    { keys: { scope: 1 }, values: { co2e: 10 } },
    { keys: { scope: 2 }, values: { co2e: 12 } },
  ],
  totals: { co2e: 22 },
  labels: { facility: {}, businessUnit: {} },
  gwpSetId: 'AR5',
  consolidation: 'operational-control',
};

describe('buildPivot', () => {
  it('puts rows down the side, columns across, row totals at the right and column totals below', () => {
    const pivot = buildPivot(
      { rows: ['facility'], columns: ['scope'], measures: ['co2e'], subtotals: true },
      answer,
    );
    expect(pivot.columns.map((column) => column.keys.scope)).toEqual([1, 2]);
    expect(pivot.lines.map((line) => [line.kind, line.keys.facility ?? null])).toEqual([
      ['cell', 'north'],
      ['cell', 'south'],
      ['total', null],
    ]);
    const [north, south, total] = pivot.lines;
    expect(north!.cells.map((cell) => cell?.values.co2e)).toEqual([10, 5]);
    expect(south!.cells.map((cell) => cell?.values.co2e)).toEqual([undefined, 7]);
    expect(north!.rowTotal?.values.co2e).toBe(15);
    expect(total!.cells.map((cell) => cell?.values.co2e)).toEqual([10, 12]);
    expect(total!.rowTotal?.values.co2e).toBe(22);
  });

  it('shows the grand total as the only cell of the total line without columns', () => {
    const pivot = buildPivot(
      { rows: ['facility'], columns: [], measures: ['co2e'], subtotals: false },
      { ...answer, rows: [{ keys: { facility: 'north' }, values: { co2e: 15 } }], subtotals: [] },
    );
    expect(pivot.lines.at(-1)!.cells.map((cell) => cell?.values.co2e)).toEqual([22]);
  });

  it('writes the grand total across the total line when columns have no totals (subtotals not asked for)', () => {
    const pivot = buildPivot(
      { rows: ['facility'], columns: ['scope'], measures: ['co2e'], subtotals: false },
      { ...answer, subtotals: [] },
    );
    expect(pivot.lines.filter((line) => line.rowTotal !== undefined)).toEqual([]);
    const total = pivot.lines.at(-1)!;
    expect(total.kind).toBe('total');
    expect(total.grandTotal?.values.co2e).toBe(22);
    expect(total.cells).toEqual([undefined, undefined]);
  });
});
