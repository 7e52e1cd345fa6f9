import type { CalculationValue } from '@ecc/contracts';
import { findConversionFactor } from '../emissions/units.ts';
import { InputKind, Opcode, type RegisterCode, type TextSwitch } from './register-program.ts';
import type { BinaryExpression, Expression, FunctionCall, Statement } from './syntax-tree.ts';

/*
 * Compiles a formula that the closure compiler accepted into register code (register-program.ts), when every value
 * it computes is a number or TRUE/FALSE: inputs read as numbers or flags, and inputs only switched on as text with
 * literal cases (matched when the run starts). Anything else (text or NULL values, LOOKUP, calls of other
 * calculations, kinds the closures check only at run time) leaves the formula to the closure program. Reads the
 * constants the closure compiler folded (FACTOR, GWP, arithmetic on literals) by their syntax node. Every register
 * is written by one instruction only (a set line read later reads the register of its value), so no line's value
 * is overwritten before the run ends.
 */

type Kind = 'number' | 'boolean';

interface Operand {
  readonly register: number;
  readonly kind: Kind;
}

/** Thrown inside the compiler only: this formula stays on the closure program. */
class NotCompilable extends Error {}

function refuse(): never {
  throw new NotCompilable();
}

const COMPARISONS: Readonly<Record<string, number>> = {
  '<': Opcode.less,
  '<=': Opcode.lessOrEqual,
  '>': Opcode.greater,
  '>=': Opcode.greaterOrEqual,
  '=': Opcode.equal,
  '!=': Opcode.notEqual,
};

/** The jump to an IF's other branch when its comparison does not hold. */
const JUMPS_UNLESS: Readonly<Record<string, number>> = {
  '<': Opcode.jumpUnlessLess,
  '<=': Opcode.jumpUnlessLessOrEqual,
  '>': Opcode.jumpUnlessGreater,
  '>=': Opcode.jumpUnlessGreaterOrEqual,
  '=': Opcode.jumpUnlessEqual,
  '!=': Opcode.jumpUnlessNotEqual,
};

const ARITHMETIC: Readonly<Record<string, number>> = {
  '+': Opcode.add,
  '-': Opcode.subtract,
  '*': Opcode.multiply,
  '/': Opcode.divide,
  '^': Opcode.power,
};

/** `(a ∘ b) • c` as one instruction, by the inner operator ∘ and then the outer •. */
const FUSED: Readonly<Record<string, Readonly<Record<string, number>>>> = {
  '+': { '+': Opcode.addThenAdd, '-': Opcode.addThenSubtract, '*': Opcode.addThenMultiply },
  '-': { '+': Opcode.subtractThenAdd, '-': Opcode.subtractThenSubtract, '*': Opcode.subtractThenMultiply },
  '*': { '+': Opcode.multiplyThenAdd, '-': Opcode.multiplyThenSubtract, '*': Opcode.multiplyThenMultiply },
};

type CodeStatement = Exclude<Statement, { kind: 'comment' }>;

class RegisterCompiler {
  readonly code: number[] = [];
  /** Initial register values: constants at their registers, 0 elsewhere. */
  readonly initial: number[] = [];
  readonly isConstant = new Set<number>();
  private readonly constantRegisters = new Map<string, number>();
  /** What each parameter reads now: an input's register, or the register of the last line that set it. */
  private readonly bindings = new Map<string, Operand>();
  private readonly setNames = new Set<string>();
  readonly inputKinds = new Map<string, number>();
  readonly inputRegisters = new Map<string, number>();
  readonly textSwitches = new Map<string, TextSwitch[]>();
  /** Registers of set lines that the line being compiled reads through operators that keep a value non-finite. */
  strictReads = new Set<number>();

  constructor(
    private readonly constants: ReadonlyMap<Expression, CalculationValue>,
    /** Every branch computed and chosen by `select`, for the column program (no jumps: one path for all sets). */
    private readonly isBranchFree: boolean,
  ) {}

  newRegister(): number {
    return this.initial.push(0) - 1;
  }

