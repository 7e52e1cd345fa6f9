import type { CalculationValue } from '@ecc/contracts';
import { CalculationEvaluationError, diagnosticOfSpan } from '../calculation-diagnostic.ts';
import {
  areEqual,
  checkFinite,
  compareOrdered,
  describeValue,
  expectBoolean,
  expectNumber,
  fail,
} from '../evaluation-values.ts';
import type { Expression, Formula } from '../syntax-tree.ts';

/*
 * A plain tree-walking evaluation of the language's core (literals, parameters, operators, IF, SWITCH, COALESCE,
 * MIN, MAX, ABS; set lines and a last line), written as the language reads, with no compile-time work: what the
 * property tests compare the compiled closures with. Only the messages of the checks are shared
 * (evaluation-values.ts); the order of evaluation and of the checks is this file's own.
 */

export type ReferenceAnswer =
  { readonly value: CalculationValue } | { readonly errors: readonly ReturnType<typeof diagnosticOfSpan>[] };

function evaluate(node: Expression, scope: Map<string, CalculationValue>): CalculationValue {
  switch (node.kind) {
    case 'number':
    case 'string':
    case 'boolean':
      return node.value;
    case 'null':
      return null;
    case 'parameter': {
      const value = scope.get(node.name);
      return value === undefined
        ? fail(node.span, `Unknown parameter :${node.name}: give it a value, or set it on a line above`)
        : value;
    }
    case 'unary': {
      const value = evaluate(node.operand, scope);
      if (node.operator === 'not') return !expectBoolean(value, node.operand.span, 'What NOT negates');
      const role = node.operator === 'negate' ? "What '-' negates" : "What '+' applies to";
      const number = expectNumber(value, node.operand.span, role);
      return node.operator === 'negate' ? -number : number;
    }
    case 'binary': {
      const operator = node.operator;
      if (operator === 'AND' || operator === 'OR') {
        const first = expectBoolean(
          evaluate(node.left, scope),
          node.left.span,
          `The left side of ${operator}`,
        );
        if (first === (operator === 'OR')) return first;
        return expectBoolean(evaluate(node.right, scope), node.right.span, `The right side of ${operator}`);
      }
      if (operator === '=' || operator === '!=') {
        const equal = areEqual(evaluate(node.left, scope), evaluate(node.right, scope), node.operatorSpan);
        return equal === (operator === '=');
      }
      if (operator === '<' || operator === '<=' || operator === '>' || operator === '>=') {
        const order = compareOrdered(
          evaluate(node.left, scope),
          evaluate(node.right, scope),
          node.operatorSpan,
        );
        if (operator === '<') return order < 0;
        if (operator === '<=') return order <= 0;
        return operator === '>' ? order > 0 : order >= 0;
      }
      const left = expectNumber(evaluate(node.left, scope), node.left.span, `The left side of '${operator}'`);
      const right = expectNumber(
        evaluate(node.right, scope),
        node.right.span,
        `The right side of '${operator}'`,
      );
      switch (operator) {
        case '+':
          return left + right;
        case '-':
          return left - right;
        case '*':
          return left * right;
        case '/':
          return right === 0
            ? fail(node.right.span, "Division by zero: the value after '/' is 0")
            : left / right;
        default:
          return checkFinite(left ** right, node.span, 'This power');
      }
    }
    case 'call':
      return evaluateCall(node.name, node.arguments, node.span, scope);
    default:
      throw new Error(`The reference evaluation does not read ${node.kind}`);
  }
}

function evaluateCall(
  name: string,
  args: readonly Expression[],
  span: Expression['span'],
  scope: Map<string, CalculationValue>,
): CalculationValue {
  const at = (index: number) => args[index] as Expression;
  switch (name) {
    case 'IF':
      return expectBoolean(evaluate(at(0), scope), at(0).span, "IF's condition")
        ? evaluate(at(1), scope)
        : evaluate(at(2), scope);
    case 'SWITCH': {
      const subject = evaluate(at(0), scope);
      let index = 1;
      for (; index + 1 < args.length; index += 2) {
        if (areEqual(subject, evaluate(at(index), scope), at(index).span))
          return evaluate(at(index + 1), scope);
      }
      return index < args.length
        ? evaluate(at(index), scope)
        : fail(
            span,
            `SWITCH has no case for ${describeValue(subject)} and no default (a last, unpaired value)`,
          );
    }
    case 'COALESCE':
      for (const argument of args) {
        const value = evaluate(argument, scope);
        if (value !== null) return value;
      }
      return null;
    case 'MIN':
    case 'MAX': {
      let best = name === 'MIN' ? Number.POSITIVE_INFINITY : Number.NEGATIVE_INFINITY;
      for (const argument of args) {
        const value = expectNumber(evaluate(argument, scope), argument.span, `Each value of ${name}`);
        best = name === 'MIN' ? Math.min(best, value) : Math.max(best, value);
      }
      return best;
    }
    case 'ABS':
      return Math.abs(expectNumber(evaluate(at(0), scope), at(0).span, "ABS's value"));
    default:
      throw new Error(`The reference evaluation does not read ${name}`);
  }
}

/** Runs the set lines and the last line of a formula (no EMIT lines) on inputs by name. */
export function evaluateReference(
  formula: Formula,
  inputs: Readonly<Record<string, CalculationValue>>,
): ReferenceAnswer {
  const scope = new Map(Object.entries(inputs));
  let result: CalculationValue = null;
  try {
    for (const statement of formula.statements) {
      if (statement.kind === 'comment') continue;
      if (statement.kind === 'emit') throw new Error('The reference evaluation does not read EMIT lines');
      const value = evaluate(statement.value, scope);
      if (typeof value === 'number' && !Number.isFinite(value)) {
        fail(
          statement.span,
          `This line's value is not a finite number (${Number.isNaN(value) ? 'undefined' : 'too large'})`,
        );
      }
      if (statement.kind === 'set') scope.set(statement.name, value);
      result = value;
    }
    return { value: result };
  } catch (error) {
    if (!(error instanceof CalculationEvaluationError)) throw error;
    return { errors: [diagnosticOfSpan(error.span, error.message)] };
  }
}
