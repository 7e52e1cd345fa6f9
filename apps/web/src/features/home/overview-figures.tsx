import type { OverviewResponse } from '@ecc/contracts';
import { cn } from '@ecc/ui';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { SCOPE_KEYS, SCOPE_LABELS } from '#lib/emissions/scope-labels.ts';
import { facilityListLink } from '#lib/facility-links/facility-link.ts';
import { formatPercentChange, percentChange } from '#lib/format/format-change.ts';
import { formatMass } from '#lib/format/format-mass.ts';
import { formatNumber } from '#lib/format/format-number.ts';

function FigureCard({
  label,
  value,
  detail,
  link,
  isHighlighted = false,
}: {
  label: string;
  value: string;
  detail: string;
  link: ReactNode;
  isHighlighted?: boolean;
}) {
  return (
    <div className={cn('grid gap-1 rounded-lg border bg-card p-4', isHighlighted && 'border-primary/60')}>
      <h3 className="text-sm text-muted-foreground">{label}</h3>
      <p className="text-2xl font-semibold tabular-nums" data-testid={`overview-${label}`}>
        {value}
      </p>
      <p className="text-xs text-muted-foreground">{detail}</p>
      <p className="text-xs">{link}</p>
    </div>
  );
}

const linkClasses = 'text-primary underline-offset-4 hover:underline';

/**
 * The year's calculated total and its split by scope, Scope 2 both ways. Each links to the facility list of the
 * year, largest emitters first: the facilities whose results make up the figure.
 */
export function OverviewFigures({ overview }: { overview: OverviewResponse }) {
  const { calculated, year } = overview;
  const totals = calculated.totals;
  if (totals === null || year === null) return null;
  const previous = calculated.previous ?? undefined;
  const listLink = facilityListLink(year, { sort: '-co2e' });
  const facilities = `${formatNumber(totals.facilityCount)} of ${formatNumber(overview.facilityCount)} facilities`;
  return (
    <section aria-labelledby="overview-figures" className="grid gap-3">
      <h2 id="overview-figures" className="sr-only">
        Calculated emissions of {year}
      </h2>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3 2xl:grid-cols-5">
        <FigureCard
          label={`CO2e ${year}`}
          value={formatMass(totals.co2eKg)}
          detail={formatPercentChange(percentChange(totals.co2eKg, previous?.co2eKg))}
          isHighlighted
          link={
            <Link {...listLink} className={linkClasses}>
              {facilities}
            </Link>
          }
        />
        {SCOPE_KEYS.map((key) => (
          <FigureCard
            key={key}
            label={`${SCOPE_LABELS[key]} ${year}`}
            value={formatMass(totals[key])}
            detail={formatPercentChange(percentChange(totals[key], previous?.[key]))}
            link={
              <Link
                {...listLink}
                className={linkClasses}
                aria-label={`Facilities behind ${SCOPE_LABELS[key]} ${year}`}
              >
                By facility
              </Link>
            }
          />
        ))}
      </div>
      <p className="text-xs text-muted-foreground">
        Calculated on GWP set {calculated.gwpSetId}. Totals count Scope 2 location-based; the market-based
        figure is shown beside it and never added.
      </p>
    </section>
  );
}
