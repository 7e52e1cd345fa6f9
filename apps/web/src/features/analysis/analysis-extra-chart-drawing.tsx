import { TreemapChart } from 'echarts/charts';
import { use as registerChartParts, type EChartsCoreOption } from 'echarts/core';
import { useEffect, useRef } from 'react';
import { readChartColor } from '#components/charts/chart-colors.ts';
import { createChart, type EChartsType } from '#components/charts/echarts-runtime.ts';
import { formatMass } from '#lib/format/format-mass.ts';
import type { WaterfallStep } from './variance-waterfall.ts';

// The treemap is the analysis page's own chart kind; bars, grid and tooltip come with the shared runtime.
registerChartParts([TreemapChart]);

export type ExtraChartSpec =
  | { kind: 'treemap'; items: readonly { label: string; valueKg: number }[] }
  | { kind: 'waterfall'; steps: readonly WaterfallStep[] };

function optionOf(spec: ExtraChartSpec, element: HTMLElement): EChartsCoreOption {
  const color = (slot: Parameters<typeof readChartColor>[1]) => readChartColor(element, slot);
  const tooltip = { valueFormatter: (value: unknown) => formatMass(Number(value)) };
  if (spec.kind === 'treemap') {
    return {
      tooltip,
      series: [
        {
          type: 'treemap',
          roam: false,
          breadcrumb: { show: false },
          itemStyle: { borderColor: color('border') },
          color: [color('primary'), color('accent-foreground'), color('success'), color('warning')],
          data: spec.items.map((item) => ({ name: item.label, value: Math.max(0, item.valueKg) })),
        },
      ],
    };
  }
  const kindColor = { total: color('primary'), increase: color('destructive'), decrease: color('success') };
  return {
    tooltip: { ...tooltip, trigger: 'axis' },
    grid: { left: 80, right: 16, top: 16, bottom: 48 },
    xAxis: {
      type: 'category',
      data: spec.steps.map((step) => step.label),
      axisLabel: { interval: 0, rotate: 30 },
    },
    yAxis: { type: 'value', axisLabel: { formatter: (value: number) => formatMass(value) } },
    series: [
      {
        type: 'bar',
        stack: 'waterfall',
        silent: true,
        itemStyle: { color: 'transparent' },
        tooltip: { show: false },
        data: spec.steps.map((step) => step.base),
      },
      {
        type: 'bar',
        stack: 'waterfall',
        data: spec.steps.map((step) => ({ value: step.size, itemStyle: { color: kindColor[step.kind] } })),
      },
    ],
  };
}

/** The treemap or the variance waterfall, drawn once its box has a width and redrawn when its size changes. */
export function AnalysisExtraChartDrawing({ spec, height }: { spec: ExtraChartSpec; height: number }) {
  const elementRef = useRef<HTMLDivElement>(null);
  const chartRef = useRef<EChartsType | null>(null);
  useEffect(() => {
    const element = elementRef.current;
    if (element === null) return undefined;
    const draw = () => {
      if (element.clientWidth === 0) return;
      chartRef.current ??= createChart(element);
      chartRef.current.setOption(optionOf(spec, element), { notMerge: true });
    };
    draw();
    const resizes = new ResizeObserver(() => {
      if (chartRef.current === null) draw();
      else chartRef.current.resize();
    });
    resizes.observe(element);
    return () => resizes.disconnect();
  }, [spec]);
  useEffect(
    () => () => {
      chartRef.current?.dispose();
      chartRef.current = null;
    },
    [],
  );
  return <div ref={elementRef} data-testid="analysis-extra-chart" style={{ height }} />;
}
