import { MAX_CALCULATION_STRING_LENGTH, type CalculationValue } from '@ecc/contracts';
import { CalculationEvaluationError, diagnosticOfSpan } from './calculation-diagnostic.ts';
import { MAX_EVALUATION_STEPS } from './calculation-limits.ts';
import type {
  CalculationInputs,
  CalculationOutcome,
  CalculationTraceEntry,
  ColumnOutcomes,
} from './calculation-types.ts';
import {
  checkFinite,
  expectNumber,
  fail,
  isTextOrFlag,
  type Evaluate,
  type Frame,
  type StepBudget,
} from './evaluation-values.ts';
import { ColumnOutcomeWriter, valuesOf, type ColumnProgram, type RunSet } from './column-program.ts';
import { NO_TRACE, type RegisterProgram } from './register-program.ts';
import type { SourceSpan } from './syntax-tree.ts';

export interface CompiledStatement {
  readonly kind: 'set' | 'emit' | 'expression';
  readonly line: number;
  readonly span: SourceSpan;
  readonly evaluate: Evaluate;
  readonly cost: number;
  /** The slot a `set` writes. */
  readonly slot: number;
  readonly name?: string;
  /** The gas an `EMIT` adds to, as an index into the program's gases. */
  readonly gasIndex: number;
}

