import type { ActivityResultRow, ActivityResultsOutcome } from '../emissions/activity-results.ts';
import type { Scope, Scope3Category } from '../emissions/factor-library.ts';
import type { GasId } from '../emissions/gwp.ts';
import type {
  CalculationDataset,
  CalculationDatasets,
  CalculationOutcome,
  CalculationValue,
  CompiledCalculation,
} from './calculation-types.ts';
import { NO_TRACE } from './register-program.ts';

/*
 * How the engine runs a realm calculation for an activity record (issue 13 item 2, decision 037). The record's
 * fields become parameters under fixed names; the attributes of the record's equipment (its type's form values)
 * follow under their own names, unless a record field has the name. The result is one row: the record's scope,
 * Scope 2 as its location-based figure (a calculation answers one figure; market-based needs certificates the
 * language does not see).
 */

/** The record's fields a calculation reads, by parameter name. */
export const RECORD_CALCULATION_PARAMETERS = [
  'quantity',
  'unit',
  'activity_type',
  'scope',
  'scope3_category',
  'period_start',
  'period_end',
  'factor_key',
] as const;

export interface CalculableActivityRecord {
  readonly quantity: number;
  readonly unit: string;
  readonly activityType: string;
  readonly scope: Scope;
  readonly scope3Category: number | null;
  readonly periodStart: string;
  readonly periodEnd: string;
  readonly factorKey: string;
  /** The record's equipment's form values, when it has equipment. */
  readonly attributes?: Readonly<Record<string, unknown>>;
}

/** The published version the engine runs for a record, compiled for one GWP set. */
export interface BoundCalculation {
  readonly versionId: string;
  readonly name: string;
  readonly number: number;
  readonly calculation: CompiledCalculation;
}

function isCalculationValue(value: unknown): value is CalculationValue {
  return (
    value === null ||
    typeof value === 'string' ||
    typeof value === 'boolean' ||
    (typeof value === 'number' && Number.isFinite(value))
  );
}

/**
 * The parameters of one record by name, as the dry run of a record shows them: its fields, then its equipment's
 * attributes that are plain values. Attributes are defined, not assigned, so `__proto__` is a name like any other,
 * and the formula reads only own properties. (The engine reads the same values with `recordParameterReaders`.)
 */
export function recordCalculationParameters(
  record: CalculableActivityRecord,
): Readonly<Record<string, CalculationValue>> {
  const parameters: Record<string, CalculationValue> = {
    quantity: record.quantity,
    unit: record.unit,
    activity_type: record.activityType,
    scope: record.scope,
    scope3_category: record.scope3Category,
    period_start: record.periodStart,
    period_end: record.periodEnd,
    factor_key: record.factorKey,
  };
  if (record.attributes !== undefined) {
    for (const name of Object.keys(record.attributes)) {
      const value = record.attributes[name];
      if (isCalculationValue(value) && !Object.hasOwn(parameters, name)) {
        Object.defineProperty(parameters, name, {
          value,
          enumerable: true,
          writable: true,
          configurable: true,
        });
      }
    }
  }
  return parameters;
}

/** Reads one parameter's value off a record (undefined when the record does not give it). */
export type RecordParameterReader = (record: CalculableActivityRecord) => CalculationValue | undefined;

function attributeReader(name: string): RecordParameterReader {
  return (record) => {
    const attributes = record.attributes;
    // Own properties only, so `__proto__` or `constructor` is a name like any other.
    if (attributes === undefined || !Object.hasOwn(attributes, name)) return undefined;
    const value = attributes[name];
    return isCalculationValue(value) ? value : undefined;
  };
}

/**
 * How to read each of `parameters` off a record: its fields under fixed names, then its equipment's attributes
 * that are plain values (a record field wins over an attribute of its name). Built once per compiled version, so
 * a record's values are read with no object built and no lookup by name of its fields.
 */
