import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { leastSquaresLine, projectBusinessAsUsual } from './projection.ts';
import {
  annualReductionRate,
  coveredEmissions,
  sectorConvergenceAt,
  sectorIntensityAt,
  targetGap,
  type TargetGapInput,
} from './target-gap.ts';

/*
 * Hand-computed SBTi examples. Absolute contraction E(t) = E(base) × (1 − r × (t − base)): 1.5 °C (4.2 %/yr) takes
 * a 2020 base of 100,000 t to 58,000 t by 2030; well-below 2 °C (2.5 %/yr) to 75,000 t; the long-term target
 * (90 % by 2050) from 2020 contracts 3 % of the base a year. SDA convergence: a company at 0.5 t/unit in 2020
 * in a sector going from 0.4 (2020) to 0.1 (2050), 0.25 in 2030, is at 0.1 + (0.5 − 0.1) × (0.25 − 0.1) /
 * (0.4 − 0.1) = 0.3 in 2030.
 */

const T = 1000;
const BASE: TargetGapInput = {
  baseYear: 2020,
  targetYear: 2030,
  ambition: '1.5C',
  customReductionPercent: null,
  actual: [{ year: 2020, value: 100_000 * T }],
  projection: { method: 'linear-trend' },
};

const byYear = (input: TargetGapInput) => new Map(targetGap(input).years.map((year) => [year.year, year]));

describe('annualReductionRate', () => {
  it('is 4.2 % for 1.5 °C, 2.5 % for well-below 2 °C, 90 % spread to 2050, a custom reduction spread to its year', () => {
    expect(annualReductionRate(BASE)).toBe(0.042);
    expect(annualReductionRate({ ...BASE, ambition: 'well-below-2C' })).toBe(0.025);
    expect(annualReductionRate({ ...BASE, ambition: 'long-term-90' })).toBeCloseTo(0.03, 12);
    expect(annualReductionRate({ ...BASE, ambition: 'custom', customReductionPercent: 50 })).toBeCloseTo(
      0.05,
      12,
    );
  });
});

describe('targetGap: trajectories', () => {
  it('1.5 °C: 58,000 t by 2030 and 79,000 t in 2025 from 100,000 t in 2020', () => {
    const years = byYear(BASE);
    expect(years.get(2020)!.trajectory).toBe(100_000 * T);
    expect(years.get(2025)!.trajectory).toBeCloseTo(79_000 * T, 3);
    expect(years.get(2030)!.trajectory).toBeCloseTo(58_000 * T, 3);
  });

  it('well-below 2 °C: 75,000 t by 2030', () => {
    expect(byYear({ ...BASE, ambition: 'well-below-2C' }).get(2030)!.trajectory).toBeCloseTo(75_000 * T, 3);
  });

  it('long-term: 10,000 t in 2050 and 55,000 t in 2035', () => {
    const years = byYear({ ...BASE, ambition: 'long-term-90', targetYear: 2050 });
    expect(years.get(2035)!.trajectory).toBeCloseTo(55_000 * T, 3);
    expect(years.get(2050)!.trajectory).toBeCloseTo(10_000 * T, 3);
  });

  it('custom 50 % by 2030: 75,000 t in 2025', () => {
    const years = byYear({ ...BASE, ambition: 'custom', customReductionPercent: 50 });
    expect(years.get(2025)!.trajectory).toBeCloseTo(75_000 * T, 3);
    expect(years.get(2030)!.trajectory).toBeCloseTo(50_000 * T, 3);
  });

  it('SDA convergence: 0.3 in 2030 and the sector’s 0.1 from 2050 on', () => {
    const points = [
      { year: 2020, intensity: 0.4 },
      { year: 2030, intensity: 0.25 },
      { year: 2050, intensity: 0.1 },
    ];
    expect(sectorIntensityAt(points, 2025)).toBeCloseTo(0.325, 12);
    expect(sectorConvergenceAt(0.5, 2020, points, 2020)).toBeCloseTo(0.5, 12);
    expect(sectorConvergenceAt(0.5, 2020, points, 2030)).toBeCloseTo(0.3, 12);
    expect(sectorConvergenceAt(0.5, 2020, points, 2050)).toBeCloseTo(0.1, 12);
    const gap = targetGap({
      ...BASE,
      targetYear: 2050,
      actual: [{ year: 2020, value: 0.5 }],
      sectorPathway: { id: 'cement', name: 'Cement', points },
    });
    expect(gap.years.find((year) => year.year === 2030)!.trajectory).toBeCloseTo(0.3, 12);
    expect(gap.trajectory).toMatchObject({ method: 'sector-convergence', convergenceYear: 2050, base: 0.5 });
  });
});

