import { SBTI_CONTRACTION_RATES } from '@ecc/contracts';
import { describe, expect, it } from 'vitest';
import { absoluteContractionTrajectory, longTermContractionRate } from './trajectory.ts';

// Hand-computed from the SBTi cross-sector absolute contraction E(t) = E(base) × (1 − r × (t − base)):
// SBTi's 1.5 °C near-term minimum is 4.2 %/yr, i.e. 42 % below a 2020 base by 2030.
const BASE_KG = 100_000_000;

function emissionsByYear(years: { year: number; emissions: number }[]): Map<number, number> {
  return new Map(years.map((each) => [each.year, each.emissions]));
}

describe('absoluteContractionTrajectory', () => {
  it('1.5 °C: 42 % below a 2020 base by 2030, 21 % by 2025, linear every year', () => {
    const years = absoluteContractionTrajectory({
      baseYear: 2020,
      targetYear: 2030,
      base: BASE_KG,
      rate: SBTI_CONTRACTION_RATES['1.5C'],
    });
    expect(years.map((each) => each.year)).toEqual([
      2020, 2021, 2022, 2023, 2024, 2025, 2026, 2027, 2028, 2029, 2030,
    ]);
    const byYear = emissionsByYear(years);
    expect(byYear.get(2020)).toBe(100_000_000);
    expect(byYear.get(2021)).toBeCloseTo(95_800_000, 3);
    expect(byYear.get(2025)).toBeCloseTo(79_000_000, 3);
    expect(byYear.get(2030)).toBeCloseTo(58_000_000, 3);
  });

  it('well-below 2 °C: 2.5 % of the base a year, 25 % below a 2019 base by 2029', () => {
    const byYear = emissionsByYear(
      absoluteContractionTrajectory({
        baseYear: 2019,
        targetYear: 2029,
        base: 4_000,
        rate: SBTI_CONTRACTION_RATES['well-below-2C'],
      }),
    );
    expect(byYear.get(2020)).toBeCloseTo(3_900, 9);
    expect(byYear.get(2029)).toBeCloseTo(3_000, 9);
  });

  it('is linear, not compounded: the same kg off every year', () => {
    const years = absoluteContractionTrajectory({
      baseYear: 2020,
      targetYear: 2035,
      base: 1_000,
      rate: 0.05,
    });
    const steps = years.slice(1).map((each, index) => years[index]!.emissions - each.emissions);
    for (const step of steps) expect(step).toBeCloseTo(50, 9);
  });

  it('never goes below zero: 4.2 %/yr reaches zero after 23.8 years and stays there', () => {
    const byYear = emissionsByYear(
      absoluteContractionTrajectory({ baseYear: 2020, targetYear: 2050, base: 1_000, rate: 0.042 }),
    );
    expect(byYear.get(2043)).toBeCloseTo(34, 9);
    expect(byYear.get(2044)).toBe(0);
    expect(byYear.get(2050)).toBe(0);
  });

  it('a target in the base year is the base year alone; a zero rate is flat', () => {
    expect(absoluteContractionTrajectory({ baseYear: 2024, targetYear: 2024, base: 7, rate: 0.042 })).toEqual(
      [{ year: 2024, emissions: 7 }],
    );
    const flat = absoluteContractionTrajectory({ baseYear: 2024, targetYear: 2026, base: 7, rate: 0 });
    expect(flat.map((each) => each.emissions)).toEqual([7, 7, 7]);
  });
});

describe('longTermContractionRate', () => {
  it('90 % below the base by 2050: 3 %/yr from 2020, leaving 10 % in 2050 and 55 % in 2035', () => {
    const rate = longTermContractionRate(2020);
    expect(rate).toBeCloseTo(0.03, 12);
    const byYear = emissionsByYear(
      absoluteContractionTrajectory({ baseYear: 2020, targetYear: 2050, base: 1_000, rate }),
    );
    expect(byYear.get(2035)).toBeCloseTo(550, 9);
    expect(byYear.get(2050)).toBeCloseTo(100, 9);
  });

  it('from a 2025 base: 3.6 %/yr', () => {
    expect(longTermContractionRate(2025)).toBeCloseTo(0.036, 12);
  });

  it('has no rate for a base year at or after the target year', () => {
    expect(() => longTermContractionRate(2050)).toThrow(RangeError);
  });
});
