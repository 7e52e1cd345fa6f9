import type { BenchmarkResponse } from '@ecc/contracts';
import { MassChart } from '#components/charts/mass-chart.tsx';
import type { ChartSeries } from '#components/charts/mass-chart-spec.ts';
import { formatNumber } from '#lib/format/format-number.ts';

/** A quartile drawn as a line across every category, so the facility's bar reads against it. */
function constantLine(key: string, label: string, value: number | null, length: number): ChartSeries {
  return {
    key,
    label,
    color: 'muted-foreground',
    kind: 'line',
    valuesKg: Array.from({ length }, () => value),
  };
}

/**
 * The distribution: every peer's CO2e as a bar, lowest first, with the facility's own bar in its place in another
 * colour, and the quartiles as lines. The chart's table lists the same, so a screen reader reads the ranking.
 */
export function DistributionChart({ benchmark }: { benchmark: BenchmarkResponse }) {
  const { facility, peerList, peers } = benchmark;
  const ranked = peerList.map((peer, index) => ({
    key: `peer-${index}`,
    label: peer.name,
    co2e: peer.co2e,
    isFacility: false,
  }));
  if (facility.co2e !== null) {
    const position = ranked.findIndex((peer) => peer.co2e >= facility.co2e!);
    ranked.splice(position === -1 ? ranked.length : position, 0, {
      key: 'facility',
      label: `${facility.name} (this facility)`,
      co2e: facility.co2e,
      isFacility: true,
    });
  }
  return (
    <MassChart
      title={`CO2e of ${formatNumber(peers.count)} peers, lowest first, with ${facility.name}`}
      categoryHeader="Facility"
      orientation="columns"
      height={320}
      categories={ranked.map(({ key, label }) => ({ key, label }))}
      series={[
        {
          key: 'peers',
          label: 'Peers',
          color: 'primary',
          stack: 'co2e',
          opacity: 0.6,
          valuesKg: ranked.map((each) => (each.isFacility ? null : each.co2e)),
        },
        {
          key: 'facility',
          label: 'This facility',
          color: 'warning',
          stack: 'co2e',
          valuesKg: ranked.map((each) => (each.isFacility ? each.co2e : null)),
        },
        constantLine('p25', '25th percentile', peers.p25, ranked.length),
        constantLine('median', 'Median', peers.median, ranked.length),
        constantLine('p75', '75th percentile', peers.p75, ranked.length),
      ]}
    />
  );
}

/** The facility's CO2e by year against its peers' quartiles of the same year. */
export function TrendChart({ benchmark }: { benchmark: BenchmarkResponse }) {
  const { trend } = benchmark;
  return (
    <MassChart
      title={`${benchmark.facility.name} and its peers by year`}
      categoryHeader="Year"
      orientation="columns"
      height={260}
      categories={trend.map((year) => ({ key: String(year.year), label: String(year.year) }))}
      series={[
        {
          key: 'facility',
          label: 'This facility',
          color: 'warning',
          valuesKg: trend.map((year) => year.co2e),
        },
        {
          key: 'p25',
          label: 'Peers’ 25th percentile',
          color: 'muted-foreground',
          kind: 'line',
          valuesKg: trend.map((year) => year.p25),
        },
        {
          key: 'median',
          label: 'Peers’ median',
          color: 'primary',
          kind: 'line',
          valuesKg: trend.map((year) => year.median),
        },
        {
          key: 'p75',
          label: 'Peers’ 75th percentile',
          color: 'muted-foreground',
          kind: 'line',
          valuesKg: trend.map((year) => year.p75),
        },
      ]}
      extraColumns={[
        {
          header: 'Percentile',
          cells: trend.map((year) => (year.percentile === null ? '—' : `${formatNumber(year.percentile)}`)),
        },
      ]}
    />
  );
}
