import { CHANGE_REASONS, type ChangeReason } from '@ecc/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BASE_YEAR_RECALCULATION_REASONS, baseYearRecalculation } from './base-year-recalculation.ts';

const ORGANIC_REASONS = CHANGE_REASONS.filter(
  (reason) => !(BASE_YEAR_RECALCULATION_REASONS as readonly string[]).includes(reason),
);

const reason = (name: ChangeReason, co2e: number) => ({ reason: name, co2e });

describe('baseYearRecalculation', () => {
  it('weighs the structural and methodology changes against the base year, not the total change', () => {
    // A base year of 1,000 t; output grew by 300 t (organic), an acquisition added 60 t: 6 % > 5 %.
    const result = baseYearRecalculation(
      [reason('change-in-output', 300_000), reason('acquisitions', 60_000)],
      1_000_000,
      5,
    );
    expect(result).toEqual({ structuralCo2e: 60_000, percentOfBaseYear: 6, isRecommended: true });
    // The same total change explained by output alone recommends nothing.
    expect(baseYearRecalculation([reason('change-in-output', 360_000)], 1_000_000, 5)?.isRecommended).toBe(
      false,
    );
  });

  it('adds an acquisition and a divestment whatever their direction', () => {
    expect(
      baseYearRecalculation([reason('acquisitions', 30_000), reason('divestment', 30_000)], 1_000_000, 5),
    ).toMatchObject({ structuralCo2e: 60_000, isRecommended: true });
  });

  it('answers nothing without a base year total to compare with', () => {
    expect(baseYearRecalculation([reason('mergers', 1)], null, 5)).toBeNull();
    expect(baseYearRecalculation([reason('mergers', 1)], 0, 5)).toBeNull();
  });

  it('recommends exactly when the structural share exceeds the threshold (property, at the edge)', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 1, max: 1e12, noNaN: true }),
        fc.integer({ min: 0, max: 100 }),
        fc.constantFrom(...BASE_YEAR_RECALCULATION_REASONS),
        fc.constantFrom(-1, 0, 1),
        (baseTotal, threshold, structural, side) => {
          // Structural changes at the threshold, or a hair (one part in a million) above or below it.
          const atThreshold = (baseTotal * threshold) / 100;
          const co2e = atThreshold * (1 + side * 1e-6);
          const result = baseYearRecalculation([reason(structural, co2e)], baseTotal, threshold)!;
          expect(result.percentOfBaseYear).toBeCloseTo((co2e / baseTotal) * 100, 6);
          if (side === 1 && threshold > 0) expect(result.isRecommended).toBe(true);
          if (side === -1) expect(result.isRecommended).toBe(false);
          expect(result.isRecommended).toBe(result.percentOfBaseYear > threshold);
        },
      ),
    );
  });

  it('never counts organic reasons, however large (property)', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            reason: fc.constantFrom(...ORGANIC_REASONS),
            co2e: fc.double({ min: 0, max: 1e15, noNaN: true }),
          }),
        ),
        fc.double({ min: 1, max: 1e12, noNaN: true }),
        (reasons, baseTotal) => {
          expect(baseYearRecalculation(reasons, baseTotal, 5)).toEqual({
            structuralCo2e: 0,
            percentOfBaseYear: 0,
            isRecommended: false,
          });
        },
      ),
    );
  });
});
