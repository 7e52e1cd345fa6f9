import { messages } from '@ecc/contracts';
import { isValid, parseISO } from 'date-fns';

/** A date as callers hold it: a Date, epoch milliseconds, or an ISO 8601 string. */
export type DateInput = Date | number | string;

/**
 * The Date for an input, or RangeError 'Invalid time value' (spec section 8). Strings must be ISO 8601; a
 * date-only string means that day in the user's time zone.
 */
export function toDate(input: DateInput): Date {
  const date = typeof input === 'string' ? parseISO(input) : new Date(input);
  if (!isValid(date)) throw new RangeError(messages.invalidTimeValue);
  return date;
}
