import type { ScopeKey } from '#lib/emissions/scope-labels.ts';

export const SCOPE_NUMBERS: Record<ScopeKey, 1 | 2 | 3> = {
  scope1: 1,
  scope2Location: 2,
  scope2Market: 2,
  scope3: 3,
};

/** Which total a trail explains: the server's filters, plus narrowings the server has no filter for. */
export interface TrailRequest {
  title: string;
  year?: number;
  scope?: 1 | 2 | 3;
  activityType?: string;
  gas?: string;
  /** `YYYY-MM`: a chart month. */
  month?: string;
  /** An equipment bar: its equipment's id, or null for the records linked to no equipment. */
  equipmentId?: string | null;
}
