import type { ReportChart } from '@ecc/contracts';
import * as echarts from 'echarts';

export const CHART_WIDTH = 520;
export const CHART_HEIGHT = 260;
/** After the realm's colour, the colours of further series (ECharts' own palette). */
const SERIES_COLORS = [
  '#91cc75',
  '#fac858',
  '#ee6666',
  '#73c0de',
  '#3ba272',
  '#fc8452',
  '#9a60b4',
  '#ea7ccc',
];

/**
 * A report chart as SVG, drawn by ECharts' server-side renderer (no DOM, no browser): the same library the
 * browser draws it with, so the PDF shows what the screen shows.
 */
export function chartSvg(chart: ReportChart, color: string): string {
  const type = chart.kind;
  // Several series: the columns of a saved analysis, stacked (bars) or one line each, with a legend.
  const series = chart.series
    ? chart.series.map((entry) => ({
        type,
        name: entry.name,
        data: entry.values,
        ...(type === 'bar' ? { stack: 'total' } : {}),
      }))
    : [{ type, data: chart.values }];
  const instance = echarts.init(null, null, {
    renderer: 'svg',
    ssr: true,
    width: CHART_WIDTH,
    height: CHART_HEIGHT,
  });
  try {
    instance.setOption({
      animation: false,
      color: chart.series ? [color, ...SERIES_COLORS] : [color],
      grid: { left: 90, right: 20, top: chart.series ? 40 : 20, bottom: 60 },
      ...(chart.series ? { legend: { type: 'plain', top: 0, textStyle: { fontSize: 9 } } } : {}),
      xAxis: {
        type: 'category',
        data: chart.categories,
        axisLabel: { interval: 0, width: 90, overflow: 'break', fontSize: 10 },
      },
      yAxis: { type: 'value', name: chart.unit, axisLabel: { fontSize: 10 } },
      series,
    });
    return instance.renderToSVGString();
  } finally {
    instance.dispose();
  }
}
