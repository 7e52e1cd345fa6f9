import { describe, expect, it } from 'vitest';
import { FACTOR_LIBRARY_BY_ID } from '../emissions/factor-library.ts';
import type { CalculationDatasets, CalculationSources, CompileOptions } from './calculation-types.ts';
import { compileFormula } from './compile-formula.ts';

const OPTIONS: CompileOptions = { gwp: 'AR5', factors: FACTOR_LIBRARY_BY_ID };

/** Compiles and runs a formula, failing the test with the compile errors when it does not compile. */
function run(formula: string, inputs: Record<string, unknown> = {}, options: CompileOptions = OPTIONS) {
  const compiled = compileFormula(formula, options);
  expect(compiled.errors).toEqual([]);
  return (compiled.calculation as NonNullable<typeof compiled.calculation>).evaluate(inputs, { trace: true });
}

function valueOf(formula: string, inputs: Record<string, unknown> = {}, options: CompileOptions = OPTIONS) {
  const outcome = run(formula, inputs, options);
  if (!outcome.isSuccess) throw new Error(`${formula}: ${JSON.stringify(outcome.errors)}`);
  return outcome.value;
}

/** The first problem as `line:column message`, whether it was found compiling or running. */
function problemOf(formula: string, inputs: Record<string, unknown> = {}, options: CompileOptions = OPTIONS) {
  const compiled = compileFormula(formula, options);
  const outcome = compiled.calculation?.evaluate(inputs);
  const [problem] =
    compiled.errors.length > 0 ? compiled.errors : outcome?.isSuccess === false ? outcome.errors : [];
  return problem === undefined ? undefined : `${problem.line}:${problem.column} ${problem.message}`;
}

describe('a published worked example: 40 CFR 98 subpart C, Tier 1, natural gas', () => {
  // Table C-1: natural gas 1.026E-03 mmBtu/scf, 53.06 kg CO2/mmBtu; Table C-2: 1.0E-03 kg CH4 and 1.0E-04 kg
  // N2O per mmBtu. Equation C-1: mass = fuel × HHV × factor. 1,000,000 scf is 1,026 mmBtu.
  const formula = [
    '// 40 CFR 98 subpart C, Equation C-1 with Tables C-1 and C-2',
    'set :energy = :fuel_scf * 1.026e-3 // mmBtu',
    "EMIT('CO2', :energy * FACTOR('epa-c1-natural-gas', 'CO2'))",
    "EMIT('CH4', :energy * 1.0 / 1000) // 1.0 g CH4/mmBtu",
    "EMIT('N2O', :energy * FACTOR('epa-c1-natural-gas', 'N2O'))",
  ].join('\n');

  it('emits each gas in kg as the tables give it', () => {
    const outcome = run(formula, { fuel_scf: 1_000_000 });
    expect(outcome.isSuccess).toBe(true);
    if (!outcome.isSuccess) return;
    expect(outcome.gases?.CO2).toBeCloseTo(54_439.56, 6);
    expect(outcome.gases?.CH4).toBeCloseTo(1.026, 9);
    expect(outcome.gases?.N2O).toBeCloseTo(0.1026, 9);
  });

  it('weighs the gases by AR5 (28, 265) and by AR4 (25, 298)', () => {
    const ar5 = run(formula, { fuel_scf: 1_000_000 });
    const ar4 = run(formula, { fuel_scf: 1_000_000 }, { ...OPTIONS, gwp: 'AR4' });
    expect(ar5.isSuccess && ar5.value).toBeCloseTo(54_439.56 + 1.026 * 28 + 0.1026 * 265, 6);
    expect(ar4.isSuccess && ar4.value).toBeCloseTo(54_439.56 + 1.026 * 25 + 0.1026 * 298, 6);
  });

  it('traces each line with its value, its parameter or its gas', () => {
    const outcome = run(formula, { fuel_scf: 1_000_000 });
    expect(outcome.trace.map(({ line, name, gas }) => ({ line, name, gas }))).toEqual([
      { line: 2, name: ':energy', gas: undefined },
      { line: 3, name: undefined, gas: 'CO2' },
      { line: 4, name: undefined, gas: 'CH4' },
      { line: 5, name: undefined, gas: 'N2O' },
    ]);
    expect(outcome.trace[0]?.value).toBeCloseTo(1026, 9);
  });

  it('names its inputs', () => {
    expect(compileFormula(formula, OPTIONS).calculation?.parameters).toEqual(['fuel_scf']);
  });
});

