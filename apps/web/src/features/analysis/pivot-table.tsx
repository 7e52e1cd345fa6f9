import {
  ANALYSIS_DIMENSION_LABELS,
  analysisKeyLabel,
  type AnalysisDimension,
  type AnalysisMeasure,
  type AnalysisQuery,
  type AnalysisResponse,
  type AnalysisRow,
} from '@ecc/contracts';
import { ArrowDownIcon, ArrowUpIcon } from 'lucide-react';
import { formatPercentChange, percentChange } from '#lib/format/format-change.ts';
import { formatMeasure } from './format-measure.ts';
import type { PivotColumn, PivotLine, PivotModel } from './pivot-model.ts';

/** Column headings: each cell writes its own unit (kg or t, a gas, a quantity's unit), so the headings do not. */
const MEASURE_HEADINGS: Readonly<Record<AnalysisMeasure, string>> = {
  co2e: 'CO2e',
  gasMass: 'Gas mass',
  activityQuantity: 'Activity quantity',
  intensity: 'Intensity (per denominator unit)',
};

function columnLabel(
  column: PivotColumn,
  columns: readonly AnalysisDimension[],
  labels: AnalysisResponse['labels'],
) {
  return columns.length === 0
    ? 'All'
    : columns.map((dimension) => analysisKeyLabel(dimension, column.keys[dimension], labels)).join(' · ');
}

/** The grand total's measures on one line, each opening the records behind it. */
function GrandTotalValues({
  total,
  measures,
  label,
  onDrill,
}: {
  total: AnalysisRow;
  measures: readonly AnalysisMeasure[];
  label: string;
  onDrill: () => void;
}) {
  return (
    <span className="inline-flex flex-wrap justify-end gap-x-4">
      {measures.map((measure) => (
        <button
          key={measure}
          type="button"
          className="cursor-pointer text-primary underline-offset-4 hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
          aria-label={`Records behind ${label}: ${formatMeasure(measure, total.values[measure], {})}`}
          onClick={onDrill}
        >
          {measures.length > 1 && `${MEASURE_HEADINGS[measure]} `}
          {formatMeasure(measure, total.values[measure], {})}
        </button>
      ))}
    </span>
  );
}

interface PivotTableProps {
  view: AnalysisQuery;
  answer: AnalysisResponse;
  pivot: PivotModel;
  onSort: (by: AnalysisQuery['measures'][number] | AnalysisDimension) => void;
  /** A click on a cell: the records behind it. */
  onDrill: (keys: Record<string, string | number>, label: string) => void;
}

/**
 * The pivot as an accessible table: row headers for the side keys, column headers for the column keys and the
 * measures, a button in every cell that opens the records behind it. Headers of measures sort.
 */
