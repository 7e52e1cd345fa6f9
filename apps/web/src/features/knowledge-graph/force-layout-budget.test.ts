import { describe, expect, it } from 'vitest';
import { forceLayoutBudget } from './force-layout-budget.ts';

/** Alpha after the budget's ticks, starting from 1 as d3-force does: it has cooled when this is at most 0.001. */
const alphaAfterTicks = (budget: ReturnType<typeof forceLayoutBudget>) =>
  Math.pow(1 - budget.alphaDecay, budget.warmupTicks + budget.cooldownTicks);

describe('forceLayoutBudget', () => {
  it('lays a small realm out before its first frame, at d3-force’s own pace', () => {
    expect(forceLayoutBudget(0)).toMatchObject({ warmupTicks: 100, cooldownTicks: 300 });
    expect(forceLayoutBudget(857)).toMatchObject({ warmupTicks: 100, cooldownTicks: 300 });
    expect(forceLayoutBudget(857).alphaDecay).toBeCloseTo(0.0228, 4);
  });

  it('spends fewer ticks per node as the graph grows', () => {
    expect(forceLayoutBudget(2_000)).toMatchObject({ warmupTicks: 50, cooldownTicks: 300 });
    expect(forceLayoutBudget(5_000)).toMatchObject({ warmupTicks: 20, cooldownTicks: 300 });
  });

  it('draws a large graph before any tick and lets it settle on screen', () => {
    expect(forceLayoutBudget(10_000)).toMatchObject({ warmupTicks: 0, cooldownTicks: 150 });
    expect(forceLayoutBudget(1_000_000)).toMatchObject({ warmupTicks: 0, cooldownTicks: 60 });
  });

  it('cools the layout by the time its ticks are spent, whatever its size', () => {
    for (const nodes of [1, 857, 5_000, 10_000, 40_000, 1_000_000]) {
      expect(alphaAfterTicks(forceLayoutBudget(nodes))).toBeLessThanOrEqual(0.001 + 1e-9);
    }
  });
});
