import type { ChangeReasonDto, RecordedChangeReason } from '@ecc/contracts';

/*
 * The base-year recalculation policy (GHG Protocol Corporate Standard, chapter 5): the base year is recalculated
 * when structural changes (acquisitions, divestments, mergers, a changed boundary) or a change in methodology
 * shift it by more than the realm's significance threshold. Organic change (output, efficiency) never does, so
 * the rule weighs only those C7.9a reasons, against the base year's total, not the year's whole change.
 */

/** The C7.9a reasons that are structural or methodological changes. */
export const BASE_YEAR_RECALCULATION_REASONS: readonly RecordedChangeReason[] = [
  'acquisitions',
  'divestment',
  'mergers',
  'change-in-methodology',
  'change-in-boundary',
];

export interface BaseYearRecalculation {
  /** The structural and methodology changes entered for the year, kg CO2e, each counted whatever its direction. */
  readonly structuralCo2e: number;
  /** That in percent of the base year's total. */
  readonly percentOfBaseYear: number;
  /** True when it exceeds the threshold (a change exactly at the threshold is not significant). */
  readonly isRecommended: boolean;
}

/**
 * Whether the year's structural and methodology changes call for recalculating the base year; null without a base
 * year total to compare with. An acquisition and a divestment of the same size both change what the base year
 * covers, so the amounts add up regardless of direction.
 */
export function baseYearRecalculation(
  reasons: readonly Pick<ChangeReasonDto, 'reason' | 'co2e'>[],
  baseYearTotalCo2e: number | null,
  thresholdPercent: number,
): BaseYearRecalculation | null {
  if (baseYearTotalCo2e === null || baseYearTotalCo2e <= 0) return null;
  const structuralCo2e = reasons
    .filter((reason) => (BASE_YEAR_RECALCULATION_REASONS as readonly string[]).includes(reason.reason))
    .reduce((sum, reason) => sum + Math.abs(reason.co2e), 0);
  const percentOfBaseYear = (structuralCo2e / baseYearTotalCo2e) * 100;
  return { structuralCo2e, percentOfBaseYear, isRecommended: percentOfBaseYear > thresholdPercent };
}
