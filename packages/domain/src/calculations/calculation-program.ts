import { MAX_CALCULATION_STRING_LENGTH, type CalculationValue } from '@ecc/contracts';
import { CalculationEvaluationError, diagnosticOfSpan } from './calculation-diagnostic.ts';
import { MAX_EVALUATION_STEPS } from './calculation-limits.ts';
import type { CalculationInputs, CalculationOutcome, CalculationTraceEntry } from './calculation-types.ts';
import {
  checkFinite,
  expectNumber,
  fail,
  type Evaluate,
  type Frame,
  type StepBudget,
} from './evaluation-values.ts';
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

/** A compiled formula: statements over numbered slots, run top to bottom. */
function isTextOrFlag(value: unknown): boolean {
  return (
    value === null ||
    typeof value === 'boolean' ||
    (typeof value === 'string' && value.length <= MAX_CALCULATION_STRING_LENGTH)
  );
}

const NOWHERE: SourceSpan = {
  start: { offset: 0, line: 1, column: 1 },
  end: { offset: 0, line: 1, column: 1 },
};

/** The trace of a run that records none: one shared array, so bulk evaluation allocates no trace. */
const NO_TRACE: readonly CalculationTraceEntry[] = Object.freeze([]);

export class Program {
  private readonly inputNames: readonly string[];
  private readonly inputSlotIndexes: readonly number[];

  constructor(
    private readonly statements: readonly CompiledStatement[],
    readonly inputs: ReadonlyMap<string, SourceSpan>,
    private readonly inputSlots: readonly (readonly [string, number, SourceSpan])[],
    private readonly slotCount: number,
    private readonly gases: readonly string[],
    private readonly gasWeights: readonly number[],
  ) {
    this.inputNames = inputSlots.map(([name]) => name);
    this.inputSlotIndexes = inputSlots.map(([, slot]) => slot);
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

  get hasEmissions(): boolean {
    return this.gases.length > 0;
  }

  run(
    inputs: CalculationInputs,
    budget: StepBudget,
    trace: CalculationTraceEntry[] | undefined,
  ): CalculationOutcome {
    const slots = new Array<CalculationValue | undefined>(this.slotCount);
    const map = inputs instanceof Map ? (inputs as ReadonlyMap<string, unknown>) : undefined;
    const record = inputs as Readonly<Record<string, unknown>>;
    const names = this.inputNames;
    try {
      for (let index = 0; index < names.length; index += 1) {
        const name = names[index] as string;
        // Own properties only: `:constructor` must not find Object.prototype's.
        const value =
          map === undefined ? (Object.hasOwn(record, name) ? record[name] : undefined) : map.get(name);
        if (typeof value === 'number' ? Number.isFinite(value) : isTextOrFlag(value)) {
          slots[this.inputSlotIndexes[index] as number] = value as CalculationValue;
        } else if (value !== undefined) {
          this.refuseInput(index, value);
        }
      }
      const frame: Frame = { slots, budget };
      const masses = this.gases.length > 0 ? new Array<number>(this.gases.length).fill(0) : undefined;
      let result: CalculationValue = null;
      let lastEmitSpan: SourceSpan | undefined;
      for (const statement of this.statements) {
        budget.steps += statement.cost;
        if (budget.steps > MAX_EVALUATION_STEPS) {
          fail(
            statement.span,
            `The calculation stopped here: it took more than ${MAX_EVALUATION_STEPS.toLocaleString('en-US')} steps`,
          );
        }
        const value = statement.evaluate(frame);
        if (typeof value === 'number' && !Number.isFinite(value)) {
          fail(
            statement.span,
            `This line's value is not a finite number (${Number.isNaN(value) ? 'undefined' : 'too large'})`,
          );
        }
        if (statement.kind === 'set') {
          slots[statement.slot] = value;
        } else if (statement.kind === 'emit') {
          const mass = expectNumber(value, statement.span, 'The mass an EMIT line adds');
          const emitted = masses as number[];
          const total = (emitted[statement.gasIndex] ?? 0) + mass;
          emitted[statement.gasIndex] = checkFinite(total, statement.span, "This gas's total mass");
          lastEmitSpan = statement.span;
        } else {
          result = value;
        }
        trace?.push({
          line: statement.line,
          ...(statement.name === undefined ? {} : { name: statement.name }),
          ...(statement.kind === 'emit' ? { gas: this.gases[statement.gasIndex] } : {}),
          value,
        });
      }
      if (masses === undefined) return { isSuccess: true, value: result, trace: trace ?? NO_TRACE };
      const gases: Record<string, number> = {};
      let co2e = 0;
      for (let index = 0; index < masses.length; index += 1) {
        const mass = masses[index] as number;
        gases[this.gases[index] as string] = mass;
        co2e += mass * (this.gasWeights[index] as number);
      }
      // Each mass is finite, but their CO2e may still overflow (1e308 kg of CH4).
      checkFinite(co2e, lastEmitSpan ?? this.statements[0]?.span ?? NOWHERE, 'The CO2e of the EMIT lines');
      return { isSuccess: true, value: co2e, gases, trace: trace ?? NO_TRACE };
    } catch (error) {
      if (!(error instanceof CalculationEvaluationError)) throw error;
      return {
        isSuccess: false,
        errors: [diagnosticOfSpan(error.span, error.message)],
        trace: trace ?? NO_TRACE,
      };
    }
  }
}
