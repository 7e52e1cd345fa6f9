import { MAX_CALCULATION_STRING_LENGTH } from '@ecc/contracts';
import { MAX_EVALUATION_STEPS, MAX_ROUND_DIGITS } from './calculation-limits.ts';
import type { CalculationValue } from '@ecc/contracts';
import type { CalculationOutcome, CalculationTraceEntry } from './calculation-types.ts';
import { isTextOrFlag, roundHalfAwayFromZero, type StepBudget } from './evaluation-values.ts';

/*
 * A formula whose values are numbers (and TRUE/FALSE as 1/0) as instructions over a Float64Array of registers, run
 * by one dispatch loop: no closure call and no heap number per operation (docs/calculation-language.md). It only
 * answers when it is certain to equal the closure program: any input of another kind and any check that would fail
 * (division by zero, a value that is not finite, no SWITCH case, the step limit) answers undefined, and the caller
 * runs the closure program, which reports the error at its line and column.
 */

/** `d a b`: register d = register a ∘ register b. */
export const Opcode = {
  add: 0,
  subtract: 1,
  multiply: 2,
  /** Undefined when b is 0. */
  divide: 3,
  /** Undefined when the power is not finite. */
  power: 4,
  minimum: 5,
  maximum: 6,
  /** `d a`. */
  absolute: 7,
  /** `d a`. */
  negate: 8,
  /** `d a`. */
  move: 9,
  /** Comparisons by the difference, as the closures compare (an infinity mid-line compares the same). */
  less: 10,
  lessOrEqual: 11,
  greater: 12,
  greaterOrEqual: 13,
  equal: 14,
  notEqual: 15,
  /** `d a`. */
  not: 16,
  /** `target`. */
  jump: 17,
  /** `a target`: jumps when register a is 0 (FALSE). */
  jumpIfFalse: 18,
  /** `a target`. */
  jumpIfTrue: 19,
  /** `a b target`: jumps when the registers are equal. */
  jumpIfEqual: 20,
  /** `a n target₀ … targetₙ₋₁ default`: jumps by the case number in register a (-1: none matched). */
  jumpTable: 21,
  /** `gas a`: adds register a to the gas's mass. */
  emit: 22,
  /** `d a b`: ROUND(a, b); undefined when b is not a whole number of allowed digits. */
  round: 23,
  /** Undefined: a check that fails in the closure program (SWITCH with no case and no default). */
  bail: 24,
  /** `a b target`: an IF's comparison and its jump to the other branch in one instruction. */
  jumpUnlessLess: 25,
  jumpUnlessLessOrEqual: 26,
  jumpUnlessGreater: 27,
  jumpUnlessGreaterOrEqual: 28,
  jumpUnlessEqual: 29,
  jumpUnlessNotEqual: 30,
  /** `d a b c`: register d = (register a ∘ register b) • register c, a line's operation on a part of it in one. */
  addThenAdd: 31,
  addThenSubtract: 32,
  addThenMultiply: 33,
  subtractThenAdd: 34,
  subtractThenSubtract: 35,
  subtractThenMultiply: 36,
  multiplyThenAdd: 37,
  multiplyThenSubtract: 38,
  multiplyThenMultiply: 39,
  /** Branch-free code only (the column program, column-program.ts): `d c a b`: d = c is TRUE ? a : b. */
  select: 40,
  /** Branch-free: `d a b`, both sides computed. */
  and: 41,
  or: 42,
  /** Branch-free: `a`: the run goes to the closures when register a is FALSE (a SWITCH with no case). */
  bailIfFalse: 43,
} as const;

export const InputKind = { unused: 0, number: 1, boolean: 2, text: 3 } as const;

/**
 * A SWITCH on a text input with literal cases, worked out when the run starts: its register gets the case number
 * (-1 when none matches) for a `jumpTable`, or, when every result is a constant, the result itself.
 */
export interface TextSwitch {
  readonly register: number;
  readonly cases: readonly string[];
  /** The results of the cases and then the default (NaN: no default, so the closure program reports it). */
  readonly results?: Float64Array;
}

