import { SCOPE3_CATEGORY_NAMES, type Scope3Summary } from '@ecc/contracts';
import { EmptyState } from '@ecc/ui';
import { MassChart } from '#components/charts/mass-chart.tsx';
import type { ChartColorSlot } from '#components/charts/chart-colors.ts';

/** The suppliers drawn one by one; the rest of a category is one "Other suppliers" part. */
const TOP_SUPPLIERS = 6;
const COLORS: readonly ChartColorSlot[] = [
  'primary',
  'warning',
  'success',
  'destructive',
  'accent-foreground',
  'muted-foreground',
];

/** CO2e by category (bars) and supplier (stacked parts), largest suppliers named, on ECharts with a table. */
export function Scope3HotspotChart({ hotspots }: { hotspots: Scope3Summary['hotspots'] }) {
  if (hotspots.length === 0) {
    return <EmptyState title="No hotspots yet" description="Lines with a supplier show here by category." />;
  }
  const bySupplier = new Map<string, number>();
  for (const spot of hotspots)
    bySupplier.set(spot.supplier, (bySupplier.get(spot.supplier) ?? 0) + spot.co2eKg);
  const top = [...bySupplier.entries()]
    .sort((left, right) => right[1] - left[1])
    .slice(0, TOP_SUPPLIERS)
    .map(([supplier]) => supplier);
  const categories = [...new Set(hotspots.map((spot) => spot.category))].sort((left, right) => left - right);
  const valueOf = (category: number, isMatch: (supplier: string) => boolean) => {
    const sum = hotspots
      .filter((spot) => spot.category === category && isMatch(spot.supplier))
      .reduce((total, spot) => total + spot.co2eKg, 0);
    return sum === 0 ? null : sum;
  };
  const series = top.map((supplier, index) => ({
    key: supplier || 'none',
    label: supplier || 'No supplier',
    color: COLORS[index % COLORS.length] as ChartColorSlot,
    stack: 'suppliers',
    valuesKg: categories.map((category) => valueOf(category, (each) => each === supplier)),
  }));
  const others = categories.map((category) => valueOf(category, (each) => !top.includes(each)));
  if (others.some((value) => value !== null)) {
    series.push({
      key: 'others',
      label: 'Other suppliers',
      color: 'border',
      stack: 'suppliers',
      valuesKg: others,
    });
  }
  return (
    <MassChart
      title="Scope 3 CO2e by category and supplier"
      categoryHeader="Category"
      orientation="bars"
      categories={categories.map((category) => ({
        key: String(category),
        label: `${category}. ${SCOPE3_CATEGORY_NAMES[category] ?? ''}`,
      }))}
      series={series}
    />
  );
}
