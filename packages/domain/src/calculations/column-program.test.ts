import { afterEach, describe, expect, it, vi } from 'vitest';
import { FACTOR_LIBRARY_BY_ID } from '../emissions/factor-library.ts';
import { Program } from './calculation-program.ts';
import type { CalculationOutcome, ColumnOutcomes, CompiledCalculation } from './calculation-types.ts';
import { ColumnProgram } from './column-program.ts';
import { compileFormula } from './compile-formula.ts';

/*
 * The column program answers a run only when it equals the closures; each case below compares every run given as
 * columns with a traced run of the same values (the closures alone), and says which runs went alone.
 */

function compile(formula: string): CompiledCalculation {
  const compiled = compileFormula(formula, { gwp: 'AR5', factors: FACTOR_LIBRARY_BY_ID });
  if (compiled.calculation === undefined) throw new Error(JSON.stringify(compiled.errors));
  return compiled.calculation;
}

function answerOf(outcome: CalculationOutcome) {
  return outcome.isSuccess
    ? { value: outcome.value, ...(outcome.gases === undefined ? {} : { gases: outcome.gases }) }
    : { errors: outcome.errors };
}

function answerAt(outcomes: ColumnOutcomes, index: number) {
  const other = outcomes.others.get(index);
  if (other !== undefined) return answerOf(other);
  const gases = Object.fromEntries([...outcomes.gases].map(([gas, masses]) => [gas, masses[index]]));
  return { value: outcomes.values[index], ...(outcomes.gases.size === 0 ? {} : { gases }) };
}

