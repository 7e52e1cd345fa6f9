import { MAX_CALCULATION_STRING_LENGTH } from '@ecc/contracts';
import { MAX_ROUND_DIGITS } from './calculation-limits.ts';
import type { CalculationOutcome, ColumnOutcomes } from './calculation-types.ts';
import { isTextOrFlag, roundHalfAwayFromZero } from './evaluation-values.ts';
import { caseNumber, InputKind, Opcode, type RegisterCode, type TextSwitch } from './register-program.ts';
import { WasmFunctionBody, WasmOp, wasmModule } from './wasm-module.ts';

/*
 * Many parameter sets of one formula at once (decision 054): its branch-free register code (register-compiler.ts)
 * compiled to one WebAssembly function that runs every set of a batch in a loop, the registers in locals. The
 * inputs go in and the results come out through columns in the module's memory. Like the register program, it
 * only answers a set when it is certain to equal the closures: a set with an input of another kind, a division by
 * zero, a value that is not finite, no SWITCH case (on any branch: every branch is computed) is run again alone,
 * by `evaluateValues`, which reports its error at its line and column.
 */

/** Sets per call of the module: columns of 16 KiB, small enough to stay in the processor's caches. */
const LANES = 2048;
const COLUMN_BYTES = LANES * 8;
const PAGE_BYTES = 65_536;

/** The module's imports, by function index: what WebAssembly has no instruction for. */
const IMPORTS = [
  { name: 'power', arity: 2 },
  { name: 'round', arity: 2 },
] as const;
const POWER = 0;
const ROUND = 1;

/** Locals: the parameter (the batch's set count), then the i32s, then one f64 per register and per gas. */
const COUNT = 0;
const LANE = 1;
const ADDRESS = 2;
const IS_REFUSED = 3;
const REFUSED_COUNT = 4;
const FIRST_F64 = 5;

/** The register code's operands after each opcode, for the opcodes branch-free code has. */
function operandCount(opcode: number): number {
  if (opcode === Opcode.bailIfFalse) return 1;
  if (
    opcode === Opcode.absolute ||
    opcode === Opcode.negate ||
    opcode === Opcode.move ||
    opcode === Opcode.not ||
    opcode === Opcode.emit
  )
    return 2;
  if (opcode === Opcode.select || (opcode >= Opcode.addThenAdd && opcode <= Opcode.multiplyThenMultiply))
    return 4;
  if (opcode <= Opcode.notEqual || opcode === Opcode.round || opcode === Opcode.and || opcode === Opcode.or)
    return 3;
  throw new Error(`Opcode ${opcode} has a jump: the column program needs branch-free code`);
}

const ARITHMETIC: Readonly<Record<number, number>> = {
  [Opcode.add]: WasmOp.f64Add,
  [Opcode.subtract]: WasmOp.f64Sub,
  [Opcode.multiply]: WasmOp.f64Mul,
  [Opcode.minimum]: WasmOp.f64Min,
  [Opcode.maximum]: WasmOp.f64Max,
};

/** Comparisons by the difference, as the closures compare. */
const ORDERED: Readonly<Record<number, number>> = {
  [Opcode.less]: WasmOp.f64Lt,
  [Opcode.lessOrEqual]: WasmOp.f64Le,
  [Opcode.greater]: WasmOp.f64Gt,
  [Opcode.greaterOrEqual]: WasmOp.f64Ge,
};

/** `(a ∘ b) • c`: the inner and the outer operation. */
const FUSED: Readonly<Record<number, readonly [number, number]>> = {
  [Opcode.addThenAdd]: [WasmOp.f64Add, WasmOp.f64Add],
  [Opcode.addThenSubtract]: [WasmOp.f64Add, WasmOp.f64Sub],
  [Opcode.addThenMultiply]: [WasmOp.f64Add, WasmOp.f64Mul],
  [Opcode.subtractThenAdd]: [WasmOp.f64Sub, WasmOp.f64Add],
  [Opcode.subtractThenSubtract]: [WasmOp.f64Sub, WasmOp.f64Sub],
  [Opcode.subtractThenMultiply]: [WasmOp.f64Sub, WasmOp.f64Mul],
  [Opcode.multiplyThenAdd]: [WasmOp.f64Mul, WasmOp.f64Add],
  [Opcode.multiplyThenSubtract]: [WasmOp.f64Mul, WasmOp.f64Sub],
  [Opcode.multiplyThenMultiply]: [WasmOp.f64Mul, WasmOp.f64Mul],
};

