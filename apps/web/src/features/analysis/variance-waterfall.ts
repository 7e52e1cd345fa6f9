/*
 * The variance waterfall between two periods: the comparison year's total, one step per line of the pivot (its
 * change, up or down), and the current year's total. Each step floats on an invisible base, so the bars join.
 */

export interface WaterfallStep {
  label: string;
  /** Where the visible bar starts (the running total before an increase, after a decrease). */
  base: number;
  /** The visible bar's height: a total, or the size of a change. */
  size: number;
  kind: 'total' | 'increase' | 'decrease';
}

export function varianceWaterfall(
  from: { label: string; value: number },
  changes: readonly { label: string; current: number; previous: number }[],
  to: { label: string; value: number },
): WaterfallStep[] {
  const steps: WaterfallStep[] = [{ label: from.label, base: 0, size: from.value, kind: 'total' }];
  let running = from.value;
  for (const change of changes) {
    const delta = change.current - change.previous;
    if (delta === 0) continue;
    const next = running + delta;
    steps.push({
      label: change.label,
      base: Math.min(running, next),
      size: Math.abs(delta),
      kind: delta > 0 ? 'increase' : 'decrease',
    });
    running = next;
  }
  steps.push({ label: to.label, base: 0, size: to.value, kind: 'total' });
  return steps;
}
