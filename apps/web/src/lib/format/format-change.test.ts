import { describe, expect, it } from 'vitest';
import { formatPercentChange, percentChange } from './format-change.ts';

describe('the change from last year', () => {
  it('compares this year with last year in per cent', () => {
    expect(percentChange(110, 100)).toBeCloseTo(10);
    expect(formatPercentChange(percentChange(90, 100))).toBe('−10% vs last year');
    expect(formatPercentChange(percentChange(100, 100))).toBe('±0% vs last year');
    expect(formatPercentChange(percentChange(100, 0))).toBe('No earlier year to compare');
    expect(formatPercentChange(percentChange(100, undefined))).toBe('No earlier year to compare');
  });
});
