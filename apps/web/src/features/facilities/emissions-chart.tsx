import type { FacilityMonthTotals } from '@ecc/contracts';
import { memo, useCallback, useMemo } from 'react';
import { MassChart } from '#components/charts/mass-chart.tsx';
import type { ChartSeries } from '#components/charts/mass-chart-spec.ts';
import { SCOPE_LABELS } from '#lib/emissions/scope-labels.ts';
import { formatMass } from '#lib/format/format-mass.ts';
import { formatMonth } from './facility-format.ts';
import type { TrailRequest } from './facility-types.ts';

/**
 * Monthly CO2e stacked by scope (Scope 2 location-based, as the totals count it). A click on a month, or its
 * button in the table view, opens its trail; the table adds Scope 2 market-based and the total.
 */
export const EmissionsChart = memo(function EmissionsChart({
  monthly,
  onTrail,
}: {
  monthly: readonly FacilityMonthTotals[];
  onTrail: (request: TrailRequest) => void;
}) {
  const months = useMemo(
    () => [...monthly].sort((left, right) => left.month.localeCompare(right.month)),
    [monthly],
  );
  const categories = useMemo(
    () => months.map((month) => ({ key: month.month, label: formatMonth(month.month) })),
    [months],
  );
  const series = useMemo((): ChartSeries[] => {
    const values = (key: keyof Omit<FacilityMonthTotals, 'month'>) => months.map((month) => month[key]);
    return [
      {
        key: 'scope1',
        label: SCOPE_LABELS.scope1,
        color: 'primary',
        stack: 'co2e',
        valuesKg: values('scope1'),
      },
      {
        key: 'scope2Location',
        label: SCOPE_LABELS.scope2Location,
        color: 'primary',
        opacity: 0.45,
        stack: 'co2e',
        valuesKg: values('scope2Location'),
      },
      {
        key: 'scope3',
        label: SCOPE_LABELS.scope3,
        color: 'warning',
        stack: 'co2e',
        valuesKg: values('scope3'),
      },
      {
        key: 'scope2Market',
        label: SCOPE_LABELS.scope2Market,
        color: 'accent-foreground',
        isDrawn: false,
        valuesKg: values('scope2Market'),
      },
      { key: 'total', label: 'Total', color: 'foreground', isDrawn: false, valuesKg: values('co2eKg') },
    ];
  }, [months]);
  const openTrail = useCallback(
    (index: number) => {
      const month = months[index];
      if (month !== undefined) onTrail({ title: `CO2e ${formatMonth(month.month)}`, month: month.month });
    },
    [months, onTrail],
  );
  return (
    <MassChart
      title="CO2e by month and scope"
      categoryHeader="Month"
      orientation="columns"
      categories={categories}
      series={series}
      onSelect={openTrail}
      selectLabel={(index) => {
        const month = months[index];
        return month === undefined
          ? ''
          : `${formatMonth(month.month)}: ${formatMass(month.co2eKg)}. Show the trail`;
      }}
      empty={<p className="text-sm text-muted-foreground">No monthly emissions yet.</p>}
    />
  );
});
