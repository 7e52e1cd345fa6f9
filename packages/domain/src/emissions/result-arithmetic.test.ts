import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { calculateActivityResults, createActivityCalculator } from './activity-results.ts';
import { findFactorBasisConversion } from './factor-basis.ts';
import { FACTOR_LIBRARY, FACTOR_LIBRARY_BY_ID, type EmissionFactor } from './factor-library.ts';
import { GWP_SET_IDS } from './gwp.ts';
import { explainResult } from './result-arithmetic.ts';
import { UNITS, findConversionFactor } from './units.ts';

const distillate = FACTOR_LIBRARY_BY_ID.get('epa-c1-distillate-fuel-oil-no-2') as EmissionFactor;

/** Equal but for floating-point rounding: the two sides multiply the same numbers in another order. */
function expectNearlyEqual(actual: number, expected: number): void {
  expect(Math.abs(actual - expected)).toBeLessThanOrEqual(1e-12 * Math.max(1, Math.abs(expected)));
}

describe('the conversion to a factor’s unit', () => {
  it('goes through the heat content for fuel against a factor per energy (40 CFR 98 Equation C-1)', () => {
    expect(findFactorBasisConversion('gal', 'mmBtu', distillate.hhv)).toEqual({
      basis: 'heat-content',
      steps: [{ operation: 'multiply', value: 0.138, unit: 'mmBtu/gal', kind: 'heat-content' }],
      factorUnitsPerQuantityUnit: 0.138,
    });
  });

  it('divides an energy by the heat content for a factor per fuel quantity, converting units on the way', () => {
    const conversion = findFactorBasisConversion('GJ', 'gal', { value: 0.138, energy: 'mmBtu', per: 'gal' });
    expect(conversion?.steps).toEqual([
      {
        operation: 'multiply',
        value: findConversionFactor('GJ', 'mmBtu'),
        unit: 'mmBtu/GJ',
        kind: 'unit-conversion',
      },
      { operation: 'divide', value: 0.138, unit: 'mmBtu/gal', kind: 'heat-content' },
    ]);
  });

  it('is a plain conversion, or none at all, without a heat content', () => {
    expect(findFactorBasisConversion('MWh', 'kWh', undefined)?.steps).toEqual([
      { operation: 'multiply', value: 1000, unit: 'kWh/MWh', kind: 'unit-conversion' },
    ]);
    expect(findFactorBasisConversion('kWh', 'kWh', undefined)).toEqual({
      basis: 'direct',
      steps: [],
      factorUnitsPerQuantityUnit: 1,
    });
    expect(findFactorBasisConversion('km', 'mmBtu', undefined)).toBeUndefined();
  });

  it('multiplies its steps out to its factor, for every pair of units', () => {
    fc.assert(
      fc.property(fc.constantFrom(...UNITS), fc.constantFrom(...UNITS), (from, to) => {
        const conversion = findFactorBasisConversion(from, to, distillate.hhv);
        if (conversion === undefined) return;
        const product = conversion.steps.reduce(
          (value, step) => (step.operation === 'multiply' ? value * step.value : value / step.value),
          1,
        );
        expectNearlyEqual(product, conversion.factorUnitsPerQuantityUnit);
      }),
    );
  });
});

