import type { MaccBar } from '@ecc/domain';
import { describe, expect, it } from 'vitest';
import { maccChartOption } from './macc-chart-option.ts';

const BAR: MaccBar = {
  id: 'a',
  name: 'LED retrofit',
  annualAbatementTonnes: 120,
  costPerTonne: -35.4,
  annualisedCapex: 1_000,
  annualCost: -5_248,
  cumulativeStartTonnes: 0,
  cumulativeEndTonnes: 120,
};

describe('the MACC chart', () => {
  it("names the realm's currency on its cost axis and in its tooltip", () => {
    const option = maccChartOption([BAR], 'EUR')(() => '#000000');
    expect(option.yAxis).toMatchObject({ name: 'EUR per t CO2e' });
    const tooltip = option.tooltip as { formatter: (params: unknown) => string };
    expect(tooltip.formatter({ dataIndex: 0 })).toBe('LED retrofit<br/>-€35 per t CO2e · 120 t a year');
  });
});