export interface RegisterCode {
  readonly code: Int32Array;
  /** Initial registers: the constants at their places, the rest 0. */
  readonly registers: Float64Array;
  /** Per input, in `parameters` order: what the code reads it as (`InputKind`). */
  readonly inputKinds: Int8Array;
  /** Per input: its register (number or boolean), or -1. */
  readonly inputRegisters: Int32Array;
  /** Per input: the SWITCHes on it as text. */
  readonly textSwitches: readonly (readonly TextSwitch[])[];
  /** Registers of lines whose value must be checked finite after the run (the others flow into one of them). */
  readonly checkedRegisters: Int32Array;
  /** The register of the last line's value, and whether it is TRUE/FALSE, when there are no EMIT lines. */
  readonly resultRegister: number;
  readonly isResultBoolean: boolean;
}

/** The trace of a run that records none: one shared array, so bulk evaluation allocates no trace. */
export const NO_TRACE: readonly CalculationTraceEntry[] = Object.freeze([]);

/** The index of the text SWITCH case `value` matches, or -1. */
export function caseNumber(cases: readonly string[], value: string): number {
  for (let index = 0; index < cases.length; index += 1) if (cases[index] === value) return index;
  return -1;
}

export class RegisterProgram {
  private readonly code: Int32Array;
  private readonly registers: Float64Array;
  /** Pairs of an input's index in `values` and its register, by the kind the code reads. */
  private readonly numberInputs: Int32Array;
  private readonly booleanInputs: Int32Array;
  /** Indexes of the inputs switched on as text, each with its SWITCHes. */
  private readonly textInputs: Int32Array;
  private readonly textSwitches: readonly (readonly TextSwitch[])[];
  /** Indexes of the inputs no instruction reads. */
  private readonly unreadInputs: Int32Array;
  private readonly checkedRegisters: Int32Array;
  private readonly resultRegister: number;
  private readonly isResultBoolean: boolean;
  private readonly masses: Float64Array;
  /** The outcome of every bulk run of a formula without EMIT lines: no object allocated per run. */
  private readonly reusedOutcome: {
    readonly isSuccess: true;
    value: CalculationValue;
    readonly trace: typeof NO_TRACE;
  } = { isSuccess: true, value: 0, trace: NO_TRACE };

  constructor(
    registerCode: RegisterCode,
    /** The steps every run takes: the sum of the statements' costs (no calls to other calculations). */
    private readonly cost: number,
    private readonly gases: readonly string[],
    private readonly gasWeights: readonly number[],
  ) {
    this.code = registerCode.code;
    this.registers = registerCode.registers;
    const { inputKinds, inputRegisters } = registerCode;
    const ofKind = (kind: number) => [...inputKinds.keys()].filter((index) => inputKinds[index] === kind);
    const pairs = (indexes: number[]) => indexes.flatMap((index) => [index, inputRegisters[index] as number]);
    this.numberInputs = Int32Array.from(pairs(ofKind(InputKind.number)));
    this.booleanInputs = Int32Array.from(pairs(ofKind(InputKind.boolean)));
    this.textInputs = Int32Array.from(ofKind(InputKind.text));
    this.textSwitches = [...this.textInputs].map((index) => registerCode.textSwitches[index] ?? []);
    this.unreadInputs = Int32Array.from(ofKind(InputKind.unused));
    this.checkedRegisters = registerCode.checkedRegisters;
    this.resultRegister = registerCode.resultRegister;
    this.isResultBoolean = registerCode.isResultBoolean;
    this.masses = new Float64Array(gases.length);
  }

