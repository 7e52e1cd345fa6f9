import { de } from 'date-fns/locale';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDate } from './format-date.ts';

describe('formatDate', () => {
  const originalTimeZone = process.env.TZ;
  beforeAll(() => {
    process.env.TZ = 'UTC';
  });
  afterAll(() => {
    process.env.TZ = originalTimeZone;
  });

  const date = new Date('2024-03-01T15:04:05Z');

  it("formats the default pattern 'dddd, MMMM Do YYYY, h:mm A zz'", () => {
    expect(formatDate(date)).toBe('Friday, March 1st 2024, 3:04 PM UTC');
    expect(formatDate(new Date('2024-12-22T00:30:00Z'))).toBe('Sunday, December 22nd 2024, 12:30 AM UTC');
  });

  it('names the time zone in force at the date', () => {
    process.env.TZ = 'America/New_York';
    try {
      expect(formatDate(new Date('2024-01-15T17:00:00Z'))).toBe('Monday, January 15th 2024, 12:00 PM EST');
      expect(formatDate(new Date('2024-07-15T16:00:00Z'))).toBe('Monday, July 15th 2024, 12:00 PM EDT');
    } finally {
      process.env.TZ = 'UTC';
    }
  });

  it("formats 'LLL' as the short month name and ISO as yyyy-MM-dd", () => {
    expect(formatDate(date, 'LLL')).toBe('Mar');
    expect(formatDate(date, 'yyyy-MM-dd')).toBe('2024-03-01');
  });

  it('accepts epoch milliseconds and ISO strings; a date-only string is that local day', () => {
    expect(formatDate(date.getTime(), 'yyyy-MM-dd')).toBe('2024-03-01');
    expect(formatDate('2024-03-01', 'yyyy-MM-dd')).toBe('2024-03-01');
    expect(formatDate('2024-03-01T23:59:59Z', 'yyyy-MM-dd HH:mm')).toBe('2024-03-01 23:59');
  });

  it('keeps literals: date-fns quotes and moment brackets', () => {
    expect(formatDate(date, "'Week of' yyyy-MM-dd")).toBe('Week of 2024-03-01');
    expect(formatDate(date, '[Due] YYYY-MM-DD')).toBe('Due 2024-03-01');
    expect(formatDate(date, "[It's] h A")).toBe("It's 3 PM");
  });

  it('uses the given locale for names', () => {
    expect(formatDate(date, 'dddd, LLL', { locale: de })).toBe('Freitag, Mär');
  });

  it("throws RangeError 'Invalid time value' on an invalid date", () => {
    for (const invalid of [new Date(Number.NaN), Number.NaN, 'not a date', '2024-13-45']) {
      expect(() => formatDate(invalid)).toThrow(new RangeError('Invalid time value'));
    }
  });
});
