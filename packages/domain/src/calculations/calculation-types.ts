import type { CalculationValue } from '@ecc/contracts';
import type { FactorLookup } from '../emissions/factor-library.ts';
import type { GwpSetId } from '../emissions/gwp.ts';
import type { CalculationDiagnostic } from './calculation-diagnostic.ts';
import type { Formula } from './syntax-tree.ts';

export type { CalculationValue };
/** A realm's lookup table (issue 13, item 6), as LOOKUP reads it. */
export interface CalculationDataset {
  readonly columns: readonly string[];
  /** The `valueColumn` of the first row whose `keyColumn` equals `key`; undefined when no row does. */
  lookup(keyColumn: string, key: CalculationValue, valueColumn: string): CalculationValue | undefined;
}

export interface CalculationDatasets {
  get(name: string): CalculationDataset | undefined;
}

/** Another calculation's formula, by name and, when pinned, version. */
export interface CalculationSource {
  readonly formula: string;
  readonly version: number;
}

export interface CalculationSources {
  get(name: string, version?: number): CalculationSource | undefined;
}

/**
 * What a formula may reach outside itself. The domain reads no database: the caller passes the realm's factor
 * library, datasets and calculations; a resolver left out makes every name of its kind unknown.
 */
export interface CompileOptions {
  /** Weighs EMIT lines into CO2e and answers GWP(). */
  readonly gwp: GwpSetId;
  readonly factors?: FactorLookup;
  readonly datasets?: CalculationDatasets;
  readonly calculations?: CalculationSources;
}

export interface CalculationTraceEntry {
  readonly line: number;
  readonly name?: string;
  readonly gas?: string;
  readonly value: CalculationValue;
}

export type CalculationOutcome =
  | {
      readonly isSuccess: true;
      /** kg CO2e: the last line's value, or the EMIT lines' masses weighted by the GWP set. */
      readonly value: CalculationValue;
      /** kg per gas, when the formula has EMIT lines. */
      readonly gases?: Readonly<Record<string, number>>;
      readonly trace: readonly CalculationTraceEntry[];
    }
  | {
      readonly isSuccess: false;
      readonly errors: readonly CalculationDiagnostic[];
      readonly trace: readonly CalculationTraceEntry[];
    };

/** Parameters by name: a plain object (only its own properties count) or a Map. */
export type CalculationInputs = Readonly<Record<string, unknown>> | ReadonlyMap<string, unknown>;

export interface EvaluateOptions {
  /** Record each statement's value (the dry run's trace); off for bulk evaluation. */
  readonly trace?: boolean;
}

export interface CompiledCalculation {
  /** The parameters the formula reads before any line sets them: its inputs. */
  readonly parameters: readonly string[];
  readonly hasEmissions: boolean;
  evaluate(inputs: CalculationInputs, options?: EvaluateOptions): CalculationOutcome;
  /**
   * The same run on the inputs' values in `parameters` order (undefined for one not given), without a trace: the
   * entry for bulk evaluation, where the caller builds the values once per record with no lookup by name. The
   * outcome may be the same object the previous call returned, changed: read it before calling again.
   */
  evaluateValues(values: readonly unknown[]): CalculationOutcome;
  /**
   * `count` runs at once, given as one column per input in `parameters` order (undefined for one not given; a
   * Float64Array for numbers is read as it is): the entry for many records of one calculation (decision 054).
   * Every run's outcome equals `evaluateValues` on its values. The outcomes may be the object the previous call
   * returned, changed: read them before calling again.
   */
  evaluateColumns(columns: readonly (ArrayLike<unknown> | undefined)[], count: number): ColumnOutcomes;
}

/** The outcomes of runs given as columns: a run's value in `values`, unless `others` holds its outcome. */
export interface ColumnOutcomes {
  readonly count: number;
  /** Per run: its number (the CO2e in kg with EMIT lines); NaN for a run in `others`. */
  readonly values: Float64Array;
  /** Per gas of the EMIT lines: per run, its mass in kg; NaN for a run in `others`. */
  readonly gases: ReadonlyMap<string, Float64Array>;
  /** By run: an outcome that is not a number (an error, text, TRUE or FALSE, NULL). */
  readonly others: ReadonlyMap<number, CalculationOutcome>;
}

export interface CompiledFormula {
  /** Present when `errors` is empty. */
  readonly calculation?: CompiledCalculation;
  readonly formula: Formula;
  readonly errors: readonly CalculationDiagnostic[];
}