export function describeInput(value: unknown): string {
  if (Array.isArray(value)) return 'a list';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

const NOWHERE: SourceSpan = {
  start: { offset: 0, line: 1, column: 1 },
  end: { offset: 0, line: 1, column: 1 },
};

function failNotFinite(span: SourceSpan, value: number): never {
  return fail(
    span,
    `This line's value is not a finite number (${Number.isNaN(value) ? 'undefined' : 'too large'})`,
  );
}

/** A compiled formula: statements over numbered slots, run top to bottom. */
export class Program {
  private readonly inputNames: readonly string[];
  private readonly inputSlotIndexes: readonly number[];
  private readonly evaluators: readonly Evaluate[];
  private readonly costs: readonly number[];
  /** Per statement: the slot a `set` writes, or -1. */
  private readonly setSlots: readonly number[];
  /** Per statement: the gas an `EMIT` adds to, or -1. */
  private readonly gasIndexes: readonly number[];
  /** Reused by every run (see `Frame`): a bulk evaluation allocates no slots, frame or masses per run. */
  private readonly frame: Frame;
  /** Where an overflowing CO2e of the EMIT lines is reported: the last EMIT line, which every run reaches. */
  private readonly lastEmitSpan: SourceSpan;
  /** Reused by runs by name that try the register program: the inputs' values in `inputs` order. */
  private readonly namedValues: unknown[];
  private registerProgram: RegisterProgram | undefined;
  private isRegisterProgramBuilt = false;
  private columnProgram: ColumnProgram | undefined;
  private isColumnProgramBuilt = false;
  private columnOutcomes: ColumnOutcomeWriter | undefined;

  constructor(
    private readonly statements: readonly CompiledStatement[],
    readonly inputs: ReadonlyMap<string, SourceSpan>,
    private readonly inputSlots: readonly (readonly [string, number, SourceSpan])[],
    slotCount: number,
    private readonly gases: readonly string[],
    private readonly gasWeights: readonly number[],
    /**
     * Builds the same formula over number registers, or undefined when a value of it is not a number or TRUE/FALSE.
     * Called at the first run without a trace, so that compiling (the editor, a dry run) never pays for it.
     */
    private readonly buildRegisterProgram: () => RegisterProgram | undefined,
    /** The same for many runs at once (decision 054), built at the first run given as columns. */
    private readonly buildColumnProgram: () => ColumnProgram | undefined,
  ) {
    this.inputNames = inputSlots.map(([name]) => name);
    this.inputSlotIndexes = inputSlots.map(([, slot]) => slot);
    this.evaluators = statements.map((statement) => statement.evaluate);
    this.costs = statements.map((statement) => statement.cost);
    this.setSlots = statements.map((statement) => (statement.kind === 'set' ? statement.slot : -1));
    this.gasIndexes = statements.map((statement) => (statement.kind === 'emit' ? statement.gasIndex : -1));
    this.frame = {
      slots: new Array<CalculationValue | undefined>(slotCount).fill(undefined),
      budget: { steps: 0 },
      masses: new Array<number>(gases.length).fill(0),
    };
    this.namedValues = new Array<unknown>(inputSlots.length).fill(undefined);
    this.lastEmitSpan =
      statements.findLast((statement) => statement.kind === 'emit')?.span ?? statements[0]?.span ?? NOWHERE;
  }

  private refuseInput(index: number, value: unknown): never {
    const [name, , span] = this.inputSlots[index] as readonly [string, number, SourceSpan];
    const problem =
      typeof value === 'string'
        ? `is text longer than ${MAX_CALCULATION_STRING_LENGTH} characters`
        : typeof value === 'number'
          ? 'is not a finite number'
          : `is ${describeInput(value)}`;
    return fail(span, `The parameter :${name} ${problem}; give a number, text, TRUE, FALSE or NULL`);
  }

  /** Puts an input's value in its slot; a value not given leaves the slot empty, so reading it is an error. */
  private setInput(index: number, value: unknown): void {
    if (typeof value === 'number' ? Number.isFinite(value) : value === undefined || isTextOrFlag(value)) {
      this.frame.slots[this.inputSlotIndexes[index] as number] = value as CalculationValue | undefined;
    } else {
      this.refuseInput(index, value);
    }
  }

  get hasEmissions(): boolean {
    return this.gases.length > 0;
  }

  private registers(): RegisterProgram | undefined {
    if (!this.isRegisterProgramBuilt) {
      this.registerProgram = this.buildRegisterProgram();
      this.isRegisterProgramBuilt = true;
    }
    return this.registerProgram;
  }

  /** Runs `count` sets given as columns in `inputs` order; a set the column program refuses goes to `runSet`. */
  runColumns(
    columns: readonly (ArrayLike<unknown> | undefined)[],
    count: number,
    runSet: RunSet,
  ): ColumnOutcomes {
    // The last run's outcomes, cleared, when the count is the same (a bulk caller's batches): no new columns.
    let outcomes = this.columnOutcomes;
    if (outcomes?.count === count) outcomes.clear();
    else outcomes = this.columnOutcomes = new ColumnOutcomeWriter(count, this.gases);
    if (!this.isColumnProgramBuilt) {
      this.columnProgram = this.buildColumnProgram();
      this.isColumnProgramBuilt = true;
    }
    if (this.columnProgram !== undefined) {
      this.columnProgram.evaluate(columns, count, outcomes, runSet);
    } else {
      const inputCount = this.inputNames.length;
      for (let index = 0; index < count; index += 1) {
        outcomes.write(index, runSet(valuesOf(columns, inputCount, index)));
      }
    }
    return outcomes;
  }

  /** Runs on inputs by name: a plain object (own properties only) or a Map. */
  run(
    inputs: CalculationInputs,
    budget: StepBudget,
    trace: CalculationTraceEntry[] | undefined,
  ): CalculationOutcome {
    const map = inputs instanceof Map ? (inputs as ReadonlyMap<string, unknown>) : undefined;
    const record = inputs as Readonly<Record<string, unknown>>;
    const names = this.inputNames;
    if (trace === undefined && this.registers() !== undefined) {
      // Each input is read once: when the register program leaves the run to the closures, they take these values.
      const values = this.namedValues;
      for (let index = 0; index < names.length; index += 1) {
        const name = names[index] as string;
        values[index] =
          map === undefined ? (Object.hasOwn(record, name) ? record[name] : undefined) : map.get(name);
      }
      return this.runValues(values, budget);
    }
    try {
      for (let index = 0; index < names.length; index += 1) {
        const name = names[index] as string;
        // Own properties only: `:constructor` must not find Object.prototype's.
        this.setInput(
          index,
          map === undefined ? (Object.hasOwn(record, name) ? record[name] : undefined) : map.get(name),
        );
      }
      return this.execute(budget, trace);
    } catch (error) {
      return this.failed(error, trace);
    }
  }

  /**
   * Runs on the inputs' values in the order of `inputs` (undefined for one not given): no lookup by name.
   * `isOutcomeReused`: the outcome may be the object the previous run returned (`evaluateValues`' contract).
   */
  runValues(values: readonly unknown[], budget: StepBudget, isOutcomeReused = false): CalculationOutcome {
    const outcome = this.registers()?.run(values, budget, isOutcomeReused);
    if (outcome !== undefined) return outcome;
    try {
      const count = this.inputNames.length;
      for (let index = 0; index < count; index += 1) this.setInput(index, values[index]);
      return this.execute(budget, undefined);
    } catch (error) {
      return this.failed(error, undefined);
    }
  }

  private execute(budget: StepBudget, trace: CalculationTraceEntry[] | undefined): CalculationOutcome {
    const frame = this.frame;
    frame.budget = budget;
    const slots = frame.slots;
    const masses = frame.masses;
    masses.fill(0);
    const evaluators = this.evaluators;
    const costs = this.costs;
    const setSlots = this.setSlots;
    const gasIndexes = this.gasIndexes;
    let result: CalculationValue = null;
    // What each statement does with its value is done here, not in a closure per statement: a call less per line.
    for (let index = 0; index < evaluators.length; index += 1) {
      budget.steps += costs[index] as number;
      if (budget.steps > MAX_EVALUATION_STEPS) {
        fail(
          (this.statements[index] as CompiledStatement).span,
          `The calculation stopped here: it took more than ${MAX_EVALUATION_STEPS.toLocaleString('en-US')} steps`,
        );
      }
      const value = (evaluators[index] as Evaluate)(frame);
      if (typeof value === 'number' && !Number.isFinite(value)) {
        failNotFinite((this.statements[index] as CompiledStatement).span, value);
      }
      const slot = setSlots[index] as number;
      if (slot >= 0) {
        slots[slot] = value;
      } else {
        const gasIndex = gasIndexes[index] as number;
        if (gasIndex >= 0) this.addMass(index, gasIndex, value);
      }
      // With no EMIT line the last line is an expression, so the last value is the result.
      result = value;
      if (trace !== undefined) this.traceStep(trace, index, result);
    }
    if (masses.length === 0) return { isSuccess: true, value: result, trace: trace ?? NO_TRACE };
    const gases: Record<string, number> = {};
    let co2e = 0;
    for (let index = 0; index < masses.length; index += 1) {
      const mass = masses[index] as number;
      gases[this.gases[index] as string] = mass;
      co2e += mass * (this.gasWeights[index] as number);
    }
    // Each mass is finite, but their CO2e may still overflow (1e308 kg of CH4).
    checkFinite(co2e, this.lastEmitSpan, 'The CO2e of the EMIT lines');
    return { isSuccess: true, value: co2e, gases, trace: trace ?? NO_TRACE };
  }

  private addMass(index: number, gasIndex: number, value: CalculationValue): void {
    const span = (this.statements[index] as CompiledStatement).span;
    const mass = expectNumber(value, span, 'The mass an EMIT line adds');
    const masses = this.frame.masses;
    masses[gasIndex] = checkFinite((masses[gasIndex] as number) + mass, span, "This gas's total mass");
  }

  private traceStep(trace: CalculationTraceEntry[], index: number, value: CalculationValue): void {
    const statement = this.statements[index] as CompiledStatement;
    trace.push({
      line: statement.line,
      ...(statement.name === undefined ? {} : { name: statement.name }),
      ...(statement.kind === 'emit' ? { gas: this.gases[statement.gasIndex] } : {}),
      value,
    });
  }

  private failed(error: unknown, trace: CalculationTraceEntry[] | undefined): CalculationOutcome {
    if (!(error instanceof CalculationEvaluationError)) throw error;
    return {
      isSuccess: false,
      errors: [diagnosticOfSpan(error.span, error.message)],
      trace: trace ?? NO_TRACE,
    };
  }
}
