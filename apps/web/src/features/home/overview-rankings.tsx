import type { OverviewResponse } from '@ecc/contracts';
import { DataTable } from '@ecc/ui';
import { Link } from '@tanstack/react-router';
import { facilityLink } from '#lib/facility-links/facility-link.ts';
import { formatMass } from '#lib/format/format-mass.ts';
import { formatNumber } from '#lib/format/format-number.ts';
import { OverviewExportMenu } from './overview-export-menu.tsx';

const linkClasses = 'font-medium text-primary underline-offset-4 hover:underline';

function place(facility: { state: string | null; country: string }): string {
  return [facility.state, facility.country].filter(Boolean).join(', ');
}

/** `12.3%` of the year's total; nothing when the total is zero. */
function shareOf(co2eKg: number, totalKg: number): string {
  return totalKg === 0 ? '—' : `${formatNumber((co2eKg / totalKg) * 100)}%`;
}

/** The year's largest emitters, each linking to its facility view of the year with the total's trail open. */
export function TopFacilities({ overview }: { overview: OverviewResponse }) {
  const { calculated, year } = overview;
  const total = calculated.totals?.co2eKg ?? 0;
  return (
    <section aria-labelledby="overview-top-facilities" className="grid content-start gap-2">
      <div className="flex items-center justify-between gap-2">
        <h2 id="overview-top-facilities" className="font-semibold">
          Largest emitters in {year}
        </h2>
        {calculated.topFacilities.length > 0 && (
          <OverviewExportMenu
            year={year}
            table="facilities"
            what={`every facility ranked by CO2e in ${year}`}
          />
        )}
      </div>
      {calculated.topFacilities.length === 0 ? (
        <p className="text-sm text-muted-foreground">No facility has calculated emissions in {year}.</p>
      ) : (
        <DataTable
          caption={`Facilities with the largest calculated CO2e in ${year}`}
          rows={calculated.topFacilities}
          rowKey={(facility) => facility.slug}
          columns={[
            {
              header: 'Facility',
              cell: (facility) => (
                <Link {...facilityLink(facility.slug, { year })} className={linkClasses}>
                  {facility.name}
                </Link>
              ),
            },
            { header: 'Where', cell: place },
            {
              header: 'CO2e',
              className: 'text-right tabular-nums whitespace-nowrap',
              cell: (facility) => (
                <Link
                  {...facilityLink(facility.slug, { year, trail: { kind: 'total' } })}
                  className="underline-offset-4 hover:underline"
                  aria-label={`${formatMass(facility.co2eKg)}: the trail of ${facility.name}'s total`}
                >
                  {formatMass(facility.co2eKg)}
                </Link>
              ),
            },
            {
              header: 'Share',
              className: 'text-right tabular-nums',
              cell: (facility) => shareOf(facility.co2eKg, total),
            },
          ]}
        />
      )}
    </section>
  );
}

/** The year's largest sources across the realm, each with its largest facilities, linking to their trails. */
export function TopSources({ overview }: { overview: OverviewResponse }) {
  const { calculated, year } = overview;
  const total = calculated.totals?.co2eKg ?? 0;
  return (
    <section aria-labelledby="overview-top-sources" className="grid content-start gap-2">
      <div className="flex items-center justify-between gap-2">
        <h2 id="overview-top-sources" className="font-semibold">
          Largest sources in {year}
        </h2>
        {calculated.topSources.length > 0 && (
          <OverviewExportMenu year={year} table="sources" what={`every source ranked by CO2e in ${year}`} />
        )}
      </div>
      {calculated.topSources.length === 0 ? (
        <p className="text-sm text-muted-foreground">No source has calculated emissions in {year}.</p>
      ) : (
        <DataTable
          caption={`Sources with the largest calculated CO2e in ${year}`}
          rows={calculated.topSources}
          rowKey={(source) => source.activityType}
          columns={[
            { header: 'Source', cell: (source) => source.activityType },
            {
              header: 'CO2e',
              className: 'text-right tabular-nums whitespace-nowrap',
              cell: (source) => formatMass(source.co2eKg),
            },
            {
              header: 'Share',
              className: 'text-right tabular-nums',
              cell: (source) => shareOf(source.co2eKg, total),
            },
            {
              header: 'Largest at',
              cell: (source) => (
                <ul className="flex flex-wrap gap-x-4 gap-y-0.5">
                  {source.topFacilities.map((facility) => (
                    <li key={facility.slug}>
                      <Link
                        {...facilityLink(facility.slug, {
                          year,
                          trail: { kind: 'source', activityType: source.activityType },
                        })}
                        className={linkClasses}
                        aria-label={`${facility.name}: the trail of its ${source.activityType}, ${formatMass(facility.co2eKg)}`}
                      >
                        {facility.name}
                      </Link>{' '}
                      <span className="text-muted-foreground tabular-nums">
                        {formatMass(facility.co2eKg)}
                      </span>
                    </li>
                  ))}
                  {source.facilityCount > source.topFacilities.length && (
                    <li className="text-xs text-muted-foreground">
                      and {formatNumber(source.facilityCount - source.topFacilities.length)} more
                    </li>
                  )}
                </ul>
              ),
            },
          ]}
        />
      )}
    </section>
  );
}
