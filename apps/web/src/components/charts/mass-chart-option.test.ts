import { describe, expect, it } from 'vitest';
import { escapeHtml, massChartOption } from './mass-chart-option.ts';
import type { MassChartSpec } from './mass-chart-spec.ts';

const SPEC: MassChartSpec = {
  orientation: 'columns',
  categories: [
    { key: 'a', label: '<b>Plant</b>' },
    { key: 'b', label: 'Mill' },
  ],
  series: [
    { key: 'scope1', label: 'Scope 1', color: 'primary', stack: 'co2e', valuesKg: [3_000_000, 1_000_000] },
    { key: 'scope3', label: 'Scope 3', color: 'warning', stack: 'co2e', valuesKg: [4_500_000, null] },
    {
      key: 'market',
      label: 'Scope 2 (market-based)',
      color: 'primary',
      isDrawn: false,
      valuesKg: [9e9, 9e9],
    },
  ],
};

const color = (slot: string) => `var-${slot}`;

describe('massChartOption', () => {
  it('scales the value axis with nice ticks over the stacked sums, in tonnes, leaving undrawn series out', () => {
    const option = massChartOption(SPEC, color);
    // 3,000 t + 4,500 t = 7,500 t stacked; the market-based series (9,000,000 t) is not drawn.
    expect(option.yAxis).toMatchObject({ min: 0, max: 8000, interval: 2000, name: 't CO2e' });
    const series = option.series as { id: string; data: (number | null)[]; itemStyle: { color: string } }[];
    expect(series.map((entry) => entry.id)).toEqual(['scope1', 'scope3']);
    expect(series[1]?.data).toEqual([4500, null]);
    expect(series[0]?.itemStyle.color).toBe('var-primary');
  });

  it('lays rankings out as bars with the first category on top', () => {
    const option = massChartOption({ ...SPEC, orientation: 'bars' }, color);
    expect(option.yAxis).toMatchObject({ type: 'category', inverse: true });
    expect(option.xAxis).toMatchObject({ type: 'value' });
  });

  it('keeps names in the tooltip as text', () => {
    const option = massChartOption(SPEC, color);
    const tooltip = option.tooltip as { formatter: (items: unknown) => string };
    expect(
      tooltip.formatter([
        { dataIndex: 0, seriesIndex: 0 },
        { dataIndex: 0, seriesIndex: 1 },
      ]),
    ).toBe('&lt;b&gt;Plant&lt;/b&gt;<br>Scope 1: 3,000.0 t CO2e<br>Scope 3: 4,500.0 t CO2e');
    expect(escapeHtml(`"it's" & more`)).toBe('&quot;it&#39;s&quot; &amp; more');
  });
});
