import type { FacilityMonthTotals } from '@ecc/contracts';
import { memo, useMemo } from 'react';
import { formatCo2e, formatCo2eCompact, formatMonth } from './facility-format.ts';
import { SCOPE_LABELS, type TrailRequest } from './facility-types.ts';

const WIDTH = 960;
const HEIGHT = 260;
const PADDING = { top: 12, right: 8, bottom: 28, left: 64 };
const STACK = [
  { key: 'scope1', className: 'fill-primary' },
  { key: 'scope2Location', className: 'fill-primary/45' },
  { key: 'scope3', className: 'fill-warning' },
] as const;

/**
 * Monthly CO2e stacked by scope (Scope 2 location-based, as the totals count it). Each month is a button that
 * opens its trail; a table below gives the same figures, with Scope 2 market-based, to any reader.
 */
export const EmissionsChart = memo(function EmissionsChart({
  monthly,
  onTrail,
}: {
  monthly: readonly FacilityMonthTotals[];
  onTrail: (request: TrailRequest) => void;
}) {
  const months = useMemo(
    () => [...monthly].sort((left, right) => left.month.localeCompare(right.month)),
    [monthly],
  );
  if (months.length === 0) return <p className="text-sm text-muted-foreground">No monthly emissions yet.</p>;

  const largest = Math.max(1, ...months.map((month) => month.scope1 + month.scope2Location + month.scope3));
  const plotWidth = WIDTH - PADDING.left - PADDING.right;
  const plotHeight = HEIGHT - PADDING.top - PADDING.bottom;
  const slot = plotWidth / months.length;
  const barWidth = Math.max(2, slot * 0.7);
  const scale = (kg: number) => (kg / largest) * plotHeight;
  const ticks = [0, 0.5, 1].map((share) => share * largest);

  return (
    <figure className="grid gap-2">
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        className="block h-auto w-full"
        role="group"
        aria-label="CO2e by month and scope"
      >
        {ticks.map((tick) => {
          const y = PADDING.top + plotHeight - scale(tick);
          return (
            <g key={tick} aria-hidden="true">
              <line x1={PADDING.left} x2={WIDTH - PADDING.right} y1={y} y2={y} className="stroke-border" />
              <text
                x={PADDING.left - 6}
                y={y + 4}
                textAnchor="end"
                className="fill-muted-foreground text-[11px]"
              >
                {formatCo2eCompact(tick)}
              </text>
            </g>
          );
        })}
        {months.map((month, index) => {
          const x = PADDING.left + index * slot + (slot - barWidth) / 2;
          let base = PADDING.top + plotHeight;
          const total = month.scope1 + month.scope2Location + month.scope3;
          const label = `${formatMonth(month.month)}: ${formatCo2e(total)}`;
          const open = () => onTrail({ title: `CO2e ${formatMonth(month.month)}`, month: month.month });
          return (
            <g
              key={month.month}
              role="button"
              tabIndex={0}
              aria-label={`${label}. Show the trail`}
              className="cursor-pointer outline-none focus-visible:[&>rect]:stroke-foreground focus-visible:[&>rect]:stroke-2"
              onClick={open}
              onKeyDown={(event) => {
                if (event.key === 'Enter' || event.key === ' ') {
                  event.preventDefault();
                  open();
                }
              }}
            >
              <title>{label}</title>
              <rect x={x} y={PADDING.top} width={barWidth} height={plotHeight} className="fill-transparent" />
              {STACK.map((part) => {
                const height = scale(month[part.key]);
                base -= height;
                return (
                  <rect
                    key={part.key}
                    x={x}
                    y={base}
                    width={barWidth}
                    height={height}
                    className={part.className}
                  />
                );
              })}
              {index % Math.ceil(months.length / 12) === 0 && (
                <text
                  x={x + barWidth / 2}
                  y={HEIGHT - 8}
                  textAnchor="middle"
                  className="fill-muted-foreground text-[11px]"
                >
                  {formatMonth(month.month)}
                </text>
              )}
            </g>
          );
        })}
      </svg>
      <figcaption className="flex flex-wrap gap-4 text-xs text-muted-foreground">
        {STACK.map((part) => (
          <span key={part.key} className="inline-flex items-center gap-1.5">
            <svg aria-hidden="true" className="size-3">
              <rect width="12" height="12" className={part.className} />
            </svg>
            {SCOPE_LABELS[part.key]}
          </span>
        ))}
      </figcaption>
      <details className="text-sm">
        <summary className="cursor-pointer text-muted-foreground">Show the figures as a table</summary>
        <div className="mt-2 max-h-80 overflow-auto rounded-lg border">
          <table className="w-full text-right tabular-nums">
            <caption className="sr-only">CO2e by month and scope</caption>
            <thead className="sticky top-0 bg-muted">
              <tr>
                <th scope="col" className="px-3 py-1.5 text-left">
                  Month
                </th>
                <th scope="col" className="px-3 py-1.5">
                  Scope 1
                </th>
                <th scope="col" className="px-3 py-1.5">
                  Scope 2 (location)
                </th>
                <th scope="col" className="px-3 py-1.5">
                  Scope 2 (market)
                </th>
                <th scope="col" className="px-3 py-1.5">
                  Scope 3
                </th>
                <th scope="col" className="px-3 py-1.5">
                  Total
                </th>
              </tr>
            </thead>
            <tbody>
              {months.map((month) => (
                <tr key={month.month} className="border-t">
                  <th scope="row" className="px-3 py-1 text-left font-normal">
                    {formatMonth(month.month)}
                  </th>
                  <td className="px-3 py-1">{formatCo2e(month.scope1)}</td>
                  <td className="px-3 py-1">{formatCo2e(month.scope2Location)}</td>
                  <td className="px-3 py-1">{formatCo2e(month.scope2Market)}</td>
                  <td className="px-3 py-1">{formatCo2e(month.scope3)}</td>
                  <td className="px-3 py-1">{formatCo2e(month.co2eKg)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
});