  /** Puts the inputs in their registers; false when one is not of the kind the code reads. */
  private load(values: readonly unknown[]): boolean {
    const registers = this.registers;
    const numbers = this.numberInputs;
    for (let index = 0; index < numbers.length; index += 2) {
      const value = values[numbers[index] as number];
      if (typeof value !== 'number' || !Number.isFinite(value)) return false;
      registers[numbers[index + 1] as number] = value;
    }
    const texts = this.textInputs;
    for (let index = 0; index < texts.length; index += 1) {
      const value = values[texts[index] as number];
      if (typeof value !== 'string' || value.length > MAX_CALCULATION_STRING_LENGTH) return false;
      const sites = this.textSwitches[index] as readonly TextSwitch[];
      for (let site = 0; site < sites.length; site += 1) {
        const { register, cases, results } = sites[site] as TextSwitch;
        const matched = caseNumber(cases, value);
        if (results === undefined) {
          registers[register] = matched;
        } else {
          const result = results[matched < 0 ? cases.length : matched] as number;
          if (Number.isNaN(result)) return false;
          registers[register] = result;
        }
      }
    }
    const flags = this.booleanInputs;
    for (let index = 0; index < flags.length; index += 2) {
      const value = values[flags[index] as number];
      if (typeof value !== 'boolean') return false;
      registers[flags[index + 1] as number] = value ? 1 : 0;
    }
    const unread = this.unreadInputs;
    for (let index = 0; index < unread.length; index += 1) {
      const value = values[unread[index] as number];
      // Read by no instruction, but the closure program refuses an input it cannot hold.
      if (typeof value === 'number' ? !Number.isFinite(value) : !(value === undefined || isTextOrFlag(value)))
        return false;
    }
    return true;
  }

