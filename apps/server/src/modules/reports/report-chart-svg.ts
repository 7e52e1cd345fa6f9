import type { ReportChart } from '@ecc/contracts';
import * as echarts from 'echarts';

export const CHART_WIDTH = 520;
export const CHART_HEIGHT = 260;

/**
 * A report chart as SVG, drawn by ECharts' server-side renderer (no DOM, no browser): the same library the
 * browser draws it with, so the PDF shows what the screen shows.
 */
export function chartSvg(chart: ReportChart, color: string): string {
  const instance = echarts.init(null, null, {
    renderer: 'svg',
    ssr: true,
    width: CHART_WIDTH,
    height: CHART_HEIGHT,
  });
  try {
    instance.setOption({
      animation: false,
      color: [color],
      grid: { left: 90, right: 20, top: 20, bottom: 60 },
      xAxis: {
        type: 'category',
        data: chart.categories,
        axisLabel: { interval: 0, width: 90, overflow: 'break', fontSize: 10 },
      },
      yAxis: { type: 'value', name: chart.unit, axisLabel: { fontSize: 10 } },
      series: [{ type: 'bar', data: chart.values }],
    });
    return instance.renderToSVGString();
  } finally {
    instance.dispose();
  }
}
