/** The scope columns of yearly and monthly totals; their `co2eKg` counts Scope 2 location-based. */
export type ScopeKey = 'scope1' | 'scope2Location' | 'scope2Market' | 'scope3';

/** Every scope column, Scope 2 both ways, in the order the screens show them. */
export const SCOPE_KEYS: readonly ScopeKey[] = ['scope1', 'scope2Location', 'scope2Market', 'scope3'];

export const SCOPE_LABELS: Record<ScopeKey, string> = {
  scope1: 'Scope 1',
  scope2Location: 'Scope 2 (location-based)',
  scope2Market: 'Scope 2 (market-based)',
  scope3: 'Scope 3',
};