/** Where each column is in the module's memory, in columns of `LANES` numbers. */
interface Layout {
  /** The registers filled from the inputs before each set runs, in column order. */
  readonly loaded: readonly number[];
  readonly resultColumn: number;
  /** The first of one column per gas. */
  readonly firstGasColumn: number;
  /** Byte offset of one byte per set: 1 when the set must run alone. */
  readonly refusedOffset: number;
  readonly pages: number;
}

class ColumnCompiler {
  readonly body = new WasmFunctionBody();

  constructor(
    private readonly registerCode: RegisterCode,
    private readonly gasWeights: readonly number[],
    private readonly layout: Layout,
  ) {}

  private local(register: number): number {
    return FIRST_F64 + register;
  }

  private massLocal(gas: number): number {
    return FIRST_F64 + this.registerCode.registers.length + gas;
  }

  private get(register: number): this {
    this.body.withIndex(WasmOp.localGet, this.local(register));
    return this;
  }

  private set(register: number): this {
    this.body.withIndex(WasmOp.localSet, this.local(register));
    return this;
  }

  /** Ors the i32 on the stack into the set's refusal. */
  private refuseWhen(): void {
    this.body.withIndex(WasmOp.localGet, IS_REFUSED).op(WasmOp.i32Or).withIndex(WasmOp.localSet, IS_REFUSED);
  }

  /** Refuses the set when the f64 in `local` is not finite: x - x is 0 for every finite x, NaN otherwise. */
  private refuseUnlessFinite(local: number): void {
    this.body.withIndex(WasmOp.localGet, local).withIndex(WasmOp.localGet, local).op(WasmOp.f64Sub);
    this.body.f64(0).op(WasmOp.f64Ne);
    this.refuseWhen();
  }

  private isTrue(register: number): void {
    this.get(register).body.f64(0).op(WasmOp.f64Ne);
  }

  compile(): void {
    const { code, registers, checkedRegisters, inputKinds, inputRegisters } = this.registerCode;
    const body = this.body;
    // Constants once, before the loop: no instruction writes their registers.
    for (let register = 0; register < registers.length; register += 1) {
      const value = registers[register] as number;
      if (!Object.is(value, 0)) {
        body.f64(value);
        this.set(register);
      }
    }
    body.open(WasmOp.block).open(WasmOp.loop);
    body.withIndex(WasmOp.localGet, LANE).withIndex(WasmOp.localGet, COUNT).op(WasmOp.i32GeU);
    body.withIndex(WasmOp.brIf, 1);
    body.withIndex(WasmOp.localGet, LANE).i32(3).op(WasmOp.i32Shl).withIndex(WasmOp.localSet, ADDRESS);
    body.i32(0).withIndex(WasmOp.localSet, IS_REFUSED);
    this.layout.loaded.forEach((register, column) => {
      body.withIndex(WasmOp.localGet, ADDRESS).memory(WasmOp.f64Load, 3, column * COLUMN_BYTES);
      this.set(register);
    });
    // Numbers come unchecked from a Float64Array column: the closures refuse one that is not finite.
    inputKinds.forEach((kind, index) => {
      if (kind === InputKind.number) this.refuseUnlessFinite(this.local(inputRegisters[index] as number));
    });
    for (let gas = 0; gas < this.gasWeights.length; gas += 1) {
      body.f64(0).withIndex(WasmOp.localSet, this.massLocal(gas));
    }
    for (let pc = 0; pc < code.length; pc += 1 + operandCount(code[pc] as number)) {
      this.instruction(code, pc);
    }
    for (const register of checkedRegisters) this.refuseUnlessFinite(this.local(register));
    this.store();
    body.withIndex(WasmOp.localGet, LANE).withIndex(WasmOp.localGet, IS_REFUSED);
    body.memory(WasmOp.i32Store8, 0, this.layout.refusedOffset);
    body.withIndex(WasmOp.localGet, REFUSED_COUNT).withIndex(WasmOp.localGet, IS_REFUSED).op(WasmOp.i32Add);
    body.withIndex(WasmOp.localSet, REFUSED_COUNT);
    body.withIndex(WasmOp.localGet, LANE).i32(1).op(WasmOp.i32Add).withIndex(WasmOp.localSet, LANE);
    body.withIndex(WasmOp.br, 0).op(WasmOp.end).op(WasmOp.end);
    // The sets refused: none, mostly, and then no set's flag needs reading.
    body.withIndex(WasmOp.localGet, REFUSED_COUNT);
  }

