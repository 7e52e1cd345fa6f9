import { describe, expect, it } from 'vitest';
import { FACTOR_LIBRARY_BY_ID } from '../emissions/factor-library.ts';
import { compileFormula } from './compile-formula.ts';
import { diagramOfFormula, formulaOfDiagram } from './drakon/drakon-diagram.ts';
import { CALCULATION_EXAMPLES, CALCULATION_TYPES, findCalculationExample } from './examples.ts';
import { printFormula } from './print-formula.ts';

describe('the worked examples', () => {
  it.each(CALCULATION_EXAMPLES.map((example) => [example.title, example] as const))(
    '%s gives its worked figure',
    (_title, example) => {
      const compiled = compileFormula(example.formula, { gwp: example.gwp, factors: FACTOR_LIBRARY_BY_ID });
      expect(compiled.errors).toEqual([]);
      const inputs = Object.fromEntries(
        example.parameters.map((parameter) => [parameter.name, parameter.value]),
      );
      const outcome = compiled.calculation?.evaluate(inputs);
      if (outcome?.isSuccess !== true) throw new Error(JSON.stringify(outcome));
      expect(outcome.value).toBeCloseTo(example.expected.value, 6);
      for (const [gas, mass] of Object.entries(example.expected.gases ?? {})) {
        expect(outcome.gases?.[gas]).toBeCloseTo(mass, 9);
      }
      expect(Object.keys(outcome.gases ?? {}).sort()).toEqual(
        Object.keys(example.expected.gases ?? {}).sort(),
      );
      expect([...(compiled.calculation?.parameters ?? [])].sort()).toEqual(
        example.parameters.map((parameter) => parameter.name).sort(),
      );
    },
  );

  it('cover the five methods the issue names, each with its source', () => {
    expect(CALCULATION_EXAMPLES.map((example) => example.calculationType)).toEqual([
      'fuel-based',
      'electricity-location',
      'distance-based',
      'mass-balance',
      'spend-based',
    ]);
    expect(CALCULATION_EXAMPLES.every((example) => CALCULATION_TYPES.includes(example.calculationType))).toBe(
      true,
    );
    expect(CALCULATION_EXAMPLES.every((example) => example.source.length > 20)).toBe(true);
    expect(new Set(CALCULATION_EXAMPLES.map((example) => example.id)).size).toBe(CALCULATION_EXAMPLES.length);
    expect(findCalculationExample('refrigerant-mass-balance')?.title).toMatch(/R-410A/);
  });

  it('switches the mobile factors on the vehicle type', () => {
    const mobile = findCalculationExample('mobile-combustion-by-vehicle');
    const compiled = compileFormula(mobile?.formula ?? '', { gwp: 'AR5', factors: FACTOR_LIBRARY_BY_ID });
    const outcome = compiled.calculation?.evaluate({
      vehicle: 'heavy diesel truck',
      fuel_gallons: 100,
      distance_miles: 1000,
    });
    expect(outcome?.isSuccess === true && outcome.gases).toEqual({
      CO2: expect.closeTo(1021, 9) as unknown,
      CH4: expect.closeTo(0.0095, 12) as unknown,
      N2O: expect.closeTo(0.0431, 12) as unknown,
    });
  });

  it('are drawn as DRAKON and written back as the same program', () => {
    for (const example of CALCULATION_EXAMPLES) {
      const compiled = compileFormula(example.formula, { gwp: example.gwp, factors: FACTOR_LIBRARY_BY_ID });
      // The printer writes numbers its own way (1.026e-3 as 0.001026), so the printed formula is compared.
      expect(printFormula(formulaOfDiagram(diagramOfFormula(compiled.formula)))).toBe(
        printFormula(compiled.formula),
      );
    }
  });
});
