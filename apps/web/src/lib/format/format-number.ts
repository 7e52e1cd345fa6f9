import { DEFAULT_LOCALE, MAX_FRACTION_DIGITS } from '@ecc/contracts';

/** A number in the user's locale with at most 2 fraction digits (spec section 9). */
export function formatNumber(value: number, locale: string = DEFAULT_LOCALE): string {
  return new Intl.NumberFormat(locale, { maximumFractionDigits: MAX_FRACTION_DIGITS }).format(value);
}

/** A number with exactly `fractionDigits` decimals (a table column of tonnes to one decimal, for instance). */
export function formatFixed(value: number, fractionDigits: number, locale: string = DEFAULT_LOCALE): string {
  return new Intl.NumberFormat(locale, {
    minimumFractionDigits: fractionDigits,
    maximumFractionDigits: fractionDigits,
  }).format(value);
}

/**
 * A number to `significantDigits` significant digits, for values whose small parts matter (a formula's trace:
 * 0.001026 mmBtu would read 0 at two decimals).
 */
export function formatSignificant(
  value: number,
  significantDigits = 8,
  locale: string = DEFAULT_LOCALE,
): string {
  return new Intl.NumberFormat(locale, { maximumSignificantDigits: significantDigits }).format(value);
}