  constant(value: number): number {
    // -0 and 0 are different values (1 / -0), so they get different registers.
    const key = Object.is(value, -0) ? '-0' : String(value);
    let register = this.constantRegisters.get(key);
    if (register === undefined) {
      register = this.initial.push(value) - 1;
      this.constantRegisters.set(key, register);
      this.isConstant.add(register);
    }
    return register;
  }

  private emit(...words: number[]): void {
    this.code.push(...words);
  }

  /** Emits a jump's target, set later by `land`; returns where it is. */
  private placeholder(): number {
    return this.code.push(-1) - 1;
  }

  private land(placeholders: readonly number[]): void {
    for (const at of placeholders) this.code[at] = this.code.length;
  }

  /** The value into `target` when given (a fresh register the caller reads), else wherever it already is. */
  private place(operand: Operand, target: number | undefined): Operand {
    if (target === undefined) return operand;
    this.emit(Opcode.move, target, operand.register);
    return { register: target, kind: operand.kind };
  }

  private kindOf(operand: Operand, kind: Kind): Operand {
    return operand.kind === kind ? operand : refuse();
  }

  private operation(opcode: number, kind: Kind, target: number | undefined, ...registers: number[]): Operand {
    const register = target ?? this.newRegister();
    this.emit(opcode, register, ...registers);
    return { register, kind };
  }

  private input(name: string, kind: Kind): Operand {
    if (this.inputKinds.has(name)) refuse();
    const register = this.newRegister();
    this.inputKinds.set(name, kind === 'number' ? InputKind.number : InputKind.boolean);
    this.inputRegisters.set(name, register);
    const operand = { register, kind };
    this.bindings.set(name, operand);
    return operand;
  }

  /** Binds a set line's value to its name for the lines below. */
  bind(name: string, operand: Operand): void {
    this.bindings.set(name, operand);
    this.setNames.add(name);
  }

  /**
   * Compiles `node` into `target` when given. `isStrict`: every operator from the line's value down to this node
   * keeps a non-finite operand non-finite (+, -, *, a dividend, ABS, a sign), so a set line read here is checked
   * through this line.
   */
  expression(node: Expression, target?: number, expected?: Kind, isStrict = false): Operand {
    const known = this.constants.get(node);
    if (known !== undefined || node.kind === 'null') {
      if (typeof known === 'number')
        return this.place({ register: this.constant(known), kind: 'number' }, target);
      if (typeof known === 'boolean')
        return this.place({ register: this.constant(known ? 1 : 0), kind: 'boolean' }, target);
      return refuse();
    }
    switch (node.kind) {
      case 'parameter': {
        const bound = this.bindings.get(node.name);
        if (bound !== undefined && isStrict) this.strictReads.add(bound.register);
        return this.place(bound ?? this.input(node.name, expected ?? 'number'), target);
      }
      case 'unary': {
        if (node.operator === 'not') {
          const operand = this.kindOf(this.expression(node.operand, undefined, 'boolean'), 'boolean');
          return this.operation(Opcode.not, 'boolean', target, operand.register);
        }
        const operand = this.kindOf(this.expression(node.operand, undefined, 'number', isStrict), 'number');
        if (node.operator === 'plus') return this.place(operand, target);
        return this.operation(Opcode.negate, 'number', target, operand.register);
      }
      case 'binary':
        return this.binary(node, target, isStrict);
      case 'call':
        return this.call(node, target, expected, isStrict);
      default:
        return refuse();
    }
  }

  private number(node: Expression, isStrict = false): Operand {
    return this.kindOf(this.expression(node, undefined, 'number', isStrict), 'number');
  }

