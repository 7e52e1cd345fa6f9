import type { BenchmarkResponse } from '@ecc/contracts';
import { describe, expect, it } from 'vitest';
import { MAX_DRAWN_PEERS, rankedBarsOf } from './benchmark-charts.tsx';

function benchmarkOf(peerValues: number[], facilityCo2e: number | null): BenchmarkResponse {
  return {
    facility: {
      id: 'f',
      slug: 'f',
      name: 'Plant',
      naics: '221112',
      state: 'TX',
      co2e: facilityCo2e,
      co2eSource: 'reported',
    },
    peerList: peerValues.map((co2e, index) => ({
      name: `Peer ${index}`,
      state: 'TX',
      naics: '221112',
      co2e,
      reportedCo2e: co2e,
      reportedGwpSetId: 'AR4',
      ghgrpId: String(index),
      facilitySlug: null,
    })),
  } as BenchmarkResponse;
}

describe('rankedBarsOf', () => {
  it('puts the facility among few peers in its place', () => {
    const bars = rankedBarsOf(benchmarkOf([1, 2, 4], 3));
    expect(bars.map((bar) => [bar.label, bar.co2e])).toEqual([
      ['Peer 0', 1],
      ['Peer 1', 2],
      ['Plant (this facility)', 3],
      ['Peer 2', 4],
    ]);
  });

  it('draws many peers by percentile, first and last peer at the ends', () => {
    const values = Array.from({ length: MAX_DRAWN_PEERS * 5 }, (_, index) => index * 10);
    const bars = rankedBarsOf(benchmarkOf(values, null));
    expect(bars).toHaveLength(101);
    expect(bars[0]).toMatchObject({ label: 'Peers at percentile 0', co2e: 0 });
    expect(bars[100]).toMatchObject({ label: 'Peers at percentile 100', co2e: values.at(-1) });
  });
});
