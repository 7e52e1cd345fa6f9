import { memo } from 'react';
import { formatCo2e } from './facility-format.ts';
import type { TrailRequest } from './facility-types.ts';

export interface BreakdownEntry {
  key: string;
  label: string;
  co2eKg: number;
  /** Mass of the gas itself, for the breakdown by gas. */
  detail?: string;
  trail: TrailRequest;
}

/** A horizontal bar per entry, largest first; each bar opens the trail of its total. */
export const BreakdownBars = memo(function BreakdownBars({
  title,
  entries,
  onTrail,
}: {
  title: string;
  entries: readonly BreakdownEntry[];
  onTrail: (request: TrailRequest) => void;
}) {
  const sorted = [...entries].sort((left, right) => right.co2eKg - left.co2eKg);
  const largest = Math.max(1, ...sorted.map((entry) => entry.co2eKg));
  const headingId = `breakdown-${title.toLowerCase().replaceAll(/\W+/g, '-')}`;
  return (
    <section aria-labelledby={headingId} className="grid content-start gap-2 rounded-lg border p-4">
      <h3 id={headingId} className="font-semibold">
        {title}
      </h3>
      {sorted.length === 0 ? (
        <p className="text-sm text-muted-foreground">Nothing recorded yet.</p>
      ) : (
        <ul className="grid gap-1.5">
          {sorted.map((entry) => (
            <li key={entry.key}>
              <button
                type="button"
                className="grid w-full cursor-pointer gap-1 rounded px-1 py-0.5 text-left text-sm hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
                aria-label={`${entry.label}: ${formatCo2e(entry.co2eKg)}. Show the trail`}
                onClick={() => onTrail(entry.trail)}
              >
                <span className="flex flex-wrap justify-between gap-x-2">
                  <span>{entry.label}</span>
                  <span className="tabular-nums text-muted-foreground">
                    {formatCo2e(entry.co2eKg)}
                    {entry.detail !== undefined && ` · ${entry.detail}`}
                  </span>
                </span>
                <span aria-hidden="true" className="block h-2 rounded bg-muted">
                  <span
                    className="block h-2 rounded bg-primary"
                    style={{ width: `${Math.max(0.5, (entry.co2eKg / largest) * 100)}%` }}
                  />
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
});
