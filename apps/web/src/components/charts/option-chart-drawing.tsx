import { useEffect, useRef } from 'react';
import { readChartColor, type ChartColorSlot } from './chart-colors.ts';
import { createChart, type ChartOption, type EChartsType } from './echarts-runtime.ts';

/** Builds a chart's ECharts option with the theme's colours where the chart is drawn. */
export type ChartOptionBuilder = (colorOf: (slot: ChartColorSlot) => string) => ChartOption;

/**
 * A chart drawn from an ECharts option, in the charts' own chunk: it draws once its box has a width, follows the
 * box's size and paints again when the theme changes, like the mass charts.
 */
export function OptionChartDrawing({
  buildOption,
  height,
  testId,
}: {
  buildOption: ChartOptionBuilder;
  height: number;
  testId: string;
}) {
  const elementRef = useRef<HTMLDivElement>(null);
  const chartRef = useRef<EChartsType | null>(null);

  useEffect(() => {
    const element = elementRef.current;
    if (element === null) return undefined;
    const draw = () => {
      if (element.clientWidth === 0) return;
      chartRef.current ??= createChart(element);
      chartRef.current.setOption(
        buildOption((slot) => readChartColor(element, slot)),
        { notMerge: true },
      );
    };
    draw();
    const resizes = new ResizeObserver(() => {
      if (chartRef.current === null) draw();
      else chartRef.current.resize();
    });
    resizes.observe(element);
    const themeChanges = new MutationObserver(draw);
    themeChanges.observe(document.documentElement, { attributes: true, attributeFilter: ['class', 'style'] });
    themeChanges.observe(document.head, { childList: true, subtree: true, characterData: true });
    return () => {
      resizes.disconnect();
      themeChanges.disconnect();
    };
  }, [buildOption]);

  useEffect(
    () => () => {
      chartRef.current?.dispose();
      chartRef.current = null;
    },
    [],
  );

  return (
    <div
      ref={elementRef}
      style={{ height }}
      className="w-full min-w-0 overflow-hidden"
      data-testid={testId}
      aria-hidden="true"
    />
  );
}
