/**
 * Reporting years (decision 024): a calendar year, or a fiscal year of twelve months starting in another month.
 * A reporting year is named by the calendar year it ends in (a year from July 2023 to June 2024 is 2024, as
 * U.S. federal and many company fiscal years are named); with a January start this is the calendar year.
 */

/** A calendar date without a time or time zone: `YYYY-MM-DD`. */
export type CalendarDate = string;

export interface ReportingYearRange {
  readonly year: number;
  /** The first day of the year. */
  readonly start: CalendarDate;
  /** The last day of the year. */
  readonly end: CalendarDate;
}

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

function checkStartMonth(startMonth: number): void {
  if (!Number.isInteger(startMonth) || startMonth < 1 || startMonth > 12) {
    throw new RangeError(`A reporting year starts in month 1 to 12, not ${startMonth}`);
  }
}

function pad(value: number, length: number): string {
  return String(value).padStart(length, '0');
}

function dateText(year: number, month: number, day: number): CalendarDate {
  return `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`;
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** The year and month of a calendar date; throws on text that is not `YYYY-MM-DD`. */
function yearAndMonthOf(date: CalendarDate): { year: number; month: number } {
  const match = DATE_PATTERN.exec(date);
  if (!match) throw new RangeError(`A date is written YYYY-MM-DD, not ${date}`);
  return { year: Number(match[1]), month: Number(match[2]) };
}

/** The reporting year a date falls in, for years starting in `startMonth` (1 = January: calendar years). */
export function reportingYearOf(date: CalendarDate, startMonth: number): number {
  checkStartMonth(startMonth);
  const { year, month } = yearAndMonthOf(date);
  if (startMonth === 1) return year;
  return month >= startMonth ? year + 1 : year;
}

/** The first and last day of reporting year `year` for years starting in `startMonth`. */
export function reportingYearRange(year: number, startMonth: number): ReportingYearRange {
  checkStartMonth(startMonth);
  const startYear = startMonth === 1 ? year : year - 1;
  const endMonth = startMonth === 1 ? 12 : startMonth - 1;
  return {
    year,
    start: dateText(startYear, startMonth, 1),
    end: dateText(year, endMonth, daysInMonth(year, endMonth)),
  };
}

/** How a reporting year reads to a person: `2024` for a calendar year, `FY2024 (Jul 2023 – Jun 2024)` else. */
export function reportingYearLabel(year: number, startMonth: number): string {
  if (startMonth === 1) return String(year);
  const range = reportingYearRange(year, startMonth);
  const monthName = (date: CalendarDate) =>
    new Date(`${date}T00:00:00Z`).toLocaleString('en-US', { month: 'short', timeZone: 'UTC' });
  return `FY${year} (${monthName(range.start)} ${range.start.slice(0, 4)} – ${monthName(range.end)} ${range.end.slice(0, 4)})`;
}