describe('targetGap: projection, gap and status', () => {
  const actual = [
    { year: 2020, value: 100 },
    { year: 2021, value: 110 },
    { year: 2022, value: 120 },
  ];

  it('least squares through 100, 110, 120 has slope 10: 130 in 2023, continued from 2022', () => {
    expect(leastSquaresLine(actual).slope).toBeCloseTo(10, 12);
    expect(leastSquaresLine(actual).intercept).toBeCloseTo(100 - 10 * 2020, 6);
    const years = byYear({ ...BASE, actual });
    expect(years.get(2022)!.projected).toBe(120);
    expect(years.get(2023)!.projected).toBeCloseTo(130, 9);
    // 1.5 °C from 100 in 2020: 87.4 in 2023; the gap is 130 − 87.4.
    expect(years.get(2023)!.gap).toBeCloseTo(130 - 87.4, 9);
  });

  it('compound growth of 3 % from 100 in 2022 gives 106.09 in 2024', () => {
    const projection = projectBusinessAsUsual([{ year: 2022, value: 100 }], {
      method: 'compound-growth',
      growthPercent: 3,
    })!;
    expect(projection.valueAt(2024)).toBeCloseTo(106.09, 9);
  });

  it('off track when the latest actual year is above the trajectory, on track when on or under it', () => {
    const rising = targetGap({ ...BASE, actual });
    expect(rising.status).toBe('off-track');
    expect(rising.statusYear).toBe(2022);
    const falling = targetGap({
      ...BASE,
      actual: [
        { year: 2020, value: 100 },
        { year: 2022, value: 90 },
      ],
    });
    expect(falling.status).toBe('on-track');
  });

  it('a year without data has no actual value and no projected value before the latest actual year', () => {
    const gap = byYear({
      ...BASE,
      actual: [
        { year: 2020, value: 100 },
        { year: 2022, value: 90 },
      ],
    });
    expect(gap.get(2021)).toEqual({ year: 2021, projected: null, trajectory: 95.8, gap: null });
  });

  it('without base-year data: no trajectory, no gap, status no-data', () => {
    const gap = targetGap({ ...BASE, actual: [{ year: 2022, value: 90 }] });
    expect(gap.status).toBe('no-data');
    expect(gap.trajectory).toBeNull();
    expect(gap.years.every((year) => year.trajectory === null && year.gap === null)).toBe(true);
  });

  it('properties: the trajectory is never below zero; the gap is positive exactly when projected exceeds it', () => {
    const yearValue = fc.record({
      year: fc.integer({ min: 2000, max: 2040 }),
      value: fc.double({ min: 0, max: 1e12, noNaN: true }),
    });
    fc.assert(
      fc.property(
        fc.integer({ min: 2000, max: 2040 }),
        fc.integer({ min: 1, max: 60 }),
        fc.constantFrom('1.5C', 'well-below-2C', 'long-term-90', 'custom' as const),
        fc.double({ min: 0, max: 100, noNaN: true }),
        fc.double({ min: 0, max: 1e12, noNaN: true }),
        fc.array(yearValue, { maxLength: 8 }),
        fc.option(fc.double({ min: -50, max: 100, noNaN: true }), { nil: undefined }),
        (baseYear, span, ambition, custom, base, others, growth) => {
          if (ambition === 'long-term-90' && baseYear >= 2050) return;
          // One value a year: the base year's, then the first of each other year.
          const byYearValue = new Map([[baseYear, base]]);
          for (const other of others)
            if (!byYearValue.has(other.year)) byYearValue.set(other.year, other.value);
          const gap = targetGap({
            baseYear,
            targetYear: baseYear + span,
            ambition,
            customReductionPercent: custom,
            actual: [...byYearValue].map(([year, value]) => ({ year, value })),
            projection:
              growth === undefined
                ? { method: 'linear-trend' }
                : { method: 'compound-growth', growthPercent: growth },
          });
          for (const year of gap.years) {
            if (year.trajectory !== null) expect(year.trajectory).toBeGreaterThanOrEqual(0);
            if (year.projected !== null) expect(year.projected).toBeGreaterThanOrEqual(0);
            if (year.gap !== null) {
              expect(year.gap > 0).toBe(year.projected! > year.trajectory!);
              expect(year.gap < 0).toBe(year.projected! < year.trajectory!);
            }
          }
        },
      ),
    );
  });
});

describe('coveredEmissions', () => {
  const totals = {
    scope1: { co2e: 100 },
    scope2: { location: { co2e: 40 }, market: { co2e: 25 } },
    scope3: {
      co2e: 300,
      categories: [
        { category: 1, co2e: 200 },
        { category: 6, co2e: 60 },
        { category: 7, co2e: 40 },
      ],
    },
  };

  it('adds the covered scopes: Scope 2 by the chosen method, Scope 3 whole or by its categories', () => {
    expect(coveredEmissions(totals, { scopes: [1, 2], scope2Method: 'location', scope3Categories: [] })).toBe(
      140,
    );
    expect(coveredEmissions(totals, { scopes: [1, 2], scope2Method: 'market', scope3Categories: [] })).toBe(
      125,
    );
    expect(coveredEmissions(totals, { scopes: [3], scope2Method: 'location', scope3Categories: [] })).toBe(
      300,
    );
    expect(
      coveredEmissions(totals, { scopes: [1, 3], scope2Method: 'location', scope3Categories: [6, 7] }),
    ).toBe(200);
  });
});
