import { MAX_CALCULATION_STRING_LENGTH, type CalculationValue } from '@ecc/contracts';
import { CalculationEvaluationError } from './calculation-diagnostic.ts';
import type { SourceSpan } from './syntax-tree.ts';

/* What compiled formulas run on: their frame, the closures' shape, and the checks of values with their messages. */

export interface StepBudget {
  steps: number;
}

/**
 * One evaluation of one formula: the value of each parameter slot, the steps shared with its callees, and the kg
 * each gas of its EMIT lines added so far. A program reuses its frame from run to run (a run never re-enters its
 * own program: calls that loop back are refused when compiling).
 */
export interface Frame {
  readonly slots: (CalculationValue | undefined)[];
  budget: StepBudget;
  readonly masses: number[];
}

export type Evaluate = (frame: Frame) => CalculationValue;
export type ValueType = 'number' | 'string' | 'boolean' | 'null' | 'any';

export interface CompiledExpression {
  readonly evaluate: Evaluate;
  readonly type: ValueType;
  /** Set when the value is known without running: literals and what is computed from them alone. */
  readonly constant?: { readonly value: CalculationValue };
  /** Operations it does, counted against the step limit. */
  readonly cost: number;
  /** Set when it only reads a slot that a line above set to a number, so operators can read the slot directly. */
  readonly numberSlot?: number;
}

export function fail(span: SourceSpan, message: string): never {
  throw new CalculationEvaluationError(span, message);
}

export function describeValue(value: CalculationValue | undefined): string {
  if (value === null || value === undefined) return 'NULL (no value)';
  if (typeof value === 'number') return `the number ${value}`;
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  return `the text '${value.length > 30 ? `${value.slice(0, 27)}…` : value}'`;
}

export function typeName(type: ValueType): string {
  switch (type) {
    case 'number':
      return 'a number';
    case 'string':
      return 'text';
    case 'boolean':
      return 'TRUE or FALSE';
    case 'null':
      return 'NULL';
    default:
      return 'a value';
  }
}

export function typeOfValue(value: CalculationValue): ValueType {
  if (value === null) return 'null';
  return typeof value as 'number' | 'string' | 'boolean';
}

export function nullHint(value: CalculationValue): string {
  return value === null ? ': give the parameter a value, or use COALESCE(…, 0)' : '';
}

export function expectNumber(value: CalculationValue, span: SourceSpan, role: string): number {
  if (typeof value === 'number') return value;
  return fail(span, `${role} must be a number, but it is ${describeValue(value)}${nullHint(value)}`);
}

export function expectBoolean(value: CalculationValue, span: SourceSpan, role: string): boolean {
  if (typeof value === 'boolean') return value;
  return fail(span, `${role} must be TRUE or FALSE (a comparison), but it is ${describeValue(value)}`);
}

export function expectText(value: CalculationValue, span: SourceSpan, role: string): string {
  if (typeof value === 'string') return value;
  return fail(span, `${role} must be text, as in 'CO2', but it is ${describeValue(value)}`);
}

export function checkFinite(value: number, span: SourceSpan, what: string): number {
  if (Number.isFinite(value)) return value;
  return fail(span, `${what} is not a finite number (${Number.isNaN(value) ? 'undefined' : 'too large'})`);
}

/** Rounds half away from zero at `digits` decimals, reading 1.005 as the decimal it was written as. */
export function roundHalfAwayFromZero(value: number, digits: number): number {
  const scale = 10 ** Math.abs(digits);
  const magnitude = Math.abs(value);
  const scaled = digits >= 0 ? magnitude * scale : magnitude / scale;
  const rounded = Math.round(Number(scaled.toPrecision(15)));
  const result = digits >= 0 ? rounded / scale : rounded * scale;
  return value < 0 ? -result : result;
}

export function areEqual(left: CalculationValue, right: CalculationValue, span: SourceSpan): boolean {
  if (left === null || right === null) return left === right;
  if (typeof left !== typeof right) {
    return fail(
      span,
      `Cannot compare ${describeValue(left)} with ${describeValue(right)}: they are of different kinds`,
    );
  }
  return left === right;
}

export function compareOrdered(left: CalculationValue, right: CalculationValue, span: SourceSpan): number {
  if (typeof left === 'number' && typeof right === 'number') return left - right;
  if (typeof left === 'string' && typeof right === 'string') return left < right ? -1 : left > right ? 1 : 0;
  return fail(
    span,
    `Only two numbers or two texts can be ordered, not ${describeValue(left)} and ${describeValue(right)}`,
  );
}

/** A value an input slot may hold besides a finite number (longer texts are refused). */
export function isTextOrFlag(value: unknown): boolean {
  return (
    value === null ||
    typeof value === 'boolean' ||
    (typeof value === 'string' && value.length <= MAX_CALCULATION_STRING_LENGTH)
  );
}
