import type { CalculationValue } from '@ecc/contracts';
import {
  checkFinite,
  compareOrdered,
  expectNumber,
  fail,
  type CompiledExpression,
  type Evaluate,
  type Frame,
} from './evaluation-values.ts';
import type { SourceSpan } from './syntax-tree.ts';

/*
 * Operators, two-value MIN/MAX and ABS over operands read in place: a constant, a slot a line above set, or an
 * input's slot is read inside its parent's closure by a branch on its kind, instead of a call of a closure of its
 * own (an indirect call V8 cannot inline: all closures of one function literal share their call feedback). The
 * readers are plain module functions, which V8 inlines into the closures that call them.
 */

/** How an operand is read: small integers, which V8 compares cheapest. */
type OperandKind = 0 | 1 | 2 | 3;
const CONSTANT = 0;
/** A slot a line above set, so it holds a value. */
const SLOT = 1;
/** An input's slot, empty when the run was given no value for it. */
const INPUT = 2;
/** Anything else: its closure is called. */
const EXPRESSION = 3;

/** An operand as its parent reads it. A class, so that every operand has one shape and reads of it stay fast. */
export class Operand {
  constructor(
    readonly kind: OperandKind,
    readonly value: CalculationValue,
    readonly slot: number,
    readonly evaluate: Evaluate,
    /** Where its errors point: the operand's own source. */
    readonly span: SourceSpan,
    /** Why it must be a number, for the message when it is not (`The left side of '*'`). */
    readonly role: string,
    /** For an input: the message reading it empty fails with, and the parameter's own place. */
    readonly unknownMessage: string,
    readonly unknownSpan: SourceSpan,
  ) {}
}

export type Operator = '+' | '-' | '*' | '/' | '^' | '<' | '<=' | '>' | '>=' | 'MIN' | 'MAX' | 'ABS';

/** `left operator right`; ABS reads only its left operand. */
export interface Operation {
  readonly operator: Operator;
  readonly left: Operand;
  readonly right: Operand;
  /** Where a power that overflows or a comparison of values of different kinds is reported. */
  readonly span: SourceSpan;
}

/** What a read of a slot tells its parent, so that the parent reads the slot in place. */
export interface InlineRead {
  readonly slot: number;
  /** Set for an input, which a run may leave empty: the message reading it empty fails with, and where. */
  readonly unknown?: { readonly message: string; readonly span: SourceSpan };
}

export function operandOf(compiled: CompiledExpression, span: SourceSpan, role: string): Operand {
  const { constant, inline, evaluate } = compiled;
  if (constant !== undefined) {
    return new Operand(CONSTANT, constant.value, 0, evaluate, span, role, '', span);
  }
  if (inline === undefined) return new Operand(EXPRESSION, null, 0, evaluate, span, role, '', span);
  const unknown = inline.unknown;
  // The parent sees the operand at `span` (an IF that folded to its branch); an empty input fails at its own place.
  return unknown === undefined
    ? new Operand(SLOT, null, inline.slot, evaluate, span, role, '', span)
    : new Operand(INPUT, null, inline.slot, evaluate, span, role, unknown.message, unknown.span);
}

function unknownInput(operand: Operand): never {
  return fail(operand.unknownSpan, operand.unknownMessage);
}

/** The message an input read empty fails with. */
export function unknownParameterMessage(name: string): string {
  return `Unknown parameter :${name}: give it a value, or set it on a line above`;
}

export function readValue(frame: Frame, operand: Operand): CalculationValue {
  switch (operand.kind) {
    case CONSTANT:
      return operand.value;
    case SLOT:
      return frame.slots[operand.slot] as CalculationValue;
    case INPUT: {
      const value = frame.slots[operand.slot];
      return value === undefined ? unknownInput(operand) : value;
    }
    default:
      return operand.evaluate(frame);
  }
}

function readNumber(frame: Frame, operand: Operand): number {
  const value = readValue(frame, operand);
  return typeof value === 'number' ? value : expectNumber(value, operand.span, operand.role);
}

function divide(dividend: number, divisor: number, divisorSpan: SourceSpan): number {
  if (divisor === 0) fail(divisorSpan, "Division by zero: the value after '/' is 0");
  return dividend / divisor;
}

function compare(a: CalculationValue, b: CalculationValue, span: SourceSpan): number {
  // Two numbers are compared by their difference, as compareOrdered does (so an infinity mid-line compares the
  // same); anything else is ordered or refused there.
  return typeof a === 'number' && typeof b === 'number' ? a - b : compareOrdered(a, b, span);
}

/**
 * The closure of an operation: one function literal per operator, so that each has its own feedback. The left
 * operand is read (and checked) before the right one.
 */
export function evaluateOperation(operation: Operation): Evaluate {
  const { left, right, span } = operation;
  switch (operation.operator) {
    case '+':
      return (frame) => readNumber(frame, left) + readNumber(frame, right);
    case '-':
      return (frame) => readNumber(frame, left) - readNumber(frame, right);
    case '*':
      return (frame) => readNumber(frame, left) * readNumber(frame, right);
    case '/':
      return (frame) => divide(readNumber(frame, left), readNumber(frame, right), right.span);
    case '^':
      return (frame) => checkFinite(readNumber(frame, left) ** readNumber(frame, right), span, 'This power');
    case 'MIN':
      return (frame) => Math.min(readNumber(frame, left), readNumber(frame, right));
    case 'MAX':
      return (frame) => Math.max(readNumber(frame, left), readNumber(frame, right));
    case 'ABS':
      return (frame) => Math.abs(readNumber(frame, left));
    case '<':
      return (frame) => compare(readValue(frame, left), readValue(frame, right), span) < 0;
    case '<=':
      return (frame) => compare(readValue(frame, left), readValue(frame, right), span) <= 0;
    case '>':
      return (frame) => compare(readValue(frame, left), readValue(frame, right), span) > 0;
    default:
      return (frame) => compare(readValue(frame, left), readValue(frame, right), span) >= 0;
  }
}
