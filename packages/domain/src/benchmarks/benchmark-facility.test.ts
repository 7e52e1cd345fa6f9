import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { benchmarkFacility, MIN_BENCHMARK_PEERS, type BenchmarkCandidate } from './benchmark-facility.ts';

function peer(id: string, naics: string, co2eKg: number, year = 2020): BenchmarkCandidate {
  return { year, co2eKg, naics, ghgrpId: id, facilityId: null };
}

const subject = (naics: string | null, co2eKg: number, ghgrpId: string | null = null) => ({
  id: 'subject',
  ghgrpId,
  naics,
  co2eKgByYear: new Map([[2020, co2eKg]]),
});

describe('benchmarkFacility', () => {
  it('keeps the 6-digit basis when it has enough peers', () => {
    const candidates = Array.from({ length: MIN_BENCHMARK_PEERS }, (_, index) =>
      peer(`p${index}`, '221112', (index + 1) * 1000),
    );
    const result = benchmarkFacility({
      subject: subject('221112', 5500),
      requestedBasis: 'naics6',
      candidates,
    });
    expect(result.basis).toBe('naics6');
    expect(result.year).toBe(2020);
    expect(result.statistics?.count).toBe(10);
    expect(result.percentile).toBe(50);
  });

  it('widens 6 → 4 → 3 digits until at least 10 peers, and says so', () => {
    const candidates = [
      ...Array.from({ length: 3 }, (_, index) => peer(`six${index}`, '221112', 1000)),
      ...Array.from({ length: 4 }, (_, index) => peer(`four${index}`, '221118', 2000)),
      ...Array.from({ length: 5 }, (_, index) => peer(`three${index}`, '221310', 3000)),
    ];
    const result = benchmarkFacility({
      subject: subject('221112', 2500),
      requestedBasis: 'naics6',
      candidates,
    });
    expect(result.basis).toBe('naics3');
    expect(result.peers).toHaveLength(12);
    const fewer = benchmarkFacility({
      subject: subject('221112', 2500),
      requestedBasis: 'naics6',
      candidates: [
        ...candidates,
        ...Array.from({ length: 3 }, (_, index) => peer(`more${index}`, '221118', 1)),
      ],
    });
    expect(fewer.basis).toBe('naics4');
    expect(fewer.peers).toHaveLength(10);
  });

  it('leaves the facility itself out, by GHGRP id or by facility id', () => {
    const candidates = [
      peer('self', '221112', 10),
      peer('other', '221112', 1),
      { ...peer('x', '221112', 2), facilityId: 'subject', ghgrpId: null },
    ];
    const result = benchmarkFacility({
      subject: subject('221112', 10, 'self'),
      requestedBasis: 'naics6',
      candidates,
    });
    expect(result.peers.map((each) => each.ghgrpId)).toEqual(['other']);
    expect(result.percentile).toBe(100);
  });

  it('filters by size band and answers the trend of every year the facility has figures', () => {
    const candidates = [
      peer('a', '221112', 10_000_000),
      peer('b', '221112', 30_000_000),
      peer('c', '221112', 40_000_000, 2021),
    ];
    const result = benchmarkFacility({
      subject: {
        id: 's',
        ghgrpId: null,
        naics: '221112',
        co2eKgByYear: new Map([
          [2020, 20_000_000],
          [2021, 50_000_000],
        ]),
      },
      requestedBasis: 'naics6',
      candidates,
      sizeBand: '25kt-100kt',
      year: 2020,
    });
    expect(result.peers.map((each) => each.ghgrpId)).toEqual(['b']);
    expect(result.trend.map((each) => [each.year, each.percentile])).toEqual([
      [2020, 0],
      [2021, 100],
    ]);
  });

  it('answers no peers (and no percentile) for a year without any', () => {
    const result = benchmarkFacility({
      subject: subject('221112', 5),
      requestedBasis: 'naics6',
      candidates: [],
      year: 2019,
    });
    expect(result).toMatchObject({ year: 2019, co2eKg: null, statistics: null, percentile: null, peers: [] });
  });

  it('never counts the facility among its peers and ranks within 0..100 (property)', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            id: fc.constantFrom('a', 'b', 'c', 'self'),
            co2e: fc.nat(1e9),
            naics: fc.constantFrom('221112', '221118', '325199'),
          }),
          { maxLength: 40 },
        ),
        fc.nat(1e9),
        (rows, own) => {
          const candidates = rows.map((row, index) =>
            peer(row.id === 'self' ? 'self' : `${row.id}${index}`, row.naics, row.co2e),
          );
          const result = benchmarkFacility({
            subject: subject('221112', own, 'self'),
            requestedBasis: 'naics6',
            candidates,
          });
          expect(result.peers.some((each) => each.ghgrpId === 'self')).toBe(false);
          if (result.percentile !== null) {
            expect(result.percentile).toBeGreaterThanOrEqual(0);
            expect(result.percentile).toBeLessThanOrEqual(100);
          }
        },
      ),
    );
  });
});