  /**
   * The outcome of a run on the inputs' values in `parameters` order, or undefined: run the closure program.
   * `isOutcomeReused`: the outcome may be the object the previous run returned (`evaluateValues`' contract).
   */
  run(
    values: readonly unknown[],
    budget: StepBudget,
    isOutcomeReused = false,
  ): CalculationOutcome | undefined {
    if (budget.steps + this.cost > MAX_EVALUATION_STEPS || !this.load(values)) return undefined;
    const code = this.code;
    const r = this.registers;
    const masses = this.masses;
    if (masses.length > 0) masses.fill(0);
    const end = code.length;
    let pc = 0;
    // The cases are number literals (the Opcode above): V8 dispatches on them by a jump table.
    while (pc < end) {
      switch (code[pc]) {
        case 0: // add
          r[code[pc + 1] as number] =
            (r[code[pc + 2] as number] as number) + (r[code[pc + 3] as number] as number);
          pc += 4;
          break;
        case 1: // subtract
          r[code[pc + 1] as number] =
            (r[code[pc + 2] as number] as number) - (r[code[pc + 3] as number] as number);
          pc += 4;
          break;
        case 2: // multiply
          r[code[pc + 1] as number] =
            (r[code[pc + 2] as number] as number) * (r[code[pc + 3] as number] as number);
          pc += 4;
          break;
        case 3: {
          // divide
          const divisor = r[code[pc + 3] as number] as number;
          if (divisor === 0) return undefined;
          r[code[pc + 1] as number] = (r[code[pc + 2] as number] as number) / divisor;
          pc += 4;
          break;
        }
        case 4: {
          // power
          const power = (r[code[pc + 2] as number] as number) ** (r[code[pc + 3] as number] as number);
          if (!Number.isFinite(power)) return undefined;
          r[code[pc + 1] as number] = power;
          pc += 4;
          break;
        }
        case 5: // minimum
          r[code[pc + 1] as number] = Math.min(
            r[code[pc + 2] as number] as number,
            r[code[pc + 3] as number] as number,
          );
          pc += 4;
          break;
        case 6: // maximum
          r[code[pc + 1] as number] = Math.max(
            r[code[pc + 2] as number] as number,
            r[code[pc + 3] as number] as number,
          );
          pc += 4;
          break;
        case 7: // absolute
          r[code[pc + 1] as number] = Math.abs(r[code[pc + 2] as number] as number);
          pc += 3;
          break;
        case 8: // negate
          r[code[pc + 1] as number] = -(r[code[pc + 2] as number] as number);
          pc += 3;
          break;
        case 9: // move
          r[code[pc + 1] as number] = r[code[pc + 2] as number] as number;
          pc += 3;
          break;
        case 10: // less
          r[code[pc + 1] as number] =
            (r[code[pc + 2] as number] as number) - (r[code[pc + 3] as number] as number) < 0 ? 1 : 0;
          pc += 4;
          break;
        case 11: // lessOrEqual
          r[code[pc + 1] as number] =
            (r[code[pc + 2] as number] as number) - (r[code[pc + 3] as number] as number) <= 0 ? 1 : 0;
          pc += 4;
          break;
        case 12: // greater
          r[code[pc + 1] as number] =
            (r[code[pc + 2] as number] as number) - (r[code[pc + 3] as number] as number) > 0 ? 1 : 0;
          pc += 4;
          break;
        case 13: // greaterOrEqual
          r[code[pc + 1] as number] =
            (r[code[pc + 2] as number] as number) - (r[code[pc + 3] as number] as number) >= 0 ? 1 : 0;
          pc += 4;
          break;
        case 14: // equal
          r[code[pc + 1] as number] = r[code[pc + 2] as number] === r[code[pc + 3] as number] ? 1 : 0;
          pc += 4;
          break;
        case 15: // notEqual
          r[code[pc + 1] as number] = r[code[pc + 2] as number] === r[code[pc + 3] as number] ? 0 : 1;
          pc += 4;
          break;
        case 16: // not
          r[code[pc + 1] as number] = r[code[pc + 2] as number] === 0 ? 1 : 0;
          pc += 3;
          break;
        case 17: // jump
          pc = code[pc + 1] as number;
          break;
        case 18: // jumpIfFalse
          pc = r[code[pc + 1] as number] === 0 ? (code[pc + 2] as number) : pc + 3;
          break;
        case 19: // jumpIfTrue
          pc = r[code[pc + 1] as number] === 0 ? pc + 3 : (code[pc + 2] as number);
          break;
        case 20: // jumpIfEqual
          pc = r[code[pc + 1] as number] === r[code[pc + 2] as number] ? (code[pc + 3] as number) : pc + 4;
          break;
        case 21: {
          // jumpTable
          const matched = r[code[pc + 1] as number] as number;
          const count = code[pc + 2] as number;
          pc = code[pc + 3 + (matched < 0 ? count : matched)] as number;
          break;
        }
        case 22: {
          // emit
          const gas = code[pc + 1] as number;
          masses[gas] = (masses[gas] as number) + (r[code[pc + 2] as number] as number);
          pc += 3;
          break;
        }
        case 23: {
          // round
          const digits = r[code[pc + 3] as number] as number;
          if (!Number.isInteger(digits) || Math.abs(digits) > MAX_ROUND_DIGITS) return undefined;
          r[code[pc + 1] as number] = roundHalfAwayFromZero(r[code[pc + 2] as number] as number, digits);
          pc += 4;
          break;
        }
        case 25: // jumpUnlessLess
          pc =
            (r[code[pc + 1] as number] as number) - (r[code[pc + 2] as number] as number) < 0
              ? pc + 4
              : (code[pc + 3] as number);
          break;
        case 26: // jumpUnlessLessOrEqual
          pc =
            (r[code[pc + 1] as number] as number) - (r[code[pc + 2] as number] as number) <= 0
              ? pc + 4
              : (code[pc + 3] as number);
          break;
        case 27: // jumpUnlessGreater
          pc =
            (r[code[pc + 1] as number] as number) - (r[code[pc + 2] as number] as number) > 0
              ? pc + 4
              : (code[pc + 3] as number);
          break;
        case 28: // jumpUnlessGreaterOrEqual
          pc =
            (r[code[pc + 1] as number] as number) - (r[code[pc + 2] as number] as number) >= 0
              ? pc + 4
              : (code[pc + 3] as number);
          break;
        case 29: // jumpUnlessEqual
          pc = r[code[pc + 1] as number] === r[code[pc + 2] as number] ? pc + 4 : (code[pc + 3] as number);
          break;
        case 30: // jumpUnlessNotEqual
          pc = r[code[pc + 1] as number] === r[code[pc + 2] as number] ? (code[pc + 3] as number) : pc + 4;
          break;
        case 31: // addThenAdd
          r[code[pc + 1] as number] =
            (r[code[pc + 2] as number] as number) +
            (r[code[pc + 3] as number] as number) +
            (r[code[pc + 4] as number] as number);
          pc += 5;
          break;
        case 32: // addThenSubtract
          r[code[pc + 1] as number] =
            (r[code[pc + 2] as number] as number) +
            (r[code[pc + 3] as number] as number) -
            (r[code[pc + 4] as number] as number);
          pc += 5;
          break;
        case 33: // addThenMultiply
          r[code[pc + 1] as number] =
            ((r[code[pc + 2] as number] as number) + (r[code[pc + 3] as number] as number)) *
            (r[code[pc + 4] as number] as number);
          pc += 5;
          break;
        case 34: // subtractThenAdd
          r[code[pc + 1] as number] =
            (r[code[pc + 2] as number] as number) -
            (r[code[pc + 3] as number] as number) +
            (r[code[pc + 4] as number] as number);
          pc += 5;
          break;
        case 35: // subtractThenSubtract
          r[code[pc + 1] as number] =
            (r[code[pc + 2] as number] as number) -
            (r[code[pc + 3] as number] as number) -
            (r[code[pc + 4] as number] as number);
          pc += 5;
          break;
        case 36: // subtractThenMultiply
          r[code[pc + 1] as number] =
            ((r[code[pc + 2] as number] as number) - (r[code[pc + 3] as number] as number)) *
            (r[code[pc + 4] as number] as number);
          pc += 5;
          break;
        case 37: // multiplyThenAdd
          r[code[pc + 1] as number] =
            (r[code[pc + 2] as number] as number) * (r[code[pc + 3] as number] as number) +
            (r[code[pc + 4] as number] as number);
          pc += 5;
          break;
        case 38: // multiplyThenSubtract
          r[code[pc + 1] as number] =
            (r[code[pc + 2] as number] as number) * (r[code[pc + 3] as number] as number) -
            (r[code[pc + 4] as number] as number);
          pc += 5;
          break;
        case 39: // multiplyThenMultiply
          r[code[pc + 1] as number] =
            (r[code[pc + 2] as number] as number) *
            (r[code[pc + 3] as number] as number) *
            (r[code[pc + 4] as number] as number);
          pc += 5;
          break;
        default: // bail (branch-free instructions are never in code with jumps)
          return undefined;
      }
    }
    const outcome = this.answer(isOutcomeReused);
    if (outcome !== undefined) budget.steps += this.cost;
    return outcome;
  }

