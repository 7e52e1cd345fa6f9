import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { reportingYearLabel, reportingYearOf, reportingYearRange } from './reporting-year.ts';

const startMonths = fc.integer({ min: 1, max: 12 });
const years = fc.integer({ min: 1901, max: 2199 });
/** Any day from 1901 to 2199, as `YYYY-MM-DD`. */
const dates = fc
  .integer({ min: Date.UTC(1901, 0, 1) / 86_400_000, max: Date.UTC(2199, 11, 31) / 86_400_000 })
  .map((day) => new Date(day * 86_400_000).toISOString().slice(0, 10));

function nextDay(date: string): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}

describe('reporting years', () => {
  it('puts every date in exactly one reporting year: the one whose range holds it', () => {
    fc.assert(
      fc.property(dates, startMonths, (date, startMonth) => {
        const year = reportingYearOf(date, startMonth);
        const range = reportingYearRange(year, startMonth);
        expect(range.start <= date && date <= range.end).toBe(true);
        // Neither neighbouring year holds it.
        for (const other of [year - 1, year + 1]) {
          const otherRange = reportingYearRange(other, startMonth);
          expect(otherRange.start <= date && date <= otherRange.end).toBe(false);
        }
      }),
    );
  });

  it('tiles time without gaps or overlaps: each year starts the day after the previous one ends', () => {
    fc.assert(
      fc.property(years, startMonths, (year, startMonth) => {
        const previous = reportingYearRange(year - 1, startMonth);
        const current = reportingYearRange(year, startMonth);
        expect(current.start).toBe(nextDay(previous.end));
        expect(reportingYearOf(current.start, startMonth)).toBe(year);
        expect(reportingYearOf(current.end, startMonth)).toBe(year);
      }),
    );
  });

  it('has twelve months, 365 or 366 days', () => {
    fc.assert(
      fc.property(years, startMonths, (year, startMonth) => {
        const { start, end } = reportingYearRange(year, startMonth);
        const days = (Date.parse(end) - Date.parse(start)) / 86_400_000 + 1;
        expect([365, 366]).toContain(days);
        expect(start.slice(8)).toBe('01');
        expect(Number(start.slice(5, 7))).toBe(startMonth);
      }),
    );
  });

  it('is the calendar year when years start in January, and is named by the year it ends in otherwise', () => {
    expect(reportingYearRange(2024, 1)).toEqual({ year: 2024, start: '2024-01-01', end: '2024-12-31' });
    expect(reportingYearOf('2024-12-31', 1)).toBe(2024);
    expect(reportingYearRange(2024, 7)).toEqual({ year: 2024, start: '2023-07-01', end: '2024-06-30' });
    expect(reportingYearOf('2023-07-01', 7)).toBe(2024);
    expect(reportingYearOf('2023-06-30', 7)).toBe(2023);
    expect(reportingYearRange(2024, 3).end).toBe('2024-02-29');
    expect(reportingYearLabel(2024, 1)).toBe('2024');
    expect(reportingYearLabel(2024, 4)).toBe('FY2024 (Apr 2023 – Mar 2024)');
  });

  it('refuses a start month outside 1 to 12 and a date that is not YYYY-MM-DD', () => {
    expect(() => reportingYearRange(2024, 0)).toThrow(RangeError);
    expect(() => reportingYearOf('2024-01-01', 13)).toThrow(RangeError);
    expect(() => reportingYearOf('1 Jan 2024', 1)).toThrow(RangeError);
  });
});
