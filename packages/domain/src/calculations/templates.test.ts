import { describe, expect, it } from 'vitest';
import { FACTOR_LIBRARY_BY_ID } from '../emissions/factor-library.ts';
import { GWP_SET_IDS } from '../emissions/gwp.ts';
import { compileFormula } from './compile-formula.ts';
import { CALCULATION_TYPES } from './examples.ts';
import { formulaInputNames } from './formula-inputs.ts';
import { CALCULATION_TEMPLATES, findCalculationTemplate } from './templates.ts';

describe('the calculation templates', () => {
  const cases = CALCULATION_TEMPLATES.flatMap((template) =>
    GWP_SET_IDS.flatMap((gwp) =>
      template.tests.map((test) => [template.title, test.name, gwp, template, test] as const),
    ),
  );

  it.each(cases)('%s: "%s" passes on the real evaluator with %s', (_title, _name, gwp, template, test) => {
    const compiled = compileFormula(template.formula, { gwp, factors: FACTOR_LIBRARY_BY_ID });
    expect(compiled.errors).toEqual([]);
    const outcome = compiled.calculation?.evaluate(test.inputs);
    if (outcome?.isSuccess !== true) throw new Error(JSON.stringify(outcome));
    if (test.expectedValue !== null) {
      expect(Math.abs((outcome.value as number) - test.expectedValue)).toBeLessThanOrEqual(test.tolerance);
    }
    for (const [gas, mass] of Object.entries(test.expectedGases ?? {})) {
      expect(Math.abs((outcome.gases?.[gas] ?? Number.NaN) - mass)).toBeLessThanOrEqual(test.tolerance);
    }
  });

  it('cover the seven GHG Protocol methods, each with a source, tests and declared parameters', () => {
    expect(CALCULATION_TEMPLATES.map((template) => template.calculationType).sort()).toEqual(
      [...CALCULATION_TYPES].sort(),
    );
    for (const template of CALCULATION_TEMPLATES) {
      expect(template.source.length).toBeGreaterThan(20);
      expect(template.tests.length).toBeGreaterThan(0);
      expect(template.suggestedName).toMatch(/^[A-Za-z][A-Za-z0-9_-]*$/);
      const compiled = compileFormula(template.formula, { gwp: 'AR5', factors: FACTOR_LIBRARY_BY_ID });
      // Every input the formula reads is declared with a unit, and nothing else is.
      expect(template.parameters.map((parameter) => parameter.name).sort()).toEqual(
        formulaInputNames(compiled.formula).sort(),
      );
      for (const test of template.tests) {
        expect(Object.keys(test.inputs).sort()).toEqual(
          template.parameters.map((parameter) => parameter.name).sort(),
        );
        expect(test.expectedValue !== null || test.expectedGases !== null).toBe(true);
      }
    }
    expect(new Set(CALCULATION_TEMPLATES.map((template) => template.id)).size).toBe(
      CALCULATION_TEMPLATES.length,
    );
    expect(findCalculationTemplate('electricity-market-based')?.calculationType).toBe('electricity-market');
  });

  it('counts certificates beyond consumption as nothing in the market-based method', () => {
    const template = findCalculationTemplate('electricity-market-based')!;
    const compiled = compileFormula(template.formula, { gwp: 'AR6', factors: FACTOR_LIBRARY_BY_ID });
    const outcome = compiled.calculation?.evaluate({
      quantity: 100,
      certificates_mwh: 40,
      instrument_kg_per_mwh: 10,
      residual_mix_kg_per_mwh: 500,
    });
    expect(outcome?.isSuccess === true && outcome.value).toBe(40 * 10 + 60 * 500);
  });
});