/** Runs the sets as columns and one by one traced; answers which runs went alone (not the column program's). */
function bothWays(formula: string, sets: readonly Readonly<Record<string, unknown>>[]) {
  const calculation = compile(formula);
  const columns = calculation.parameters.map((name) => sets.map((set) => set[name]));
  const runAlone = vi.spyOn(Program.prototype, 'runValues');
  const evaluate = vi.spyOn(ColumnProgram.prototype, 'evaluate');
  const outcomes = calculation.evaluateColumns(columns, sets.length);
  const aloneCount = runAlone.mock.calls.length;
  const hasColumnProgram = evaluate.mock.calls.length > 0;
  runAlone.mockRestore();
  evaluate.mockRestore();
  const answers = sets.map((_, index) => answerAt(outcomes, index));
  expect(answers).toEqual(sets.map((set) => answerOf(calculation.evaluate(set, { trace: true }))));
  return { answers, aloneCount, hasColumnProgram };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the column program', () => {
  it('answers the bench formula for many sets in batches, as the closures do', () => {
    const formula = `set :energy = :fuel * :hhv
set :share = IF(:biogenic_share > 0, 1 - :biogenic_share, 1)
set :useful = :energy * MIN(:efficiency, 1)
set :intensity = :energy * :share / MAX(:useful, 1)
set :regional = SWITCH(:region, 'north', 1.02, 'south', 0.98, 1)
MAX(MIN(:energy * :share * :regional, 1e12), 0) + ABS(:intensity) * 0.001`;
    const regions = ['north', 'south', 'east'];
    // More sets than one batch of the module (2,048), so the second batch's columns start mid-way.
    const sets = Array.from({ length: 5000 }, (_, index) => ({
      fuel: 1000 + (index % 997),
      hhv: 1.026e-3,
      biogenic_share: (index % 5) / 10,
      efficiency: 0.8 + (index % 7) / 20,
      region: regions[index % 3],
    }));
    expect(bothWays(formula, sets)).toMatchObject({ aloneCount: 0, hasColumnProgram: true });
  });

  it('reads a Float64Array column as it is, and refuses a value in it that is not finite', () => {
    const calculation = compile(':a * 2 + :b');
    const outcomes = calculation.evaluateColumns(
      [Float64Array.from([1, Number.POSITIVE_INFINITY, -0, Number.NaN]), Float64Array.from([0.5, 1, -0, 1])],
      4,
    );
    expect(Object.is(outcomes.values[2], -0)).toBe(true);
    expect(outcomes.values[0]).toBe(2.5);
    expect([...outcomes.others.keys()]).toEqual([1, 3]);
    expect(outcomes.others.get(1)).toMatchObject({
      isSuccess: false,
      errors: [
        { line: 1, column: 1, message: expect.stringContaining(':a is not a finite number') as string },
      ],
    });
    // MIN would hide the infinity: the input itself is refused.
    const hidden = compile('MIN(:a, 1)').evaluateColumns(
      [Float64Array.from([Number.POSITIVE_INFINITY, 3])],
      2,
    );
    expect([...hidden.others.keys()]).toEqual([0]);
    expect(hidden.values[1]).toBe(1);
  });

  it('runs alone a set with an input of another kind, a missing one, or one no instruction reads', () => {
    const { answers, aloneCount } = bothWays('COALESCE(:a, :b) + IF(:flag, 1, 0)', [
      { a: 1, b: 2, flag: true },
      { a: '1', b: 2, flag: true },
      { b: 2, flag: false },
      { a: 1, b: Number.NaN, flag: true },
      { a: 1, b: 'text', flag: 1 },
      { a: 3, b: 'text', flag: false },
    ]);
    expect(aloneCount).toBe(4);
    expect(answers[0]).toEqual({ value: 2 });
    expect(answers[5]).toEqual({ value: 3 });
  });

  it('computes every branch, and runs alone a set whose branch not taken divides by zero', () => {
    // IF and AND/OR take one branch in the closures: a division by zero on the other is no error there.
    const { answers, aloneCount } = bothWays('IF(:a > 0, 10 / :a, 0) + IF(:a = 0 OR 1 / :a > 0, 1, 2)', [
      { a: 2 },
      { a: 0 },
      { a: -4 },
    ]);
    expect(answers).toEqual([{ value: 6 }, { value: 1 }, { value: 2 }]);
    expect(aloneCount).toBe(1);
  });

  it('runs alone a division by zero, a power or a line that is not finite, even hidden by MIN or IF', () => {
    const sets = [{ a: 0 }, { a: 1e300 }, { a: 2 }];
    for (const formula of [
      'MIN(1 / :a, 5)',
      'MIN(:a ^ 400, 1)',
      'set :e = :a * 1e300\nIF(:a > 100, 1, :e)',
      'set :e = :a * 1e300\nMIN(:e, 1)',
      'ROUND(:a, :a / 4)',
    ]) {
      const { answers } = bothWays(formula, sets);
      expect(answers.some((answer) => 'errors' in answer)).toBe(true);
    }
  });

  it('runs alone a set that matches no case of a SWITCH without a default, on any branch', () => {
    const { answers, aloneCount } = bothWays(
      "IF(:a > 0, SWITCH(:kind, 'p', :a, 'q', 2), 0) + SWITCH(:a, 1, 10, 2, 20, 30)",
      [
        { a: 1, kind: 'p' },
        { a: 2, kind: 'q' },
        { a: 3, kind: 'r' },
        { a: -1, kind: 'r' },
      ],
    );
    expect(answers[0]).toEqual({ value: 11 });
    expect(answers[1]).toEqual({ value: 22 });
    expect(answers[2]).toMatchObject({ errors: [{ line: 1 }] });
    expect(answers[3]).toEqual({ value: 30 });
    expect(aloneCount).toBe(2);
  });

  it('answers the first matching case, text and number SWITCHes, ROUND, CONVERT and comparisons', () => {
    const { aloneCount } = bothWays(
      [
        "set :t = SWITCH(:kind, 'p', :a * 2, 'q', -:a, 'p', 99, 0) + SWITCH(:kind, 'q', 5, 7)",
        'set :n = SWITCH(:a * 2, 2, 10, 4, 20, 4, 99, 30)',
        "set :r = ROUND(:a, 2) + ROUND(:a) + CONVERT(:a, 'MWh', 'kWh')",
        ':t + :n + :r + IF((:a > 1) AND NOT (:a >= 3) OR :a = 0, 1, 0) + IF(:a != 2, 100, 0)',
      ].join('\n'),
      [
        { kind: 'p', a: 1.005 },
        { kind: 'q', a: 2 },
        { kind: 'r', a: 0 },
        { kind: 'p', a: -0 },
      ],
    );
    expect(aloneCount).toBe(0);
  });

  it('answers EMIT lines with each gas in a column, and runs alone a mass or a CO2e that is not finite', () => {
    const { answers, aloneCount } = bothWays("EMIT('CO2', :a * 2)\nEMIT('CH4', :a / 1000)\nEMIT('CO2', 1)", [
      { a: 3 },
      { a: 1e308 },
      { a: 0 },
    ]);
    expect(answers[0]).toEqual({ value: 7 + 0.003 * 28, gases: { CO2: 7, CH4: 0.003 } });
    expect(answers[1]).toHaveProperty('errors');
    expect(aloneCount).toBe(1);
    expect(bothWays("EMIT('CH4', :a)", [{ a: 1e307 }, { a: 1 }]).aloneCount).toBe(1);
  });

  it('leaves a formula with text values, a TRUE/FALSE result or LOOKUP to runs one by one', () => {
    for (const formula of ["IF(:a > 1, 'big', 'small')", ':a > 1', "SWITCH(:kind, 'p', 1, 2) + :kind"]) {
      const { hasColumnProgram, aloneCount } = bothWays(formula, [
        { a: 2, kind: 'p' },
        { a: 0, kind: 'q' },
      ]);
      expect(hasColumnProgram).toBe(false);
      expect(aloneCount).toBe(2);
    }
  });

  it('reuses its outcomes for a run of as many sets, read before the next', () => {
    const calculation = compile(':a * 2');
    const first = calculation.evaluateColumns([[1, 'x']], 2);
    expect(first.values[0]).toBe(2);
    expect(first.others.has(1)).toBe(true);
    const second = calculation.evaluateColumns([[3, 4]], 2);
    expect(second).toBe(first);
    expect([...second.values]).toEqual([6, 8]);
    expect(second.others.size).toBe(0);
    expect(calculation.evaluateColumns([[5]], 1)).not.toBe(first);
  });
});
