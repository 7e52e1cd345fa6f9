import { formatMass, massIn } from '#lib/format/format-mass.ts';
import { formatNumber } from '#lib/format/format-number.ts';
import type { ChartColorSlot } from './chart-colors.ts';
import type { ChartOption } from './echarts-runtime.ts';
import { MASS_AXIS_TICKS, massAxis } from './mass-axis.ts';
import { axisExtentValues, isDrawn, type MassChartSpec } from './mass-chart-spec.ts';

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Up to this many points a line marks each one; beyond, only the line is drawn. */
const MAX_LINE_POINTS_WITH_MARKERS = 36;

/** The tooltip is HTML and its labels are data (facility names): escaped, they stay text. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character] ?? character);
}

/** About this many ticks on the value axis of horizontal bars. */
const BAR_AXIS_TICKS = 3;

interface TooltipItem {
  dataIndex: number;
  seriesIndex: number;
}

/**
 * The ECharts option of a mass chart: values drawn in the unit of a d3 `nice()` axis (t CO2e, or kg when all
 * are below a tonne), the theme's colours through `color`, and a tooltip in `formatMass`'s words.
 */
export function massChartOption(spec: MassChartSpec, color: (slot: ChartColorSlot) => string): ChartOption {
  const drawn = spec.series.filter(isDrawn);
  // Bars share a narrow box with their labels: fewer ticks keep the axis's numbers apart.
  const axis = massAxis(
    axisExtentValues(spec),
    spec.orientation === 'bars' ? BAR_AXIS_TICKS : MASS_AXIS_TICKS,
  );
  const textColor = color('muted-foreground');
  const valueAxis = {
    type: 'value' as const,
    min: axis.min,
    max: axis.max,
    interval: axis.interval,
    name: `${axis.unit} CO2e`,
    nameTextStyle: { color: textColor },
    axisLabel: { color: textColor, hideOverlap: true, formatter: (value: number) => formatNumber(value) },
    splitLine: { lineStyle: { color: color('border') } },
  };
  const categoryAxis = {
    type: 'category' as const,
    data: spec.categories.map((category) => category.label),
    inverse: spec.orientation === 'bars',
    axisLabel: { color: textColor, hideOverlap: true },
    axisLine: { lineStyle: { color: color('border') } },
    axisTick: { show: false },
  };
  return {
    animation: false,
    // The legend's row, then room for the value axis's name above the plot.
    grid: { left: 8, right: 16, top: drawn.length > 1 ? 56 : 32, bottom: 8 },
    legend: {
      show: drawn.length > 1,
      top: 0,
      left: 0,
      textStyle: { color: color('foreground') },
    },
    tooltip: {
      trigger: 'axis',
      axisPointer: { type: 'shadow' },
      formatter: (items: unknown) => {
        const list = (Array.isArray(items) ? items : [items]) as TooltipItem[];
        const index = list[0]?.dataIndex ?? 0;
        const title = escapeHtml(spec.categories[index]?.label ?? '');
        const lines = list.map((item) => {
          const series = drawn[item.seriesIndex];
          const kg = series?.valuesKg[index];
          if (series === undefined || kg === null || kg === undefined) return '';
          return `${escapeHtml(series.label)}: ${escapeHtml(formatMass(kg))}`;
        });
        return [title, ...lines.filter((line) => line !== '')].join('<br>');
      },
    },
    xAxis: spec.orientation === 'columns' ? categoryAxis : valueAxis,
    yAxis: spec.orientation === 'columns' ? valueAxis : categoryAxis,
    series: drawn.map((series) => {
      const shape = {
        id: series.key,
        name: series.label,
        data: series.valuesKg.map((kg) => (kg === null ? null : massIn(kg, axis.unit))),
        itemStyle: { color: color(series.color), opacity: series.opacity ?? 1 },
        ...(series.stack === undefined ? {} : { stack: series.stack }),
      };
      return series.kind === 'line'
        ? {
            ...shape,
            type: 'line' as const,
            lineStyle: { color: color(series.color) },
            // A marker on each of a hundred points hides the line and the bars under it; the tooltip still names each.
            showSymbol: series.valuesKg.length <= MAX_LINE_POINTS_WITH_MARKERS,
          }
        : { ...shape, type: 'bar' as const, barMaxWidth: 48 };
    }),
  };
}
