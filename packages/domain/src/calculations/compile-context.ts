import type { CalculationValue } from '@ecc/contracts';
import {
  CalculationEvaluationError,
  diagnosticOfSpan,
  type CalculationDiagnostic,
} from './calculation-diagnostic.ts';
import type { Program } from './calculation-program.ts';
import type { CompileOptions } from './calculation-types.ts';
import {
  typeName,
  typeOfValue,
  type CompiledExpression,
  type Frame,
  type ValueType,
} from './evaluation-values.ts';
import type { Expression, SourceSpan } from './syntax-tree.ts';

export class CompileErrors {
  readonly list: CalculationDiagnostic[] = [];

  add(span: SourceSpan, message: string): void {
    this.list.push(diagnosticOfSpan(span, message));
  }
}

export interface CompileContext {
  readonly options: CompileOptions;
  readonly errors: CompileErrors;
  readonly slots: Map<string, number>;
  /** Parameters a line set so far, while compiling top to bottom, with the kind of value they hold. */
  readonly setTypes: Map<string, ValueType>;
  /** Parameters read before any line set them, with the first place each is read. */
  readonly inputs: Map<string, SourceSpan>;
  /** The calculations being compiled, outermost first, to find one that calls itself. */
  readonly callStack: readonly string[];
  readonly compiledCallees: Map<string, Program>;
  /** The value of every node folded to a constant, which the register compiler reads. */
  readonly constants: Map<Expression, CalculationValue>;
}

export const UNUSED_FRAME: Frame = { slots: [], budget: { steps: 0 }, masses: [] };

export function constantOf(value: CalculationValue): CompiledExpression {
  return {
    evaluate() {
      return value;
    },
    type: typeOfValue(value),
    constant: { value },
    cost: 1,
  };
}

/** Computes a node whose operands are all known now; when that fails, leaves the failure to the run. */
export function folded(
  compiled: CompiledExpression,
  operands: readonly CompiledExpression[],
): CompiledExpression {
  if (!operands.every((operand) => operand.constant !== undefined)) return compiled;
  try {
    return { ...constantOf(compiled.evaluate(UNUSED_FRAME)), cost: compiled.cost };
  } catch (error) {
    if (error instanceof CalculationEvaluationError) return compiled;
    throw error;
  }
}

export function slotOf(context: CompileContext, name: string): number {
  let slot = context.slots.get(name);
  if (slot === undefined) {
    slot = context.slots.size;
    context.slots.set(name, slot);
  }
  return slot;
}

export function checkStaticType(
  context: CompileContext,
  operand: CompiledExpression,
  span: SourceSpan,
  expected: ValueType,
  role: string,
): void {
  if (operand.type !== 'any' && operand.type !== expected) {
    context.errors.add(span, `${role} must be ${typeName(expected)}, but it is ${typeName(operand.type)}`);
  }
}
