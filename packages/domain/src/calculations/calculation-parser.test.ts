import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FACTOR_LIBRARY_BY_ID } from '../emissions/factor-library.ts';
import { parseFormula } from './calculation-parser.ts';
import type { CalculationOutcome } from './calculation-types.ts';
import { compileFormula } from './compile-formula.ts';
import { printExpression, printFormula } from './print-formula.ts';
import type { Expression, Statement } from './syntax-tree.ts';
import { formula, withoutPositions } from './test-support/formula-arbitraries.ts';

/** The first statement's expression, fully parenthesised, to show how the parser grouped it. */
function grouping(text: string): string {
  const { formula, errors } = parseFormula(text);
  expect(errors).toEqual([]);
  const statement = formula.statements[0] as Statement & { value: Expression };
  const show = (node: Expression): string => {
    switch (node.kind) {
      case 'binary':
        return `(${show(node.left)} ${node.operator} ${show(node.right)})`;
      case 'unary':
        return `(${node.operator === 'not' ? 'NOT ' : node.operator === 'negate' ? '-' : '+'}${show(node.operand)})`;
      default:
        return printExpression(node);
    }
  };
  return show(statement.value);
}

function firstError(text: string): string | undefined {
  const [error] = parseFormula(text).errors;
  return error === undefined ? undefined : `${error.line}:${error.column} ${error.message}`;
}

describe('the grammar', () => {
  it.each([
    ['1 + 2 * 3', '(1 + (2 * 3))'],
    ['1 - 2 - 3', '((1 - 2) - 3)'],
    ['2 ^ 3 ^ 2', '(2 ^ (3 ^ 2))'],
    ['-2 ^ 2', '(-(2 ^ 2))'],
    ['2 ^ -3 ^ 2', '(2 ^ (-(3 ^ 2)))'],
    ['-:a * :b', '((-:a) * :b)'],
    [':a + :b < :c * 2', '((:a + :b) < (:c * 2))'],
    ['NOT :a = 1 AND :b OR :c', '(((NOT (:a = 1)) AND :b) OR :c)'],
    [':a OR :b AND :c', '(:a OR (:b AND :c))'],
    ['NOT NOT TRUE', '(NOT (NOT TRUE))'],
    ['(1 + 2) * 3', '((1 + 2) * 3)'],
    ["if(:a >= 1, 'x', NULL)", "IF(:a >= 1, 'x', NULL)"],
  ])('%s groups as %s', (text, expected) => {
    expect(grouping(text)).toBe(expected);
  });

  it('reads each kind of statement with its place', () => {
    const { formula, errors } = parseFormula(
      "// heading\nset :energy = :fuel * 1.026e-3 // mmBtu\n\nEMIT('CO2', :energy * 53.06)\n#boiler@2(quantity: :q) + 'it''s'",
    );
    expect(errors).toEqual([]);
    expect(withoutPositions(formula.statements)).toEqual([
      { kind: 'comment', text: 'heading' },
      {
        kind: 'set',
        name: 'energy',
        value: {
          kind: 'binary',
          operator: '*',
          left: { kind: 'parameter', name: 'fuel' },
          right: { kind: 'number', value: 0.001026 },
        },
        comment: 'mmBtu',
      },
      {
        kind: 'emit',
        gas: 'CO2',
        value: {
          kind: 'binary',
          operator: '*',
          left: { kind: 'parameter', name: 'energy' },
          right: { kind: 'number', value: 53.06 },
        },
      },
      {
        kind: 'expression',
        value: {
          kind: 'binary',
          operator: '+',
          left: {
            kind: 'calculation',
            name: 'boiler',
            version: 2,
            arguments: [{ name: 'quantity', value: { kind: 'parameter', name: 'q' } }],
          },
          right: { kind: 'string', value: "it's" },
        },
      },
    ]);
    const emit = formula.statements[2] as Statement;
    expect(emit.span.start).toEqual({ offset: 52, line: 4, column: 1 });
    expect(emit.span.end).toEqual({ offset: 80, line: 4, column: 29 });
    const set = formula.statements[1] as Extract<Statement, { kind: 'set' }>;
    expect(set.nameSpan.start).toEqual({ offset: 15, line: 2, column: 5 });
  });
});

