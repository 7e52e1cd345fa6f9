import { EmptyState } from '@ecc/ui';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { BarChart3Icon } from 'lucide-react';
import type { ReactNode } from 'react';
import { LoadingSkeleton } from '#components/loading-skeleton.tsx';
import { PageHeader } from '#components/page-header.tsx';
import { QueryStates } from '#components/query-states.tsx';
import { facilityListLink } from '#lib/facility-links/facility-link.ts';
import { ActivityImportButton } from '#lib/imports/activity-import-dialog.tsx';
import { GhgrpImportButton } from '#lib/imports/ghgrp-import-dialog.tsx';
import { useSelectedYear } from '#lib/period/use-selected-year.ts';
import { YearSelect } from '#lib/period/year-select.tsx';
import { useCan } from '#lib/permissions/use-ability.ts';
import { overviewQuery } from './overview-api.ts';
import { OverviewDataQuality } from './overview-data-quality.tsx';
import { OverviewFigures } from './overview-figures.tsx';
import { TopFacilities, TopSources } from './overview-rankings.tsx';
import { OverviewReported } from './overview-reported.tsx';
import { OverviewTrend } from './overview-trend.tsx';

/** The header, five figures, the chart and two tables, as placeholders. */
const OVERVIEW_SKELETONS = ['h-24 w-full', 'h-72 w-full', 'h-64 w-full'];

/** A realm without data: how to start, with the imports the user may run. */
function NoDataYet() {
  const canImportFacilities = useCan('create', 'Facility');
  const canImportActivities = useCan('create', 'ImportBatch');
  return (
    <EmptyState
      icon={<BarChart3Icon />}
      title="No emissions yet"
      description="Start with your facilities: add them and their activity data (fuel, electricity, refrigerants) on the facilities page, import an EPA GHGRP data summary workbook to bring facilities with the emissions they reported, or import activity records from a CSV or XLSX file. The overview fills in as the data arrives."
      action={
        <div className="flex flex-wrap justify-center gap-2">
          <Link {...facilityListLink(null)} className="text-primary underline-offset-4 hover:underline">
            Open the facilities
          </Link>
          {canImportFacilities ? <GhgrpImportButton size="default" /> : null}
          {canImportActivities ? <ActivityImportButton size="default" /> : null}
        </div>
      }
    />
  );
}

/**
 * The realm's emissions at a glance for a year (kept in the URL): the calculated total and its scopes, the trend,
 * the largest facilities and sources, data quality, and apart from all of them what facilities reported to a
 * programme. Every figure links to where it comes from.
 */
export function RealmOverview({ header }: { header: { title: string; description?: ReactNode } }) {
  const { year } = useSelectedYear();
  const overview = useQuery(overviewQuery(year));
  return (
    <>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <PageHeader title={header.title} description={header.description} />
        <YearSelect shownYear={overview.data?.year ?? year ?? null} className="mb-6" />
      </div>
      <QueryStates
        query={overview}
        loading={
          <LoadingSkeleton label="Loading the overview" skeletons={OVERVIEW_SKELETONS} aria-busy="true" />
        }
        errorTitle="The overview could not be loaded"
        isEmpty={(data) => data.year === null}
        empty={<NoDataYet />}
      >
        {(data) => (
          <div className="grid gap-6" aria-busy={overview.isPlaceholderData}>
            <OverviewFigures overview={data} />
            <OverviewTrend overview={data} />
            <TopFacilities overview={data} />
            <TopSources overview={data} />
            <OverviewReported overview={data} />
            <OverviewDataQuality overview={data} />
          </div>
        )}
      </QueryStates>
    </>
  );
}
