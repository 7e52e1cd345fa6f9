import { DEFAULT_LOCALE } from '@ecc/contracts';
import { convert } from '@ecc/domain';

/** Every mass on screen carries one fraction digit, in tonnes or (below a tonne) in kilograms. */
export const MASS_FRACTION_DIGITS = 1;

/** The smallest mass that rounds to a visible digit; a smaller non-zero mass reads "< 0.1 kg". */
const SMALLEST_SHOWN_KG = 0.5 * 10 ** -MASS_FRACTION_DIGITS;

/** From this many kg a mass shows in tonnes: 999.95 kg would round to "1,000.0 kg", so it reads "1.0 t". */
const TONNE_THRESHOLD_KG = convert(1, 't', 'kg') - SMALLEST_SHOWN_KG;

export type MassUnit = 't' | 'kg';

export interface MassFormatOptions {
  /** What the mass is of: `CO2e` (default), or a gas such as `CH4`. */
  substance?: string;
  locale?: string;
}

const massFormats = new Map<string, Intl.NumberFormat>();

function massFormat(locale: string): Intl.NumberFormat {
  let format = massFormats.get(locale);
  if (format === undefined) {
    format = new Intl.NumberFormat(locale, {
      minimumFractionDigits: MASS_FRACTION_DIGITS,
      maximumFractionDigits: MASS_FRACTION_DIGITS,
    });
    massFormats.set(locale, format);
  }
  return format;
}

/** The unit a mass of this many kg shows in: tonnes from 1 t (after rounding), kilograms below. */
export function massUnitOf(kg: number): MassUnit {
  return Math.abs(kg) >= TONNE_THRESHOLD_KG ? 't' : 'kg';
}

/** Kilograms expressed in `unit`. */
export function massIn(kg: number, unit: MassUnit): number {
  return unit === 't' ? convert(kg, 'kg', 't') : kg;
}

/**
 * A mass as every screen shows it: `12,345.6 t CO2e`, `950.5 kg CO2e` below a tonne, `0.0 t CO2e` for nothing,
 * `< 0.1 kg CO2e` for a non-zero mass too small for a digit; `—` when there is no number.
 */
export function formatMass(kg: number, options: MassFormatOptions = {}): string {
  const substance = options.substance ?? 'CO2e';
  const locale = options.locale ?? DEFAULT_LOCALE;
  if (!Number.isFinite(kg)) return '—';
  // -0 and rounding to zero would print "-0.0".
  if (kg === 0) return `${massFormat(locale).format(0)} t ${substance}`;
  if (Math.abs(kg) < SMALLEST_SHOWN_KG) {
    return `< ${massFormat(locale).format(10 ** -MASS_FRACTION_DIGITS)} kg ${substance}`;
  }
  const unit = massUnitOf(kg);
  return `${massFormat(locale).format(massIn(kg, unit))} ${unit} ${substance}`;
}
