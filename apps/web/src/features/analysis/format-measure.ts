import type { AnalysisMeasure } from '@ecc/contracts';
import { formatMass } from '#lib/format/format-mass.ts';
import { formatNumber } from '#lib/format/format-number.ts';
import { formatQuantity } from '#lib/format/format-quantity.ts';

/** A pivot value as a person reads it: masses in kg or t, quantities with their unit, intensities per unit. */
export function formatMeasure(
  measure: AnalysisMeasure,
  value: number | null | undefined,
  keys: Readonly<Record<string, string | number>>,
): string {
  if (value === null || value === undefined) return '—';
  if (measure === 'co2e') return formatMass(value);
  if (measure === 'gasMass')
    return formatMass(value, { substance: typeof keys.gas === 'string' ? keys.gas : '' }).trim();
  if (measure === 'activityQuantity')
    return typeof keys.unit === 'string' ? formatQuantity(value, keys.unit) : formatNumber(value);
  return `${formatNumber(value)} kg CO2e`;
}
