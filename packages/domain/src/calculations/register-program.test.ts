import { afterEach, describe, expect, it, vi } from 'vitest';
import { FACTOR_LIBRARY_BY_ID } from '../emissions/factor-library.ts';
import type { CalculationOutcome } from './calculation-types.ts';
import { compileFormula } from './compile-formula.ts';
import { RegisterProgram } from './register-program.ts';

/*
 * The register program answers only when it equals the closures; each case below compares a run by values (the
 * register program first) with a traced run (the closures alone), and says whether the register program answered.
 */

function answerOf(outcome: CalculationOutcome) {
  return outcome.isSuccess
    ? { value: outcome.value, ...(outcome.gases === undefined ? {} : { gases: outcome.gases }) }
    : { errors: outcome.errors };
}

function bothWays(formula: string, inputs: Readonly<Record<string, unknown>>) {
  const compiled = compileFormula(formula, { gwp: 'AR5', factors: FACTOR_LIBRARY_BY_ID });
  if (compiled.calculation === undefined) throw new Error(JSON.stringify(compiled.errors));
  const calculation = compiled.calculation;
  const run = vi.spyOn(RegisterProgram.prototype, 'run');
  const byValues = answerOf(calculation.evaluateValues(calculation.parameters.map((name) => inputs[name])));
  const isAnswered = run.mock.results.some((result) => result.value !== undefined);
  const hasRegisters = run.mock.calls.length > 0;
  run.mockRestore();
  const traced = answerOf(calculation.evaluate(inputs, { trace: true }));
  expect(byValues).toEqual(traced);
  return { answer: byValues, isAnswered, hasRegisters };
}

