import {
  ANALYSIS_UNIT_KEY,
  type AnalysisDimension,
  type AnalysisQuery,
  type AnalysisResponse,
  type AnalysisRow,
} from '@ecc/contracts';

/*
 * The pivot table's shape from the API's answer: the distinct keys down the side (rows, and the unit for
 * activity quantities) and across the top (columns), each cell's values, subtotal lines after each group of the
 * first row dimension, the row totals at the right and the column totals and grand total at the bottom.
 */

export type KeyValue = string | number;
export type MeasureValues = AnalysisRow['values'];

export interface PivotColumn {
  id: string;
  keys: Record<string, KeyValue>;
}

export interface PivotLine {
  id: string;
  kind: 'cell' | 'subtotal' | 'total';
  /** The keys of the side dimensions this line has (a subtotal has the first ones only). */
  keys: Record<string, KeyValue>;
  /** One entry per column, in `columns` order; undefined where the data has no cell. */
  cells: (AnalysisRow | undefined)[];
  /** The line's total across the columns, when there are columns and subtotals were asked for. */
  rowTotal: AnalysisRow | undefined;
  /**
   * The grand total written across the whole line instead of cells: the total line when there are columns but no
   * subtotals were asked for, so neither column totals nor a Total column exist to hold it.
   */
  grandTotal?: AnalysisRow;
}

export interface PivotModel {
  /** The dimensions down the side, with `unit` last when activity quantities are shown. */
  sideKeys: string[];
  columns: PivotColumn[];
  lines: PivotLine[];
}

const idOf = (keys: Record<string, KeyValue>, names: readonly string[]) =>
  JSON.stringify(names.map((name) => keys[name] ?? null));

function pick(keys: Record<string, KeyValue>, names: readonly string[]): Record<string, KeyValue> {
  return Object.fromEntries(names.flatMap((name) => (keys[name] === undefined ? [] : [[name, keys[name]]])));
}

function hasExactly(row: AnalysisRow, names: readonly string[]): boolean {
  const keys = Object.keys(row.keys);
  return keys.length === names.length && names.every((name) => name in row.keys);
}

export function buildPivot(
  query: Pick<AnalysisQuery, 'rows' | 'columns' | 'measures' | 'subtotals'>,
  answer: AnalysisResponse,
): PivotModel {
  const sideKeys: string[] = [
    ...query.rows,
    ...(query.measures.includes('activityQuantity') ? [ANALYSIS_UNIT_KEY] : []),
  ];
  const columnKeys: readonly AnalysisDimension[] = query.columns;

  const columns = new Map<string, PivotColumn>();
  const sides = new Map<string, Record<string, KeyValue>>();
  const cells = new Map<string, AnalysisRow>();
  for (const row of answer.rows) {
    const columnId = idOf(row.keys, columnKeys);
    if (!columns.has(columnId)) columns.set(columnId, { id: columnId, keys: pick(row.keys, columnKeys) });
    const sideId = idOf(row.keys, sideKeys);
    if (!sides.has(sideId)) sides.set(sideId, pick(row.keys, sideKeys));
    cells.set(`${sideId}|${columnId}`, row);
  }
  const orderedColumns = [...columns.values()].sort((left, right) =>
    idOf(left.keys, columnKeys).localeCompare(idOf(right.keys, columnKeys), undefined, { numeric: true }),
  );

  const subtotalOf = (names: readonly string[], keys: Record<string, KeyValue>) =>
    answer.subtotals.find(
      (row) => hasExactly(row, names) && names.every((name) => row.keys[name] === keys[name]),
    );
  const hasRowTotals = query.subtotals && columnKeys.length > 0;
  const lineOf = (
    id: string,
    kind: PivotLine['kind'],
    keys: Record<string, KeyValue>,
    cellOf: (column: PivotColumn) => AnalysisRow | undefined,
    rowTotal: AnalysisRow | undefined,
  ): PivotLine => ({ id, kind, keys, cells: orderedColumns.map(cellOf), rowTotal });

  const lines: PivotLine[] = [];
  const first = query.rows[0];
  const hasGroupSubtotals = query.subtotals && first !== undefined && sideKeys.length > 1;
  let group: KeyValue | undefined;
  const closeGroup = () => {
    if (!hasGroupSubtotals || group === undefined || first === undefined) return;
    const keys = { [first]: group };
    lines.push(
      lineOf(
        `subtotal:${String(group)}`,
        'subtotal',
        keys,
        (column) => subtotalOf([first, ...columnKeys], { ...keys, ...column.keys }),
        hasRowTotals ? subtotalOf([first], keys) : undefined,
      ),
    );
  };
  for (const [sideId, keys] of sides) {
    if (first !== undefined && keys[first] !== group) {
      closeGroup();
      group = keys[first];
    }
    lines.push(
      lineOf(
        sideId,
        'cell',
        keys,
        (column) => cells.get(`${sideId}|${column.id}`),
        hasRowTotals ? subtotalOf(query.rows, keys) : undefined,
      ),
    );
  }
  closeGroup();
  const grand: AnalysisRow = {
    keys: {},
    values: answer.totals,
    ...(answer.comparisonTotals ? { comparison: answer.comparisonTotals } : {}),
  };
  if (columnKeys.length > 0 && !hasRowTotals) {
    lines.push({ ...lineOf('total', 'total', {}, () => undefined, undefined), grandTotal: grand });
  } else {
    lines.push(
      lineOf(
        'total',
        'total',
        {},
        (column) => (columnKeys.length === 0 ? grand : subtotalOf(columnKeys, column.keys)),
        columnKeys.length > 0 ? grand : undefined,
      ),
    );
  }
  return { sideKeys, columns: orderedColumns, lines };
}
