import type { ChartColorSlot } from './chart-colors.ts';

/** One row of the chart's categories: a month, a year, a facility, a source. */
export interface ChartCategory {
  key: string;
  label: string;
}

/** One series of masses in kg, a value per category (null where it has none). */
export interface ChartSeries {
  key: string;
  label: string;
  color: ChartColorSlot;
  /** A lighter shade of the colour, 0–1 (Scope 2 location-based beside Scope 1, for instance). */
  opacity?: number;
  /** Series of one stack add up in the chart; a series without one stands beside the stacks. */
  stack?: string;
  /** `false`: only a column of the table, e.g. Scope 2 market-based, which a stacked total must not count. */
  isDrawn?: boolean;
  kind?: 'bar' | 'line';
  valuesKg: readonly (number | null)[];
}

export interface MassChartSpec {
  categories: readonly ChartCategory[];
  series: readonly ChartSeries[];
  /** `columns`: categories along the bottom (time); `bars`: categories down the side, first on top (rankings). */
  orientation: 'columns' | 'bars';
}

export function isDrawn(series: ChartSeries): boolean {
  return series.isDrawn !== false;
}

/** Every value the value axis must reach: each stack's sum (positive and negative parts) and each lone value. */
export function axisExtentValues(spec: MassChartSpec): number[] {
  const values: number[] = [];
  const stacks = new Map<string, { positive: number[]; negative: number[] }>();
  for (const series of spec.series.filter(isDrawn)) {
    if (series.stack === undefined) {
      for (const value of series.valuesKg) if (value !== null) values.push(value);
      continue;
    }
    let sums = stacks.get(series.stack);
    if (sums === undefined) {
      sums = {
        positive: spec.categories.map(() => 0),
        negative: spec.categories.map(() => 0),
      };
      stacks.set(series.stack, sums);
    }
    series.valuesKg.forEach((value, index) => {
      if (value === null || sums === undefined) return;
      const side = value >= 0 ? sums.positive : sums.negative;
      side[index] = (side[index] ?? 0) + value;
    });
  }
  for (const { positive, negative } of stacks.values()) values.push(...positive, ...negative);
  return values;
}
