import { memo, useCallback, useMemo } from 'react';
import { MassChart } from '#components/charts/mass-chart.tsx';
import type { ChartSeries } from '#components/charts/mass-chart-spec.ts';
import { formatMass } from '#lib/format/format-mass.ts';
import type { TrailRequest } from './facility-types.ts';

export interface BreakdownEntry {
  key: string;
  label: string;
  co2eKg: number;
  /** Mass of the gas itself, for the breakdown by gas. */
  detail?: string;
  trail: TrailRequest;
}

/** Pixels per bar of a breakdown, and the room its axis needs. */
const BAR_HEIGHT = 28;
const AXIS_HEIGHT = 48;

/** A horizontal bar per entry, largest first; a click on a bar (or its button in the table) opens its trail. */
export const BreakdownBars = memo(function BreakdownBars({
  title,
  entries,
  onTrail,
}: {
  title: string;
  entries: readonly BreakdownEntry[];
  onTrail: (request: TrailRequest) => void;
}) {
  const sorted = useMemo(() => [...entries].sort((left, right) => right.co2eKg - left.co2eKg), [entries]);
  const categories = useMemo(() => sorted.map((entry) => ({ key: entry.key, label: entry.label })), [sorted]);
  const series = useMemo(
    (): ChartSeries[] => [
      { key: 'co2e', label: 'CO2e', color: 'primary', valuesKg: sorted.map((entry) => entry.co2eKg) },
    ],
    [sorted],
  );
  const details = useMemo(() => {
    const cells = sorted.map((entry) => entry.detail ?? '');
    return cells.some((cell) => cell !== '') ? [{ header: 'Mass of the gas', cells }] : [];
  }, [sorted]);
  const openTrail = useCallback(
    (index: number) => {
      const entry = sorted[index];
      if (entry !== undefined) onTrail(entry.trail);
    },
    [sorted, onTrail],
  );
  const headingId = `breakdown-${title.toLowerCase().replaceAll(/\W+/g, '-')}`;
  return (
    <section aria-labelledby={headingId} className="grid min-w-0 content-start gap-2 rounded-lg border p-4">
      <h3 id={headingId} className="font-semibold">
        {title}
      </h3>
      <MassChart
        title={`CO2e ${title.toLowerCase()}`}
        categoryHeader={title.replace(/^By /, '').replace(/^./, (letter) => letter.toUpperCase())}
        orientation="bars"
        categories={categories}
        series={series}
        extraColumns={details}
        height={AXIS_HEIGHT + BAR_HEIGHT * sorted.length}
        onSelect={openTrail}
        selectLabel={(index) => {
          const entry = sorted[index];
          return entry === undefined ? '' : `${entry.label}: ${formatMass(entry.co2eKg)}. Show the trail`;
        }}
        empty={<p className="text-sm text-muted-foreground">Nothing recorded yet.</p>}
      />
    </section>
  );
});
