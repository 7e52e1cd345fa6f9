import { useEffect, useRef } from 'react';
import { readChartColor } from '#components/charts/chart-colors.ts';
import { createChart, type EChartsType } from '#components/charts/echarts-runtime.ts';
import { targetGapChartOption, type GapScenario } from './target-gap-chart-option.ts';

/**
 * The drawn gap chart, in its own chunk with ECharts so that only this page loads it. It draws once its box has
 * a width, follows the box's size, and paints again when the theme changes.
 */
export function TargetGapChartDrawing({
  scenarios,
  height,
}: {
  scenarios: readonly GapScenario[];
  height: number;
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
        targetGapChartOption(scenarios, (slot) => readChartColor(element, slot)),
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
    return () => {
      resizes.disconnect();
      themeChanges.disconnect();
    };
  }, [scenarios]);

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
      data-testid="target-gap-chart"
      aria-hidden="true"
    />
  );
}