describe('operators', () => {
  it.each([
    ['1 + 2 * 3', 7],
    ['(1 + 2) * 3', 9],
    ['10 - 4 - 3', 3],
    ['12 / 4 / 3', 1],
    ['2 ^ 3 ^ 2', 512],
    ['-2 ^ 2', -4],
    ['2 ^ -1', 0.5],
    ['--3', 3],
    ['+3', 3],
    ['1 < 2', true],
    ['2 <= 2', true],
    ['3 > 4', false],
    ['3 >= 4', false],
    ['1 = 1', true],
    ['1 != 1', false],
    ['1 <> 2', true],
    ["'a' < 'b'", true],
    ["'gas' = 'gas'", true],
    ['NULL = NULL', true],
    ['1 = NULL', false],
    ['TRUE AND FALSE', false],
    ['TRUE OR FALSE', true],
    ['NOT 1 = 2', true],
    ['NOT TRUE OR TRUE', true],
    ['1 < 2 AND 2 < 3', true],
    ['1.5e3', 1500],
    ['.5', 0.5],
  ])('%s is %s', (formula, expected) => {
    expect(valueOf(formula)).toBe(expected);
  });

  it('AND and OR do not evaluate their right side once the left decides', () => {
    expect(valueOf('FALSE AND 1 / :zero > 0', { zero: 0 })).toBe(false);
    expect(valueOf('TRUE OR 1 / :zero > 0', { zero: 0 })).toBe(true);
  });
});

describe('statements', () => {
  it('set gives a parameter a value for the lines below, and may replace an input', () => {
    expect(valueOf('set :a = :x * 2\nset :x = :a + 1\n:x', { x: 5 })).toBe(11);
  });

  it('keys and function names ignore case; parameters do not', () => {
    expect(valueOf('SET :a = if(true and not false, 1, 2)\n:a')).toBe(1);
    expect(problemOf(':Fuel', { fuel: 1 })).toBe(
      '1:1 Unknown parameter :Fuel: give it a value, or set it on a line above',
    );
  });

  it('a statement continues over new lines while a parenthesis is open', () => {
    expect(valueOf("SWITCH(:type,\n  'car', 1, // small\n  'truck', 2,\n  0)", { type: 'truck' })).toBe(2);
  });

  it('the last line must give the result', () => {
    expect(problemOf('set :a = 1')).toBe(
      '1:1 The last line gives the result: end with an expression (or write EMIT lines), not a set line',
    );
    expect(problemOf('// only a comment')).toBe(
      '1:1 The formula is empty: write at least one line that gives its result',
    );
  });

  it('EMIT lines add up per gas, and a bare line beside them is refused', () => {
    const outcome = run("EMIT('CO2', 1)\nEMIT('CO2', 2)\nEMIT('CO2_biogenic', 5)");
    expect(outcome.isSuccess && outcome.gases).toEqual({ CO2: 3, CO2_biogenic: 5 });
    expect(outcome.isSuccess && outcome.value).toBe(3);
    expect(problemOf("EMIT('CO2', 1)\n2")).toBe(
      '2:1 With EMIT lines the result is their CO2e, so this line would be lost: make it a set line or an EMIT',
    );
    expect(problemOf("EMIT('CO3', 1)")).toMatch(/^1:6 Unknown gas 'CO3': the gases are CO2, CH4/);
  });
});

