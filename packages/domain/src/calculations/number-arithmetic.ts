import type { CompiledExpression, Evaluate } from './evaluation-values.ts';

/*
 * Closures for `+ - * /` on operands known to be numbers, one for each kind of operand: a slot a line above set
 * to a number, a constant, or any other expression. Reading a slot or a constant inside the operator's own closure
 * saves a call per operand, which is most of the cost of a formula's arithmetic (bench/calculation-language.bench.ts).
 */

type OperandKind = 'slot' | 'constant' | 'expression';
type NumberOperator = '+' | '-' | '*';

function kindOf(operand: CompiledExpression): OperandKind {
  if (operand.numberSlot !== undefined) return 'slot';
  return operand.constant !== undefined && typeof operand.constant.value === 'number'
    ? 'constant'
    : 'expression';
}

function add(left: CompiledExpression, right: CompiledExpression): Evaluate {
  const l = left.evaluate;
  const r = right.evaluate;
  const ls = left.numberSlot ?? 0;
  const rs = right.numberSlot ?? 0;
  const lc = left.constant?.value as number;
  const rc = right.constant?.value as number;
  switch (`${kindOf(left)} ${kindOf(right)}`) {
    case 'slot slot':
      return (frame) => (frame.slots[ls] as number) + (frame.slots[rs] as number);
    case 'slot constant':
      return (frame) => (frame.slots[ls] as number) + rc;
    case 'slot expression':
      return (frame) => (frame.slots[ls] as number) + (r(frame) as number);
    case 'constant slot':
      return (frame) => lc + (frame.slots[rs] as number);
    case 'constant expression':
      return (frame) => lc + (r(frame) as number);
    case 'expression slot':
      return (frame) => (l(frame) as number) + (frame.slots[rs] as number);
    case 'expression constant':
      return (frame) => (l(frame) as number) + rc;
    case 'expression expression':
      return (frame) => (l(frame) as number) + (r(frame) as number);
    default:
      return (frame) => (l(frame) as number) + (r(frame) as number);
  }
}

function subtract(left: CompiledExpression, right: CompiledExpression): Evaluate {
  const l = left.evaluate;
  const r = right.evaluate;
  const ls = left.numberSlot ?? 0;
  const rs = right.numberSlot ?? 0;
  const lc = left.constant?.value as number;
  const rc = right.constant?.value as number;
  switch (`${kindOf(left)} ${kindOf(right)}`) {
    case 'slot slot':
      return (frame) => (frame.slots[ls] as number) - (frame.slots[rs] as number);
    case 'slot constant':
      return (frame) => (frame.slots[ls] as number) - rc;
    case 'slot expression':
      return (frame) => (frame.slots[ls] as number) - (r(frame) as number);
    case 'constant slot':
      return (frame) => lc - (frame.slots[rs] as number);
    case 'constant expression':
      return (frame) => lc - (r(frame) as number);
    case 'expression slot':
      return (frame) => (l(frame) as number) - (frame.slots[rs] as number);
    case 'expression constant':
      return (frame) => (l(frame) as number) - rc;
    case 'expression expression':
      return (frame) => (l(frame) as number) - (r(frame) as number);
    default:
      return (frame) => (l(frame) as number) - (r(frame) as number);
  }
}

function multiply(left: CompiledExpression, right: CompiledExpression): Evaluate {
  const l = left.evaluate;
  const r = right.evaluate;
  const ls = left.numberSlot ?? 0;
  const rs = right.numberSlot ?? 0;
  const lc = left.constant?.value as number;
  const rc = right.constant?.value as number;
  switch (`${kindOf(left)} ${kindOf(right)}`) {
    case 'slot slot':
      return (frame) => (frame.slots[ls] as number) * (frame.slots[rs] as number);
    case 'slot constant':
      return (frame) => (frame.slots[ls] as number) * rc;
    case 'slot expression':
      return (frame) => (frame.slots[ls] as number) * (r(frame) as number);
    case 'constant slot':
      return (frame) => lc * (frame.slots[rs] as number);
    case 'constant expression':
      return (frame) => lc * (r(frame) as number);
    case 'expression slot':
      return (frame) => (l(frame) as number) * (frame.slots[rs] as number);
    case 'expression constant':
      return (frame) => (l(frame) as number) * rc;
    case 'expression expression':
      return (frame) => (l(frame) as number) * (r(frame) as number);
    default:
      return (frame) => (l(frame) as number) * (r(frame) as number);
  }
}

/** The closure of `left operator right` when both operands are known to be numbers. */
export function numberArithmetic(
  operator: NumberOperator,
  left: CompiledExpression,
  right: CompiledExpression,
): Evaluate {
  if (operator === '+') return add(left, right);
  return operator === '-' ? subtract(left, right) : multiply(left, right);
}
