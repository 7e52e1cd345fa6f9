import { measureInputSchema } from '@ecc/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { capitalRecoveryFactor, marginalAbatementCurve, type MaccMeasure } from './macc.ts';
import { annualAbatementKg, findMeasurePrerequisiteCycle, optimizerMeasureOf } from './measures.ts';
import { STARTER_MEASURES } from './starter-measures.ts';

function measure(overrides: Partial<MaccMeasure> & Pick<MaccMeasure, 'id'>): MaccMeasure {
  return { name: overrides.id, annualAbatementKg: 1000, capex: 0, annualCost: 0, lifetime: 10, ...overrides };
}

describe('capital recovery factor', () => {
  it('is d(1+d)^n / ((1+d)^n − 1): 10 % over 2 years is 0.1 × 1.21 / 0.21', () => {
    expect(capitalRecoveryFactor(0.1, 2)).toBeCloseTo(0.121 / 0.21, 12);
    // The textbook value: $1 over 10 years at 6 % is about $0.13587 a year.
    expect(capitalRecoveryFactor(0.06, 10)).toBeCloseTo(0.135868, 6);
  });

  it('is 1/n without discounting, and 1 + d over a single year', () => {
    expect(capitalRecoveryFactor(0, 4)).toBe(0.25);
    expect(capitalRecoveryFactor(0.08, 1)).toBeCloseTo(1.08, 12);
  });

  it('repays the capex: the yearly payments, discounted, sum to it', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0.0001, max: 0.5, noNaN: true }),
        fc.integer({ min: 1, max: 60 }),
        (rate, years) => {
          const payment = capitalRecoveryFactor(rate, years);
          let presentValue = 0;
          for (let year = 1; year <= years; year += 1) presentValue += payment / (1 + rate) ** year;
          expect(presentValue).toBeCloseTo(1, 9);
        },
      ),
    );
  });

  it('refuses a lifetime of zero', () => {
    expect(() => capitalRecoveryFactor(0.05, 0)).toThrow(RangeError);
  });
});

describe('the marginal abatement cost curve', () => {
  it('cost per tonne = (capex × CRF + annual cost) / annual abatement in t', () => {
    const curve = marginalAbatementCurve(
      [measure({ id: 'a', annualAbatementKg: 2000, capex: 1000, annualCost: 50, lifetime: 4 })],
      0,
    );
    // 1000 / 4 + 50 = 300 a year for 2 t: 150 a tonne.
    expect(curve.bars[0]).toMatchObject({
      annualAbatementTonnes: 2,
      annualisedCapex: 250,
      costPerTonne: 150,
    });
  });

  it('sorts cheapest first, savings below zero, with bars side by side on cumulative tonnes', () => {
    const curve = marginalAbatementCurve(
      [
        measure({ id: 'dear', annualAbatementKg: 3000, capex: 3000, lifetime: 1 }),
        measure({ id: 'saving', annualAbatementKg: 1000, annualCost: -40 }),
        measure({ id: 'free', annualAbatementKg: 500 }),
      ],
      0.05,
    );
    expect(curve.bars.map((bar) => [bar.id, bar.cumulativeStartTonnes, bar.cumulativeEndTonnes])).toEqual([
      ['saving', 0, 1],
      ['free', 1, 1.5],
      ['dear', 1.5, 4.5],
    ]);
    expect(curve.bars[0]!.costPerTonne).toBe(-40);
    expect(curve.bars[2]!.costPerTonne).toBeCloseTo((3000 * 1.05) / 3, 9);
    expect(curve.totalAbatementTonnes).toBe(4.5);
  });

  it('leaves out, and names, measures that abate nothing or whose share has no source emissions', () => {
    const curve = marginalAbatementCurve(
      [measure({ id: 'none', annualAbatementKg: 0 }), measure({ id: 'unknown', annualAbatementKg: null })],
      0.05,
    );
    expect(curve.bars).toEqual([]);
    expect(curve.excluded).toEqual([
      { id: 'none', name: 'none', reason: 'no-abatement' },
      { id: 'unknown', name: 'unknown', reason: 'unknown-abatement' },
    ]);
  });
});

describe('library measures', () => {
  it('a share becomes kg with the source emissions; an absolute figure stays', () => {
    expect(annualAbatementKg({ kind: 'share', percent: 12.5 }, 80_000)).toBe(10_000);
    expect(annualAbatementKg({ kind: 'share', percent: 50 }, null)).toBeNull();
    expect(annualAbatementKg({ kind: 'absolute', kgPerYear: 42 }, 1e9)).toBe(42);
  });

  it('finds a prerequisite cycle, itself included, and ignores prerequisites outside the list', () => {
    expect(
      findMeasurePrerequisiteCycle([
        { id: 'a', prerequisites: ['b'] },
        { id: 'b', prerequisites: ['c'] },
        { id: 'c', prerequisites: ['a', 'elsewhere'] },
      ]),
    ).toEqual(['a', 'b', 'c', 'a']);
    expect(findMeasurePrerequisiteCycle([{ id: 'a', prerequisites: ['a'] }])).toEqual(['a', 'a']);
    expect(findMeasurePrerequisiteCycle([{ id: 'a', prerequisites: ['elsewhere'] }])).toBeUndefined();
  });

  it('becomes an optimizer measure, an unknown abatement abating nothing', () => {
    expect(
      optimizerMeasureOf({
        id: 'm',
        prerequisites: ['p'],
        annualAbatementKg: null,
        capex: 5,
        annualCost: -1,
        lifetime: 3,
        earliestYear: 2027,
        exclusiveGroup: 'g',
      }),
    ).toEqual({
      id: 'm',
      abatement: 0,
      capex: 5,
      annualCost: -1,
      lifetime: 3,
      earliestYear: 2027,
      group: 'g',
      requires: ['p'],
    });
  });

  it('the starter set: eight valid measures with distinct keys, each citing a web source', () => {
    expect(STARTER_MEASURES).toHaveLength(8);
    expect(new Set(STARTER_MEASURES.map((entry) => entry.key)).size).toBe(8);
    for (const entry of STARTER_MEASURES) {
      expect(measureInputSchema.parse(entry.values)).toEqual(entry.values);
      expect(entry.values.source.url).toMatch(/^https:\/\//);
      expect(entry.values.source.citation).toMatch(/illustrative/);
    }
  });
});
