import { DEFAULT_LOCALE } from '@ecc/contracts';

const moneyFormats = new Map<string, Intl.NumberFormat>();

/**
 * An amount in the realm's currency (decision 050), as `Intl` writes it in the locale: `€1,200` in en-US,
 * `1.200 €` in de-DE. Whole units unless `fractionDigits` asks for more (a cost per tonne, for instance).
 */
export function formatMoney(
  value: number,
  currency: string,
  { fractionDigits = 0, locale = DEFAULT_LOCALE }: { fractionDigits?: number; locale?: string } = {},
): string {
  const key = `${locale}|${currency}|${fractionDigits}`;
  let format = moneyFormats.get(key);
  if (format === undefined) {
    format = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      minimumFractionDigits: fractionDigits,
      maximumFractionDigits: fractionDigits,
      // A saving that rounds to nothing reads 0, not -0.
      signDisplay: 'negative',
    });
    moneyFormats.set(key, format);
  }
  return format.format(value);
}

/** A label naming the currency its figures are in: `Capex (EUR)`. */
export function moneyLabel(label: string, currency: string): string {
  return `${label} (${currency})`;
}
