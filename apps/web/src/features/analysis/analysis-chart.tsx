import {
  ANALYSIS_TIME_DIMENSIONS,
  analysisKeyLabel,
  type AnalysisQuery,
  type AnalysisResponse,
} from '@ecc/contracts';
import { Skeleton } from '@ecc/ui';
import { lazy, Suspense, useId, useMemo, useState } from 'react';
import { MassChart } from '#components/charts/mass-chart.tsx';
import type { ChartColorSlot } from '#components/charts/chart-colors.ts';
import type { ChartSeries } from '#components/charts/mass-chart-spec.ts';
import type { PivotModel } from './pivot-model.ts';
import { varianceWaterfall } from './variance-waterfall.ts';

const AnalysisExtraChartDrawing = lazy(() =>
  import('./analysis-extra-chart-drawing.tsx').then((module) => ({
    default: module.AnalysisExtraChartDrawing,
  })),
);

type ChartKind = 'bars' | 'treemap' | 'waterfall';
const CHART_HEIGHT = 320;

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
        label:
          pivot.sideKeys.map((key) => analysisKeyLabel(key, line.keys[key], answer.labels)).join(' · ') ||
          'All',
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
                .map((dimension) => analysisKeyLabel(dimension, column.keys[dimension], answer.labels))
                .join(' · ') || 'All',
            color: SERIES_COLORS[index % SERIES_COLORS.length]!,
            kind: isOverTime ? 'line' : 'bar',
            ...(isOverTime ? {} : { stack: 'view' }),
            valuesKg: lines.map((line) => line.cells[index]?.values[measure] ?? null),
          })),
    [measure, pivot, lines, view.columns, answer.labels, isOverTime],
  );
  const [kind, setKind] = useState<ChartKind>('bars');
  const kindId = useId();
  const { comparisonYears, comparisonTotals, totals } = answer;
  const extraSpec = (() => {
    if (measure === undefined) return undefined;
    const lineLabel = (index: number) => categories[index]?.label ?? '';
    const sumOf = (values: readonly (number | null | undefined)[]) =>
      values.reduce<number>((sum, value) => sum + (value ?? 0), 0);
    if (kind === 'treemap') {
      return {
        kind: 'treemap' as const,
        items: lines.map((line, index) => ({
          label: lineLabel(index),
          valueKg: line.rowTotal?.values[measure] ?? sumOf(line.cells.map((cell) => cell?.values[measure])),
        })),
      };
    }
    if (kind === 'waterfall' && comparisonYears) {
      return {
        kind: 'waterfall' as const,
        steps: varianceWaterfall(
          {
            label: String(comparisonYears.comparison),
            value: comparisonTotals?.[measure] ?? 0,
          },
          lines.map((line, index) => ({
            label: lineLabel(index),
            current: sumOf(line.cells.map((cell) => cell?.values[measure])),
            previous: sumOf(line.cells.map((cell) => cell?.comparison?.[measure])),
          })),
          { label: String(comparisonYears.current), value: totals[measure] ?? 0 },
        ),
      };
    }
    return undefined;
  })();
  if (measure === undefined) {
    return (
      <p className="text-sm text-muted-foreground">
        Charts draw masses: add CO2e or gas mass to the measures.
      </p>
    );
  }
  return (
    <div className="grid gap-2">
      <div className="flex items-center gap-2">
        <label htmlFor={kindId} className="text-sm font-medium">
          Chart
        </label>
        <select
          id={kindId}
          className="h-9 rounded-md border bg-background px-2 text-sm"
          value={kind}
          onChange={(event) => setKind(event.target.value as ChartKind)}
        >
          <option value="bars">{isOverTime ? 'Lines over time' : 'Stacked bars'}</option>
          <option value="treemap">Treemap</option>
          <option value="waterfall" disabled={answer.comparisonYears === undefined}>
            Variance waterfall (needs a comparison)
          </option>
        </select>
      </div>
      {extraSpec === undefined ? (
        <MassChart
          title={isOverTime ? 'The view over time' : 'The view as stacked bars'}
          categoryHeader={view.rows.length === 0 ? 'All' : 'Rows'}
          categories={categories}
          series={series}
          orientation="columns"
        />
      ) : (
        <div
          role="img"
          aria-label={
            extraSpec.kind === 'treemap'
              ? 'Treemap of the rows; the table above has the figures'
              : 'Variance waterfall between the two years; the table above has the figures'
          }
        >
          <Suspense fallback={<Skeleton className="w-full" style={{ height: CHART_HEIGHT }} />}>
            <AnalysisExtraChartDrawing spec={extraSpec} height={CHART_HEIGHT} />
          </Suspense>
        </div>
      )}
    </div>
  );
}
