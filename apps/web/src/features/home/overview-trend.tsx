import type { OverviewResponse } from '@ecc/contracts';
import { useMemo } from 'react';
import { MassChart } from '#components/charts/mass-chart.tsx';
import type { ChartSeries } from '#components/charts/mass-chart-spec.ts';
import { SCOPE_LABELS } from '#lib/emissions/scope-labels.ts';
import { useSelectedYear } from '#lib/period/use-selected-year.ts';

/** A programme edition on one GWP set: reported figures of different sets are different series. */
function reportedSeriesKey(entry: { source: string; gwpSetId: string }): string {
  return `reported:${entry.source}:${entry.gwpSetId}`;
}

/**
 * CO2e by year: calculated results stacked by scope (Scope 2 location-based), and beside them, never stacked on
 * them, what facilities without results reported to a programme. A year's bar (or its button in the table)
 * selects that year.
 */
export function OverviewTrend({ overview }: { overview: OverviewResponse }) {
  const { selectYear } = useSelectedYear();
  const { calculated, reported } = overview;
  const years = useMemo(
    () =>
      [
        ...new Set([
          ...calculated.trend.map((entry) => entry.year),
          ...reported.trend.map((entry) => entry.year),
        ]),
      ].sort((left, right) => left - right),
    [calculated.trend, reported.trend],
  );
  const categories = useMemo(
    () => years.map((year) => ({ key: String(year), label: String(year) })),
    [years],
  );
  const series = useMemo((): ChartSeries[] => {
    const byYear = new Map(calculated.trend.map((entry) => [entry.year, entry]));
    const calculatedValues = (key: 'scope1' | 'scope2Location' | 'scope2Market' | 'scope3' | 'co2eKg') =>
      years.map((year) => byYear.get(year)?.[key] ?? null);
    const reportedSeries = new Map<string, ChartSeries & { valuesKg: (number | null)[] }>();
    for (const entry of reported.trend) {
      const key = reportedSeriesKey(entry);
      let entrySeries = reportedSeries.get(key);
      if (entrySeries === undefined) {
        entrySeries = {
          key,
          label: `Reported to ${entry.source} (${entry.gwpSetId})`,
          color: 'muted-foreground',
          opacity: 0.6,
          valuesKg: years.map(() => null),
        };
        reportedSeries.set(key, entrySeries);
      }
      entrySeries.valuesKg[years.indexOf(entry.year)] = entry.co2eKg;
    }
    const gwp = calculated.gwpSetId;
    return [
      {
        key: 'scope1',
        label: SCOPE_LABELS.scope1,
        color: 'primary',
        stack: 'calculated',
        valuesKg: calculatedValues('scope1'),
      },
      {
        key: 'scope2Location',
        label: SCOPE_LABELS.scope2Location,
        color: 'primary',
        opacity: 0.45,
        stack: 'calculated',
        valuesKg: calculatedValues('scope2Location'),
      },
      {
        key: 'scope3',
        label: SCOPE_LABELS.scope3,
        color: 'warning',
        stack: 'calculated',
        valuesKg: calculatedValues('scope3'),
      },
      {
        key: 'scope2Market',
        label: SCOPE_LABELS.scope2Market,
        color: 'accent-foreground',
        isDrawn: false,
        valuesKg: calculatedValues('scope2Market'),
      },
      {
        key: 'total',
        label: `Calculated total (${gwp})`,
        color: 'foreground',
        isDrawn: false,
        valuesKg: calculatedValues('co2eKg'),
      },
      ...reportedSeries.values(),
    ];
  }, [years, calculated.trend, calculated.gwpSetId, reported.trend]);

  return (
    <section aria-labelledby="overview-trend" className="grid gap-2 rounded-lg border p-4">
      <h2 id="overview-trend" className="font-semibold">
        Emissions by year
      </h2>
      <MassChart
        title="CO2e by year and scope, with reported emissions beside it"
        categoryHeader="Year"
        orientation="columns"
        categories={categories}
        series={series}
        onSelect={(index) => selectYear(years[index])}
        selectLabel={(index) => `Show ${years[index] ?? ''}`}
        empty={<p className="text-sm text-muted-foreground">No emissions in any year yet.</p>}
      />
      <p className="text-xs text-muted-foreground">
        Calculated figures on GWP set {calculated.gwpSetId}, stacked by scope (Scope 2 location-based).
        Reported figures are what facilities without calculated results for that year reported to a programme,
        on the GWP set named.
      </p>
    </section>
  );
}
