/** What a peer distribution is summed up by: its count, extremes and quartiles. */
export interface PeerStatistics {
  readonly count: number;
  readonly min: number;
  readonly p25: number;
  readonly median: number;
  readonly p75: number;
  readonly max: number;
}

/**
 * The quantile `probability` (0..1) of ascending `sorted` values by linear interpolation between the closest
 * ranks: Hyndman and Fan's type 7, the default of R, NumPy and spreadsheets' PERCENTILE.INC and PostgreSQL's
 * `percentile_cont`, so a reader can check any figure with the tool they have.
 */
export function quantileOfSorted(sorted: readonly number[], probability: number): number {
  if (sorted.length === 0) throw new RangeError('A quantile needs at least one value');
  const position = (sorted.length - 1) * probability;
  const lower = Math.floor(position);
  const upper = Math.min(lower + 1, sorted.length - 1);
  const lowerValue = sorted[lower]!;
  return lowerValue + (sorted[upper]! - lowerValue) * (position - lower);
}

/** Count, min, quartiles (type 7) and max of the peers' values; null when there are none. */
export function peerStatisticsOf(values: readonly number[]): PeerStatistics | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((left, right) => left - right);
  return {
    count: sorted.length,
    min: sorted[0]!,
    p25: quantileOfSorted(sorted, 0.25),
    median: quantileOfSorted(sorted, 0.5),
    p75: quantileOfSorted(sorted, 0.75),
    max: sorted[sorted.length - 1]!,
  };
}

/**
 * The share of peers with a lower value than `value`, in percent (0..100): the percentile rank. Ties
 * count as not lower, so a facility equal to every peer ranks 0. The facility itself must not be among the
 * peers (the caller leaves it out). Null without peers.
 */
export function percentileRankOf(value: number, peerValues: readonly number[]): number | null {
  if (peerValues.length === 0) return null;
  let lower = 0;
  for (const peer of peerValues) if (peer < value) lower += 1;
  return (lower / peerValues.length) * 100;
}
