import { DEFAULT_LOCALE } from '@ecc/contracts';

/*
 * How a mass reads, for every page and for the assistant's answers (one rule): one fraction digit, in the unit
 * its size calls for. Tables and charts stop at tonnes, so the rows of a column compare; prose (the assistant)
 * goes on to kilotonnes and megatonnes, which read more easily than "12,345,678.9 t".
 */

/** Every mass shown carries one fraction digit, whatever its unit. */
export const MASS_FRACTION_DIGITS = 1;

/** The units a mass is shown in, smallest first: each is 1,000 of the one before. */
export const MASS_DISPLAY_UNITS = ['kg', 't', 'kt', 'Mt'] as const;
export type MassDisplayUnit = (typeof MASS_DISPLAY_UNITS)[number];

/** Kilograms in one of each display unit. */
export const MASS_DISPLAY_UNIT_KG: Readonly<Record<MassDisplayUnit, number>> = {
  kg: 1,
  t: 1e3,
  kt: 1e6,
  Mt: 1e9,
};

/** Half the last digit shown: a smaller non-zero mass reads "< 0.1 kg". */
const HALF_LAST_DIGIT = 0.5 * 10 ** -MASS_FRACTION_DIGITS;

/** The next unit starts where the current one would round to 1,000.0 (999.95 kg reads "1.0 t"). */
const NEXT_UNIT_AT = 1000 - HALF_LAST_DIGIT;

export interface MassFormatOptions {
  /** What the mass is of: `CO2e` (default), or a gas such as `CH4`. */
  substance?: string;
  locale?: string;
  /** The largest unit used: `t` (default; tables and charts) or `Mt` (prose). */
  largestUnit?: MassDisplayUnit;
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

/** The unit a mass of this many kg shows in: the largest (up to `largestUnit`) in which it reads 1.0 or more. */
export function massUnitOf(kg: number, largestUnit: MassDisplayUnit = 't'): MassDisplayUnit {
  const last = MASS_DISPLAY_UNITS.indexOf(largestUnit);
  let index = 0;
  while (index < last && Math.abs(kg) / MASS_DISPLAY_UNIT_KG[MASS_DISPLAY_UNITS[index]!] >= NEXT_UNIT_AT) {
    index += 1;
  }
  return MASS_DISPLAY_UNITS[index]!;
}

/** Kilograms expressed in `unit`. */
export function massIn(kg: number, unit: MassDisplayUnit): number {
  return unit === 'kg' ? kg : kg / MASS_DISPLAY_UNIT_KG[unit];
}

/**
 * A mass as it is shown: `12,345.6 t CO2e`, `950.5 kg CO2e` below a tonne, `12.3 Mt CO2e` in prose, `0.0 t CO2e`
 * for nothing, `< 0.1 kg CO2e` for a non-zero mass too small for a digit; `—` when there is no number.
 */
export function formatMass(kg: number, options: MassFormatOptions = {}): string {
  const substance = options.substance ?? 'CO2e';
  const format = massFormat(options.locale ?? DEFAULT_LOCALE);
  if (!Number.isFinite(kg)) return '—';
  // -0 and rounding to zero would print "-0.0".
  if (kg === 0) return `${format.format(0)} t ${substance}`;
  if (Math.abs(kg) < HALF_LAST_DIGIT)
    return `< ${format.format(10 ** -MASS_FRACTION_DIGITS)} kg ${substance}`;
  const unit = massUnitOf(kg, options.largestUnit);
  return `${format.format(massIn(kg, unit))} ${unit} ${substance}`;
}
