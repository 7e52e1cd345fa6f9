import type { MaccBar } from '@ecc/domain';
import type { ChartOptionBuilder } from '#components/charts/option-chart-drawing.tsx';
import { formatMoney } from '#lib/format/format-money.ts';
import { formatNumber } from '#lib/format/format-number.ts';

/** Bar labels longer than this are cut; the table beside the chart has the whole names. */
const LABEL_LENGTH = 22;

/**
 * The MACC as an ECharts custom series: each measure a rectangle from its cumulative start to end on the x axis
 * (t CO2e a year), as tall as its cost per tonne in the realm's `currency`, savings below the axis, labelled with
 * its name.
 */
export function maccChartOption(bars: readonly MaccBar[], currency: string): ChartOptionBuilder {
  return (colorOf) => ({
    animation: false,
    grid: { left: 72, right: 24, top: 24, bottom: 48 },
    tooltip: {
      trigger: 'item',
      formatter: (params) => {
        const bar = bars[(params as { dataIndex: number }).dataIndex];
        return bar === undefined
          ? ''
          : `${bar.name}<br/>${formatMoney(bar.costPerTonne, currency)} per t CO2e · ${formatNumber(Math.round(bar.annualAbatementTonnes))} t a year`;
      },
    },
    xAxis: {
      type: 'value',
      name: 't CO2e a year (cumulative)',
      nameLocation: 'middle',
      nameGap: 28,
      min: 0,
      max: bars.at(-1)?.cumulativeEndTonnes ?? 1,
      axisLabel: { formatter: (value: number) => formatNumber(value) },
    },
    yAxis: {
      type: 'value',
      name: `${currency} per t CO2e`,
      axisLabel: { formatter: (value: number) => formatNumber(value) },
    },
    series: [
      {
        type: 'custom',
        data: bars.map((bar) => [bar.cumulativeStartTonnes, bar.cumulativeEndTonnes, bar.costPerTonne]),
        encode: { x: [0, 1], y: 2 },
        renderItem: (params, api) => {
          const bar = bars[params.dataIndex]!;
          const [startX = 0, valueY = 0] = api.coord([bar.cumulativeStartTonnes, bar.costPerTonne]);
          const [endX = 0, zeroY = 0] = api.coord([bar.cumulativeEndTonnes, 0]);
          const isSaving = bar.costPerTonne < 0;
          const label = bar.name.length > LABEL_LENGTH ? `${bar.name.slice(0, LABEL_LENGTH - 1)}…` : bar.name;
          return {
            type: 'group',
            children: [
              {
                type: 'rect',
                shape: {
                  x: startX,
                  y: Math.min(valueY, zeroY),
                  width: Math.max(1, endX - startX - 1),
                  height: Math.max(1, Math.abs(zeroY - valueY)),
                },
                style: { fill: colorOf(isSaving ? 'success' : 'primary') },
              },
              {
                type: 'text',
                x: startX + (endX - startX) / 2,
                y: isSaving ? zeroY - 6 : zeroY + 6,
                rotation: Math.PI / 2,
                style: {
                  text: label,
                  fill: colorOf('foreground'),
                  fontSize: 10,
                  align: isSaving ? 'left' : 'right',
                  verticalAlign: 'middle',
                },
              },
            ],
          };
        },
      },
    ],
  });
}