  private binary(node: BinaryExpression, target: number | undefined, isStrict: boolean): Operand {
    const operator = node.operator;
    if ((operator === 'AND' || operator === 'OR') && this.isBranchFree) {
      // Both sides always run: a side the closures would skip can only send a set to them (division by zero).
      const left = this.kindOf(this.expression(node.left, undefined, 'boolean'), 'boolean');
      const right = this.kindOf(this.expression(node.right, undefined, 'boolean'), 'boolean');
      const opcode = operator === 'AND' ? Opcode.and : Opcode.or;
      return this.operation(opcode, 'boolean', target, left.register, right.register);
    }
    if (operator === 'AND' || operator === 'OR') {
      // Short-circuit as the closures do: the right side runs only when the left does not decide.
      const result = target ?? this.newRegister();
      this.kindOf(this.expression(node.left, result, 'boolean'), 'boolean');
      this.emit(operator === 'AND' ? Opcode.jumpIfFalse : Opcode.jumpIfTrue, result);
      const skip = this.placeholder();
      this.kindOf(this.expression(node.right, result, 'boolean'), 'boolean');
      this.land([skip]);
      return { register: result, kind: 'boolean' };
    }
    const arithmetic = ARITHMETIC[operator];
    if (arithmetic !== undefined) {
      const fused = this.fused(node, target, isStrict);
      if (fused !== undefined) return fused;
      // A power may turn an infinity finite (x ^ 0), a divisor does (x / ∞ is 0).
      const left = this.number(node.left, isStrict && operator !== '^');
      const right = this.number(node.right, isStrict && operator !== '^' && operator !== '/');
      return this.operation(arithmetic, 'number', target, left.register, right.register);
    }
    const [left, right] = this.comparedOperands(node);
    return this.operation(COMPARISONS[operator] as number, 'boolean', target, left.register, right.register);
  }

  /** An operation of +, - or * on another (not a folded constant) as one instruction, or undefined. */
  private fused(node: BinaryExpression, target: number | undefined, isStrict: boolean): Operand | undefined {
    const outer = FUSED[node.operator];
    if (outer === undefined) return undefined;
    const isFusable = (part: Expression) =>
      part.kind === 'binary' && FUSED[part.operator] !== undefined && !this.constants.has(part);
    // + and * give the same double with their operands swapped, so a part on the right fuses too; c - (a ∘ b) not.
    const isLeft = isFusable(node.left);
    if (!isLeft && (node.operator === '-' || !isFusable(node.right))) return undefined;
    const inner = (isLeft ? node.left : node.right) as BinaryExpression;
    const other = isLeft ? node.right : node.left;
    const opcode = (FUSED[inner.operator] as Readonly<Record<string, number>>)[node.operator] as number;
    const left = this.number(inner.left, isStrict);
    const right = this.number(inner.right, isStrict);
    const rest = this.number(other, isStrict);
    return this.operation(opcode, 'number', target, left.register, right.register, rest.register);
  }

  /** The operands of a comparison: two of one kind, and numbers when ordered (texts are left to the closures). */
  private comparedOperands(node: BinaryExpression): [Operand, Operand] {
    const left = this.expression(node.left, undefined, 'number');
    const right = this.kindOf(this.expression(node.right, undefined, left.kind), left.kind);
    if (node.operator !== '=' && node.operator !== '!=' && left.kind !== 'number') refuse();
    return [left, right];
  }

  /** Emits the jump taken when `condition` is FALSE; returns where its target goes. */
  private jumpUnless(condition: Expression): number {
    const jump = condition.kind === 'binary' ? JUMPS_UNLESS[condition.operator] : undefined;
    if (jump === undefined || this.constants.has(condition)) {
      const value = this.kindOf(this.expression(condition, undefined, 'boolean'), 'boolean');
      this.emit(Opcode.jumpIfFalse, value.register);
      return this.placeholder();
    }
    const [left, right] = this.comparedOperands(condition as BinaryExpression);
    this.emit(jump, left.register, right.register);
    return this.placeholder();
  }