  /** The set's value, or its gases' masses and their CO2e, into the output columns. */
  private store(): void {
    const body = this.body;
    const { resultColumn, firstGasColumn } = this.layout;
    if (this.gasWeights.length === 0) {
      body.withIndex(WasmOp.localGet, ADDRESS);
      this.get(this.registerCode.resultRegister);
      body.memory(WasmOp.f64Store, 3, resultColumn * COLUMN_BYTES);
      return;
    }
    const co2e = this.massLocal(this.gasWeights.length);
    body.f64(0).withIndex(WasmOp.localSet, co2e);
    this.gasWeights.forEach((weight, gas) => {
      const mass = this.massLocal(gas);
      this.refuseUnlessFinite(mass);
      // co2e + mass × weight, gas by gas, as the closures add them.
      body.withIndex(WasmOp.localGet, co2e).withIndex(WasmOp.localGet, mass).f64(weight).op(WasmOp.f64Mul);
      body.op(WasmOp.f64Add).withIndex(WasmOp.localSet, co2e);
      body.withIndex(WasmOp.localGet, ADDRESS).withIndex(WasmOp.localGet, mass);
      body.memory(WasmOp.f64Store, 3, (firstGasColumn + gas) * COLUMN_BYTES);
    });
    this.refuseUnlessFinite(co2e);
    body.withIndex(WasmOp.localGet, ADDRESS).withIndex(WasmOp.localGet, co2e);
    body.memory(WasmOp.f64Store, 3, resultColumn * COLUMN_BYTES);
  }

  private instruction(code: Int32Array, pc: number): void {
    const opcode = code[pc] as number;
    // Operands past the instruction's own are read but unused.
    const [d, a, b, c] = [code[pc + 1], code[pc + 2], code[pc + 3], code[pc + 4]] as [
      number,
      number,
      number,
      number,
    ];
    const body = this.body;
    const arithmetic = ARITHMETIC[opcode];
    if (arithmetic !== undefined) {
      this.get(a).get(b).body.op(arithmetic);
      this.set(d);
      return;
    }
    const ordered = ORDERED[opcode];
    if (ordered !== undefined) {
      this.get(a).get(b).body.op(WasmOp.f64Sub).f64(0).op(ordered).op(WasmOp.f64ConvertI32U);
      this.set(d);
      return;
    }
    const fused = FUSED[opcode];
    if (fused !== undefined) {
      this.get(a).get(b).body.op(fused[0]);
      this.get(c).body.op(fused[1]);
      this.set(d);
      return;
    }
    switch (opcode) {
      case Opcode.divide:
        // A division by zero is an error of the closures: refused even on a branch not taken, and run alone.
        this.get(b).body.f64(0).op(WasmOp.f64Eq);
        this.refuseWhen();
        this.get(a).get(b).body.op(WasmOp.f64Div);
        this.set(d);
        return;
      case Opcode.power:
        this.get(a).get(b).body.withIndex(WasmOp.call, POWER);
        this.set(d).refuseUnlessFinite(this.local(d));
        return;
      case Opcode.round:
        // Digits that are not a whole number within the limit: refused (the closures report them).
        this.get(b).body.op(WasmOp.f64Trunc);
        this.get(b).body.op(WasmOp.f64Ne);
        this.get(b).body.op(WasmOp.f64Abs).f64(MAX_ROUND_DIGITS).op(WasmOp.f64Gt).op(WasmOp.i32Or);
        this.refuseWhen();
        this.get(a).get(b).body.withIndex(WasmOp.call, ROUND);
        this.set(d);
        return;
      case Opcode.absolute:
      case Opcode.negate:
        this.get(a).body.op(opcode === Opcode.absolute ? WasmOp.f64Abs : WasmOp.f64Neg);
        this.set(d);
        return;
      case Opcode.move:
        this.get(a).set(d);
        return;
      case Opcode.equal:
      case Opcode.notEqual:
        this.get(a)
          .get(b)
          .body.op(opcode === Opcode.equal ? WasmOp.f64Eq : WasmOp.f64Ne);
        body.op(WasmOp.f64ConvertI32U);
        this.set(d);
        return;
      case Opcode.not:
        this.get(a).body.f64(0).op(WasmOp.f64Eq).op(WasmOp.f64ConvertI32U);
        this.set(d);
        return;
      case Opcode.and:
      case Opcode.or:
        this.isTrue(a);
        this.isTrue(b);
        body.op(opcode === Opcode.and ? WasmOp.i32And : WasmOp.i32Or).op(WasmOp.f64ConvertI32U);
        this.set(d);
        return;
      case Opcode.select:
        this.get(b).get(c);
        this.isTrue(a);
        body.op(WasmOp.select);
        this.set(d);
        return;
      case Opcode.bailIfFalse:
        this.get(d).body.f64(0).op(WasmOp.f64Eq);
        this.refuseWhen();
        return;
      case Opcode.emit: {
        const mass = this.massLocal(d);
        body.withIndex(WasmOp.localGet, mass);
        this.get(a).body.op(WasmOp.f64Add).withIndex(WasmOp.localSet, mass);
        return;
      }
      default:
        throw new Error(`Opcode ${opcode} cannot run in the column program`);
    }
  }
}

