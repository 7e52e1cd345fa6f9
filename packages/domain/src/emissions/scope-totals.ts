/** CO2e (kg) of one period by scope, with both Scope 2 methods. */
export interface ScopeTotals {
  scope1: number;
  scope2Location: number;
  scope2Market: number;
  scope3: number;
}

/** The fields of an emission result that decide where its CO2e counts. */
export interface ScopedAmount {
  readonly scope: number;
  /** 'location' | 'market' for Scope 2, '' otherwise. */
  readonly scope2Method: string;
  readonly co2eKg: number;
}

export function emptyScopeTotals(): ScopeTotals {
  return { scope1: 0, scope2Location: 0, scope2Market: 0, scope3: 0 };
}

/** Market-based Scope 2 is reported beside the totals, never inside them. */
export function isMarketBased(amount: Pick<ScopedAmount, 'scope2Method'>): boolean {
  return amount.scope2Method === 'market';
}

export function addToScopeTotals(totals: ScopeTotals, amount: ScopedAmount): void {
  if (amount.scope === 1) totals.scope1 += amount.co2eKg;
  else if (amount.scope === 3) totals.scope3 += amount.co2eKg;
  else if (isMarketBased(amount)) totals.scope2Market += amount.co2eKg;
  else totals.scope2Location += amount.co2eKg;
}

/**
 * The totals with their sum: `co2eKg` counts Scope 2 location-based, so that electricity is counted once
 * (GHG Protocol Scope 2 Guidance: both methods are reported, side by side, never added together).
 */
export function withScopeTotal(totals: ScopeTotals): ScopeTotals & { co2eKg: number } {
  return { co2eKg: totals.scope1 + totals.scope2Location + totals.scope3, ...totals };
}
