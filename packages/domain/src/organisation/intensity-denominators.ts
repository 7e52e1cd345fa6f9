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