describe('syntax errors are phrased for people, at their place', () => {
  it.each([
    ['1 +', "1:4 The line ends too early: '+' must be followed by a value"],
    [
      '1 + * 2',
      "1:5 Expected a value after '+' — a number, 'text', a :parameter, a function such as IF(…) or an expression in ( … ) — but found '*'",
    ],
    [
      'set x = 1',
      '1:5 After set comes the :parameter to give a value, as in set :total = :a + :b; found the name x',
    ],
    ['set :x 1', "1:8 After set :x comes '=' and its value, as in set :x = :a + :b; found the number 1"],
    [
      'fuel * 2',
      '1:6 fuel is not a value: call a function with parentheses, as in FUEL(…), and write a parameter with a colon, as in :fuel',
    ],
    [':a < :b < :c', '1:9 Comparisons cannot be chained: join two with AND, as in :a < :b AND :b < :c'],
    [
      "IF(:a > 1, 'x' 'y')",
      "1:16 Expected ',' or ')' after the text 'x', but found the text 'y': is an operator or a comma missing?",
    ],
    [
      '1 2',
      '1:3 Found the number 2 after a complete expression: is an operator (+ - * / ^) or a comma missing before it?',
    ],
    ['(1 + 2', "1:1 This '(' is never closed: add a ')'"],
    ['1 + 2)', "1:6 This ')' closes no '('"],
    ['1 $ 2', "1:3 The character '$' has no meaning in a formula"],
    ["'abc", "1:1 This text has no closing quote '"],
    ['EMIT(CO2, 1)', "1:6 EMIT names its gas as text first, as in EMIT('CH4', :mass); found the name CO2"],
    [
      "1 + EMIT('CO2', 1)",
      "1:5 EMIT begins a line of its own, as in EMIT('CO2', :mass), and cannot be part of an expression",
    ],
    [') + 1', "1:1 This ')' closes no '('"],
    [
      '#calc(x 1)',
      '1:9 Each argument of another calculation is written name: value, as in #boiler(fuel: :fuel); found the number 1',
    ],
    ['1e999', '1:1 This number is too large'],
    ['1\n2 +\n3', "2:4 The line ends too early: '+' must be followed by a value"],
  ])('%s', (text, expected) => {
    expect(firstError(text)).toBe(expected);
  });

  it('reports one error per line, on every line that has one', () => {
    expect(parseFormula('1 +\nset :a = 2\n* 3').errors.map((error) => error.line)).toEqual([1, 3]);
  });
});

describe('limits', () => {
  it('refuses a formula over 100,000 characters at once, without reading it', () => {
    const megabyte = `${'1 + '.repeat(262_143)}1`;
    const { errors } = parseFormula(megabyte);
    expect(errors).toEqual([
      expect.objectContaining({
        line: 1,
        column: 1,
        message: 'The formula is too long: it has 1,048,573 characters, and at most 100,000 are allowed',
      }),
    ]);
  });

  it('refuses parentheses nested deeper than 64 at the first one too many', () => {
    expect(firstError(`${'('.repeat(64)}1${')'.repeat(64)}`)).toBeUndefined();
    expect(firstError(`${'('.repeat(70)}1${')'.repeat(70)}`)).toBe(
      '1:65 Parentheses are nested too deeply here: at most 64 may be open at once',
    );
  });

  it('refuses a line that nests more than 256 operations, without overflowing the stack', () => {
    expect(firstError(`${'1 + '.repeat(255)}1`)).toBeUndefined();
    expect(firstError(`${'1 + '.repeat(20_000)}1`)).toMatch(
      /nests more than 256 operations inside one another/,
    );
    expect(firstError(`${'-'.repeat(20_000)}1`)).toMatch(/nests more than 256 operations/);
    expect(firstError(`${'2 ^ '.repeat(20_000)}1`)).toMatch(/nests more than 256 operations/);
  });

  it('refuses text over 1,000 characters', () => {
    expect(firstError(`'${'x'.repeat(1001)}'`)).toBe('1:1 This text is too long: at most 1000 characters');
  });
});

describe('properties', () => {
  it('printing a tree and reading the text again gives the same tree', () => {
    fc.assert(
      fc.property(formula, (tree) => {
        const text = printFormula(tree);
        const reread = parseFormula(text);
        expect(reread.errors).toEqual([]);
        expect(withoutPositions(reread.formula.statements)).toEqual(withoutPositions(tree.statements));
      }),
      { numRuns: 500 },
    );
  });

  it('printing is stable: text printed from a tree prints the same after reading it', () => {
    fc.assert(
      fc.property(formula, (tree) => {
        const text = printFormula(tree);
        expect(printFormula(parseFormula(text).formula)).toBe(text);
      }),
      { numRuns: 200 },
    );
  });

  it('reading never throws, whatever the text: it answers errors', () => {
    const alphabet = fc.constantFrom(...":#@'()+-*/^=<>!,.0123456789eE abcSETIFNOT\n\t/_$é".split(''));
    fc.assert(
      fc.property(
        fc.oneof(fc.string({ maxLength: 60 }), fc.string({ unit: alphabet, maxLength: 60 })),
        (text) => {
          const { formula: tree, errors } = parseFormula(text);
          expect(Array.isArray(errors)).toBe(true);
          for (const error of errors) {
            expect(error.line).toBeGreaterThanOrEqual(1);
            expect(error.column).toBeGreaterThanOrEqual(1);
            expect(error.message).not.toMatch(/-->|<--|Expecting token of type/);
          }
          expect(tree.kind).toBe('formula');
        },
      ),
      { numRuns: 2000 },
    );
  });
});

