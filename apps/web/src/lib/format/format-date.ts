import { DATE_PATTERN_DEFAULT } from '@ecc/contracts';
import { format, type Locale } from 'date-fns';
import { toDate, type DateInput } from './to-date.ts';

export interface FormatDateOptions {
  /** date-fns locale for month and weekday names; English when absent. */
  locale?: Locale;
}

/**
 * Moment-style tokens of the specification's patterns and their date-fns equivalents. Tokens date-fns reads
 * the same way (MMMM, h, mm, LLL, yyyy, dd) pass through unchanged.
 */
const MOMENT_TOKENS: Record<string, string> = {
  dddd: 'EEEE',
  ddd: 'EEE',
  YYYY: 'yyyy',
  YY: 'yy',
  DD: 'dd',
  D: 'd',
  A: 'a',
};

/** The short name of the time zone in force at `date`, e.g. 'UTC', 'EST' or 'GMT+1'. */
function shortTimeZoneName(date: Date, localeCode: string): string {
  const parts = new Intl.DateTimeFormat(localeCode, { timeZoneName: 'short' }).formatToParts(date);
  return parts.find((part) => part.type === 'timeZoneName')?.value ?? '';
}

function quoted(text: string): string {
  return `'${text.replaceAll("'", "''")}'`;
}

/**
 * Pieces of a pattern: a date-fns 'literal' ('' escapes a quote), a moment [literal], moment's Do, a run of one
 * letter (a token), or a run of other characters.
 */
const PATTERN_PIECES = /'(?:[^']|'')*'?|\[[^\]]*\]?|Do|([A-Za-z])\1*|[^A-Za-z'[]+/g;

/** Rewrites a pattern that may mix moment-style and date-fns tokens into a date-fns pattern for `date`. */
function toDateFnsPattern(pattern: string, date: Date, localeCode: string): string {
  return pattern.replace(PATTERN_PIECES, (piece) => {
    if (piece.startsWith('[')) return quoted(piece.slice(1, piece.endsWith(']') ? -1 : undefined));
    if (piece === 'Do') return 'do';
    if (piece === 'zz') return quoted(shortTimeZoneName(date, localeCode));
    return MOMENT_TOKENS[piece] ?? piece;
  });
}

/**
 * Formats a date with one of the specification's patterns (section 9): the default
 * 'dddd, MMMM Do YYYY, h:mm A zz' (moment-style; zz is the short time-zone name), 'LLL' (the short month name)
 * or ISO 'yyyy-MM-dd'; other date-fns patterns work too. An invalid date throws RangeError 'Invalid time value'.
 */
export function formatDate(
  date: DateInput,
  pattern: string = DATE_PATTERN_DEFAULT,
  options: FormatDateOptions = {},
) {
  const value = toDate(date);
  const localeCode = options.locale?.code ?? 'en-US';
  return format(value, toDateFnsPattern(pattern, value, localeCode), { locale: options.locale });
}