export function PivotTable({ view, answer, pivot, onSort, onDrill }: PivotTableProps) {
  const measures = view.measures;
  const hasComparison = answer.comparisonYears !== undefined;
  const hasRowTotals = pivot.lines.some((line) => line.rowTotal !== undefined);
  const sortState = (by: string): 'ascending' | 'descending' | undefined =>
    view.sort?.by === by ? (view.sort.direction === 'asc' ? 'ascending' : 'descending') : undefined;
  const perColumn = measures.length * (hasComparison ? 3 : 1);

  const valueCells = (
    row: AnalysisRow | undefined,
    lineKeys: Record<string, string | number>,
    label: string,
    cellKey: string,
  ) =>
    measures.flatMap((measure) => {
      const keys = { ...lineKeys, ...(row?.keys ?? {}) };
      const value = row?.values[measure];
      const compared = row?.comparison?.[measure];
      const cells = [
        <td key={`${cellKey}:${measure}`} className="px-3 py-1 text-right">
          {row === undefined ? (
            '—'
          ) : (
            <button
              type="button"
              className="cursor-pointer text-primary underline-offset-4 hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
              aria-label={`Records behind ${label}: ${formatMeasure(measure, value, keys)}`}
              onClick={() => onDrill(row.keys, label)}
            >
              {formatMeasure(measure, value, keys)}
            </button>
          )}
        </td>,
      ];
      if (hasComparison) {
        cells.push(
          <td key={`${cellKey}:${measure}:compared`} className="px-3 py-1 text-right text-muted-foreground">
            {formatMeasure(measure, compared, keys)}
          </td>,
          <td key={`${cellKey}:${measure}:change`} className="px-3 py-1 text-right">
            {typeof value === 'number' && typeof compared === 'number'
              ? formatPercentChange(percentChange(value, compared))
              : '—'}
          </td>,
        );
      }
      return cells;
    });

  const sideHeader = (line: PivotLine, dimension: string, index: number) => {
    if (line.kind === 'total') return index === 0 ? 'Grand total' : '';
    if (line.kind === 'subtotal')
      return index === 0
        ? `${analysisKeyLabel(dimension, line.keys[dimension], answer.labels)} subtotal`
        : '';
    return dimension === 'unit'
      ? String(line.keys.unit ?? '')
      : analysisKeyLabel(dimension, line.keys[dimension], answer.labels);
  };
  const lineLabel = (line: PivotLine, column?: PivotColumn) =>
    [
      line.kind === 'total'
        ? 'all rows'
        : pivot.sideKeys
            .filter((key) => key in line.keys)
            .map((key) => analysisKeyLabel(key, line.keys[key], answer.labels))
            .join(', '),
      column === undefined ? 'all columns' : columnLabel(column, view.columns, answer.labels),
    ].join(' — ');
  const sideKeys = pivot.sideKeys.length === 0 ? [''] : pivot.sideKeys;

  return (
    <div className="max-h-[36rem] overflow-auto rounded-lg border">
      <table className="w-full text-sm tabular-nums" aria-label="Analysis pivot">
        <thead className="sticky top-0 bg-muted">
          <tr>
            {sideKeys.map((key) => (
              <th
                key={key || 'side'}
                scope="col"
                rowSpan={2}
                className="px-3 py-1.5 text-left align-bottom font-medium"
                aria-sort={sortState(key)}
              >
                {key === '' ? (
                  ''
                ) : key === 'unit' ? (
                  'Unit'
                ) : (
                  <button
                    type="button"
                    className="cursor-pointer hover:underline"
                    onClick={() => onSort(key as AnalysisDimension)}
                  >
                    {ANALYSIS_DIMENSION_LABELS[key as AnalysisDimension]}
                  </button>
                )}
              </th>
            ))}
            {pivot.columns.map((column) => (
              <th
                key={column.id}
                scope="colgroup"
                colSpan={perColumn}
                className="px-3 py-1.5 text-right font-medium"
              >
                {columnLabel(column, view.columns, answer.labels)}
              </th>
            ))}
            {hasRowTotals && (
              <th scope="colgroup" colSpan={perColumn} className="px-3 py-1.5 text-right font-medium">
                Total
              </th>
            )}
          </tr>
          <tr>
            {[...pivot.columns.map((column) => column.id), ...(hasRowTotals ? ['total'] : [])].flatMap(
              (columnId) =>
                measures.flatMap((measure) => [
                  <th
                    key={`${columnId}:${measure}`}
                    scope="col"
                    className="px-3 py-1.5 text-right font-medium"
                    aria-sort={sortState(measure)}
                  >
                    <button
                      type="button"
                      className="inline-flex cursor-pointer items-center gap-1 hover:underline"
                      onClick={() => onSort(measure)}
                    >
                      {MEASURE_HEADINGS[measure]}
                      {sortState(measure) === 'ascending' && (
                        <ArrowUpIcon className="size-3" aria-hidden="true" />
                      )}
                      {sortState(measure) === 'descending' && (
                        <ArrowDownIcon className="size-3" aria-hidden="true" />
                      )}
                    </button>
                  </th>,
                  ...(hasComparison
                    ? [
                        <th
                          key={`${columnId}:${measure}:compared`}
                          scope="col"
                          className="px-3 py-1.5 text-right font-medium"
                        >
                          {answer.comparisonYears!.comparison}
                        </th>,
                        <th
                          key={`${columnId}:${measure}:change`}
                          scope="col"
                          className="px-3 py-1.5 text-right font-medium"
                        >
                          Change
                        </th>,
                      ]
                    : []),
                ]),
            )}
          </tr>
        </thead>
        <tbody>
          {pivot.lines.map((line) => (
            <tr
              key={line.id}
              className={line.kind === 'cell' ? 'border-t' : 'border-t bg-muted/50 font-medium'}
            >
              {sideKeys.map((key, index) => (
                <th key={key || 'side'} scope="row" className="px-3 py-1 text-left font-normal">
                  {key === ''
                    ? line.kind === 'total'
                      ? 'Grand total'
                      : 'All'
                    : sideHeader(line, key, index)}
                </th>
              ))}
              {line.grandTotal === undefined ? (
                line.cells.flatMap((cell, index) =>
                  valueCells(
                    cell,
                    line.keys,
                    lineLabel(line, pivot.columns[index]),
                    `${line.id}:${pivot.columns[index]?.id}`,
                  ),
                )
              ) : (
                <td colSpan={pivot.columns.length * perColumn} className="px-3 py-1 text-right">
                  <GrandTotalValues
                    total={line.grandTotal}
                    measures={measures}
                    label={lineLabel(line)}
                    onDrill={() => onDrill({}, lineLabel(line))}
                  />
                </td>
              )}
              {hasRowTotals && valueCells(line.rowTotal, line.keys, lineLabel(line), `${line.id}:total`)}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
