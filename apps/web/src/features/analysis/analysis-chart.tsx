import { ANALYSIS_TIME_DIMENSIONS, type AnalysisQuery, type AnalysisResponse } from '@ecc/contracts';
import { useMemo } from 'react';
import { MassChart } from '#components/charts/mass-chart.tsx';
import type { ChartColorSlot } from '#components/charts/chart-colors.ts';
import type { ChartSeries } from '#components/charts/mass-chart-spec.ts';
import type { PivotModel } from './pivot-model.ts';
import { keyLabel } from './pivot-table.tsx';

const SERIES_COLORS: readonly ChartColorSlot[] = [
  'primary',
  'warning',
  'success',
  'accent-foreground',
  'destructive',
  'muted-foreground',
];

/**
 * The view as a chart of its first mass measure: a category per line of the pivot, a series per column, stacked
 * bars, or lines when a time dimension runs down the side.
 */
export function AnalysisChart({
  view,
  answer,
  pivot,
}: {
  view: AnalysisQuery;
  answer: AnalysisResponse;
  pivot: PivotModel;
}) {
  const measure = view.measures.find((each) => each === 'co2e' || each === 'gasMass');
  const isOverTime = view.rows.some((dimension) => ANALYSIS_TIME_DIMENSIONS.includes(dimension));
  const lines = useMemo(() => pivot.lines.filter((line) => line.kind === 'cell'), [pivot]);
  const categories = useMemo(
    () =>
      lines.map((line) => ({
        key: line.id,
        label: pivot.sideKeys.map((key) => keyLabel(key, line.keys[key], answer.labels)).join(' · ') || 'All',
      })),
    [lines, pivot, answer.labels],
  );
  const series = useMemo(
    (): ChartSeries[] =>
      measure === undefined
        ? []
        : pivot.columns.map((column, index) => ({
            key: column.id,
            label:
              view.columns
                .map((dimension) => keyLabel(dimension, column.keys[dimension], answer.labels))
                .join(' · ') || 'All',
            color: SERIES_COLORS[index % SERIES_COLORS.length]!,
            kind: isOverTime ? 'line' : 'bar',
            ...(isOverTime ? {} : { stack: 'view' }),
            valuesKg: lines.map((line) => line.cells[index]?.values[measure] ?? null),
          })),
    [measure, pivot, lines, view.columns, answer.labels, isOverTime],
  );
  if (measure === undefined) {
    return (
      <p className="text-sm text-muted-foreground">
        Charts draw masses: add CO2e or gas mass to the measures.
      </p>
    );
  }
  return (
    <MassChart
      title={isOverTime ? 'The view over time' : 'The view as stacked bars'}
      categoryHeader={view.rows.length === 0 ? 'All' : 'Rows'}
      categories={categories}
      series={series}
      orientation="columns"
    />
  );
}
