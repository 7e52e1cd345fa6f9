import type { OverviewResponse } from '@ecc/contracts';
import { DataTable } from '@ecc/ui';
import { Link } from '@tanstack/react-router';
import { facilityLink } from '#lib/facility-links/facility-link.ts';
import { formatNumber } from '#lib/format/format-number.ts';
import { OverviewExportMenu } from './overview-export-menu.tsx';

/** The facility view's section the counts come from. */
const DATA_QUALITY_SECTION = 'facility-data-quality';

const KINDS = [
  { key: 'gaps', label: 'Gaps', description: 'months missing inside a series' },
  { key: 'outliers', label: 'Outliers', description: 'months far from the usual' },
  { key: 'estimated', label: 'Estimated', description: 'months with estimated records' },
] as const;

/** The year's data-quality flags, counted as the facility view flags them, with the facilities that have most. */
export function OverviewDataQuality({ overview }: { overview: OverviewResponse }) {
  const { dataQuality, year } = overview;
  return (
    <section
      aria-labelledby="overview-data-quality"
      className="grid content-start gap-3 rounded-lg border p-4"
    >
      <div className="flex items-center justify-between gap-2">
        <h2 id="overview-data-quality" className="font-semibold">
          Data quality in {year}
        </h2>
        {dataQuality.facilityCount > 0 && (
          <OverviewExportMenu
            year={year}
            table="data-quality"
            what={`every facility with data-quality flags in ${year}`}
          />
        )}
      </div>
      <dl className="grid grid-cols-3 gap-3">
        {KINDS.map((kind) => (
          <div key={kind.key} className="grid gap-0.5">
            <dt className="text-sm text-muted-foreground">{kind.label}</dt>
            <dd className="text-2xl font-semibold tabular-nums" data-testid={`overview-quality-${kind.key}`}>
              {formatNumber(dataQuality[kind.key])}
            </dd>
            <dd className="text-xs text-muted-foreground">{kind.description}</dd>
          </div>
        ))}
      </dl>
      {dataQuality.facilityCount === 0 ? (
        <p className="text-sm text-muted-foreground">No gaps, outliers or estimated data found in {year}.</p>
      ) : (
        <>
          <p className="text-sm text-muted-foreground">
            In {formatNumber(dataQuality.facilityCount)}{' '}
            {dataQuality.facilityCount === 1 ? 'facility' : 'facilities'}; those with the most flags:
          </p>
          <DataTable
            caption={`Facilities with the most data-quality flags in ${year}`}
            rows={dataQuality.topFacilities}
            rowKey={(facility) => facility.slug}
            columns={[
              {
                header: 'Facility',
                cell: (facility) => (
                  <Link
                    {...facilityLink(facility.slug, { year, hash: DATA_QUALITY_SECTION })}
                    className="font-medium text-primary underline-offset-4 hover:underline"
                  >
                    {facility.name}
                  </Link>
                ),
              },
              ...KINDS.map((kind) => ({
                header: kind.label,
                className: 'text-right tabular-nums',
                cell: (facility: OverviewResponse['dataQuality']['topFacilities'][number]) =>
                  formatNumber(facility[kind.key]),
              })),
            ]}
          />
        </>
      )}
    </section>
  );
}
