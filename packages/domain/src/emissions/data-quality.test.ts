import { describe, expect, it } from 'vitest';
import { detectDataQualityFlags, median, monthsBetween, type QualityRecord } from './data-quality.ts';

function monthly(
  activityType: string,
  quantities: readonly (number | null)[],
  unit = 'gal',
): QualityRecord[] {
  return quantities.flatMap((quantity, index) =>
    quantity === null
      ? []
      : [
          {
            activityType,
            periodStart: `2024-${String(index + 1).padStart(2, '0')}-01`,
            quantity,
            unit,
            isEstimated: false,
          },
        ],
  );
}

describe('detectDataQualityFlags', () => {
  it('flags months missing inside a series, not before its first or after its last month', () => {
    const flags = detectDataQualityFlags(monthly('Diesel', [null, 100, 100, null, null, 100, null]));
    expect(flags).toEqual([
      { kind: 'gap', activityType: 'Diesel', month: '2024-04', message: 'No Diesel data for 2024-04' },
      { kind: 'gap', activityType: 'Diesel', month: '2024-05', message: 'No Diesel data for 2024-05' },
    ]);
  });

  it('flags a month more than 3 scaled median absolute deviations from the median', () => {
    // Monthly sums 100, 104, 96, 102, 98, 100, 500: median 100; deviations 0, 4, 4, 2, 2, 0, 400 → MAD 2;
    // scaled 1.4826 × 2 = 2.9652; 3 × 2.9652 = 8.9 kg: only 500 (400 away) is flagged.
    const flags = detectDataQualityFlags(monthly('Diesel', [100, 104, 96, 102, 98, 100, 500]));
    expect(flags).toEqual([
      {
        kind: 'outlier',
        activityType: 'Diesel',
        month: '2024-07',
        message: 'Diesel in 2024-07 is 500 gal, far from the usual 100 gal',
      },
    ]);
  });

  it('needs six months before it calls anything an outlier, and sums records of the same month', () => {
    expect(detectDataQualityFlags(monthly('Diesel', [100, 100, 100, 100, 900]))).toEqual([]);
    const twoInJanuary = [...monthly('Gas', [50]), ...monthly('Gas', [50, 100, 100, 100, 100, 100])];
    expect(detectDataQualityFlags(twoInJanuary)).toEqual([]);
  });

  it('keeps series of different units apart and flags months with estimated records once each', () => {
    const records: QualityRecord[] = [
      ...monthly('Electricity', [10, 10], 'MWh'),
      ...monthly('Electricity', [null, null, 5000], 'kWh'),
      { activityType: 'Electricity', periodStart: '2024-02-01', quantity: 1, unit: 'MWh', isEstimated: true },
      { activityType: 'Electricity', periodStart: '2024-02-15', quantity: 1, unit: 'MWh', isEstimated: true },
    ];
    expect(detectDataQualityFlags(records)).toEqual([
      {
        kind: 'estimated',
        activityType: 'Electricity',
        month: '2024-02',
        message: 'Electricity in 2024-02 includes estimated data',
      },
    ]);
  });
});

describe('month helpers', () => {
  it('lists months across a year end and takes the median of odd and even counts', () => {
    expect(monthsBetween('2024-11', '2025-02')).toEqual(['2024-11', '2024-12', '2025-01', '2025-02']);
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });
});

// Found by `npm run mutation` (docs/testing.md).
describe('detectDataQualityFlags, in order and at its edges', () => {
  it('sorts the flags by month, then activity type, then kind, whatever order the records come in', () => {
    const records: QualityRecord[] = [
      { activityType: 'Water', periodStart: '2024-03-01', quantity: 1, unit: 'm3', isEstimated: true },
      { activityType: 'Gas', periodStart: '2024-03-01', quantity: 1, unit: 'scf', isEstimated: true },
      { activityType: 'Gas', periodStart: '2024-01-01', quantity: 1, unit: 'scf', isEstimated: false },
      { activityType: 'Water', periodStart: '2024-01-01', quantity: 1, unit: 'm3', isEstimated: false },
    ];
    expect(
      detectDataQualityFlags(records).map(({ kind, activityType, month }) => [month, activityType, kind]),
    ).toEqual([
      ['2024-02', 'Gas', 'gap'],
      ['2024-02', 'Water', 'gap'],
      ['2024-03', 'Gas', 'estimated'],
      ['2024-03', 'Water', 'estimated'],
    ]);
  });

  it('looks for outliers from six months on, and names the quantities to one decimal', () => {
    const sixMonths = monthly('Diesel', [100.04, 101, 99, 100, 102, 1234.56]);
    expect(detectDataQualityFlags(sixMonths)).toEqual([
      {
        kind: 'outlier',
        activityType: 'Diesel',
        month: '2024-06',
        message: 'Diesel in 2024-06 is 1,234.6 gal, far from the usual 100.5 gal',
      },
    ]);
    expect(detectDataQualityFlags(monthly('Diesel', [100.04, 101, 99, 100, 1234.56]))).toEqual([]);
  });

  it('flags no outlier when most months are equal (no spread to measure against)', () => {
    expect(detectDataQualityFlags(monthly('Diesel', [100, 100, 100, 100, 100, 900]))).toEqual([]);
  });

  it('has no median of nothing', () => {
    expect(median([])).toBeNaN();
  });
});
