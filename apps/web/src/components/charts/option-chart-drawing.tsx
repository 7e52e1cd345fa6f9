import { useEffect, useRef } from 'react';
import { readChartColor, type ChartColorSlot } from './chart-colors.ts';
import { createChart, type ChartOption, type EChartsType } from './echarts-runtime.ts';

/** Builds a chart's ECharts option with the theme's colours where the chart is drawn. */
export type ChartOptionBuilder = (colorOf: (slot: ChartColorSlot) => string) => ChartOption;

/**
 * A chart drawn from an ECharts option, in its own chunk with ECharts so that only pages with charts load it. It
 * draws once its box has a width, follows the box's size, and paints again when the theme (dark mode, the realm's
 * colours) changes.
 */
export function OptionChartDrawing({
  buildOption,
  height,
  testId,
  onSelect,
}: {
  buildOption: ChartOptionBuilder;
  height: number;
  testId: string;
  /** A click on a data item (a bar, a point), with its index in its series. */
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
      if (chartRef.current === null) {
        chartRef.current = createChart(element);
        chartRef.current.on('click', (params) => selectRef.current?.(params.dataIndex));
      }
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
    // A theme is CSS variables: the `dark` class on the root, or the realm theme's <style> in the head.
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
