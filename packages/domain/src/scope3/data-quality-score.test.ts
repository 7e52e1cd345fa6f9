import { describe, expect, it } from 'vitest';
import { lineDataQualityScore, weightedDataQualityScore } from './data-quality-score.ts';

describe('data-quality scores', () => {
  it('scores a line as the mean of its five indicators', () => {
    expect(
      lineDataQualityScore({
        technological: 4,
        temporal: 2,
        geographical: 3,
        completeness: 2,
        reliability: 3,
      }),
    ).toBe(2.8);
  });

  it('weights the lines of a category by their CO2e and leaves unscored lines out', () => {
    expect(
      weightedDataQualityScore([
        { co2eKg: 300, score: 1 },
        { co2eKg: 100, score: 5 },
        { co2eKg: 1000, score: null },
      ]),
    ).toBe(2);
    expect(
      weightedDataQualityScore([
        { co2eKg: 0, score: 3 },
        { co2eKg: 0, score: 5 },
      ]),
    ).toBe(4);
    expect(weightedDataQualityScore([{ co2eKg: 10, score: null }])).toBeUndefined();
  });
});
