import { describe, expect, it } from 'vitest';
import { forceLayoutBudget } from './force-layout-budget.ts';

describe('forceLayoutBudget', () => {
  it('lays a small realm out before its first frame', () => {
    expect(forceLayoutBudget(0)).toEqual({ warmupTicks: 100, cooldownTicks: 300 });
    expect(forceLayoutBudget(857)).toEqual({ warmupTicks: 100, cooldownTicks: 300 });
  });

  it('spends fewer ticks per node as the graph grows, never none', () => {
    expect(forceLayoutBudget(10_000)).toEqual({ warmupTicks: 40, cooldownTicks: 150 });
    expect(forceLayoutBudget(1_000_000)).toEqual({ warmupTicks: 10, cooldownTicks: 60 });
  });
});
