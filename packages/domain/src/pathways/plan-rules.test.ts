import type { OptimizerMeasure } from '@ecc/contracts';
import { describe, expect, it } from 'vitest';
import { prepareOptimizerInput } from './optimizer-input.ts';
import { findPlanRuleBreak } from './plan-rules.ts';

const measure = (id: string, extra: Partial<OptimizerMeasure> = {}): OptimizerMeasure => ({
  id,
  abatement: 100,
  capex: 1000,
  annualCost: 0,
  lifetime: 10,
  ...extra,
});

const inputOf = (measures: OptimizerMeasure[], budget?: Record<string, number>) =>
  prepareOptimizerInput({
    baseYear: 2024,
    targetYear: 2030,
    baseline: { 2024: 1000 },
    trajectory: { rate: 0.042 },
    discountRate: 0.05,
    measures,
    ...(budget ? { budget } : {}),
  });

describe('findPlanRuleBreak', () => {
  const input = inputOf([
    measure('led', { earliestYear: 2026 }),
    measure('heat-pump', { group: 'heating' }),
    measure('boiler', { group: 'heating' }),
    measure('solar', { requires: ['led'] }),
  ]);

  it('accepts a plan that keeps every rule', () => {
    expect(
      findPlanRuleBreak(input, [
        { measureIndex: 0, startYear: 2026 },
        { measureIndex: 1, startYear: 2025 },
        { measureIndex: 3, startYear: 2027 },
      ]),
    ).toBeUndefined();
  });

  it('names the start that breaks a rule', () => {
    expect(findPlanRuleBreak(input, [{ measureIndex: 0, startYear: 2025 }])).toEqual({
      index: 0,
      field: 'startYear',
      message: 'led can start from 2026 to 2030',
    });
    expect(findPlanRuleBreak(input, [{ measureIndex: 1, startYear: 2024 }])?.field).toBe('startYear');
    expect(
      findPlanRuleBreak(input, [
        { measureIndex: 1, startYear: 2025 },
        { measureIndex: 2, startYear: 2026 },
      ]),
    ).toEqual({
      index: 1,
      field: 'id',
      message: 'boiler and heat-pump start, but only one of group heating may',
    });
    expect(
      findPlanRuleBreak(input, [
        { measureIndex: 1, startYear: 2025 },
        { measureIndex: 1, startYear: 2026 },
      ]),
    ).toMatchObject({ index: 1, field: 'id' });
    expect(findPlanRuleBreak(input, [{ measureIndex: 3, startYear: 2027 }])).toMatchObject({
      index: 0,
      message: 'solar needs led, which the plan does not start',
    });
    expect(
      findPlanRuleBreak(input, [
        { measureIndex: 3, startYear: 2027 },
        { measureIndex: 0, startYear: 2028 },
      ]),
    ).toMatchObject({ index: 0, field: 'startYear' });
  });

  it('refuses capex over a year’s budget', () => {
    const budgeted = inputOf([measure('a'), measure('b')], { 2025: 1500 });
    expect(
      findPlanRuleBreak(budgeted, [
        { measureIndex: 0, startYear: 2025 },
        { measureIndex: 1, startYear: 2025 },
      ]),
    ).toMatchObject({ index: 1, field: 'startYear' });
    expect(
      findPlanRuleBreak(budgeted, [
        { measureIndex: 0, startYear: 2025 },
        { measureIndex: 1, startYear: 2026 },
      ]),
    ).toBeUndefined();
  });
});
