import { useCallback, type ReactNode } from 'react';
import { formatMass } from '#lib/format/format-mass.ts';
import { massChartOption } from './mass-chart-option.ts';
import type { MassChartSpec } from './mass-chart-spec.ts';
import { OptionChart } from './option-chart.tsx';
import type { ChartOptionBuilder } from './option-chart-drawing.tsx';

export interface MassChartTableColumn {
  header: string;
  /** One text per category. */
  cells: readonly string[];
}

export interface MassChartProps extends MassChartSpec {
  /** Names the chart and its table for assistive technology, e.g. "CO2e by month and scope". */
  title: string;
  /** The table's first column: what a category is ("Month", "Facility"). */
  categoryHeader: string;
  height?: number;
  /** A click on a category's bar, or its button in the table: open its trail, for instance. */
  onSelect?: (index: number) => void;
  /** What the table's button of a category does, for assistive technology ("Show the trail of Mar 2025"). */
  selectLabel?: (index: number) => string;
  /** Columns of the table after the series (a gas's own mass, a share). */
  extraColumns?: readonly MassChartTableColumn[];
  /** Shown in place of the chart when there is no category. */
  empty?: ReactNode;
}

function MassTable({
  title,
  categoryHeader,
  categories,
  series,
  onSelect,
  selectLabel,
  extraColumns = [],
}: MassChartProps) {
  return (
    <div className="max-h-96 overflow-auto rounded-lg border">
      <table className="w-full text-right text-sm tabular-nums">
        <caption className="sr-only">{title}</caption>
        <thead className="sticky top-0 bg-muted">
          <tr>
            <th scope="col" className="px-3 py-1.5 text-left font-medium">
              {categoryHeader}
            </th>
            {series.map((entry) => (
              <th key={entry.key} scope="col" className="px-3 py-1.5 font-medium">
                {entry.label}
              </th>
            ))}
            {extraColumns.map((column) => (
              <th key={column.header} scope="col" className="px-3 py-1.5 font-medium">
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {categories.map((category, index) => (
            <tr key={category.key} className="border-t">
              <th scope="row" className="px-3 py-1 text-left font-normal">
                {onSelect === undefined ? (
                  category.label
                ) : (
                  <button
                    type="button"
                    className="cursor-pointer text-primary underline-offset-4 hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
                    aria-label={selectLabel?.(index)}
                    onClick={() => onSelect(index)}
                  >
                    {category.label}
                  </button>
                )}
              </th>
              {series.map((entry) => {
                const kg = entry.valuesKg[index];
                return (
                  <td key={entry.key} className="px-3 py-1">
                    {kg === null || kg === undefined ? '—' : formatMass(kg)}
                  </td>
                );
              })}
              {extraColumns.map((column) => (
                <td key={column.header} className="px-3 py-1">
                  {column.cells[index] ?? ''}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * A chart of masses on Apache ECharts (loaded with the first chart a page draws) with its table view: the
 * "Show table" button switches to the same figures as a table, whose buttons do what a click on a bar does.
 */
export function MassChart(props: MassChartProps) {
  const { title, categories, series, orientation, height = 260, onSelect, empty } = props;
  const buildOption = useCallback<ChartOptionBuilder>(
    (colorOf) => massChartOption({ categories, series, orientation }, colorOf),
    [categories, series, orientation],
  );
  if (categories.length === 0) {
    return <>{empty ?? <p className="text-sm text-muted-foreground">Nothing to show yet.</p>}</>;
  }
  return (
    <OptionChart
      title={title}
      buildOption={buildOption}
      table={<MassTable {...props} />}
      height={height}
      testId="mass-chart-drawing"
      onSelect={onSelect}
    />
  );
}
