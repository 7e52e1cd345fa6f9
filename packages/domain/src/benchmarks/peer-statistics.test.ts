import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { peerStatisticsOf, percentileRankOf, quantileOfSorted } from './peer-statistics.ts';

const value = fc.double({ min: 0, max: 1e12, noNaN: true, noDefaultInfinity: true });
const values = fc.array(value, { minLength: 1, maxLength: 60 });

describe('quartiles (type 7, linear interpolation)', () => {
  it('match hand-computed examples (R quantile(type = 7))', () => {
    // R: quantile(c(1, 2, 3, 4), type = 7) → 1, 1.75, 2.5, 3.25, 4
    expect(peerStatisticsOf([4, 1, 3, 2])).toEqual({
      count: 4,
      min: 1,
      p25: 1.75,
      median: 2.5,
      p75: 3.25,
      max: 4,
    });
    // quantile(c(10, 20, 30, 40, 50), type = 7) → 10, 20, 30, 40, 50
    expect(peerStatisticsOf([50, 10, 40, 20, 30])).toMatchObject({ p25: 20, median: 30, p75: 40 });
    expect(peerStatisticsOf([7])).toEqual({ count: 1, min: 7, p25: 7, median: 7, p75: 7, max: 7 });
    expect(peerStatisticsOf([])).toBeNull();
  });

  it('are ordered min ≤ p25 ≤ median ≤ p75 ≤ max, whatever the order of the values', () => {
    fc.assert(
      fc.property(values, (list) => {
        const statistics = peerStatisticsOf(list)!;
        expect(statistics.count).toBe(list.length);
        expect(statistics.min).toBeLessThanOrEqual(statistics.p25);
        expect(statistics.p25).toBeLessThanOrEqual(statistics.median);
        expect(statistics.median).toBeLessThanOrEqual(statistics.p75);
        expect(statistics.p75).toBeLessThanOrEqual(statistics.max);
        expect(peerStatisticsOf([...list].reverse())).toEqual(statistics);
      }),
    );
  });

  it('are monotone in the probability', () => {
    fc.assert(
      fc.property(
        values,
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (list, a, b) => {
          const sorted = [...list].sort((left, right) => left - right);
          const [low, high] = a <= b ? [a, b] : [b, a];
          expect(quantileOfSorted(sorted, low)).toBeLessThanOrEqual(quantileOfSorted(sorted, high));
        },
      ),
    );
  });
});

describe('percentile rank', () => {
  it('is the share of peers with a lower value, in percent', () => {
    expect(percentileRankOf(25, [10, 20, 30, 40])).toBe(50);
    expect(percentileRankOf(5, [10, 20])).toBe(0);
    expect(percentileRankOf(50, [10, 20])).toBe(100);
    // Ties are not lower.
    expect(percentileRankOf(20, [10, 20, 20, 30])).toBe(25);
    expect(percentileRankOf(1, [])).toBeNull();
  });

  it('lies within 0..100 and agrees with a direct count', () => {
    fc.assert(
      fc.property(value, values, (own, peers) => {
        const rank = percentileRankOf(own, peers)!;
        expect(rank).toBeGreaterThanOrEqual(0);
        expect(rank).toBeLessThanOrEqual(100);
        expect(rank).toBeCloseTo((peers.filter((peer) => peer < own).length / peers.length) * 100, 9);
      }),
    );
  });

  it('never falls when the facility emits more (monotone in its own value)', () => {
    fc.assert(
      fc.property(value, value, values, (a, b, peers) => {
        const [low, high] = a <= b ? [a, b] : [b, a];
        expect(percentileRankOf(low, peers)!).toBeLessThanOrEqual(percentileRankOf(high, peers)!);
      }),
    );
  });
});
