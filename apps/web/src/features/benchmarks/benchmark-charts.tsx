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

/** Beyond this many peers the chart draws them by percentile (101 bars) rather than one bar each. */
export const MAX_DRAWN_PEERS = 200;

interface RankedBar {
  key: string;
  label: string;
  co2e: number;
  isFacility: boolean;
}

/**
 * The peers as bars, lowest first: each peer while they are few, else the value at each whole percentile of their
 * ranking (nearest rank), so thousands of peers draw as quickly as a hundred. The facility's own bar is put in its
 * place.
 */
export function rankedBarsOf(benchmark: BenchmarkResponse): RankedBar[] {
  const { facility, peerList } = benchmark;
  const bars: RankedBar[] =
    peerList.length <= MAX_DRAWN_PEERS
      ? peerList.map((peer, index) => ({
          key: `peer-${index}`,
          label: peer.name,
          co2e: peer.co2e,
          isFacility: false,
        }))
      : Array.from({ length: 101 }, (_, percent) => ({
          key: `percentile-${percent}`,
          label: `Peers at percentile ${percent}`,
          co2e: peerList[Math.round((percent / 100) * (peerList.length - 1))]!.co2e,
          isFacility: false,
        }));
  if (facility.co2e !== null) {
    const position = bars.findIndex((bar) => bar.co2e >= facility.co2e!);
    bars.splice(position === -1 ? bars.length : position, 0, {
      key: 'facility',
      label: `${facility.name} (this facility)`,
      co2e: facility.co2e,
      isFacility: true,
    });
  }
  return bars;
}

/**
 * The distribution: the peers' CO2e as bars, lowest first, with the facility's own bar in its place in another
 * colour, and the quartiles as lines. The chart's table lists the same, so a screen reader reads the ranking.
 */
export function DistributionChart({ benchmark }: { benchmark: BenchmarkResponse }) {
  const { facility, peers } = benchmark;
  const ranked = rankedBarsOf(benchmark);
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