describe('the arithmetic of a stored result', () => {
  it('restates the engine: basis × each factor is each stored mass, mass × GWP sums to the stored CO2e', () => {
    const calculable = FACTOR_LIBRARY.filter((factor) => factor.co2e === undefined);
    fc.assert(
      fc.property(
        fc.constantFrom(...calculable),
        fc.constantFrom(...GWP_SET_IDS),
        fc.double({ min: 0.001, max: 1e7, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (factor, gwp, quantity, coverage) => {
          const scope2 = factor.scope === 2;
          const record = {
            id: 'record',
            quantity,
            unit: factor.per,
            factorKey: factor.id,
            scope: factor.scope,
            certificateCoverage: scope2 ? coverage : null,
          };
          const outcome = calculateActivityResults(record, createActivityCalculator(gwp));
          if (!outcome.ok) return;
          for (const row of outcome.rows) {
            const stored = { ...row, gwpSetId: gwp, gases: row.gases as Record<string, number> };
            const arithmetic = explainResult(record, stored, factor);
            if (arithmetic === undefined) throw new Error('no arithmetic');
            for (const gas of arithmetic.gases) {
              expectNearlyEqual(arithmetic.basisQuantity * gas.factorValue * gas.toKg, gas.massKg);
            }
            const sum = arithmetic.gases.reduce((total, gas) => total + gas.co2eKg, 0);
            expectNearlyEqual(sum, row.co2eKg);
            expect(arithmetic.certificateCoverage).toBe(
              row.scope2Method === 'market' && coverage > 0 ? coverage : null,
            );
          }
        },
      ),
    );
  });

  it('lists the gases in the GWP table’s order, whatever order the stored masses come back in', () => {
    const arithmetic = explainResult(
      { quantity: 1000, unit: 'gal', certificateCoverage: null },
      {
        scope2Method: '',
        gases: { N2O: 0.0828, CH4: 0.414, CO2: 10_206.48 },
        co2eKg: 10_240.014,
        gwpSetId: 'AR5',
      },
      distillate,
    );
    expect(arithmetic?.gases.map((gas) => [gas.gas, gas.gwp])).toEqual([
      ['CO2', 1],
      ['CH4', 28],
      ['N2O', 265],
    ]);
  });

  it('gives the published CO2e factor and its set for a factor published as CO2e only', () => {
    const published = FACTOR_LIBRARY.find((factor) => factor.co2e !== undefined);
    if (!published?.co2e) throw new Error('the library has no factor published as CO2e');
    const arithmetic = explainResult(
      { quantity: 10, unit: published.per, certificateCoverage: null },
      { scope2Method: '', gases: {}, co2eKg: 1, gwpSetId: 'AR5' },
      published,
    );
    expect(arithmetic).toMatchObject({
      gases: [],
      publishedCo2e: { factorValue: published.co2e.value, gwpSetId: published.co2e.gwp },
    });
  });

  it('has no steps to show when the factor cannot take the record’s unit', () => {
    expect(
      explainResult(
        { quantity: 1, unit: 'km', certificateCoverage: null },
        { scope2Method: '', gases: {}, co2eKg: 0, gwpSetId: 'AR5' },
        distillate,
      ),
    ).toBeUndefined();
  });
});

describe('the arithmetic of a stored result, at its edges', () => {
  const stored = (fields: Partial<Parameters<typeof explainResult>[1]>) => ({
    scope2Method: '',
    gases: {},
    co2eKg: 0,
    gwpSetId: 'AR5',
    ...fields,
  });

  it('converts the quantity to the factor’s basis: 1000 gal × 0.138 mmBtu/gal = 138 mmBtu', () => {
    const arithmetic = explainResult(
      { quantity: 1000, unit: 'gal', certificateCoverage: null },
      stored({ gases: { CO2: 10_206.48 } }),
      distillate,
    );
    expect(arithmetic?.basisQuantity).toBeCloseTo(138, 9);
    expect(arithmetic?.basisUnit).toBe('mmBtu');
  });

  it('shows a certificate coverage only on a market-based result that has one', () => {
    const coverageOf = (scope2Method: string, certificateCoverage: number | null) =>
      explainResult(
        { quantity: 100, unit: 'mmBtu', certificateCoverage },
        stored({ scope2Method }),
        distillate,
      )?.certificateCoverage;
    expect(coverageOf('market', 0.25)).toBe(0.25);
    expect(coverageOf('location', 0.25)).toBeNull();
    expect(coverageOf('market', 0)).toBeNull();
    expect(coverageOf('market', null)).toBeNull();
    const covered = explainResult(
      { quantity: 100, unit: 'mmBtu', certificateCoverage: 0.25 },
      stored({ scope2Method: 'market' }),
      distillate,
    );
    expect(covered?.basisQuantity).toBe(75);
  });

  it('shows a stored gas the factor does not give, and a set the engine no longer knows, without inventing figures', () => {
    const arithmetic = explainResult(
      { quantity: 1, unit: 'mmBtu', certificateCoverage: null },
      stored({ gases: { CO2: 73.96, 'old-gas': 2 }, gwpSetId: 'SAR-1995' }),
      distillate,
    );
    expect(arithmetic?.gases).toEqual([
      { gas: 'CO2', factorValue: 73.96, factorUnit: 'kg', toKg: 1, massKg: 73.96, gwp: null, co2eKg: 0 },
      { gas: 'old-gas', factorValue: 0, factorUnit: 'kg', toKg: 1, massKg: 2, gwp: null, co2eKg: 0 },
    ]);
  });

  it('converts a published CO2e factor given in tonnes to kilograms', () => {
    const perTonne: EmissionFactor = {
      ...distillate,
      gases: {},
      hhv: undefined,
      co2e: { value: 0.5, unit: 't', gwp: 'AR4' },
    };
    expect(
      explainResult({ quantity: 2, unit: 'mmBtu', certificateCoverage: null }, stored({}), perTonne)
        ?.publishedCo2e,
    ).toEqual({ factorValue: 0.5, factorUnit: 't', toKg: 1000, gwpSetId: 'AR4' });
  });
});
