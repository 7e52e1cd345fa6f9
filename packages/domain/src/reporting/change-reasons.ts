import {
  RECORDED_CHANGE_REASONS,
  type ChangeDirection,
  type ChangeReasonDto,
  type RecordedChangeReason,
} from '@ecc/contracts';

/*
 * CDP C7.9a: the reasons a year's gross emissions changed from the year before, each with the CO2e it explains
 * and its direction; what they leave unexplained is "unidentified".
 */

export interface RecordedReason {
  readonly reason: RecordedChangeReason;
  readonly co2e: number;
  readonly direction: ChangeDirection;
  readonly note: string;
}

/** Differences below a gram are rounding, not an overshoot. */
const TOLERANCE_KG = 0.001;

const signed = (reason: Pick<RecordedReason, 'co2e' | 'direction'>) =>
  reason.direction === 'decrease' ? -reason.co2e : reason.co2e;

/** What the recorded reasons leave of the change: the change minus their signed sum. */
export function unidentifiedChange(changeCo2e: number, reasons: readonly RecordedReason[]): number {
  return changeCo2e - reasons.reduce((sum, reason) => sum + signed(reason), 0);
}

/**
 * Whether the reasons explain more than the change in its direction (a rise of 100 t "explained" by 150 t of
 * acquisitions): the remainder would then run against the change. Reasons pulling both ways are fine.
 */
export function isChangeOverExplained(changeCo2e: number, reasons: readonly RecordedReason[]): boolean {
  const remainder = unidentifiedChange(changeCo2e, reasons);
  return Math.abs(remainder) > TOLERANCE_KG && Math.sign(remainder) === -Math.sign(changeCo2e);
}

/**
 * The reasons in CDP's order with their share of the year before's total, then the unidentified remainder
 * (listed whenever there is a change to explain).
 */
export function explainChange(
  changeCo2e: number | null,
  previousTotalCo2e: number | null,
  reasons: readonly RecordedReason[],
): ChangeReasonDto[] {
  const percentOf = (value: number) =>
    previousTotalCo2e === null || previousTotalCo2e === 0 ? null : (value / previousTotalCo2e) * 100;
  const ordered = [...reasons].sort(
    (left, right) =>
      RECORDED_CHANGE_REASONS.indexOf(left.reason) - RECORDED_CHANGE_REASONS.indexOf(right.reason),
  );
  const rows: ChangeReasonDto[] = ordered.map((reason) => ({
    ...reason,
    percentOfPrevious: percentOf(signed(reason)),
  }));
  if (changeCo2e === null) return rows;
  const remainder = unidentifiedChange(changeCo2e, reasons);
  rows.push({
    reason: 'unidentified',
    co2e: Math.abs(remainder),
    direction: remainder < 0 ? 'decrease' : 'increase',
    note: '',
    percentOfPrevious: percentOf(remainder),
  });
  return rows;
}