describe('functions', () => {
  it('IF chooses and evaluates only the branch it takes', () => {
    expect(valueOf("IF(:q > 100, 'large', 'small')", { q: 150 })).toBe('large');
    expect(valueOf('IF(:q = 0, 0, 10 / :q)', { q: 0 })).toBe(0);
    expect(problemOf('IF(:q, 1, 2)', { q: 3 })).toBe(
      "1:4 IF's condition must be TRUE or FALSE (a comparison), but it is the number 3",
    );
  });

  it('SWITCH matches cases in order, with a default or an error', () => {
    const formula = "SWITCH(:vehicle, 'car', 0.17, 'van', 0.25, 'truck', 0.9, 0.2)";
    expect(valueOf(formula, { vehicle: 'van' })).toBe(0.25);
    expect(valueOf(formula, { vehicle: 'bus' })).toBe(0.2);
    expect(problemOf("SWITCH(:v, 'car', 1)", { v: 'bus' })).toBe(
      "1:1 SWITCH has no case for the text 'bus' and no default (a last, unpaired value)",
    );
  });

  it('COALESCE answers the first value that is not NULL', () => {
    expect(valueOf('COALESCE(:a, :b, 3)', { a: null, b: null })).toBe(3);
    expect(valueOf('COALESCE(:a, 3)', { a: 0 })).toBe(0);
    expect(valueOf('COALESCE(NULL)')).toBeNull();
  });

  it('MIN, MAX and ABS', () => {
    expect(valueOf('MIN(3, :a, 7)', { a: -1 })).toBe(-1);
    expect(valueOf('MAX(3, :a, 7)', { a: -1 })).toBe(7);
    expect(valueOf('ABS(:a)', { a: -2.5 })).toBe(2.5);
  });

  it('ROUND rounds half away from zero at the digits given, also as written in decimals', () => {
    expect(valueOf('ROUND(1.005, 2)')).toBe(1.01);
    expect(valueOf('ROUND(-2.5)')).toBe(-3);
    expect(valueOf('ROUND(1234.5678, -2)')).toBe(1200);
    expect(valueOf('ROUND(:x, 1)', { x: 0.05 })).toBe(0.1);
    expect(problemOf('ROUND(1, :d)', { d: 0.5 })).toBe(
      "1:10 ROUND's digits must be a whole number from -15 to 15",
    );
  });

  it("CONVERT uses the engine's units, and refuses what cannot convert where it is written", () => {
    expect(valueOf("CONVERT(:x, 'MWh', 'kWh')", { x: 2 })).toBe(2000);
    expect(valueOf("CONVERT(1, 'mmBtu', 'GJ')")).toBeCloseTo(1.055056, 9);
    expect(valueOf("CONVERT(:x, :from, 'kg')", { x: 1, from: 't' })).toBe(1000);
    expect(problemOf("CONVERT(:x, 'kWh', 'kg')")).toBe(
      '1:9 Cannot convert kWh (energy) to kg (mass): they measure different things',
    );
    expect(problemOf("CONVERT(:x, 'kwh', 'MJ')")).toBe("1:13 Unknown unit 'kwh': did you mean 'kWh'?");
    expect(problemOf("CONVERT(:x, :from, 'kg')", { x: 1, from: 'kWh' })).toBe(
      '1:1 Cannot convert kWh (energy) to kg (mass): they measure different things',
    );
  });

  it('GWP answers the set the formula is compiled for', () => {
    expect(valueOf("GWP('CH4')")).toBe(28);
    expect(valueOf("GWP('CH4')", {}, { ...OPTIONS, gwp: 'AR4' })).toBe(25);
    expect(valueOf("GWP('N2O')", {}, { ...OPTIONS, gwp: 'AR6' })).toBe(273);
    expect(valueOf('GWP(:gas)', { gas: 'SF6' })).toBe(23_500);
    expect(problemOf("GWP('constructor')")).toMatch(/^1:5 Unknown gas 'constructor'/);
  });

  it('FACTOR answers kg of a gas per unit of the factor, or its CO2e', () => {
    expect(valueOf("FACTOR('epa-c1-natural-gas', 'CO2')")).toBe(53.06);
    expect(valueOf("FACTOR('epa-c1-natural-gas', 'CH4')")).toBe(0.001);
    expect(valueOf("FACTOR('epa-c1-natural-gas', 'CO2e')")).toBeCloseTo(53.06 + 0.001 * 28 + 0.0001 * 265, 9);
    expect(valueOf('FACTOR(:id, :gas)', { id: 'epa-c1-natural-gas', gas: 'N2O' })).toBe(0.0001);
    expect(problemOf("FACTOR('no-such-factor', 'CO2')")).toBe("1:8 Unknown emission factor 'no-such-factor'");
    expect(problemOf("FACTOR('epa-c1-natural-gas', 'SF6')")).toBe(
      "1:30 Factor 'epa-c1-natural-gas' gives no SF6: it gives CO2, CH4, N2O",
    );
    expect(problemOf("FACTOR('epa-c1-natural-gas', 'CO2')", {}, { gwp: 'AR5' })).toBe(
      "1:8 Unknown emission factor 'epa-c1-natural-gas'",
    );
  });

  it('LOOKUP reads a dataset through the resolver, and names an unknown one at its place', () => {
    const rows = new Map([
      ['natural gas', 1.026e-3],
      ['propane', 2.516e-3],
    ]);
    const datasets: CalculationDatasets = {
      get: (name) =>
        name === 'heat contents'
          ? {
              columns: ['fuel', 'hhv'],
              lookup: (_keyColumn, key) => (typeof key === 'string' ? rows.get(key) : undefined),
            }
          : undefined,
    };
    const options = { ...OPTIONS, datasets };
    expect(valueOf("LOOKUP(:fuel, 'heat contents', 'fuel', 'hhv')", { fuel: 'propane' }, options)).toBe(
      2.516e-3,
    );
    expect(problemOf("LOOKUP(:fuel, 'heat contents', 'fuel', 'hhv')", { fuel: 'coal' }, options)).toBe(
      "1:1 Dataset 'heat contents' has no row whose fuel is the text 'coal'",
    );
    expect(problemOf("LOOKUP(:fuel, 'heat contents', 'fuel', 'co2')", {}, options)).toBe(
      "1:40 Dataset 'heat contents' has no column 'co2': its columns are fuel, hhv",
    );
    expect(problemOf("LOOKUP(:k, 'x', 'a', 'b')")).toBe("1:12 Unknown dataset 'x'");
    expect(problemOf("LOOKUP(:k, :name, 'a', 'b')")).toMatch(
      /^1:12 LOOKUP names its dataset and columns as text/,
    );
  });

  it('an unknown function or a wrong number of arguments is named at the call', () => {
    expect(problemOf('SQRT(4)')).toBe(
      '1:1 Unknown function SQRT: the functions are ABS, COALESCE, CONVERT, FACTOR, GWP, IF, LOOKUP, MAX, MIN, ROUND, SWITCH',
    );
    expect(problemOf('1 + IF(TRUE, 1)')).toBe(
      '1:5 IF takes IF(condition, value if true, value if false), but this call gives 2 arguments',
    );
  });
});