/** What a set needs when it runs alone: its values, gathered from the columns. */
export type RunSet = (values: readonly unknown[]) => CalculationOutcome;

export class ColumnProgram {
  /** Runs the first `count` sets of the columns; answers how many it refused. */
  private readonly run: (count: number) => number;
  private readonly numbers: Float64Array;
  /** Per set of the batch, written by the module: 1 when the set must run alone. */
  private readonly isRefused: Uint8Array;
  /** The same, for an input the module cannot read (text where a number is read, a missing value). */
  private readonly isRefusedWhileLoading = new Uint8Array(LANES);
  private refusedWhileLoadingCount = 0;
  private readonly layout: Layout;
  /** Per input, in `parameters` order: its kind and, for a number or flag, its column. */
  private readonly inputKinds: Int8Array;
  private readonly inputColumns: Int32Array;
  /** Per input: the SWITCHes on it as text, each with its column. */
  private readonly textSwitches: readonly (readonly {
    readonly site: TextSwitch;
    readonly column: number;
  }[])[];

  constructor(registerCode: RegisterCode, gases: readonly string[], gasWeights: readonly number[]) {
    const loaded: number[] = [];
    const columnOf = (register: number) => loaded.push(register) - 1;
    this.inputKinds = registerCode.inputKinds;
    this.inputColumns = registerCode.inputRegisters.map((register) =>
      register < 0 ? -1 : columnOf(register),
    );
    this.textSwitches = registerCode.textSwitches.map((sites) =>
      sites.map((site) => ({ site, column: columnOf(site.register) })),
    );
    const resultColumn = loaded.length;
    const refusedOffset = (resultColumn + 1 + gases.length) * COLUMN_BYTES;
    this.layout = {
      loaded,
      resultColumn,
      firstGasColumn: resultColumn + 1,
      refusedOffset,
      pages: Math.ceil((refusedOffset + LANES) / PAGE_BYTES),
    };
    const compiler = new ColumnCompiler(registerCode, gasWeights, this.layout);
    compiler.compile();
    const memory = new WebAssembly.Memory({ initial: this.layout.pages });
    const module = new WebAssembly.Module(
      wasmModule({
        imports: IMPORTS,
        memoryPages: this.layout.pages,
        parameterCount: 1,
        i32Locals: FIRST_F64 - 1,
        f64Locals: registerCode.registers.length + gases.length + 1,
        body: compiler.body,
      }),
    );
    const instance = new WebAssembly.Instance(module, {
      env: {
        memory,
        power: (base: number, exponent: number) => base ** exponent,
        round: roundHalfAwayFromZero,
      },
    });
    this.run = instance.exports.run as (count: number) => number;
    this.numbers = new Float64Array(memory.buffer);
    this.isRefused = new Uint8Array(memory.buffer, refusedOffset, LANES);
  }

  /**
   * Fills `outcomes` for `count` sets, one column per input in `parameters` order (a Float64Array column of a
   * number input is copied as it is). A set the module refuses runs alone through `runSet`.
   */
  evaluate(
    columns: readonly (ArrayLike<unknown> | undefined)[],
    count: number,
    outcomes: ColumnOutcomeWriter,
    runSet: RunSet,
  ): void {
    const { resultColumn, firstGasColumn } = this.layout;
    for (let start = 0; start < count; start += LANES) {
      const lanes = Math.min(LANES, count - start);
      const isRefused = this.isRefused;
      const refusedWhileLoading = this.isRefusedWhileLoading;
      refusedWhileLoading.fill(0, 0, lanes);
      this.refusedWhileLoadingCount = 0;
      this.load(columns, start, lanes);
      const refusedCount = this.run(lanes) + this.refusedWhileLoadingCount;
      const numbers = this.numbers;
      outcomes.values.set(numbers.subarray(resultColumn * LANES, resultColumn * LANES + lanes), start);
      outcomes.gasColumns.forEach((column, gas) => {
        const from = (firstGasColumn + gas) * LANES;
        column.set(numbers.subarray(from, from + lanes), start);
      });
      for (let lane = 0; refusedCount > 0 && lane < lanes; lane += 1) {
        if (isRefused[lane] !== 0 || refusedWhileLoading[lane] !== 0) {
          outcomes.write(start + lane, runSet(valuesOf(columns, this.inputKinds.length, start + lane)));
        }
      }
    }
  }

