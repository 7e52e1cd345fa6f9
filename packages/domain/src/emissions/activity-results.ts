import {
  createItemCalculator,
  type EstimateItem,
  type ItemCalculatorHandle,
  type ItemEmissions,
  type ItemError,
  type Scope2Method,
} from './calculation/index.ts';
import {
  FACTOR_LIBRARY_BY_ID,
  type EmissionFactor,
  type FactorLookup,
  type Scope,
  type Scope3Category,
} from './factor-library.ts';
import type { GasId, GwpSetId } from './gwp.ts';

/**
 * Turns one stored activity record into the `emission_results` rows the engine answers for it: one row, or two
 * for Scope 2 (location-based and market-based, reported side by side as the GHG Protocol Scope 2 Guidance
 * requires). All arithmetic and every error message come from the calculation engine (`calculate.ts`).
 */

/** The fields of an activity record the engine needs (as stored in `activity_records`). */
export interface ActivityRecordInput {
  readonly id: string;
  readonly quantity: number;
  readonly unit: string;
  /** A library factor id or a realm factor's key (`realm:<uuid>`). */
  readonly factorKey: string;
  readonly scope: Scope;
  readonly scope3Category?: number | null;
  /** Share (0..1) of a Scope 2 quantity covered by certificates; applies to the market-based result only. */
  readonly certificateCoverage?: number | null;
}

/** Formulas a result can name, matching the rows of `calculation_methods`. */
export const CALCULATION_METHOD_IDS = [
  'direct',
  'heat-content',
  'scope2-location',
  'scope2-market',
  'co2e-published',
] as const;
export type CalculationMethodId = (typeof CALCULATION_METHOD_IDS)[number];
/** A realm calculation's version that produced a result (issue 13 item 2): `calculation:<version id>`. */
export type RealmCalculationMethodId = `calculation:${string}`;

export interface ActivityResultRow {
  /** '' outside Scope 2 (the column is part of the results' key, so never null). */
  readonly scope2Method: '' | Scope2Method;
  readonly scope: Scope;
  readonly scope3Category: Scope3Category | null;
  /** kg of each gas, before any GWP. */
  readonly gases: Readonly<Partial<Record<GasId, number>>>;
  readonly co2eKg: number;
  readonly factorKey: string;
  readonly factorVersion: string;
  readonly calculationMethodId: CalculationMethodId | RealmCalculationMethodId;
  /** Market-based result computed with a grid-average factor, to be disclosed as such. */
  readonly isFallback: boolean;
}

/** A problem with the record; `path` names the record's field (`quantity`, `unit`, `factorKey`, …). */
export interface ActivityResultError {
  readonly path: string;
  readonly message: string;
}

export type ActivityResultsOutcome =
  | { readonly ok: true; readonly rows: readonly ActivityResultRow[] }
  | { readonly ok: false; readonly errors: readonly ActivityResultError[] };

/** Names the edition of a factor a result was calculated with, for the trail back to the factor. */
export type FactorVersionOf = (factorKey: string, factor: EmissionFactor) => string;

export interface ActivityCalculator {
  readonly gwp: GwpSetId;
  readonly factors: FactorLookup;
  readonly items: ItemCalculatorHandle;
  readonly factorVersionOf: FactorVersionOf;
}

export interface ActivityCalculatorOptions {
  /** The realm's factors: the shipped library plus its own published factors. Defaults to the library. */
  readonly factors?: FactorLookup;
  /** Defaults to the factor's year, the edition label of the shipped library's sources. */
  readonly factorVersionOf?: FactorVersionOf;
}

const yearAsVersion: FactorVersionOf = (_factorKey, factor) => String(factor.year);

/** One per realm and GWP set, reused for many records so the engine's factor plans carry over. */
export function createActivityCalculator(
  gwp: GwpSetId,
  options: ActivityCalculatorOptions = {},
): ActivityCalculator {
  const factors = options.factors ?? FACTOR_LIBRARY_BY_ID;
  return {
    gwp,
    factors,
    items: createItemCalculator(gwp, { factors }),
    factorVersionOf: options.factorVersionOf ?? yearAsVersion,
  };
}

