import { DEFAULT_LOCALE, MAX_FRACTION_DIGITS } from '@ecc/contracts';

/** Quantities below 1 keep this many significant digits, so that 0.001026 does not read as 0. */
export const SMALL_QUANTITY_SIGNIFICANT_DIGITS = 3;

const quantityFormats = new Map<string, { large: Intl.NumberFormat; small: Intl.NumberFormat }>();

function quantityFormat(locale: string) {
  let formats = quantityFormats.get(locale);
  if (formats === undefined) {
    formats = {
      large: new Intl.NumberFormat(locale, { maximumFractionDigits: MAX_FRACTION_DIGITS }),
      small: new Intl.NumberFormat(locale, { maximumSignificantDigits: SMALL_QUANTITY_SIGNIFICANT_DIGITS }),
    };
    quantityFormats.set(locale, formats);
  }
  return formats;
}

/**
 * A quantity with its unit: `12,345.67 kWh` (thousands separators, at most 2 fraction digits), `0.00103 mmBtu`
 * below 1; `—` when there is no number. Masses of emissions use `formatMass` instead.
 */
export function formatQuantity(value: number, unit: string, locale: string = DEFAULT_LOCALE): string {
  if (!Number.isFinite(value)) return '—';
  const formats = quantityFormat(locale);
  const number = value !== 0 && Math.abs(value) < 1 ? formats.small : formats.large;
  const text = number.format(value === 0 ? 0 : value);
  return unit === '' ? text : `${text} ${unit}`;
}
