import {
  ANALYSIS_DIMENSION_LABELS,
  DEFAULT_CONSOLIDATION_APPROACH,
  type AnalysisDimension,
  type AnalysisQuery,
  type AnalysisResponse,
  type AnalysisRow,
  type ConsolidationApproach,
  type FieldErrors,
} from '@ecc/contracts';
import { emissionIntensity } from '@ecc/domain';
import {
  createAnalysisRepository,
  type AnalysisAggregateRow,
  type AnalysisSettings,
} from './analysis-repository.ts';
import type { Database } from './create-database.ts';
import { createOrganisationRepository } from './organisation-repository.ts';
import { readRealmGwpSetId } from './result-gwp-sets.ts';

/*
 * The analysis pivot (issue 11 item 3, decision 028) for every reader: `POST /api/analysis/query`, its exports,
 * and the report builder's saved-analysis sections and schedules (modules do not import each other).
 */

export interface AnalysisRealmContext {
  gwpSetId: string;
  settings: AnalysisSettings;
  baseYear: number | null;
}

/** The realm's GWP set, consolidation approach, reporting year and base year: what every analysis reads first. */
export async function readAnalysisRealmContext(db: Database, realmId: string): Promise<AnalysisRealmContext> {
  // One after the other: `db` may be a transaction, one pg client that must not run two queries at once.
  const boundary = await createOrganisationRepository(db).findBoundary(realmId);
  const gwpSetId = await readRealmGwpSetId(db, realmId);
  return {
    gwpSetId,
    settings: {
      consolidation: (boundary?.consolidationApproach ??
        DEFAULT_CONSOLIDATION_APPROACH) as ConsolidationApproach,
      reportingYearStartMonth: boundary?.reportingYearStartMonth ?? 1,
    },
    baseYear: boundary?.baseYear ?? null,
  };
}

/** The combinations the contract's shapes allow but the pivot cannot answer, each named by its field. */
export function analysisRefusalsOf(query: AnalysisQuery, baseYear: number | null): FieldErrors {
  const errors: FieldErrors = {};
  const isByGas =
    query.rows.includes('gas') || query.columns.includes('gas') || query.filters.gas !== undefined;
  query.measures.forEach((measure, index) => {
    const path = `body/measures/${index}`;
    if (measure === 'gasMass' && !isByGas) {
      errors[path] = 'Gas mass needs the gas dimension on rows or columns, or a gas filter';
    } else if (measure !== 'gasMass' && isByGas) {
      // A result's CO2e is not split by gas in the database (decision 022), and a record's quantity has no gas.
      errors[path] =
        `The measure ${JSON.stringify(measure)} cannot be split by gas; with the gas dimension or filter choose gas mass`;
    } else if (
      measure === 'intensity' &&
      !query.rows.includes('year') &&
      !query.columns.includes('year') &&
      query.filters.year?.length !== 1
    ) {
      errors[path] = 'Intensity needs the year dimension on rows or columns, or a filter of one year';
    }
  });
  if (query.measures.includes('intensity') && query.denominator === undefined) {
    errors['body/denominator'] =
      'Intensity needs a denominator: revenue, production, floor-area or headcount';
  }
  const seen = new Set<AnalysisDimension>();
  for (const [part, dimensions] of [
    ['rows', query.rows],
    ['columns', query.columns],
  ] as const) {
    dimensions.forEach((dimension, index) => {
      if (seen.has(dimension)) {
        errors[`body/${part}/${index}`] =
          `${ANALYSIS_DIMENSION_LABELS[dimension]} is already on the rows or columns`;
      }
      seen.add(dimension);
    });
  }
  if (query.comparison !== undefined) {
    if (query.filters.year?.length !== 1) {
      errors['body/filters/year'] = 'A comparison needs a filter of exactly one year';
    } else if (query.comparison === 'baseYear' && baseYear === null) {
      errors['body/comparison'] = 'The realm has no base year to compare with; set one under Organisation';
    } else if (query.comparison === 'baseYear' && baseYear === query.filters.year[0]) {
      errors['body/comparison'] = `The year ${baseYear} is the base year itself`;
    }
  }
  if (query.sort !== undefined) {
    const isDimension = (query.sort.by as string) in ANALYSIS_DIMENSION_LABELS;
    if (isDimension && !seen.has(query.sort.by as AnalysisDimension)) {
      errors['body/sort/by'] = `Sort by ${JSON.stringify(query.sort.by)}: it is not on the rows or columns`;
    } else if (!isDimension && !query.measures.includes(query.sort.by as AnalysisQuery['measures'][number])) {
      errors['body/sort/by'] =
        `Sort by ${JSON.stringify(query.sort.by)}: it is not one of the measures asked for`;
    }
  }
  return errors;
}

/**
 * The groupings above the finest for subtotals: each level of the rows by the columns, each level of the rows
 * alone (row totals), the columns alone (column totals).
 */
export function subtotalSetsOf(
  rows: readonly AnalysisDimension[],
  columns: readonly AnalysisDimension[],
): AnalysisDimension[][] {
  const sets: AnalysisDimension[][] = [];
  for (let level = rows.length - 1; level >= 0; level -= 1) sets.push([...rows.slice(0, level), ...columns]);
  if (columns.length > 0) {
    for (let level = rows.length; level >= 1; level -= 1) sets.push(rows.slice(0, level));
  }
  return sets.filter((set) => set.length > 0);
}