  private call(
    node: FunctionCall,
    target: number | undefined,
    expected: Kind | undefined,
    isStrict: boolean,
  ): Operand {
    const args = node.arguments;
    switch (node.name) {
      case 'IF': {
        if (this.isBranchFree) {
          const condition = this.kindOf(
            this.expression(args[0] as Expression, undefined, 'boolean'),
            'boolean',
          );
          const whenTrue = this.expression(args[1] as Expression, undefined, expected);
          const whenFalse = this.kindOf(
            this.expression(args[2] as Expression, undefined, whenTrue.kind),
            whenTrue.kind,
          );
          const registers = [condition.register, whenTrue.register, whenFalse.register];
          return this.operation(Opcode.select, whenTrue.kind, target, ...registers);
        }
        const toElse = this.jumpUnless(args[0] as Expression);
        const result = target ?? this.newRegister();
        const whenTrue = this.expression(args[1] as Expression, result, expected);
        this.emit(Opcode.jump);
        const toEnd = this.placeholder();
        this.land([toElse]);
        this.kindOf(this.expression(args[2] as Expression, result, whenTrue.kind), whenTrue.kind);
        this.land([toEnd]);
        return whenTrue;
      }
      case 'SWITCH':
        return this.switchCall(node, target, expected);
      case 'COALESCE': {
        // A number or a flag is never NULL: the first argument that is not the literal NULL is the value.
        const first = args.find((argument) => this.constants.get(argument) !== null);
        return first === undefined ? refuse() : this.expression(first, target, expected);
      }
      case 'MIN':
      case 'MAX': {
        const opcode = node.name === 'MIN' ? Opcode.minimum : Opcode.maximum;
        // Math.min of the values one after the other, as the closures' fold from ±Infinity gives.
        let best = this.number(args[0] as Expression);
        if (args.length === 1) return this.place(best, target);
        for (let index = 1; index < args.length; index += 1) {
          const value = this.number(args[index] as Expression);
          const into = index === args.length - 1 ? target : undefined;
          best = this.operation(opcode, 'number', into, best.register, value.register);
        }
        return best;
      }
      case 'ABS':
        return this.operation(
          Opcode.absolute,
          'number',
          target,
          this.number(args[0] as Expression, isStrict).register,
        );
      case 'ROUND': {
        const value = this.number(args[0] as Expression);
        const digits = args[1] === undefined ? this.constant(0) : this.number(args[1]).register;
        return this.operation(Opcode.round, 'number', target, value.register, digits);
      }
      case 'CONVERT': {
        const from = this.constants.get(args[1] as Expression);
        const to = this.constants.get(args[2] as Expression);
        if (typeof from !== 'string' || typeof to !== 'string') refuse();
        const factor = findConversionFactor(from, to) ?? refuse();
        const value = this.number(args[0] as Expression);
        return this.operation(Opcode.multiply, 'number', target, value.register, this.constant(factor));
      }
      default:
        return refuse();
    }
  }