export function recordParameterReaders(parameters: readonly string[]): readonly RecordParameterReader[] {
  return parameters.map((name): RecordParameterReader => {
    switch (name) {
      case 'quantity':
        return (record) => record.quantity;
      case 'unit':
        return (record) => record.unit;
      case 'activity_type':
        return (record) => record.activityType;
      case 'scope':
        return (record) => record.scope;
      case 'scope3_category':
        return (record) => record.scope3Category;
      case 'period_start':
        return (record) => record.periodStart;
      case 'period_end':
        return (record) => record.periodEnd;
      case 'factor_key':
        return (record) => record.factorKey;
      default:
        return attributeReader(name);
    }
  });
}

/** `calculation:<version id>`, what a result names as its method. */
export function realmCalculationMethodId(versionId: string): `calculation:${string}` {
  return `calculation:${versionId}`;
}

export function isRealmCalculationMethodId(id: string): id is `calculation:${string}` {
  return id.startsWith('calculation:');
}

const labelOf = (bound: BoundCalculation) => `Calculation '${bound.name}' version ${bound.number}`;

/** What running a bound version needs besides its formula, built once per version rather than once per record. */
interface BoundRun {
  readonly factorVersion: string;
  readonly methodId: `calculation:${string}`;
  readonly readers: readonly RecordParameterReader[];
  /** The values of one record, refilled for each (a run reads them before it returns). */
  readonly values: (CalculationValue | undefined)[];
}

const runsByBound = new WeakMap<BoundCalculation, BoundRun>();

function runOf(bound: BoundCalculation): BoundRun {
  let run = runsByBound.get(bound);
  if (!run) {
    run = {
      factorVersion: `${bound.name} v${bound.number}`,
      methodId: realmCalculationMethodId(bound.versionId),
      readers: recordParameterReaders(bound.calculation.parameters),
      values: new Array<CalculationValue | undefined>(bound.calculation.parameters.length).fill(undefined),
    };
    runsByBound.set(bound, run);
  }
  return run;
}

/** A record's result row from its calculation's outcome, or the formula's first error at its line. */
function resultOf(
  record: CalculableActivityRecord,
  bound: BoundCalculation,
  run: BoundRun,
  outcome: CalculationOutcome,
): ActivityResultsOutcome {
  if (!outcome.isSuccess) {
    const label = labelOf(bound);
    const [first] = outcome.errors;
    return {
      ok: false,
      errors: [
        {
          path: 'quantity',
          message: first
            ? `${label}, line ${first.line}, column ${first.column}: ${first.message}`
            : `${label} cannot run`,
        },
      ],
    };
  }
  if (typeof outcome.value !== 'number' || !Number.isFinite(outcome.value)) {
    return {
      ok: false,
      errors: [{ path: 'quantity', message: `${labelOf(bound)} answered no number of kg CO2e` }],
    };
  }
  const row: ActivityResultRow = {
    scope2Method: record.scope === 2 ? 'location' : '',
    scope: record.scope,
    scope3Category: record.scope === 3 ? (record.scope3Category as Scope3Category | null) : null,
    gases: (outcome.gases ?? {}) as Readonly<Partial<Record<GasId, number>>>,
    co2eKg: outcome.value,
    factorKey: record.factorKey,
    factorVersion: run.factorVersion,
    calculationMethodId: run.methodId,
    isFallback: false,
  };
  return { ok: true, rows: [row] };
}

/** Runs the bound calculation for a record: one result row, or the formula's first error at its line. */
export function calculateWithBoundCalculation(
  record: CalculableActivityRecord,
  bound: BoundCalculation,
): ActivityResultsOutcome {
  const run = runOf(bound);
  const { readers, values } = run;
  for (let index = 0; index < readers.length; index += 1) {
    values[index] = (readers[index] as RecordParameterReader)(record);
  }
  return resultOf(record, bound, run, bound.calculation.evaluateValues(values));
}

/**
 * Runs the bound calculation for `count` records at once (`evaluateColumns`, decision 054) and hands each record's
 * outcome to `onOutcome` in index order, as `calculateWithBoundCalculation` would answer it. `recordAt` may answer
 * one object refilled for each index; it is asked twice per record (its values, then its result row). Outcomes are
 * handed over, not collected, so each is garbage as soon as it is used. A calculation reading datasets (LOOKUP)
 * reads them at the date last set, so the caller gives records of one date at a time.
 */