function compareKeys(left: string | number | undefined, right: string | number | undefined): number {
  if (left === right) return 0;
  if (left === undefined) return 1;
  if (right === undefined) return -1;
  if (typeof left === 'number' && typeof right === 'number') return left - right;
  return String(left).localeCompare(String(right));
}

/** The pivot's answer, or the fields of the query it cannot answer (each with a message naming what to change). */
export type RealmAnalysisOutcome =
  | { readonly isAnswered: true; readonly answer: AnalysisResponse }
  | { readonly isAnswered: false; readonly fieldErrors: FieldErrors };

/**
 * Runs a pivot over the realm's results: checks what the contract cannot (combinations of measures, dimensions and
 * filters), reads the realm's boundary and GWP set, lets the database group (one statement), and shapes the
 * answer: cells, subtotals, the grand total, comparison values and intensities.
 */
export async function runRealmAnalysis(
  db: Database,
  realmId: string,
  query: AnalysisQuery,
): Promise<RealmAnalysisOutcome> {
  const context = await readAnalysisRealmContext(db, realmId);
  const fieldErrors = analysisRefusalsOf(query, context.baseYear);
  if (Object.keys(fieldErrors).length > 0) return { isAnswered: false, fieldErrors };

  const dimensions = [...query.rows, ...query.columns];
  const currentYear = query.filters.year?.[0];
  const comparison =
    query.comparison === undefined || currentYear === undefined
      ? undefined
      : {
          current: currentYear,
          previous: query.comparison === 'baseYear' ? context.baseYear! : currentYear - 1,
        };
  const aggregates = await createAnalysisRepository(db).aggregate(
    realmId,
    context.gwpSetId,
    context.settings,
    {
      measures: query.measures,
      dimensions,
      subtotalSets: query.subtotals ? subtotalSetsOf(query.rows, query.columns) : [],
      filters: query.filters,
      scope2Method: query.scope2Method,
      comparison,
    },
  );

  const denominators = query.measures.includes('intensity')
    ? await realmDenominators(db, realmId, query.denominator!)
    : new Map<number, number>();
  const onlyYear = query.filters.year?.length === 1 ? query.filters.year[0] : undefined;
  const labels: Record<string, Record<string, string>> = { facility: {}, businessUnit: {} };

  const rowOf = (aggregate: AnalysisAggregateRow): AnalysisRow => {
    const keys: AnalysisRow['keys'] = {
      ...aggregate.keys,
      ...(aggregate.unit === undefined ? {} : { unit: aggregate.unit }),
    };
    if (aggregate.facilityName !== undefined && aggregate.keys.facility !== undefined)
      labels.facility![String(aggregate.keys.facility)] = aggregate.facilityName;
    if (aggregate.businessUnitName !== undefined && aggregate.keys.businessUnit !== undefined)
      labels.businessUnit![String(aggregate.keys.businessUnit)] = aggregate.businessUnitName;
    const year = typeof aggregate.keys.year === 'number' ? aggregate.keys.year : onlyYear;
    const withIntensity = (values: AnalysisAggregateRow['values'], valueYear: number | undefined) => {
      const shown: Record<string, number | null> = {};
      for (const measure of query.measures) {
        shown[measure] =
          measure === 'intensity'
            ? emissionIntensity(
                values.co2e ?? 0,
                valueYear === undefined ? null : denominators.get(valueYear),
              )
            : (values[measure] ?? null);
      }
      return shown;
    };
    return {
      keys,
      values: withIntensity(aggregate.values, year),
      ...(aggregate.comparison && comparison
        ? { comparison: withIntensity(aggregate.comparison, comparison.previous) }
        : {}),
    };
  };

  const isGrandTotal = (aggregate: AnalysisAggregateRow) =>
    Object.keys(aggregate.keys).length === 0 && aggregate.unit === undefined;
  const grand = aggregates.find(isGrandTotal);
  const finest = aggregates.filter((aggregate) => aggregate.isFinest && !isGrandTotal(aggregate)).map(rowOf);
  const subtotals = aggregates
    .filter((aggregate) => !aggregate.isFinest && !isGrandTotal(aggregate))
    .map(rowOf);
  const totals = grand
    ? rowOf(grand)
    : { keys: {}, values: Object.fromEntries(query.measures.map((m) => [m, 0])) };

  if (query.sort !== undefined) {
    const { by, direction } = query.sort;
    const sign = direction === 'asc' ? 1 : -1;
    const value = (row: AnalysisRow) => (by in row.keys ? row.keys[by] : (row.values[by] ?? undefined));
    const byValue = (left: AnalysisRow, right: AnalysisRow) =>
      sign * compareKeys(value(left) ?? undefined, value(right) ?? undefined);
    finest.sort(byValue);
    subtotals.sort(byValue);
  }

  const answer: AnalysisResponse = {
    rows: finest,
    subtotals,
    totals: totals.values,
    ...(comparison
      ? {
          comparisonTotals: totals.comparison ?? {},
          comparisonYears: { current: comparison.current, comparison: comparison.previous },
        }
      : {}),
    labels,
    gwpSetId: context.gwpSetId,
    consolidation: context.settings.consolidation,
  };
  return { isAnswered: true, answer };
}

/** The realm's own denominators of one kind (not a facility's), by year, in the kind's common unit. */
async function realmDenominators(db: Database, realmId: string, kind: string): Promise<Map<number, number>> {
  const rows = await createOrganisationRepository(db).listDenominators(realmId, { scope: 'realm' });
  return new Map(
    rows
      .filter((row) => row.denominator.kind === kind)
      .map((row) => [row.denominator.year, row.denominator.amount]),
  );
}
