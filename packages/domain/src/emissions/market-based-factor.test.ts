import { describe, expect, it } from 'vitest';
import { chooseMarketBasedFactor } from './market-based-factor.ts';

describe('market-based factor hierarchy', () => {
  const supplierSpecific = { id: 'supplier' };
  const residualMix = { id: 'residual' };
  const gridAverage = { id: 'egrid-2022-us-average' };

  it('prefers the supplier-specific rate, then the residual mix', () => {
    expect(chooseMarketBasedFactor({ supplierSpecific, residualMix, gridAverage })).toEqual({
      factor: supplierSpecific,
      electricityBasis: 'supplier-specific',
      isGridAverageFallback: false,
    });
    expect(chooseMarketBasedFactor({ residualMix, gridAverage })).toEqual({
      factor: residualMix,
      electricityBasis: 'residual-mix',
      isGridAverageFallback: false,
    });
  });

  it('falls back to the grid average only when nothing else exists, and flags it', () => {
    expect(chooseMarketBasedFactor({ gridAverage })).toEqual({
      factor: gridAverage,
      electricityBasis: 'grid-average',
      isGridAverageFallback: true,
    });
    expect(chooseMarketBasedFactor({})).toBeUndefined();
  });
});