function apply(left: number, operator: string, right: number): number {
  if (operator === '+') return left + right;
  return operator === '-' ? left - right : left * right;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the register program', () => {
  it('runs the 20-line stationary combustion formula of the bench', () => {
    const formula = `set :energy = :fuel * :hhv
set :co2 = :energy * FACTOR('epa-c1-natural-gas', 'CO2')
set :ch4 = :energy * FACTOR('epa-c1-natural-gas', 'CH4')
set :share = IF(:biogenic_share > 0, 1 - :biogenic_share, 1)
set :losses = MAX(:loss_rate, 0) * :energy
set :useful = :energy * MIN(:efficiency, 1)
set :intensity = (:co2 * :share + :losses * 0.05) / MAX(:useful, 1)
set :regional = SWITCH(:region, 'north', 1.02, 'south', 0.98, 1)
set :total = (:co2 * :share + :ch4 * GWP('CH4')) * :regional
MAX(MIN(:total, 1e12), 0) + ABS(:intensity) * 0.001`;
    for (const region of ['north', 'south', 'east']) {
      const inputs = {
        fuel: 1200,
        hhv: 1.026e-3,
        biogenic_share: 0.2,
        loss_rate: 0.01,
        efficiency: 0.9,
        region,
      };
      expect(bothWays(formula, inputs).isAnswered).toBe(true);
    }
    // Another kind of input than the formula reads: the closures answer, with their error.
    const outcome = bothWays(formula, {
      fuel: '1200',
      hhv: 1.026e-3,
      biogenic_share: 0,
      loss_rate: 0,
      efficiency: 1,
      region: 'north',
    });
    expect(outcome.isAnswered).toBe(false);
    expect(outcome.answer).toMatchObject({ errors: [{ line: 1, column: 15 }] });
  });

  it('answers an operation on another, (a ∘ b) • c and c • (a ∘ b), as the closures do', () => {
    const operators = ['+', '-', '*'];
    const inputSets = [
      { a: 2, b: 3, c: 0.5 },
      { a: -0, b: 0, c: -0 },
      { a: 1e300, b: 1e300, c: 1 },
    ];
    for (const inner of operators) {
      for (const outer of operators) {
        const shapes: [string, (a: number, b: number, c: number) => number][] = [
          [`(:a ${inner} :b) ${outer} :c`, (a, b, c) => apply(apply(a, inner, b), outer, c)],
          [`:c ${outer} (:a ${inner} :b)`, (a, b, c) => apply(c, outer, apply(a, inner, b))],
        ];
        for (const [formula, byHand] of shapes) {
          for (const inputs of inputSets) {
            const expected = byHand(inputs.a, inputs.b, inputs.c);
            const { answer, isAnswered } = bothWays(formula, inputs);
            expect(isAnswered, `${formula} on ${JSON.stringify(inputs)}`).toBe(Number.isFinite(expected));
            // -0 stays -0.
            if (isAnswered) expect(Object.is((answer as { value: unknown }).value, expected)).toBe(true);
          }
        }
      }
    }
  });

  it('reuses the outcome object of runs by values, not of runs by name', () => {
    const compiled = compileFormula(':a * 2', { gwp: 'AR5', factors: FACTOR_LIBRARY_BY_ID });
    if (compiled.calculation === undefined) throw new Error(JSON.stringify(compiled.errors));
    const calculation = compiled.calculation;
    const first = calculation.evaluateValues([1]);
    expect(first).toMatchObject({ isSuccess: true, value: 2 });
    const second = calculation.evaluateValues([3]);
    expect(second).toBe(first);
    expect(second).toMatchObject({ isSuccess: true, value: 6 });
    const byName = calculation.evaluate({ a: 4 });
    expect(byName).not.toBe(first);
    calculation.evaluateValues([5]);
    expect(byName).toMatchObject({ isSuccess: true, value: 8 });
  });

  it('leaves a line that is not finite to the closures, which report it at its line', () => {
    const overflowing = { a: 1e300 };
    // Each later line hides the infinity (a divisor, a power, MIN, an IF, a comparison) or keeps it (a difference).
    for (const last of ['1 / :e', ':e ^ 0', 'MIN(:e, 1)', 'IF(:a > 0, 1, :e)', ':e > 1', ':e - :e']) {
      const outcome = bothWays(`set :e = :a * 1e300\n${last}`, overflowing);
      expect(outcome.isAnswered).toBe(false);
      expect(outcome.answer).toMatchObject({ errors: [{ line: 1 }] });
    }
    expect(bothWays('set :e = :a * 1e300\nMIN(:e, 1)', { a: 1 })).toMatchObject({
      isAnswered: true,
      answer: { value: 1 },
    });
  });

  it('leaves division by zero, a power too large and a SWITCH with no case to the closures', () => {
    for (const [formula, inputs] of [
      ['set :e = 1\n:a / (:e - 1)', { a: 2 }],
      [':a ^ 400', { a: 10 }],
      ["SWITCH(:kind, 'p', 1, 'q', 2)", { kind: 'r' }],
      ["SWITCH(:kind, 'p', :a, 'q', 2)", { kind: 'r', a: 1 }],
      ['SWITCH(:a, 1, 10, 2, 20)', { a: 3 }],
      ['ROUND(:a, :b)', { a: 1.5, b: 0.5 }],
    ] as const) {
      const outcome = bothWays(formula, inputs);
      expect(outcome).toMatchObject({
        isAnswered: false,
        answer: { errors: [{ line: formula.split('\n').length }] },
      });
    }
  });

  it('answers EMIT lines, ROUND, CONVERT, TRUE/FALSE and SWITCH on text and numbers as the closures do', () => {
    const cases: [string, Record<string, unknown>][] = [
      ["EMIT('CO2', :a * 2)\nEMIT('CH4', :a / 1000)\nEMIT('CO2', 1)", { a: 3 }],
      ["ROUND(:a, 2) + ROUND(:a) + CONVERT(:a, 'MWh', 'kWh')", { a: 1.005 }],
      ['(:a > 1) AND NOT (:flag) OR :a = 0', { a: 2, flag: false }],
      ["SWITCH(:kind, 'p', :a * 2, 'q', -:a, 0) + SWITCH(:kind, 'q', 5, 7)", { kind: 'q', a: 4 }],
      ["SWITCH(:kind, 'p', TRUE, FALSE)", { kind: 'p' }],
      ['SWITCH(:a * 2, 2, 10, 4, 20, 30) + COALESCE(NULL, :a)', { a: 2 }],
      ['set :a = :a * 2\nset :a = :a + 1\n-:a', { a: 5 }],
    ];
    for (const [formula, inputs] of cases) expect(bothWays(formula, inputs).isAnswered).toBe(true);
    expect(bothWays("EMIT('CO2', :a * 2)\nEMIT('CH4', :a / 1000)", { a: 3 }).answer).toEqual({
      value: 6 + 0.003 * 28,
      gases: { CO2: 6, CH4: 0.003 },
    });
  });

  it('leaves a mass or a CO2e that is not finite to the closures', () => {
    for (const formula of ["EMIT('CO2', :a)\nEMIT('CO2', :a)", "EMIT('CH4', :a)"]) {
      const outcome = bothWays(formula, { a: 1e308 });
      expect(outcome.isAnswered).toBe(false);
      expect(outcome.answer).toHaveProperty('errors');
    }
  });

  it('checks an input that no instruction reads as the closures do', () => {
    // COALESCE of a number answers its first value: :b is never read, but the closures refuse it.
    const outcome = bothWays('COALESCE(:a, :b)', { a: 1, b: Number.POSITIVE_INFINITY });
    expect(outcome).toMatchObject({ isAnswered: false, answer: { errors: [{ line: 1 }] } });
    expect(bothWays('COALESCE(:a, :b)', { a: 1, b: 'text' })).toMatchObject({
      isAnswered: true,
      answer: { value: 1 },
    });
  });

  it('answers runs by name, from an object or a Map, own properties only', () => {
    const calculation = compileFormula('set :e = :a * 2\n:e + :b', { gwp: 'AR5' }).calculation;
    if (calculation === undefined) throw new Error('The formula must compile');
    const run = vi.spyOn(RegisterProgram.prototype, 'run');
    expect(calculation.evaluate({ a: 1, b: 2 })).toMatchObject({ isSuccess: true, value: 4 });
    expect(
      calculation.evaluate(
        new Map([
          ['a', 3],
          ['b', 1],
        ]),
      ),
    ).toMatchObject({ isSuccess: true, value: 7 });
    const inherited = Object.assign(Object.create({ b: 1 }) as Record<string, unknown>, { a: 1 });
    expect(calculation.evaluate(inherited)).toMatchObject({
      isSuccess: false,
      errors: [{ line: 2, column: 6 }],
    });
    expect(run.mock.results.map((result) => result.value !== undefined)).toEqual([true, true, false]);
  });

  it('is not made for a formula with text values or a text input read as a value', () => {
    for (const formula of ["IF(:a > 1, 'big', 'small')", ":kind < 'm'", "SWITCH(:kind, 'p', 1, 2) + :kind"]) {
      expect(bothWays(formula, { a: 2, kind: 'p' }).hasRegisters).toBe(false);
    }
  });
});
