import type { ConsolidationApproach } from '@ecc/contracts';

/** What consolidation needs to know of a facility (decision 024). */
export interface FacilityBoundary {
  /** The realm's ownership share in percent, more than 0 and at most 100. */
  readonly ownershipSharePercent: number;
  /** Inside the boundary under a control approach. */
  readonly isInBoundary: boolean;
}

/**
 * The share of a facility's results the realm reports, from 0 to 1 (GHG Protocol Corporate Standard, chapter 3;
 * DOMAIN.md "Consolidation"): under equity share its ownership share, whether or not it is flagged in the
 * boundary; under operational or financial control all of it when it is in the boundary, none when it is out.
 */
export function consolidationFactor(approach: ConsolidationApproach, facility: FacilityBoundary): number {
  if (approach === 'equity-share') return facility.ownershipSharePercent / 100;
  return facility.isInBoundary ? 1 : 0;
}

/** A facility's result (a mass in kg, or any additive figure) as the realm reports it under `approach`. */
export function consolidate(
  value: number,
  approach: ConsolidationApproach,
  facility: FacilityBoundary,
): number {
  const factor = consolidationFactor(approach, facility);
  // A share of 100 % keeps the value exactly as it was (no × 1.0 rounding question for the inventory).
  return factor === 1 ? value : factor === 0 ? 0 : value * factor;
}
