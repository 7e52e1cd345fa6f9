import {
  ANALYSIS_DIMENSION_LABELS,
  ANALYSIS_MEASURE_LABELS,
  ANALYSIS_RECORDS_PAGE_SIZE,
  analysisFiltersSchema,
  DEFAULT_CONSOLIDATION_APPROACH,
  type AnalysisDimension,
  type AnalysisDimensionValuesResponse,
  type AnalysisFilters,
  type AnalysisQuery,
  type AnalysisRecordsRequest,
  type AnalysisRecordsResponse,
  type AnalysisResponse,
  type AnalysisRow,
  type ConsolidationApproach,
  type ExportFormat,
  type FieldErrors,
} from '@ecc/contracts';
import {
  createAnalysisRepository,
  createOrganisationRepository,
  readRealmGwpSetId,
  type AnalysisAggregateRow,
  type AnalysisSettings,
  type Database,
} from '@ecc/db';
import { emissionIntensity } from '@ecc/domain';
import { fieldRefusal } from '#platform/errors.ts';
import type { ExportColumn, TableExport } from '#platform/table-export.ts';

/*
 * The analysis pivot (issue 11 item 3, decision 028): checks what the contract cannot (combinations of measures,
 * dimensions and filters), reads the realm's boundary and GWP set, lets the database group (one statement), and
 * shapes the answer: cells, subtotals, the grand total, comparison values and intensities.
 */

interface RealmRef {
  id: string;
}

interface RealmContext {
  gwpSetId: string;
  settings: AnalysisSettings;
  baseYear: number | null;
}

async function realmContext(db: Database, realmId: string): Promise<RealmContext> {
  const [boundary, gwpSetId] = await Promise.all([
    createOrganisationRepository(db).findBoundary(realmId),
    readRealmGwpSetId(db, realmId),
  ]);
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
function refusalsOf(query: AnalysisQuery, baseYear: number | null): FieldErrors {
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

export async function runAnalysis(
  db: Database,
  realm: RealmRef,
  query: AnalysisQuery,
): Promise<AnalysisResponse> {
  const context = await realmContext(db, realm.id);
  const errors = refusalsOf(query, context.baseYear);
  if (Object.keys(errors).length > 0) throw fieldRefusal(400, errors);

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
    realm.id,
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
    ? await realmDenominators(db, realm.id, query.denominator!)
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

  return {
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

export async function analysisDimensionValues(
  db: Database,
  realm: RealmRef,
): Promise<AnalysisDimensionValuesResponse> {
  const context = await realmContext(db, realm.id);
  const rows = await createAnalysisRepository(db).dimensionValues(
    realm.id,
    context.gwpSetId,
    context.settings,
  );
  const values: AnalysisDimensionValuesResponse['values'] = {};
  for (const row of rows) (values[row.dimension] ??= []).push({ value: row.value, label: row.label });
  return { values };
}

/** A cell's keys as filters: each key narrows its dimension to that one value (the unit is a record's own). */
function cellFilters(filters: AnalysisFilters, keys: Record<string, string | number>): AnalysisFilters {
  const narrowed: Record<string, unknown> = { ...filters };
  for (const [dimension, value] of Object.entries(keys)) {
    if (dimension in ANALYSIS_DIMENSION_LABELS) narrowed[dimension] = [value];
  }
  return narrowed as AnalysisFilters;
}

export async function analysisRecords(
  db: Database,
  realm: RealmRef,
  request: AnalysisRecordsRequest,
): Promise<AnalysisRecordsResponse> {
  const unknownKeys = Object.keys(request.keys).filter(
    (key) => !(key in ANALYSIS_DIMENSION_LABELS) && key !== 'unit',
  );
  if (unknownKeys.length > 0) {
    throw fieldRefusal(
      400,
      Object.fromEntries(
        unknownKeys.map((key) => [`body/keys/${key}`, `Unknown dimension ${JSON.stringify(key)}`]),
      ),
    );
  }
  const filters = analysisFiltersSchema.safeParse(cellFilters(request.filters, request.keys));
  if (!filters.success) {
    throw fieldRefusal(
      400,
      Object.fromEntries(
        filters.error.issues.map((issue) => [`body/keys/${String(issue.path[0] ?? '')}`, issue.message]),
      ),
    );
  }
  const context = await realmContext(db, realm.id);
  const unit = request.keys.unit;
  const { rows, total } = await createAnalysisRepository(db).records(
    realm.id,
    context.gwpSetId,
    context.settings,
    {
      filters: filters.data,
      scope2Method: request.scope2Method,
      unit: unit === undefined ? undefined : String(unit),
      limit: ANALYSIS_RECORDS_PAGE_SIZE,
      offset: (request.page - 1) * ANALYSIS_RECORDS_PAGE_SIZE,
    },
  );
  return {
    records: rows.map((row) => ({ ...row, trailPath: `/api/activity-records/${row.id}/trail` })),
    total,
    page: request.page,
    pageSize: ANALYSIS_RECORDS_PAGE_SIZE,
  };
}

/** The pivot's rows as a download: cells, then subtotals, then the grand total, a column per key and measure. */
export function analysisExportTable(
  query: AnalysisQuery,
  answer: AnalysisResponse,
  format: ExportFormat,
): TableExport<AnalysisRow & { level: string }> {
  const dimensions = [...query.rows, ...query.columns];
  const hasUnit = query.measures.includes('activityQuantity');
  const keyColumns: ExportColumn<AnalysisRow & { level: string }>[] = [
    ...dimensions.map((dimension) => ({
      header: ANALYSIS_DIMENSION_LABELS[dimension],
      value: (row: AnalysisRow) => {
        const key = row.keys[dimension];
        return key === undefined ? 'Total' : (answer.labels[dimension]?.[String(key)] ?? key);
      },
    })),
    ...(hasUnit ? [{ header: 'Unit', value: (row: AnalysisRow) => row.keys.unit ?? '' }] : []),
  ];
  const measureColumns = query.measures.flatMap((measure) => [
    { header: ANALYSIS_MEASURE_LABELS[measure], value: (row: AnalysisRow) => row.values[measure] ?? null },
    ...(answer.comparisonYears
      ? [
          {
            header: `${ANALYSIS_MEASURE_LABELS[measure]} in ${answer.comparisonYears.comparison}`,
            value: (row: AnalysisRow) => row.comparison?.[measure] ?? null,
          },
        ]
      : []),
  ]);
  const rows = [
    ...answer.rows.map((row) => ({ ...row, level: 'Cell' })),
    ...answer.subtotals.map((row) => ({ ...row, level: 'Subtotal' })),
    {
      keys: {},
      values: answer.totals,
      ...(answer.comparisonTotals ? { comparison: answer.comparisonTotals } : {}),
      level: 'Grand total',
    },
  ];
  return {
    format,
    name: 'analysis',
    columns: [{ header: 'Level', value: (row) => row.level }, ...keyColumns, ...measureColumns],
    pages: [rows],
  };
}
