import type { TargetGapResponse } from '@ecc/contracts';
import type { ChartColorSlot } from '#components/charts/chart-colors.ts';
import type { ChartOption } from '#components/charts/echarts-runtime.ts';
import { escapeHtml } from '#components/charts/mass-chart-option.ts';
import { formatNumber } from '#lib/format/format-number.ts';

/** One scenario of the chart: a target's gap answer and the name it goes by in the legend. */
export interface GapScenario {
  label: string;
  gap: TargetGapResponse;
}

/** Masses are drawn in tonnes (the axis says so); intensities as the server gives them. */
export function chartScaleOf(unit: string): { divisor: number; axisName: string } {
  return unit === 'kg CO2e' ? { divisor: 1000, axisName: 't CO2e' } : { divisor: 1, axisName: unit };
}

interface TooltipItem {
  dataIndex: number;
  seriesName: string;
  value: number | null;
}

/**
 * The chart of one or two scenarios over the same years: actual years (solid), the business-as-usual projection
 * from the latest actual year (dashed), the trajectory, and the first scenario's gap shaded between its projection
 * and its trajectory where the projection is above it.
 */
export function targetGapChartOption(
  scenarios: readonly GapScenario[],
  color: (slot: ChartColorSlot) => string,
): ChartOption {
  const years = [
    ...new Set(scenarios.flatMap((scenario) => scenario.gap.years.map((year) => year.year))),
  ].sort((left, right) => left - right);
  const first = scenarios[0];
  const { divisor, axisName } = chartScaleOf(first?.gap.unit ?? 'kg CO2e');
  const scaled = (value: number | null | undefined) =>
    value === null || value === undefined ? null : value / divisor;
  const valuesOf = (
    scenario: GapScenario,
    pick: (year: TargetGapResponse['years'][number]) => number | null,
  ) => {
    const byYear = new Map(scenario.gap.years.map((year) => [year.year, year]));
    return years.map((year) => {
      const entry = byYear.get(year);
      return entry === undefined ? null : scaled(pick(entry));
    });
  };
  const textColor = color('muted-foreground');
  const series: NonNullable<ChartOption['series']> = [];
  if (first) {
    // The shaded gap: an invisible base at the trajectory with the excess of the projection stacked on it.
    series.push(
      {
        type: 'line',
        name: 'gap-base',
        stack: 'gap',
        data: valuesOf(first, (year) => (year.gap !== null && year.gap > 0 ? year.trajectory : null)),
        lineStyle: { opacity: 0 },
        symbol: 'none',
        silent: true,
        tooltip: { show: false },
      },
      {
        type: 'line',
        name: 'Gap',
        stack: 'gap',
        data: valuesOf(first, (year) => (year.gap !== null && year.gap > 0 ? year.gap : null)),
        lineStyle: { opacity: 0 },
        // The legend's mark in the band's colour.
        itemStyle: { color: color('destructive') },
        areaStyle: { color: color('destructive'), opacity: 0.18 },
        symbol: 'none',
      },
    );
  }
  const palette: { projected: ChartColorSlot; trajectory: ChartColorSlot }[] = [
    { projected: 'warning', trajectory: 'success' },
    { projected: 'accent-foreground', trajectory: 'primary' },
  ];
  scenarios.forEach((scenario, index) => {
    const colors = palette[index % palette.length]!;
    const suffix = scenarios.length > 1 ? ` (${scenario.label})` : '';
    const fromYear = scenario.gap.method.projection?.fromYear;
    if (index === 0) {
      series.push({
        type: 'line',
        name: 'Actual',
        data: valuesOf(scenario, (year) => year.actual ?? null),
        itemStyle: { color: color('foreground') },
        lineStyle: { color: color('foreground'), width: 2 },
        symbolSize: 6,
      });
    }
    series.push(
      {
        type: 'line',
        name: `Business as usual${suffix}`,
        data: valuesOf(scenario, (year) =>
          fromYear !== undefined && year.year >= fromYear ? year.projected : null,
        ),
        itemStyle: { color: color(colors.projected) },
        lineStyle: { color: color(colors.projected), type: 'dashed', width: 2 },
        symbol: 'none',
      },
      {
        type: 'line',
        name: `Trajectory${suffix}`,
        data: valuesOf(scenario, (year) => year.trajectory),
        itemStyle: { color: color(colors.trajectory) },
        lineStyle: {
          color: color(colors.trajectory),
          width: 2,
          ...(index > 0 ? { type: 'dotted' as const } : {}),
        },
        symbol: 'none',
      },
    );
  });
  return {
    animation: false,
    grid: { left: 8, right: 16, top: 64, bottom: 8, containLabel: true },
    legend: {
      top: 0,
      left: 0,
      textStyle: { color: color('foreground') },
      data: series.map((each) => String(each.name)).filter((name) => name !== 'gap-base'),
    },
    tooltip: {
      trigger: 'axis',
      formatter: (items: unknown) => {
        const list = (Array.isArray(items) ? items : [items]) as TooltipItem[];
        const year = years[list[0]?.dataIndex ?? 0];
        const lines = list
          .filter((item) => item.seriesName !== 'gap-base' && item.value !== null && item.value !== undefined)
          .map(
            (item) => `${escapeHtml(item.seriesName)}: ${formatNumber(item.value!)} ${escapeHtml(axisName)}`,
          );
        return [String(year), ...lines].join('<br/>');
      },
    },
    xAxis: {
      type: 'category',
      data: years.map(String),
      axisLabel: { color: textColor, hideOverlap: true },
      axisLine: { lineStyle: { color: color('border') } },
      boundaryGap: false,
    },
    yAxis: {
      type: 'value',
      name: axisName,
      min: 0,
      nameTextStyle: { color: textColor },
      axisLabel: { color: textColor, hideOverlap: true, formatter: (value: number) => formatNumber(value) },
      splitLine: { lineStyle: { color: color('border') } },
    },
    series: series.map((each) => ({ ...each, connectNulls: false })),
  } as ChartOption;
}