  private switchCall(node: FunctionCall, target: number | undefined, expected: Kind | undefined): Operand {
    const [subject, ...rest] = node.arguments as [Expression, ...Expression[]];
    const caseCount = Math.floor(rest.length / 2);
    const cases = Array.from({ length: caseCount }, (_, index) =>
      this.constants.get(rest[index * 2] as Expression),
    );
    const fallback = rest.length % 2 === 1 ? (rest.at(-1) as Expression) : undefined;
    const toResults: number[] = [];
    let toFallback: number;
    if (cases.every((value) => typeof value === 'string')) {
      // Text cases: only on an input read nowhere else; the run starts by finding its case.
      if (subject.kind !== 'parameter' || this.bindings.has(subject.name) || this.setNames.has(subject.name))
        refuse();
      const kind = this.inputKinds.get(subject.name);
      if (kind !== undefined && kind !== InputKind.text) refuse();
      this.inputKinds.set(subject.name, InputKind.text);
      const sites = this.textSwitches.get(subject.name) ?? [];
      this.textSwitches.set(subject.name, sites);
      const results = this.constantResults(rest, caseCount, fallback);
      if (results !== undefined) {
        // Every result a constant: the SWITCH's value is found when the run starts, and costs no instruction.
        const register = this.newRegister();
        sites.push({ register, cases: cases as string[], results: results.values });
        return this.place({ register, kind: results.kind }, target);
      }
      const caseNumber = this.newRegister();
      sites.push({ register: caseNumber, cases: cases as string[] });
      if (this.isBranchFree) {
        const matches = cases.map(
          (_, index) =>
            this.operation(Opcode.equal, 'boolean', undefined, caseNumber, this.constant(index)).register,
        );
        const anyMatch = () =>
          this.operation(Opcode.greaterOrEqual, 'boolean', undefined, caseNumber, this.constant(0)).register;
        return this.selectCase(rest, matches, anyMatch, fallback, target, expected);
      }
      this.emit(Opcode.jumpTable, caseNumber, caseCount);
      for (let index = 0; index < caseCount; index += 1) toResults.push(this.placeholder());
      toFallback = this.placeholder();
    } else if (cases.every((value) => typeof value === 'number' && !Number.isNaN(value))) {
      // Number cases in order, first match (the closures' Map would also match a NaN case: none here).
      const value = this.number(subject);
      if (this.isBranchFree) {
        const matches = (cases as number[]).map(
          (candidate) =>
            this.operation(Opcode.equal, 'boolean', undefined, value.register, this.constant(candidate))
              .register,
        );
        const anyMatch = () =>
          matches
            .slice(1)
            .reduce(
              (found, match) => this.operation(Opcode.or, 'boolean', undefined, found, match).register,
              matches[0] as number,
            );
        return this.selectCase(rest, matches, anyMatch, fallback, target, expected);
      }
      for (const candidate of cases as number[]) {
        this.emit(Opcode.jumpIfEqual, value.register, this.constant(candidate));
        toResults.push(this.placeholder());
      }
      this.emit(Opcode.jump);
      toFallback = this.placeholder();
    } else {
      return refuse();
    }
    const result = target ?? this.newRegister();
    const toEnd: number[] = [];
    let kind: Kind | undefined;
    for (let index = 0; index < caseCount; index += 1) {
      this.land([toResults[index] as number]);
      kind = this.sameKind(
        this.expression(rest[index * 2 + 1] as Expression, result, kind ?? expected),
        kind,
      );
      this.emit(Opcode.jump);
      toEnd.push(this.placeholder());
    }
    this.land([toFallback]);
    if (fallback === undefined) this.emit(Opcode.bail);
    else kind = this.sameKind(this.expression(fallback, result, kind), kind);
    this.land(toEnd);
    return { register: result, kind: kind ?? refuse() };
  }

  /**
   * A SWITCH without jumps: every case's result and the default computed, the first matching case chosen by
   * `select`s from the last case up; with no default, a set that matches no case goes to the closures.
   */
  private selectCase(
    rest: readonly Expression[],
    matches: readonly number[],
    anyMatch: () => number,
    fallback: Expression | undefined,
    target: number | undefined,
    expected: Kind | undefined,
  ): Operand {
    let kind: Kind | undefined;
    const results = matches.map((_, index) => {
      const result = this.expression(rest[index * 2 + 1] as Expression, undefined, kind ?? expected);
      kind = this.sameKind(result, kind);
      return result;
    });
    if (fallback === undefined) this.emit(Opcode.bailIfFalse, anyMatch());
    // With no default, a set that reaches the last case's result without matching it has gone to the closures.
    let chosen =
      fallback === undefined
        ? (results.at(-1) as Operand)
        : this.kindOf(this.expression(fallback, undefined, kind), kind ?? refuse());
    const first = fallback === undefined ? results.length - 2 : results.length - 1;
    if (first < 0) return this.place(chosen, target);
    for (let index = first; index >= 0; index -= 1) {
      const registers = [matches[index] as number, (results[index] as Operand).register, chosen.register];
      chosen = this.operation(Opcode.select, chosen.kind, index === 0 ? target : undefined, ...registers);
    }
    return chosen;
  }