describe('other calculations', () => {
  const sources = new Map([
    ['boiler', { formula: 'set :energy = :quantity * :hhv\n:energy * 53.06', version: 2 }],
    ['first', { formula: '#second(x: 1)', version: 1 }],
    ['second', { formula: '#first()', version: 1 }],
    ['self', { formula: '#self()', version: 1 }],
    ['broken', { formula: '1 +', version: 4 }],
    ['divider', { formula: '1 / :x', version: 1 }],
    ['fan', { formula: '#fan2(n: 1) + #fan2(n: 1) + #fan2(n: 1) + #fan2(n: 1)', version: 1 }],
  ]);
  const calculations: CalculationSources = {
    get: (name, version) => {
      const source = sources.get(name);
      return source === undefined || (version !== undefined && version !== source.version)
        ? undefined
        : source;
    },
  };
  const options = { ...OPTIONS, calculations };

  it('runs another calculation with named arguments', () => {
    expect(valueOf('#boiler(quantity: :q, hhv: 2) + 1', { q: 10 }, options)).toBe(10 * 2 * 53.06 + 1);
    expect(valueOf('#boiler@2(quantity: 1, hhv: 1)', {}, options)).toBe(53.06);
  });

  it('refuses unknown calculations, versions and arguments at their place', () => {
    expect(problemOf('#nothing()', {}, options)).toBe('1:1 Unknown calculation #nothing');
    expect(problemOf('#boiler@7(quantity: 1, hhv: 1)', {}, options)).toBe(
      '1:1 Unknown calculation #boiler@7',
    );
    expect(problemOf('#boiler(quantity: 1, fuel: 1)', {}, options)).toBe(
      '1:22 #boiler has no parameter fuel: it takes quantity:, hhv:',
    );
    expect(problemOf('#broken()', {}, options)).toBe(
      "1:1 #broken (version 4) has an error at line 1, column 4: The line ends too early: '+' must be followed by a value",
    );
  });

  it('finds recursion before running', () => {
    expect(problemOf('#self()', {}, options)).toMatch(/^1:1 .*#self calls itself: #self → #self$/);
    expect(problemOf('1 + #first()', {}, options)).toMatch(/#first calls itself: #first → #second → #first/);
  });

  it("a callee's runtime error is answered at the call", () => {
    expect(problemOf('#divider(x: 0)', {}, options)).toBe(
      "1:1 #divider, line 1, column 5: Division by zero: the value after '/' is 0",
    );
  });
});

describe('bad input', () => {
  it('names an unknown parameter, prototype names included, at its place', () => {
    for (const name of ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf']) {
      expect(problemOf(`1 + :${name}`, {})).toBe(
        `1:5 Unknown parameter :${name}: give it a value, or set it on a line above`,
      );
    }
    expect(valueOf(':constructor', new Map([['constructor', 3]]) as never)).toBe(3);
    const withOwnProto = JSON.parse('{"__proto__": 7}') as Record<string, unknown>;
    expect(valueOf(':__proto__ + 1', withOwnProto)).toBe(8);
  });

  it('refuses parameters that are not numbers, text, TRUE, FALSE or NULL', () => {
    expect(problemOf(':x + 1', { x: { valueOf: () => 1 } })).toBe(
      '1:1 The parameter :x is an object; give a number, text, TRUE, FALSE or NULL',
    );
    expect(problemOf(':x + 1', { x: Number.NaN })).toBe(
      '1:1 The parameter :x is not a finite number; give a number, text, TRUE, FALSE or NULL',
    );
    expect(problemOf(':x', { x: 'x'.repeat(1001) })).toMatch(/is text longer than 1000 characters/);
  });

  it('division by zero, non-finite values and type mismatches are errors with their place', () => {
    expect(problemOf('set :a = 1\nset :b = :a / (:a - 1)\n:b')).toBe(
      "2:16 Division by zero: the value after '/' is 0",
    );
    expect(problemOf(':x * 1e308', { x: 10 })).toBe(
      "1:1 This line's value is not a finite number (too large)",
    );
    // Found by the fuzz test: each mass finite, their CO2e not.
    expect(problemOf("EMIT('CH4', :x * 1e308)", { x: 1 })).toBe(
      '1:1 The CO2e of the EMIT lines is not a finite number (too large)',
    );
    expect(problemOf("EMIT('CO2', 1e308)\nEMIT('CO2', 1e308)")).toBe(
      "2:1 This gas's total mass is not a finite number (too large)",
    );
    expect(problemOf("SWITCH(:v, 'a', 1, 2)", { v: 3 })).toBe(
      "1:12 Cannot compare the number 3 with the text 'a': they are of different kinds",
    );
    expect(problemOf('(-8) ^ 0.5')).toBe('1:2 This power is not a finite number (undefined)');
    expect(problemOf("'a' + 1")).toBe("1:1 The left side of '+' must be a number, but it is text");
    expect(problemOf(':x + 1', { x: 'a' })).toBe(
      "1:1 The left side of '+' must be a number, but it is the text 'a'",
    );
    expect(problemOf(':x * 2', { x: null })).toBe(
      "1:1 The left side of '*' must be a number, but it is NULL (no value): give the parameter a value, or use COALESCE(…, 0)",
    );
    expect(problemOf("1 = 'a'")).toBe(
      "1:3 Cannot compare the number 1 with the text 'a': they are of different kinds",
    );
    expect(problemOf('1 AND TRUE')).toBe(
      '1:1 The left side of AND must be TRUE or FALSE, but it is a number',
    );
  });

  it('stops calculations that call each other too many times', () => {
    const fan = (level: number) =>
      level === 0 ? '1' : Array.from({ length: 10 }, () => `#level${level - 1}()`).join(' + ');
    const sources = new Map(Array.from({ length: 8 }, (_, level) => [`level${level}`, fan(level)]));
    const calculations: CalculationSources = {
      get: (name) => {
        const formula = sources.get(name);
        return formula === undefined ? undefined : { formula, version: 1 };
      },
    };
    expect(problemOf('#level7()', {}, { ...OPTIONS, calculations })).toMatch(
      /took more than 1,000,000 steps/,
    );
  });
});

describe('runs in bulk', () => {
  const formula = [
    'set :energy = :fuel * :hhv',
    "set :regional = SWITCH(:region, 'north', 1.02, 1)",
    "EMIT('CO2', :energy * FACTOR('epa-c1-natural-gas', 'CO2') * :regional)",
    "EMIT('CH4', :energy / 1000)",
  ].join('\n');

  it('answers the same by values in parameters order as by name', () => {
    const calculation = compileFormula(formula, OPTIONS).calculation;
    if (!calculation) throw new Error('does not compile');
    expect(calculation.parameters).toEqual(['fuel', 'hhv', 'region']);
    for (const inputs of [
      { fuel: 1000, hhv: 1.026e-3, region: 'north' },
      { fuel: 5, hhv: 2, region: 'south' },
      { fuel: 5, hhv: 'x', region: 'south' },
      { fuel: Number.NaN, hhv: 2, region: 'north' },
      { fuel: 1e308, hhv: 1e308, region: 'north' },
    ]) {
      const values = calculation.parameters.map((name) => inputs[name as keyof typeof inputs]);
      const byName = calculation.evaluate(inputs);
      expect(calculation.evaluateValues(values)).toEqual(byName);
    }
  });

  it('keeps nothing of one run for the next: a value given before and not now is unknown', () => {
    const calculation = compileFormula(':a + :b', OPTIONS).calculation;
    if (!calculation) throw new Error('does not compile');
    expect(calculation.evaluateValues([1, 2])).toMatchObject({ isSuccess: true, value: 3 });
    expect(calculation.evaluateValues([1, undefined])).toMatchObject({
      isSuccess: false,
      errors: [{ line: 1, column: 6, message: expect.stringMatching(/^Unknown parameter :b/) }],
    });
    expect(calculation.evaluate({ a: 1 })).toMatchObject({ isSuccess: false });
    expect(calculation.evaluate({ a: 4, b: 5 })).toMatchObject({ isSuccess: true, value: 9 });
  });

  it('a run after a failed run starts afresh, with masses of zero', () => {
    const calculation = compileFormula("EMIT('CO2', :x)\nEMIT('CO2', 10 / :y)", OPTIONS).calculation;
    if (!calculation) throw new Error('does not compile');
    expect(calculation.evaluateValues([5, 0])).toMatchObject({ isSuccess: false });
    expect(calculation.evaluateValues([5, 2])).toMatchObject({ isSuccess: true, gases: { CO2: 10 } });
  });
});
