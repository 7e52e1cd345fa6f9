import type { OptimizeResponse } from '@ecc/contracts';
import type { ChartColorSlot } from '#components/charts/chart-colors.ts';
import type { ChartOptionBuilder } from '#components/charts/option-chart-drawing.tsx';
import { formatMass } from '#lib/format/format-mass.ts';
import type { PlanRow } from './optimizer-request.ts';

const MEASURE_COLORS: readonly ChartColorSlot[] = [
  'primary',
  'warning',
  'success',
  'accent-foreground',
  'destructive',
  'muted-foreground',
];
const KG_PER_TONNE = 1000;

/**
 * The plan as a timeline: a row per measure, a bar from its start year through the last year it abates within
 * the horizon (an ECharts custom series on a year axis).
 */
export function planTimelineOption(
  rows: readonly PlanRow[],
  baseYear: number,
  targetYear: number,
): ChartOptionBuilder {
  return (colorOf) => ({
    animation: false,
    grid: { left: 180, right: 24, top: 16, bottom: 32 },
    tooltip: {
      trigger: 'item',
      formatter: (params) => {
        const row = rows[(params as { dataIndex: number }).dataIndex];
        return row === undefined ? '' : `${row.name}: ${row.startYear}–${row.endYear}`;
      },
    },
    xAxis: {
      type: 'value',
      min: baseYear,
      max: targetYear + 1,
      interval: 1,
      axisLabel: { formatter: (value: number) => (value > targetYear ? '' : String(value)) },
    },
    yAxis: { type: 'category', data: rows.map((row) => row.name), inverse: true },
    series: [
      {
        type: 'custom',
        data: rows.map((row, index) => [row.startYear, row.endYear + 1, index]),
        encode: { x: [0, 1], y: 2 },
        renderItem: (params, api) => {
          const row = rows[params.dataIndex]!;
          const [startX = 0, centerY = 0] = api.coord([row.startYear, params.dataIndex]);
          const [endX = 0] = api.coord([row.endYear + 1, params.dataIndex]);
          const height = (api.size?.([0, 1]) as number[] | undefined)?.[1] ?? 20;
          return {
            type: 'rect',
            shape: {
              x: startX,
              y: centerY - height * 0.3,
              width: Math.max(2, endX - startX - 2),
              height: height * 0.6,
            },
            style: { fill: colorOf(MEASURE_COLORS[params.dataIndex % MEASURE_COLORS.length]!) },
          };
        },
      },
    ],
  });
}

/**
 * The wedge chart: the emissions left after the plan and, stacked on them, each measure's abatement (their sum
 * is the baseline), with the baseline and the trajectory as lines; masses in t CO2e.
 */
export function wedgeOption(
  result: OptimizeResponse,
  rows: readonly PlanRow[],
  abatedByMeasure: readonly (readonly number[])[],
): ChartOptionBuilder {
  const tonnes = (kg: number) => kg / KG_PER_TONNE;
  return (colorOf) => ({
    animation: false,
    grid: { left: 72, right: 24, top: 48, bottom: 32 },
    legend: { type: 'scroll', top: 0 },
    tooltip: {
      trigger: 'axis',
      valueFormatter: (value) => formatMass(Number(value) * KG_PER_TONNE),
    },
    xAxis: { type: 'category', boundaryGap: false, data: result.years.map((year) => String(year.year)) },
    yAxis: { type: 'value', name: 't CO2e' },
    series: [
      {
        type: 'line',
        name: 'Emissions with the plan',
        stack: 'wedge',
        areaStyle: { opacity: 0.35 },
        symbol: 'none',
        lineStyle: { color: colorOf('foreground'), width: 1 },
        itemStyle: { color: colorOf('muted-foreground') },
        data: result.years.map((year) => tonnes(year.emissions)),
      },
      ...rows.map((row, index) => ({
        type: 'line' as const,
        name: row.name,
        stack: 'wedge',
        areaStyle: { opacity: 0.6 },
        symbol: 'none',
        lineStyle: { width: 0 },
        itemStyle: { color: colorOf(MEASURE_COLORS[index % MEASURE_COLORS.length]!) },
        data: (abatedByMeasure[index] ?? []).map(tonnes),
      })),
      {
        type: 'line',
        name: 'Baseline',
        symbol: 'none',
        lineStyle: { type: 'dashed', color: colorOf('foreground') },
        itemStyle: { color: colorOf('foreground') },
        data: result.years.map((year) => tonnes(year.baseline)),
      },
      {
        type: 'line',
        name: 'Trajectory',
        symbol: 'circle',
        lineStyle: { width: 2, color: colorOf('destructive') },
        itemStyle: { color: colorOf('destructive') },
        data: result.years.map((year) => tonnes(year.trajectory)),
      },
    ],
  });
}
