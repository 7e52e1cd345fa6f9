import {
  BarChart,
  CustomChart,
  LineChart,
  type BarSeriesOption,
  type CustomSeriesOption,
  type LineSeriesOption,
} from 'echarts/charts';
import {
  GridComponent,
  LegendComponent,
  TooltipComponent,
  type GridComponentOption,
  type LegendComponentOption,
  type TooltipComponentOption,
} from 'echarts/components';
import { init, use as registerChartParts, type ComposeOption, type EChartsType } from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';

// Only the parts the charts use, so the chunk stays small; a chart kind (treemap, waterfall, pie) adds itself here.
// SVG draws these few dozen marks crisply at any zoom and keeps them in the DOM for the end-to-end tests.
registerChartParts([
  BarChart,
  CustomChart,
  LineChart,
  GridComponent,
  LegendComponent,
  TooltipComponent,
  SVGRenderer,
]);

export type ChartOption = ComposeOption<
  | BarSeriesOption
  | CustomSeriesOption
  | LineSeriesOption
  | GridComponentOption
  | LegendComponentOption
  | TooltipComponentOption
>;

export function createChart(element: HTMLElement): EChartsType {
  return init(element, undefined, { renderer: 'svg' });
}

export type { EChartsType };
