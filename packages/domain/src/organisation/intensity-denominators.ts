import type { FloorAreaUnit, IntensityDenominatorKind } from '@ecc/contracts';

/** 1 ft = 0.3048 m exactly (1959 international yard and pound agreement), so 1 ft² = 0.09290304 m². */
export const SQUARE_FOOT_IN_SQUARE_METRES = 0.09290304;

export interface NormalizedDenominator {
  readonly amount: number;
  readonly unit: string;
}

/**
 * An intensity denominator in its kind's common unit, so figures of facilities entered in different units add
 * up: floor area in m²; revenue, production and headcount as entered (currencies are never converted here).
 */
export function normalizeDenominator(
  kind: IntensityDenominatorKind,
  amount: number,
  unit: string,
): NormalizedDenominator {
  if (kind === 'floor-area' && (unit as FloorAreaUnit) === 'ft2') {
    return { amount: amount * SQUARE_FOOT_IN_SQUARE_METRES, unit: 'm2' };
  }
  return { amount, unit };
}

/**
 * Emissions per unit of a denominator (kg CO2e per currency unit, per m², per person…): null when there is no
 * denominator or it is zero, as an intensity over nothing is undefined rather than infinite.
 */
export function emissionIntensity(
  co2eKg: number,
  denominatorAmount: number | null | undefined,
): number | null {
  if (denominatorAmount === null || denominatorAmount === undefined || denominatorAmount === 0) return null;
  return co2eKg / denominatorAmount;
}
