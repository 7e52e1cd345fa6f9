import fc from 'fast-check';
import type { BinaryOperator, Expression, Formula, Statement } from '../syntax-tree.ts';

/* Random syntax trees for property tests: every tree the printer can write and the parser read back. */

/** The tree without its source positions, which printing changes. */
export function withoutPositions(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutPositions);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => !key.endsWith('pan'))
      .map(([key, entry]) => [key, withoutPositions(entry)]),
  );
}

// Names the grammar reads as names (keywords are not).
const KEYWORDS = new Set(['SET', 'EMIT', 'AND', 'OR', 'NOT', 'TRUE', 'FALSE', 'NULL']);
const name = fc
  .stringMatching(/^[A-Za-z_][A-Za-z0-9_]{0,7}$/)
  .filter((text) => !KEYWORDS.has(text.toUpperCase()));
const lineText = fc.string({ maxLength: 12 }).filter((text) => !/[\r\n]/.test(text));
const span = { start: { offset: 0, line: 1, column: 1 }, end: { offset: 0, line: 1, column: 1 } };
const BINARY_OPERATORS: readonly BinaryOperator[] = [
  '+',
  '-',
  '*',
  '/',
  '^',
  '=',
  '!=',
  '<',
  '<=',
  '>',
  '>=',
  'AND',
  'OR',
];

export const { expression } = fc.letrec<{ expression: Expression }>((tie) => ({
  expression: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc
      .double({ min: 0, max: 1e300, noNaN: true })
      .map((value): Expression => ({ kind: 'number', value: value === 0 ? 0 : value, span })),
    lineText.map((value): Expression => ({ kind: 'string', value, span })),
    fc.boolean().map((value): Expression => ({ kind: 'boolean', value, span })),
    fc.constant<Expression>({ kind: 'null', span }),
    name.map((parameter): Expression => ({ kind: 'parameter', name: parameter, span })),
    fc
      .tuple(fc.constantFrom('negate', 'plus', 'not'), tie('expression'))
      .map(([operator, operand]): Expression => ({ kind: 'unary', operator, operand, span })),
    fc
      .tuple(fc.constantFrom(...BINARY_OPERATORS), tie('expression'), tie('expression'))
      .map(([operator, left, right]): Expression => ({
        kind: 'binary',
        operator,
        left,
        right,
        operatorSpan: span,
        span,
      })),
    // IF and SWITCH calls of every arity, which the DRAKON view draws as questions and selects when well formed.
    fc
      .tuple(fc.constantFrom('IF', 'SWITCH'), fc.array(tie('expression'), { maxLength: 6 }))
      .map(([callee, args]): Expression => ({
        kind: 'call',
        name: callee,
        nameSpan: span,
        arguments: args,
        span,
      })),
    fc.tuple(name, fc.array(tie('expression'), { maxLength: 3 })).map(([callee, args]): Expression => ({
      kind: 'call',
      name: callee.toUpperCase(),
      nameSpan: span,
      arguments: args,
      span,
    })),
    fc
      .tuple(
        fc.stringMatching(/^[A-Za-z_][A-Za-z0-9_-]{0,7}$/),
        fc.option(fc.nat({ max: 999 }), { nil: undefined }),
        fc.array(fc.tuple(name, tie('expression')), { maxLength: 2 }),
      )
      .map(([calculation, version, args]): Expression => ({
        kind: 'calculation',
        name: calculation,
        ...(version === undefined ? {} : { version }),
        nameSpan: span,
        arguments: args.map(([argument, value]) => ({ name: argument, nameSpan: span, value })),
        span,
      })),
  ),
}));

const comment = fc.option(
  lineText.map((text) => text.trim()),
  { nil: undefined },
);
export const statement: fc.Arbitrary<Statement> = fc.oneof(
  fc.tuple(name, expression, comment).map(([parameter, value, text]): Statement => ({
    kind: 'set',
    name: parameter,
    nameSpan: span,
    value,
    ...(text === undefined ? {} : { comment: text }),
    span,
  })),
  fc.tuple(lineText, expression, comment).map(([gas, value, text]): Statement => ({
    kind: 'emit',
    gas,
    gasSpan: span,
    value,
    ...(text === undefined ? {} : { comment: text }),
    span,
  })),
  fc.tuple(expression, comment).map(([value, text]): Statement => ({
    kind: 'expression',
    value,
    ...(text === undefined ? {} : { comment: text }),
    span,
  })),
  lineText.map((text): Statement => ({ kind: 'comment', text: text.trim(), span })),
);
export const formula = fc
  .array(statement, { minLength: 1, maxLength: 6 })
  .map((statements): Formula => ({ kind: 'formula', statements, span }));
