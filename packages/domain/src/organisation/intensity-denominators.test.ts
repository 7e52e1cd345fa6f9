import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normalizeDenominator, SQUARE_FOOT_IN_SQUARE_METRES } from './intensity-denominators.ts';

describe('intensity denominators', () => {
  it('gives floor area in m2 whichever unit it was entered in', () => {
    expect(normalizeDenominator('floor-area', 1000, 'ft2')).toEqual({ amount: 92.90304, unit: 'm2' });
    expect(normalizeDenominator('floor-area', 250, 'm2')).toEqual({ amount: 250, unit: 'm2' });
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1e9, noNaN: true }), (amount) => {
        expect(normalizeDenominator('floor-area', amount, 'ft2').amount).toBe(
          amount * SQUARE_FOOT_IN_SQUARE_METRES,
        );
      }),
    );
  });

  it('keeps revenue, production and headcount as entered', () => {
    expect(normalizeDenominator('revenue', 5e6, 'EUR')).toEqual({ amount: 5e6, unit: 'EUR' });
    expect(normalizeDenominator('production', 120, 't')).toEqual({ amount: 120, unit: 't' });
    expect(normalizeDenominator('headcount', 42, 'people')).toEqual({ amount: 42, unit: 'people' });
  });
});
