import type { DataQualityFlag } from '@ecc/contracts';

/** The fields of an activity record that data-quality checks read. */
export interface QualityRecord {
  readonly activityType: string;
  /** `YYYY-MM-DD`; the record counts for the month it starts in. */
  readonly periodStart: string;
  readonly quantity: number;
  readonly unit: string;
  readonly isEstimated: boolean;
}

/** A month is an outlier when it lies further than this many scaled median absolute deviations from the median. */
export const OUTLIER_DEVIATIONS = 3;
/** Turns a median absolute deviation into an estimate of the standard deviation of normally spread data. */
export const MAD_TO_STANDARD_DEVIATION = 1.4826;
/** Fewer months than this give no stable median: no outliers are flagged. */
export const MIN_MONTHS_FOR_OUTLIERS = 6;

export function monthOf(date: string): string {
  return date.slice(0, 7);
}

/** `2024-11` → `2024-12`. */
export function nextMonth(month: string): string {
  const year = Number(month.slice(0, 4));
  const monthNumber = Number(month.slice(5, 7));
  return monthNumber === 12 ? `${year + 1}-01` : `${year}-${String(monthNumber + 1).padStart(2, '0')}`;
}

/** Every month from `first` to `last`, both included. */
export function monthsBetween(first: string, last: string): string[] {
  const months: string[] = [];
  for (let month = first; month <= last; month = nextMonth(month)) months.push(month);
  return months;
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((left, right) => left - right);
  const middle = Math.floor(sorted.length / 2);
  if (sorted.length === 0) return Number.NaN;
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

const formatQuantity = (value: number) => value.toLocaleString('en-US', { maximumFractionDigits: 1 });

/**
 * Flags what makes a facility's figures less trustworthy, per activity type (and unit) and month: months
 * missing inside the series (gap), monthly quantities far from the usual (outlier: more than 3 scaled median
 * absolute deviations from the median, which a few extreme months cannot drag along as they would a mean),
 * and months that include estimated records. Sorted by month, then activity type.
 */
export function detectDataQualityFlags(records: readonly QualityRecord[]): DataQualityFlag[] {
  const series = new Map<
    string,
    { activityType: string; unit: string; months: Map<string, number>; estimated: Set<string> }
  >();
  for (const record of records) {
    const key = `${record.activityType}\n${record.unit}`;
    let entry = series.get(key);
    if (!entry) {
      entry = {
        activityType: record.activityType,
        unit: record.unit,
        months: new Map(),
        estimated: new Set(),
      };
      series.set(key, entry);
    }
    const month = monthOf(record.periodStart);
    entry.months.set(month, (entry.months.get(month) ?? 0) + record.quantity);
    if (record.isEstimated) entry.estimated.add(month);
  }

  const flags: DataQualityFlag[] = [];
  for (const { activityType, unit, months, estimated } of series.values()) {
    const present = [...months.keys()].sort();
    const first = present[0];
    const last = present.at(-1);
    if (first === undefined || last === undefined) continue;
    for (const month of monthsBetween(first, last)) {
      if (!months.has(month)) {
        flags.push({ kind: 'gap', activityType, month, message: `No ${activityType} data for ${month}` });
      }
    }
    const quantities = [...months.values()];
    if (quantities.length >= MIN_MONTHS_FOR_OUTLIERS) {
      const middle = median(quantities);
      const spread = MAD_TO_STANDARD_DEVIATION * median(quantities.map((value) => Math.abs(value - middle)));
      if (spread > 0) {
        for (const [month, quantity] of months) {
          if (Math.abs(quantity - middle) > OUTLIER_DEVIATIONS * spread) {
            flags.push({
              kind: 'outlier',
              activityType,
              month,
              message: `${activityType} in ${month} is ${formatQuantity(quantity)} ${unit}, far from the usual ${formatQuantity(middle)} ${unit}`,
            });
          }
        }
      }
    }
    for (const month of estimated) {
      flags.push({
        kind: 'estimated',
        activityType,
        month,
        message: `${activityType} in ${month} includes estimated data`,
      });
    }
  }
  return flags.sort(
    (left, right) =>
      left.month.localeCompare(right.month) ||
      left.activityType.localeCompare(right.activityType) ||
      left.kind.localeCompare(right.kind),
  );
}