describe('fuzz: random and mutated formulas through parser, compiler and evaluator', () => {
  const SEEDS = [
    "set :energy = :fuel * 1.026e-3\nEMIT('CO2', :energy * FACTOR('epa-c1-natural-gas', 'CO2'))\nEMIT('CH4', :energy * 0.001)",
    "SWITCH(:vehicle, 'car', 0.17 * :km, 'van', 0.25 * :km, 0)",
    "set :kwh = CONVERT(:energy, 'MWh', 'kWh')\nROUND(MAX(:kwh * 0.4, 0) / COALESCE(:share, 1), 2)",
    "IF(:a > 1 AND NOT :b = 'x', ABS(-:a) ^ 2, MIN(:a, 3))\n",
    "#other(x: :a) + GWP('CH4') * LOOKUP(:k, 'set', 'a', 'b')",
  ];
  const PIECES = [
    ' ',
    '(',
    ')',
    ',',
    "'",
    ':',
    '#',
    '+',
    '-',
    '*',
    '/',
    '^',
    '=',
    '<',
    '\n',
    '1e308',
    '0',
    'AND',
    'NOT',
    'set',
    'IF(',
    ':a',
    "'CO2'",
  ];

  it('5,000 cases: no crash, no hang, every problem a diagnostic with its place; runs by values answer as traced ones', () => {
    const mutation = fc.tuple(
      fc.constantFrom(...SEEDS),
      fc.array(fc.tuple(fc.nat(), fc.nat({ max: 3 }), fc.constantFrom(...PIECES)), {
        minLength: 1,
        maxLength: 6,
      }),
    );
    const inputs = { fuel: 1000, vehicle: 'car', km: 12, energy: 3, share: 0, a: 2, b: 'y', k: 'x' };
    // Other kinds of values for the same names, by name and by values in parameters order.
    const otherKinds = { fuel: '1000', vehicle: null, km: true, energy: 3, a: null, b: 2, k: 'x' };
    const answer = (outcome: CalculationOutcome | undefined) =>
      outcome &&
      (outcome.isSuccess ? { value: outcome.value, gases: outcome.gases } : { errors: outcome.errors });
    fc.assert(
      fc.property(
        fc.oneof(
          mutation,
          fc.string({ maxLength: 80 }).map((text) => [text, []] as const),
        ),
        ([seed, edits]) => {
          let text: string = seed;
          for (const [position, deleted, piece] of edits) {
            const at = position % (text.length + 1);
            text = text.slice(0, at) + piece + text.slice(at + deleted);
          }
          const compiled = compileFormula(text, { gwp: 'AR5', factors: FACTOR_LIBRARY_BY_ID });
          const outcome = compiled.calculation?.evaluate(inputs, { trace: true });
          const problems =
            compiled.errors.length > 0 ? compiled.errors : outcome?.isSuccess === false ? outcome.errors : [];
          for (const problem of problems) {
            expect(problem.line).toBeGreaterThanOrEqual(1);
            expect(problem.message.length).toBeGreaterThan(0);
          }
          if (outcome?.isSuccess === true && typeof outcome.value === 'number') {
            expect(Number.isFinite(outcome.value)).toBe(true);
          }
          const calculation = compiled.calculation;
          if (calculation !== undefined) {
            expect(answer(calculation.evaluate(inputs))).toEqual(answer(outcome));
            const traced = answer(calculation.evaluate(otherKinds, { trace: true }));
            expect(answer(calculation.evaluate(otherKinds))).toEqual(traced);
            const values = calculation.parameters.map((name) =>
              Object.hasOwn(otherKinds, name) ? (otherKinds as Record<string, unknown>)[name] : undefined,
            );
            expect(answer(calculation.evaluateValues(values))).toEqual(traced);
          }
        },
      ),
      { numRuns: 5000 },
    );
  });
});