  /** The outcome once every instruction ran, or undefined when a line's value or a mass is not finite. */
  private answer(isOutcomeReused: boolean): CalculationOutcome | undefined {
    const registers = this.registers;
    const checked = this.checkedRegisters;
    for (let index = 0; index < checked.length; index += 1) {
      if (!Number.isFinite(registers[checked[index] as number])) return undefined;
    }
    const masses = this.masses;
    if (masses.length === 0) {
      const result = registers[this.resultRegister] as number;
      const value = this.isResultBoolean ? result !== 0 : result;
      if (!isOutcomeReused) return { isSuccess: true, value, trace: NO_TRACE };
      this.reusedOutcome.value = value;
      return this.reusedOutcome;
    }
    const gases: Record<string, number> = {};
    let co2e = 0;
    for (let index = 0; index < masses.length; index += 1) {
      const mass = masses[index] as number;
      // A mass that ever left the finite numbers stays out of them: sums keep an infinity or NaN.
      if (!Number.isFinite(mass)) return undefined;
      gases[this.gases[index] as string] = mass;
      co2e += mass * (this.gasWeights[index] as number);
    }
    if (!Number.isFinite(co2e)) return undefined;
    return { isSuccess: true, value: co2e, gases, trace: NO_TRACE };
  }
}
