import type { ElectricityBasis } from './factor-library.ts';

/** The factors available for the part of a site's electricity that certificates do not cover. */
export interface MarketBasedCandidates<Factor> {
  readonly supplierSpecific?: Factor;
  readonly residualMix?: Factor;
  readonly gridAverage?: Factor;
}

export interface MarketBasedChoice<Factor> {
  readonly factor: Factor;
  readonly electricityBasis: ElectricityBasis;
  /** True when only the grid average was left: the GHG Protocol requires disclosing it as such. */
  readonly isGridAverageFallback: boolean;
}

/**
 * Picks the market-based factor in the order of the GHG Protocol Scope 2 Guidance (2015) data hierarchy:
 * certificates and contracts are applied as certificate coverage; the remainder takes the supplier-specific
 * rate, else the residual mix, and only where no residual mix exists, the grid average.
 */
export function chooseMarketBasedFactor<Factor>(
  candidates: MarketBasedCandidates<Factor>,
): MarketBasedChoice<Factor> | undefined {
  if (candidates.supplierSpecific !== undefined) {
    return {
      factor: candidates.supplierSpecific,
      electricityBasis: 'supplier-specific',
      isGridAverageFallback: false,
    };
  }
  if (candidates.residualMix !== undefined) {
    return { factor: candidates.residualMix, electricityBasis: 'residual-mix', isGridAverageFallback: false };
  }
  if (candidates.gridAverage !== undefined) {
    return { factor: candidates.gridAverage, electricityBasis: 'grid-average', isGridAverageFallback: true };
  }
  return undefined;
}
