import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dateRange, endOfWeek, previousPeriod, startOfWeek } from './date-range.ts';

describe('date ranges', () => {
  const originalTimeZone = process.env.TZ;
  beforeAll(() => {
    process.env.TZ = 'UTC';
  });
  afterAll(() => {
    process.env.TZ = originalTimeZone;
  });

  it('runs from the start of the first day to the end of the second', () => {
    expect(dateRange('2024-03-01T15:00:00Z', '2024-03-05T08:00:00Z')).toEqual([
      new Date('2024-03-01T00:00:00.000Z'),
      new Date('2024-03-05T23:59:59.999Z'),
    ]);
  });

  it('gives one full day for a single date', () => {
    expect(dateRange(new Date('2024-03-01T15:00:00Z'))).toEqual([
      new Date('2024-03-01T00:00:00.000Z'),
      new Date('2024-03-01T23:59:59.999Z'),
    ]);
  });

  it('goes back the given number of months from now, in whole days', () => {
    const now = new Date('2024-05-31T10:00:00Z');
    expect(previousPeriod(3, now)).toEqual([
      new Date('2024-02-29T00:00:00.000Z'),
      new Date('2024-05-31T23:59:59.999Z'),
    ]);
    expect(previousPeriod(0, now)).toEqual(dateRange(now));
  });

  it('rejects a negative or fractional number of months', () => {
    expect(() => previousPeriod(-1)).toThrow(RangeError);
    expect(() => previousPeriod(1.5)).toThrow(RangeError);
  });

  it('starts weeks on Sunday', () => {
    // Wednesday 6 March 2024.
    expect(startOfWeek('2024-03-06T12:00:00Z')).toEqual(new Date('2024-03-03T00:00:00.000Z'));
    expect(endOfWeek('2024-03-06T12:00:00Z')).toEqual(new Date('2024-03-09T23:59:59.999Z'));
    expect(startOfWeek('2024-03-03T00:00:00Z').getDay()).toBe(0);
    expect(endOfWeek('2024-03-06').getTime() - startOfWeek('2024-03-06').getTime()).toBe(
      7 * 24 * 60 * 60 * 1000 - 1,
    );
  });

  it("throws RangeError 'Invalid time value' on an invalid date", () => {
    expect(() => dateRange('yesterday')).toThrow(new RangeError('Invalid time value'));
    expect(() => startOfWeek(Number.NaN)).toThrow(new RangeError('Invalid time value'));
  });
});