  /** The results of a SWITCH's cases and its default (NaN when it has none), when all are constants of one kind. */
  private constantResults(
    rest: readonly Expression[],
    caseCount: number,
    fallback: Expression | undefined,
  ): { values: Float64Array; kind: Kind } | undefined {
    const results = [
      ...Array.from({ length: caseCount }, (_, index) =>
        this.constants.get(rest[index * 2 + 1] as Expression),
      ),
      ...(fallback === undefined ? [] : [this.constants.get(fallback)]),
    ];
    const kind = typeof results[0];
    if ((kind !== 'number' && kind !== 'boolean') || results.some((value) => typeof value !== kind))
      return undefined;
    const values = results.map((value) => (typeof value === 'boolean' ? (value ? 1 : 0) : (value as number)));
    return { values: Float64Array.from(fallback === undefined ? [...values, Number.NaN] : values), kind };
  }

  /** The kind of a SWITCH's results: every one the same. */
  private sameKind(operand: Operand, kind: Kind | undefined): Kind {
    return kind === undefined ? operand.kind : this.kindOf(operand, kind).kind;
  }
}

export interface RegisterCompileInput {
  readonly statements: readonly CodeStatement[];
  /** The closure compiler's folded constants, by syntax node. */
  readonly constants: ReadonlyMap<Expression, CalculationValue>;
  /** The formula's inputs in `parameters` order. */
  readonly inputs: readonly string[];
  /** The gases of the EMIT lines, in the program's order. */
  readonly gases: readonly string[];
  /** Code without jumps, for the column program (register-program.ts runs code with jumps). */
  readonly isBranchFree?: boolean;
}

/** The formula as register code, or undefined when a value of it is not a number or TRUE/FALSE. */
export function compileRegisters(input: RegisterCompileInput): RegisterCode | undefined {
  const compiler = new RegisterCompiler(input.constants, input.isBranchFree === true);
  const lines: { register: number; kind: Kind; strictReads: Set<number>; isEmit: boolean }[] = [];
  try {
    for (const statement of input.statements) {
      compiler.strictReads = new Set();
      const value = compiler.expression(statement.value, undefined, undefined, true);
      // A line whose value is a constant infinity fails on every run: the closures report it.
      if (compiler.isConstant.has(value.register) && !Number.isFinite(compiler.initial[value.register]))
        return undefined;
      if (statement.kind === 'set') compiler.bind(statement.name, value);
      else if (statement.kind === 'emit') {
        if (value.kind !== 'number') return undefined;
        compiler.code.push(Opcode.emit, input.gases.indexOf(statement.gas), value.register);
      }
      lines.push({ ...value, strictReads: compiler.strictReads, isEmit: statement.kind === 'emit' });
    }
  } catch (error) {
    if (error instanceof NotCompilable) return undefined;
    throw error;
  }
  const last = lines.at(-1);
  if (last === undefined) return undefined;
  const inputRegisters = new Set(compiler.inputRegisters.values());
  // A line's number is checked finite after the run unless a later line reads it strictly (that line's check, or
  // an EMIT's mass, then catches it), or it is an input or a constant (finite already).
  const checked: number[] = [];
  const readLater = new Set<number>();
  for (let index = lines.length - 1; index >= 0; index -= 1) {
    const line = lines[index] as (typeof lines)[number];
    const isFinite =
      line.kind === 'boolean' || compiler.isConstant.has(line.register) || inputRegisters.has(line.register);
    if (!line.isEmit && !isFinite && !readLater.has(line.register)) checked.push(line.register);
    for (const register of line.strictReads) readLater.add(register);
  }
  return {
    code: Int32Array.from(compiler.code),
    registers: Float64Array.from(compiler.initial),
    inputKinds: Int8Array.from(input.inputs.map((name) => compiler.inputKinds.get(name) ?? InputKind.unused)),
    inputRegisters: Int32Array.from(input.inputs.map((name) => compiler.inputRegisters.get(name) ?? -1)),
    textSwitches: input.inputs.map((name) => compiler.textSwitches.get(name) ?? []),
    checkedRegisters: Int32Array.from(new Set(checked)),
    resultRegister: last.register,
    isResultBoolean: last.kind === 'boolean',
  };
}
