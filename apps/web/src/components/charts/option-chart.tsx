import { Button, Skeleton } from '@ecc/ui';
import { BarChart3Icon, TableIcon } from 'lucide-react';
import { lazy, Suspense, useId, useState, type ReactNode } from 'react';
import type { ChartOptionBuilder } from './option-chart-drawing.tsx';

const OptionChartDrawing = lazy(() =>
  import('./option-chart-drawing.tsx').then((module) => ({ default: module.OptionChartDrawing })),
);

export interface OptionChartProps {
  /** Names the chart for assistive technology. */
  title: string;
  /** Memoise it: a new builder draws the chart again. */
  buildOption: ChartOptionBuilder;
  /** The same figures as a table, behind the "Show table" toggle; left out when a table sits beside the chart. */
  table?: ReactNode;
  height?: number;
  testId: string;
  /** A click on a data item; the table, when given, should offer the same action. */
  onSelect?: ((index: number) => void) | undefined;
}

/**
 * A chart ECharts draws from a whole option (a MACC, a timeline, stacked areas), loaded with the charts' chunk,
 * with a "Show table" toggle to the same figures when a table is given.
 */
export function OptionChart({ title, buildOption, table, height = 320, testId, onSelect }: OptionChartProps) {
  const [isTable, setIsTable] = useState(false);
  const regionId = useId();
  return (
    <figure className="grid min-w-0 gap-2">
      {table === undefined ? null : (
        <div className="flex justify-end">
          <Button
            type="button"
            variant="outline"
            size="xs"
            aria-controls={regionId}
            onClick={() => setIsTable((shown) => !shown)}
          >
            {isTable ? <BarChart3Icon aria-hidden="true" /> : <TableIcon aria-hidden="true" />}
            {isTable ? 'Show chart' : 'Show table'}
          </Button>
        </div>
      )}
      <figcaption className="sr-only">{title}</figcaption>
      <div id={regionId}>
        {isTable ? (
          table
        ) : (
          <div
            role="img"
            aria-label={
              table === undefined
                ? `${title}. The table beside it has the figures.`
                : `${title}. Use "Show table" to read the figures.`
            }
          >
            <Suspense fallback={<Skeleton className="w-full" style={{ height }} />}>
              <OptionChartDrawing
                buildOption={buildOption}
                height={height}
                testId={testId}
                onSelect={onSelect}
              />
            </Suspense>
          </div>
        )}
      </div>
    </figure>
  );
}
