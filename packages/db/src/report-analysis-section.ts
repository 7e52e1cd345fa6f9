import {
  ANALYSIS_DIMENSION_LABELS,
  ANALYSIS_MEASURE_LABELS,
  ANALYSIS_TIME_DIMENSIONS,
  analysisKeyLabel,
  type AnalysisMeasure,
  type AnalysisQuery,
  type AnalysisResponse,
  type AnalysisRow,
  type ReportChart,
  type ReportTable,
} from '@ecc/contracts';

/*
 * A saved analysis as a report shows it (issue 11 item 4): the pivot's cells, subtotals and grand total as one
 * table (a column per key and measure, numbers as numbers), and its chart: the first measure by the rows' keys,
 * stacked by the columns' keys, as lines when the rows are time.
 */

/** Bars of a chart beyond these are left to the table: a chart of 6,000 facilities cannot be read. */
export const MAX_ANALYSIS_CHART_CATEGORIES = 25;

const MEASURE_HEADERS: Readonly<Record<AnalysisMeasure, string>> = {
  co2e: 'CO2e (kg)',
  gasMass: 'Gas mass (kg)',
  activityQuantity: 'Activity quantity',
  intensity: 'Intensity (kg CO2e per denominator unit)',
};

/** Measures in kg, which a chart draws; quantities of mixed units and intensities are read in the table. */
const CHARTED_MEASURES: readonly AnalysisMeasure[] = ['co2e', 'gasMass'];

export function analysisReportTable(
  title: string,
  query: AnalysisQuery,
  answer: AnalysisResponse,
): ReportTable {
  const dimensions = [...query.rows, ...query.columns];
  const hasUnit = query.measures.includes('activityQuantity');
  const comparisonYear = answer.comparisonYears?.comparison;
  const rowOf = (row: AnalysisRow, level: string) => {
    const cells: ReportTable['rows'][number] = { level };
    for (const dimension of dimensions) {
      cells[dimension] = analysisKeyLabel(dimension, row.keys[dimension], answer.labels);
    }
    if (hasUnit) cells.unit = typeof row.keys.unit === 'string' ? row.keys.unit : '';
    for (const measure of query.measures) {
      cells[measure] = row.values[measure] ?? null;
      if (comparisonYear !== undefined) cells[`${measure}Comparison`] = row.comparison?.[measure] ?? null;
    }
    return cells;
  };
  return {
    title,
    columns: [
      { key: 'level', header: 'Level', isNumber: false },
      ...dimensions.map((dimension) => ({
        key: dimension,
        header: ANALYSIS_DIMENSION_LABELS[dimension],
        isNumber: false,
      })),
      ...(hasUnit ? [{ key: 'unit', header: 'Unit', isNumber: false }] : []),
      ...query.measures.flatMap((measure) => [
        { key: measure, header: MEASURE_HEADERS[measure], isNumber: true },
        ...(comparisonYear === undefined
          ? []
          : [
              {
                key: `${measure}Comparison`,
                header: `${ANALYSIS_MEASURE_LABELS[measure]} in ${comparisonYear}`,
                isNumber: true,
              },
            ]),
      ]),
    ],
    rows: [
      ...answer.rows.map((row) => rowOf(row, 'Cell')),
      ...(query.subtotals ? answer.subtotals.map((row) => rowOf(row, 'Subtotal')) : []),
      rowOf(
        {
          keys: {},
          values: answer.totals,
          ...(answer.comparisonTotals ? { comparison: answer.comparisonTotals } : {}),
        },
        'Grand total',
      ),
    ],
  };
}

/**
 * The view's chart from an answer computed with subtotals (the rows' totals come from the database, not from
 * adding cells here): none when the first measure is not a mass or nothing is on the rows.
 */
export function analysisReportChart(
  title: string,
  query: AnalysisQuery,
  answer: AnalysisResponse,
): ReportChart | undefined {
  const measure = query.measures[0];
  if (measure === undefined || !CHARTED_MEASURES.includes(measure) || query.rows.length === 0)
    return undefined;
  const isOverTime = query.rows.some((dimension) => ANALYSIS_TIME_DIMENSIONS.includes(dimension));
  const rowKeyOf = (row: AnalysisRow) => JSON.stringify(query.rows.map((dimension) => row.keys[dimension]));
  const isRowTotal = (row: AnalysisRow) =>
    query.rows.every((dimension) => row.keys[dimension] !== undefined) &&
    query.columns.every((dimension) => row.keys[dimension] === undefined);
  const rowTotals = (query.columns.length === 0 ? answer.rows : answer.subtotals).filter(isRowTotal);
  const ordered = isOverTime
    ? [...rowTotals].sort((left, right) =>
        rowKeyOf(left).localeCompare(rowKeyOf(right), 'en', { numeric: true }),
      )
    : [...rowTotals].sort((left, right) => (right.values[measure] ?? 0) - (left.values[measure] ?? 0));
  const shown = isOverTime ? ordered : ordered.slice(0, MAX_ANALYSIS_CHART_CATEGORIES);
  const labelOf = (row: AnalysisRow, dimensions: readonly string[]) =>
    dimensions
      .map((dimension) => analysisKeyLabel(dimension, row.keys[dimension], answer.labels))
      .join(' · ');

  let series: ReportChart['series'];
  if (query.columns.length > 0) {
    const cellsByRow = new Map<string, Map<string, number | null>>();
    const columnNames = new Map<string, string>();
    for (const cell of answer.rows) {
      const columnKey = JSON.stringify(query.columns.map((dimension) => cell.keys[dimension]));
      columnNames.set(columnKey, labelOf(cell, query.columns));
      const cells = cellsByRow.get(rowKeyOf(cell)) ?? new Map<string, number | null>();
      cells.set(columnKey, cell.values[measure] ?? null);
      cellsByRow.set(rowKeyOf(cell), cells);
    }
    series = [...columnNames].map(([columnKey, name]) => ({
      name,
      values: shown.map((row) => cellsByRow.get(rowKeyOf(row))?.get(columnKey) ?? null),
    }));
  }
  const truncation =
    shown.length < ordered.length ? `, the largest ${shown.length} of ${ordered.length}` : '';
  return {
    kind: isOverTime ? 'line' : 'bar',
    title: `${title} (${ANALYSIS_MEASURE_LABELS[measure]}, kg${truncation})`,
    categories: shown.map((row) => labelOf(row, query.rows)),
    values: shown.map((row) => row.values[measure] ?? 0),
    ...(series === undefined ? {} : { series }),
    unit: 'kg',
  };
}