/** Engine paths are relative to an estimate item; a record calls its factor `factorKey`. */
function recordPath(itemPath: string): string {
  return itemPath === 'factor' || itemPath.startsWith('factor.') ? 'factorKey' : itemPath;
}

function methodOf(result: ItemEmissions): CalculationMethodId {
  if (result.publishedCo2eGwp !== undefined) return 'co2e-published';
  if (result.scope2Method === 'location') return 'scope2-location';
  if (result.scope2Method === 'market') return 'scope2-market';
  return result.basis;
}

function toRow(
  result: ItemEmissions,
  record: ActivityRecordInput,
  factor: EmissionFactor,
  calculator: ActivityCalculator,
): ActivityResultRow {
  return {
    scope2Method: result.scope2Method ?? '',
    scope: result.scope,
    scope3Category: result.scope3Category ?? null,
    gases: result.gases,
    co2eKg: result.co2e,
    factorKey: record.factorKey,
    factorVersion: calculator.factorVersionOf(record.factorKey, factor),
    calculationMethodId: methodOf(result),
    isFallback: result.isGridAverageFallback,
  };
}

function addErrors(errors: ActivityResultError[], itemErrors: readonly ItemError[]): void {
  for (const { path, message } of itemErrors) {
    const mapped = recordPath(path);
    // Both Scope 2 methods check the same fields: report each problem once.
    if (!errors.some((error) => error.path === mapped && error.message === message)) {
      errors.push({ path: mapped, message });
    }
  }
}

/**
 * The engine items one activity record is calculated as: one item, or for Scope 2 a location-based item with the
 * record's factor and a market-based item with the certificate coverage applied (GHG Protocol Scope 2 Guidance:
 * both reported side by side). A residual-mix or supplier-specific factor cannot stand for the grid, so such a
 * record gets only its market-based item. The browser's preview of a record asks the estimate API for these same
 * items, so it shows what saving will store.
 */
export function activityRecordItems(
  record: ActivityRecordInput,
  electricityBasis?: EmissionFactor['electricityBasis'],
): EstimateItem[] {
  const base = {
    id: record.id,
    quantity: record.quantity,
    unit: record.unit,
    factor: { id: record.factorKey },
    scope: record.scope,
    ...(record.scope3Category === null || record.scope3Category === undefined
      ? {}
      : { scope3Category: record.scope3Category }),
    ...(record.certificateCoverage === null || record.certificateCoverage === undefined
      ? {}
      : { certificateCoverage: record.certificateCoverage }),
  };
  if (record.scope !== 2) {
    // Coverage outside Scope 2 is refused by the engine with its own message.
    return [base];
  }
  const { certificateCoverage: _coverage, ...locationBased } = base;
  const isGridFactor = electricityBasis !== 'residual-mix' && electricityBasis !== 'supplier-specific';
  return [
    ...(isGridFactor ? [{ ...locationBased, scope2Method: 'location' as const }] : []),
    { ...base, scope2Method: 'market' as const },
  ];
}

/** The results of one activity record: the `emission_results` rows of its items (`activityRecordItems`). */
export function calculateActivityResults(
  record: ActivityRecordInput,
  calculator: ActivityCalculator,
): ActivityResultsOutcome {
  const factor: EmissionFactor | undefined =
    typeof record.factorKey === 'string' ? calculator.factors.get(record.factorKey) : undefined;
  const items = activityRecordItems(record, factor?.electricityBasis);
  const rows: ActivityResultRow[] = [];
  const errors: ActivityResultError[] = [];
  for (const item of items) {
    const calculation = calculator.items.calculate(item);
    if (!calculation.ok) addErrors(errors, calculation.errors);
    else if (factor !== undefined) rows.push(toRow(calculation.result, record, factor, calculator));
  }
  return errors.length > 0 ? { ok: false, errors } : { ok: true, rows };
}
