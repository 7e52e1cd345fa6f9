import { WEEK_STARTS_ON } from '@ecc/contracts';
import {
  endOfDay,
  endOfWeek as endOfWeekInLocale,
  startOfDay,
  startOfWeek as startOfWeekInLocale,
  subMonths,
} from 'date-fns';
import { toDate, type DateInput } from './to-date.ts';

export type DateRange = [start: Date, end: Date];

/** From the start of the first day to the end of the second; a single date gives that one full day. */
export function dateRange(start: DateInput, end: DateInput = start): DateRange {
  return [startOfDay(toDate(start)), endOfDay(toDate(end))];
}

/** The whole days from `months` months ago up to and including today. */
export function previousPeriod(months: number, now: DateInput = new Date()): DateRange {
  if (!Number.isInteger(months) || months < 0) {
    throw new RangeError(`months must be a whole number of 0 or more, got ${months}`);
  }
  const today = toDate(now);
  return dateRange(subMonths(today, months), today);
}

/** Weeks start on Sunday (spec section 9). */
export function startOfWeek(date: DateInput): Date {
  return startOfWeekInLocale(toDate(date), { weekStartsOn: WEEK_STARTS_ON });
}

export function endOfWeek(date: DateInput): Date {
  return endOfWeekInLocale(toDate(date), { weekStartsOn: WEEK_STARTS_ON });
}
