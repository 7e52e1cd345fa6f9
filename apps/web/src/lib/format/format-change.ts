import { formatNumber } from './format-number.ts';

/** The percentage change from one value to the next; undefined when there is nothing to compare with. */
export function percentChange(current: number, previous: number | undefined): number | undefined {
  if (previous === undefined || previous === 0) return undefined;
  return ((current - previous) / Math.abs(previous)) * 100;
}

export function formatPercentChange(change: number | undefined): string {
  if (change === undefined) return 'No earlier year to compare';
  const sign = change > 0 ? '+' : change < 0 ? '−' : '±';
  return `${sign}${formatNumber(Math.abs(change))}% vs last year`;
}
