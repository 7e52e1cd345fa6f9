/*
 * The mass rule lives in `@ecc/domain` (format/format-mass.ts), shared with the assistant's answers; the pages
 * use its default (tonnes at most, so a column's rows compare).
 */
export {
  MASS_FRACTION_DIGITS,
  formatMass,
  massIn,
  massUnitOf,
  type MassDisplayUnit as MassUnit,
  type MassFormatOptions,
} from '@ecc/domain';