export function calculateManyWithBoundCalculation(
  bound: BoundCalculation,
  count: number,
  recordAt: (index: number) => CalculableActivityRecord,
  onOutcome: (index: number, outcome: ActivityResultsOutcome) => void,
): void {
  const run = runOf(bound);
  const readers = run.readers;
  const columns = readers.map(() => new Array<CalculationValue | undefined>(count));
  for (let index = 0; index < count; index += 1) {
    const record = recordAt(index);
    for (let input = 0; input < readers.length; input += 1) {
      (columns[input] as (CalculationValue | undefined)[])[index] = (readers[input] as RecordParameterReader)(
        record,
      );
    }
  }
  const outcomes = bound.calculation.evaluateColumns(columns, count);
  const gases = [...outcomes.gases.keys()];
  const masses = [...outcomes.gases.values()];
  const values = outcomes.values;
  for (let index = 0; index < count; index += 1) {
    let outcome = outcomes.others.get(index);
    if (outcome === undefined) {
      let byGas: Record<string, number> | undefined;
      if (gases.length > 0) {
        byGas = {};
        for (let gas = 0; gas < gases.length; gas += 1) {
          byGas[gases[gas] as string] = (masses[gas] as Float64Array)[index] as number;
        }
      }
      outcome = { isSuccess: true, value: values[index] as number, gases: byGas, trace: NO_TRACE };
    }
    onOutcome(index, resultOf(recordAt(index), bound, run, outcome));
  }
}

/** One version of a realm dataset: in force from `asOf` (YYYY-MM-DD) until a later version's date. */
export interface DatasetVersionRows {
  readonly asOf: string;
  readonly columns: readonly string[];
  readonly rows: readonly Readonly<Record<string, CalculationValue>>[];
}

/** The datasets LOOKUP reads, answering from the version in force on the date set before each evaluation. */
export interface DatedCalculationDatasets extends CalculationDatasets {
  /** The record's date (YYYY-MM-DD): LOOKUP then reads the version whose `asOf` is the latest on or before it. */
  setDate(date: string): void;
}

/**
 * Datasets by name, each with its versions; a formula compiled against them is checked against every column any
 * version has, and a run reads the version in force at the date last set (none in force: no row matches).
 */
export function createDatedDatasets(
  datasets: ReadonlyMap<string, readonly DatasetVersionRows[]>,
): DatedCalculationDatasets {
  let date = '9999-12-31';
  const byName = new Map<string, CalculationDataset>();
  for (const [name, unsorted] of datasets) {
    const versions = [...unsorted].sort((left, right) => right.asOf.localeCompare(left.asOf));
    const indexes = new Map<DatasetVersionRows, Map<string, Map<CalculationValue, CalculationValue>>>();
    const columns = [...new Set(versions.flatMap((version) => version.columns))];
    const indexOf = (version: DatasetVersionRows, keyColumn: string, valueColumn: string) => {
      let byColumns = indexes.get(version);
      if (!byColumns) {
        byColumns = new Map();
        indexes.set(version, byColumns);
      }
      const indexKey = `${keyColumn}\u0000${valueColumn}`;
      let index = byColumns.get(indexKey);
      if (!index) {
        index = new Map();
        // The first row of a key wins, as LOOKUP is documented to answer.
        for (const row of version.rows) {
          const key = row[keyColumn];
          if (key !== undefined && !index.has(key)) index.set(key, row[valueColumn] ?? null);
        }
        byColumns.set(indexKey, index);
      }
      return index;
    };
    byName.set(name, {
      columns,
      lookup(keyColumn, key, valueColumn) {
        const version = versions.find((each) => each.asOf <= date);
        if (!version) return undefined;
        const index = indexOf(version, keyColumn, valueColumn);
        if (index.has(key)) return index.get(key);
        // A key typed as a number may be stored as its text (CSV) and the other way round.
        const other =
          typeof key === 'number' ? String(key) : typeof key === 'string' ? Number(key) : undefined;
        return other !== undefined && index.has(other) ? index.get(other) : undefined;
      },
    });
  }
  return {
    get: (name) => byName.get(name),
    setDate(next) {
      date = next;
    },
  };
}
