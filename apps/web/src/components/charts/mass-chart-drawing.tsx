import { useEffect, useRef } from 'react';
import { readChartColor } from './chart-colors.ts';
import { createChart, type EChartsType } from './echarts-runtime.ts';
import { massChartOption } from './mass-chart-option.ts';
import type { MassChartSpec } from './mass-chart-spec.ts';

/**
 * The drawn chart, in its own chunk with ECharts so that only pages with charts load it. It draws once its box
 * has a width, follows the box's size, and paints again when the theme (dark mode, the realm's colours) changes.
 */
export function MassChartDrawing({
  spec,
  height,
  onSelect,
}: {
  spec: MassChartSpec;
  height: number;
  onSelect?: ((index: number) => void) | undefined;
}) {
  const elementRef = useRef<HTMLDivElement>(null);
  const chartRef = useRef<EChartsType | null>(null);
  const selectRef = useRef(onSelect);
  useEffect(() => {
    selectRef.current = onSelect;
  }, [onSelect]);

  useEffect(() => {
    const element = elementRef.current;
    if (element === null) return undefined;
    const draw = () => {
      if (element.clientWidth === 0) return;
      let chart = chartRef.current;
      if (chart === null) {
        chart = createChart(element);
        chart.on('click', (params) => selectRef.current?.(params.dataIndex));
        chartRef.current = chart;
      }
      chart.setOption(
        massChartOption(spec, (slot) => readChartColor(element, slot)),
        { notMerge: true },
      );
    };
    draw();
    const resizes = new ResizeObserver(() => {
      if (chartRef.current === null) draw();
      else chartRef.current.resize();
    });
    resizes.observe(element);
    // A theme is CSS variables: the `dark` class on the root, or the realm theme's <style> in the head.
    const themeChanges = new MutationObserver(draw);
    themeChanges.observe(document.documentElement, { attributes: true, attributeFilter: ['class', 'style'] });
    themeChanges.observe(document.head, { childList: true, subtree: true, characterData: true });
    return () => {
      resizes.disconnect();
      themeChanges.disconnect();
    };
  }, [spec]);

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
      data-testid="mass-chart-drawing"
      aria-hidden="true"
    />
  );
}
