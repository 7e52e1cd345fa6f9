import type { OverviewResponse } from '@ecc/contracts';
import { DataTable } from '@ecc/ui';
import { Link } from '@tanstack/react-router';
import { facilityLink } from '#lib/facility-links/facility-link.ts';
import { formatMass } from '#lib/format/format-mass.ts';
import { formatNumber } from '#lib/format/format-number.ts';
import { OverviewExportMenu } from './overview-export-menu.tsx';

/**
 * What facilities without calculated results for the year reported to a programme (EPA GHGRP): kept apart from
 * the calculated totals, one figure per programme edition and GWP set, and never added to anything.
 */
export function OverviewReported({ overview }: { overview: OverviewResponse }) {
  const { reported, year } = overview;
  if (reported.totals.length === 0) return null;
  return (
    <section aria-labelledby="overview-reported" className="grid content-start gap-3 rounded-lg border p-4">
      <div className="grid gap-1">
        <div className="flex items-center justify-between gap-2">
          <h2 id="overview-reported" className="font-semibold">
            Reported, not calculated, in {year}
          </h2>
          <OverviewExportMenu
            year={year}
            table="reported"
            what={`every facility that reported, not calculated, in ${year}`}
          />
        </div>
        <p className="text-sm text-muted-foreground">
          Facilities without calculated results for {year}, with the emissions they reported. These figures
          are not part of the calculated totals above.
        </p>
      </div>
      <ul className="grid gap-2 sm:grid-cols-2">
        {reported.totals.map((entry) => (
          <li key={`${entry.source}-${entry.gwpSetId}`} className="grid gap-0.5 rounded-md bg-muted/50 p-3">
            <span className="text-sm text-muted-foreground">
              Reported to {entry.source} · GWP set {entry.gwpSetId}
            </span>
            <span
              className="text-xl font-semibold tabular-nums"
              data-testid={`overview-reported-${entry.source}-${entry.gwpSetId}`}
            >
              {formatMass(entry.co2eKg)}
            </span>
            <span className="text-xs text-muted-foreground">
              {formatNumber(entry.facilityCount)} {entry.facilityCount === 1 ? 'facility' : 'facilities'}
            </span>
          </li>
        ))}
      </ul>
      <DataTable
        caption={`Facilities with the largest reported CO2e in ${year}`}
        rows={reported.topFacilities}
        rowKey={(facility) => facility.slug}
        columns={[
          {
            header: 'Facility',
            cell: (facility) => (
              <Link
                {...facilityLink(facility.slug, { year })}
                className="font-medium text-primary underline-offset-4 hover:underline"
              >
                {facility.name}
              </Link>
            ),
          },
          {
            header: 'Where',
            cell: (facility) => [facility.state, facility.country].filter(Boolean).join(', '),
          },
          { header: 'Reported to', cell: (facility) => `${facility.source} (${facility.gwpSetId})` },
          {
            header: 'CO2e',
            className: 'text-right tabular-nums whitespace-nowrap',
            cell: (facility) => formatMass(facility.co2eKg),
          },
        ]}
      />
    </section>
  );
}
