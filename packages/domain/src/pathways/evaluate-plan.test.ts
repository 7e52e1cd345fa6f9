import { describe, expect, it } from 'vitest';
import { capexSpentByYear } from './evaluate-plan.ts';

describe('capexSpentByYear', () => {
  it('sums the capex of the starts of each year, in the years’ order', () => {
    expect(
      capexSpentByYear([
        { startYear: 2028, capex: 40 },
        { startYear: 2026, capex: 100 },
        { startYear: 2028, capex: 60 },
      ]),
    ).toEqual([
      { year: 2026, capex: 100 },
      { year: 2028, capex: 100 },
    ]);
  });

  it('answers no year for a plan that starts nothing', () => {
    expect(capexSpentByYear([])).toEqual([]);
  });
});
