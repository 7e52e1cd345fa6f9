import {
  LONG_TERM_REDUCTION,
  LONG_TERM_TARGET_YEAR,
  type TrajectoryQuery,
  type TrajectoryYear,
} from '@ecc/contracts';

/**
 * SBTi cross-sector absolute contraction: `E(t) = E(base) × (1 − rate × (t − base))`, linear (not compounded),
 * never below zero, for every year from the base year to the target year.
 */
export function absoluteContractionTrajectory(query: TrajectoryQuery): TrajectoryYear[] {
  const years: TrajectoryYear[] = [];
  for (let year = query.baseYear; year <= query.targetYear; year += 1) {
    years.push({ year, emissions: contractionAt(query.base, query.rate, year - query.baseYear) });
  }
  return years;
}

/** The contracted emissions `yearsAfterBase` years after the base year, floored at zero. */
export function contractionAt(base: number, rate: number, yearsAfterBase: number): number {
  return Math.max(0, base * (1 - rate * yearsAfterBase));
}

/**
 * The linear rate that reaches the long-term target (90 % below the base year by 2050): 0.9 / (2050 − base).
 * A base year at or after 2050 has no such rate.
 */
export function longTermContractionRate(
  baseYear: number,
  reduction = LONG_TERM_REDUCTION,
  targetYear = LONG_TERM_TARGET_YEAR,
): number {
  if (targetYear <= baseYear)
    throw new RangeError(`The long-term target year ${targetYear} is not after ${baseYear}`);
  return reduction / (targetYear - baseYear);
}
