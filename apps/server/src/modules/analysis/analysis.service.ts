import {
  ANALYSIS_DIMENSION_LABELS,
  ANALYSIS_MEASURE_LABELS,
  ANALYSIS_RECORDS_PAGE_SIZE,
  analysisFiltersSchema,
  type AnalysisDimensionValuesResponse,
  type AnalysisFilters,
  type AnalysisQuery,
  type AnalysisRecordsRequest,
  type AnalysisRecordsResponse,
  type AnalysisResponse,
  type AnalysisRow,
  type ExportFormat,
} from '@ecc/contracts';
import {
  createAnalysisRepository,
  readAnalysisRealmContext,
  runRealmAnalysis,
  type AnalysisRecordRow,
  type Database,
} from '@ecc/db';
import { fieldRefusal } from '#platform/errors.ts';
import type { ExportColumn, TableExport } from '#platform/table-export.ts';

/*
 * The analysis pivot's routes (issue 11 item 3, decision 028); the pivot itself is `runRealmAnalysis` in
 * packages/db, which the report builder's saved-analysis sections run too.
 */

interface RealmRef {
  id: string;
}

/** The pivot (`runRealmAnalysis`); 400 naming each field of a combination it cannot answer. */
export async function runAnalysis(
  db: Database,
  realm: RealmRef,
  query: AnalysisQuery,
): Promise<AnalysisResponse> {
  const outcome = await runRealmAnalysis(db, realm.id, query);
  if (!outcome.isAnswered) throw fieldRefusal(400, outcome.fieldErrors);
  return outcome.answer;
}

export async function analysisDimensionValues(
  db: Database,
  realm: RealmRef,
): Promise<AnalysisDimensionValuesResponse> {
  const context = await readAnalysisRealmContext(db, realm.id);
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

/** What a cell's records are read by: the query's filters, the cell's keys and the Scope 2 method. */
export type AnalysisCell = Omit<AnalysisRecordsRequest, 'page'>;

/** A cell's records from `offset`, at most `limit` of them, and how many there are in all. */
export type CellRecordsReader = (
  offset: number,
  limit: number,
) => Promise<{ rows: AnalysisRecordRow[]; total: number }>;

/**
 * Checks a cell's keys (400 naming each one under `fieldPrefix`, where the request carried them) and reads the
 * realm's analysis settings once, for reading the cell's records a range at a time.
 */
export async function cellRecordsReader(
  db: Database,
  realm: RealmRef,
  cell: AnalysisCell,
  fieldPrefix: string,
): Promise<CellRecordsReader> {
  const unknownKeys = Object.keys(cell.keys).filter(
    (key) => !(key in ANALYSIS_DIMENSION_LABELS) && key !== 'unit',
  );
  if (unknownKeys.length > 0) {
    throw fieldRefusal(
      400,
      Object.fromEntries(
        unknownKeys.map((key) => [`${fieldPrefix}/keys/${key}`, `Unknown dimension ${JSON.stringify(key)}`]),
      ),
    );
  }
  const filters = analysisFiltersSchema.safeParse(cellFilters(cell.filters, cell.keys));
  if (!filters.success) {
    throw fieldRefusal(
      400,
      Object.fromEntries(
        filters.error.issues.map((issue) => [
          `${fieldPrefix}/keys/${String(issue.path[0] ?? '')}`,
          issue.message,
        ]),
      ),
    );
  }
  const context = await readAnalysisRealmContext(db, realm.id);
  const unit = cell.keys.unit;
  const repository = createAnalysisRepository(db);
  return (offset, limit) =>
    repository.records(realm.id, context.gwpSetId, context.settings, {
      filters: filters.data,
      scope2Method: cell.scope2Method,
      unit: unit === undefined ? undefined : String(unit),
      limit,
      offset,
    });
}

export async function analysisRecords(
  db: Database,
  realm: RealmRef,
  request: AnalysisRecordsRequest,
): Promise<AnalysisRecordsResponse> {
  const read = await cellRecordsReader(db, realm, request, 'body');
  const { rows, total } = await read(
    (request.page - 1) * ANALYSIS_RECORDS_PAGE_SIZE,
    ANALYSIS_RECORDS_PAGE_SIZE,
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