  /** The inputs of sets `start` to `start + lanes` into their columns; a set with one the code cannot read is refused. */
  private load(columns: readonly (ArrayLike<unknown> | undefined)[], start: number, lanes: number): void {
    const numbers = this.numbers;
    const kinds = this.inputKinds;
    for (let input = 0; input < kinds.length; input += 1) {
      const column = columns[input];
      const kind = kinds[input];
      const base = (this.inputColumns[input] as number) * LANES;
      if (kind === InputKind.number && column instanceof Float64Array) {
        numbers.set(column.subarray(start, start + lanes), base);
      } else if (kind === InputKind.number || kind === InputKind.boolean) {
        const type = kind === InputKind.number ? 'number' : 'boolean';
        for (let lane = 0; lane < lanes; lane += 1) {
          const value = column?.[start + lane];
          if (typeof value === type) numbers[base + lane] = Number(value);
          else {
            this.refuseWhileLoading(lane);
            numbers[base + lane] = 0;
          }
        }
      } else if (kind === InputKind.text) {
        this.loadText(column, input, start, lanes);
      } else {
        for (let lane = 0; lane < lanes; lane += 1) {
          const value = column?.[start + lane];
          // Read by no instruction, but the closure program refuses an input it cannot hold.
          if (
            typeof value === 'number'
              ? !Number.isFinite(value)
              : !(value === undefined || isTextOrFlag(value))
          )
            this.refuseWhileLoading(lane);
        }
      }
    }
  }

  private refuseWhileLoading(lane: number): void {
    if (this.isRefusedWhileLoading[lane] === 0) this.refusedWhileLoadingCount += 1;
    this.isRefusedWhileLoading[lane] = 1;
  }

  private loadText(
    column: ArrayLike<unknown> | undefined,
    input: number,
    start: number,
    lanes: number,
  ): void {
    const numbers = this.numbers;
    for (const { site, column: target } of this.textSwitches[input] ?? []) {
      const base = target * LANES;
      for (let lane = 0; lane < lanes; lane += 1) {
        const value = column?.[start + lane];
        if (typeof value !== 'string' || value.length > MAX_CALCULATION_STRING_LENGTH) {
          this.refuseWhileLoading(lane);
          continue;
        }
        const matched = caseNumber(site.cases, value);
        const result =
          site.results === undefined ? matched : site.results[matched < 0 ? site.cases.length : matched];
        if (Number.isNaN(result)) this.refuseWhileLoading(lane);
        numbers[base + lane] = result as number;
      }
    }
  }
}

/** One set's values, in `parameters` order, from the columns. */
export function valuesOf(
  columns: readonly (ArrayLike<unknown> | undefined)[],
  count: number,
  index: number,
): unknown[] {
  return Array.from({ length: count }, (_, input) => columns[input]?.[index]);
}

/** The outcomes of `count` sets as `ColumnOutcomes` holds them: numbers in columns, the rest by set. */
export class ColumnOutcomeWriter implements ColumnOutcomes {
  readonly values: Float64Array;
  readonly gasColumns: readonly Float64Array[];
  readonly gases: ReadonlyMap<string, Float64Array>;
  readonly others = new Map<number, CalculationOutcome>();

  constructor(
    readonly count: number,
    gases: readonly string[],
  ) {
    this.values = new Float64Array(count);
    this.gasColumns = gases.map(() => new Float64Array(count));
    this.gases = new Map(gases.map((gas, index) => [gas, this.gasColumns[index] as Float64Array]));
  }

  /** Ready for another run of as many sets: every outcome is written again. */
  clear(): void {
    this.others.clear();
  }

  /** One set's outcome: a number (and its masses) into the columns, anything else kept whole. */
  write(index: number, outcome: CalculationOutcome): void {
    if (outcome.isSuccess && typeof outcome.value === 'number') {
      this.values[index] = outcome.value;
      this.gases.forEach((column, gas) => {
        column[index] = outcome.gases?.[gas] ?? 0;
      });
      return;
    }
    this.values[index] = Number.NaN;
    for (const column of this.gasColumns) column[index] = Number.NaN;
    this.others.set(index, outcome);
  }
}
