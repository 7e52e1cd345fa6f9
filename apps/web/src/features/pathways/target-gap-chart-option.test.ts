import type { TargetGapResponse } from '@ecc/contracts';
import { describe, expect, it } from 'vitest';
import { targetGapChartOption } from './target-gap-chart-option.ts';

const GAP = {
  target: { name: 'Near term' },
  unit: 'kg CO2e',
  years: [
    { year: 2023, actual: 100_000, projected: 100_000, trajectory: 100_000, gap: 0 },
    { year: 2024, actual: 110_000, projected: 110_000, trajectory: 95_800, gap: 14_200 },
    { year: 2025, projected: 120_000, trajectory: 91_600, gap: 28_400 },
  ],
  status: 'off-track',
  statusYear: 2024,
  method: {
    projection: { method: 'compound-growth', growthPercent: 9.09, fromYear: 2024 },
    trajectory: { method: 'absolute-contraction', rate: 0.042, base: 100_000 },
    description: '',
  },
  missingYears: [],
} as unknown as TargetGapResponse;

type Series = { name: string; data: (number | null)[] };

describe('targetGapChartOption', () => {
  it('draws tonnes: actual years, business as usual from the latest actual year, the trajectory, the gap above it', () => {
    const option = targetGapChartOption([{ label: 'Near term', gap: GAP }], () => '#000');
    const series = option.series as Series[];
    const byName = new Map(series.map((each) => [each.name, each.data]));
    expect(byName.get('Actual')).toEqual([100, 110, null]);
    expect(byName.get('Business as usual')).toEqual([null, 110, 120]);
    expect(byName.get('Trajectory')).toEqual([100, 95.8, 91.6]);
    // The shaded band: from the trajectory up by the gap, only where the projection is above it.
    expect(byName.get('gap-base')).toEqual([null, 95.8, 91.6]);
    expect(byName.get('Gap')).toEqual([null, 14.2, 28.4]);
    expect((option.yAxis as { name: string }).name).toBe('t CO2e');
  });

  it('a second scenario adds its own projection and trajectory, named in the legend', () => {
    const option = targetGapChartOption(
      [
        { label: 'Near term', gap: GAP },
        { label: '3 % growth a year', gap: GAP },
      ],
      () => '#000',
    );
    const names = (option.series as Series[]).map((each) => each.name);
    expect(names).toContain('Business as usual (3 % growth a year)');
    expect(names).toContain('Trajectory (3 % growth a year)');
  });
});
