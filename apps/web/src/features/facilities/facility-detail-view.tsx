import type {
  ActivityRecordDto,
  DataQualityFlag,
  FacilityDetailResponse,
  RouteDefinition,
} from '@ecc/contracts';
import { EmptyState, Skeleton } from '@ecc/ui';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { AlertTriangleIcon, Building2Icon } from 'lucide-react';
import { useCallback, useMemo, useState } from 'react';
import { LoadError } from '#components/load-error.tsx';
import { LoadingSkeleton } from '#components/loading-skeleton.tsx';
import { PageHeader } from '#components/page-header.tsx';
import { QueryStates } from '#components/query-states.tsx';
import { isApiResponseError } from '#lib/api/api-response-error.ts';
import {
  FACILITY_LIST_PATH,
  TRAIL_SEARCH_PARAM,
  trailLinkOf,
  type FacilityTrailLink,
} from '#lib/facility-links/facility-link.ts';
import { SCOPE_LABELS } from '#lib/emissions/scope-labels.ts';
import { formatMass } from '#lib/format/format-mass.ts';
import { ActivityImportButton } from '#lib/imports/activity-import-dialog.tsx';
import { yearSearch } from '#lib/period/selected-year.ts';
import { useSelectedYear } from '#lib/period/use-selected-year.ts';
import { YearSelect } from '#lib/period/year-select.tsx';
import { Can } from '#lib/permissions/can.tsx';
import { ActivityRecordAddForm } from './activity-record-add-form.tsx';
import { ActivityRecordsTable } from './activity-records-table.tsx';
import { BreakdownBars, type BreakdownEntry } from './breakdown-bars.tsx';
import { EmissionsChart } from './emissions-chart.tsx';
import { FacilityActions } from './facility-actions.tsx';
import { activityRecordsQuery, facilityDetailQuery, facilityEquipmentQuery } from './facility-api.ts';
import { formatLocation, formatMonth } from './facility-format.ts';
import type { TrailRequest } from './facility-types.ts';
import { KpiCards } from './kpi-cards.tsx';
import { ReportedEmissions } from './reported-emissions.tsx';
import { recordTrailSubject, TrailSheet, type TrailSubject } from './trail-sheet.tsx';
import { useRecordMutations } from './use-record-mutations.ts';

const FLAG_LABELS: Record<DataQualityFlag['kind'], string> = {
  gap: 'Gap',
  outlier: 'Outlier',
  estimated: 'Estimated',
};

function DataQualityList({ flags }: { flags: readonly DataQualityFlag[] }) {
  return (
    <section
      aria-labelledby="facility-data-quality"
      className="grid content-start gap-2 rounded-lg border p-4"
    >
      <h3 id="facility-data-quality" className="font-semibold">
        Data quality
      </h3>
      {flags.length === 0 ? (
        <p className="text-sm text-muted-foreground">No gaps, outliers or estimated data found.</p>
      ) : (
        // Focusable, so a keyboard can scroll the list when it overflows (WCAG 2.1.1).
        <ul
          tabIndex={0}
          aria-label="Data quality flags"
          className="grid max-h-72 gap-1.5 overflow-auto rounded-sm text-sm focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
        >
          {flags.map((flag) => (
            <li key={`${flag.kind}-${flag.activityType}-${flag.month}`} className="flex gap-2">
              <AlertTriangleIcon
                aria-hidden="true"
                className="mt-0.5 size-4 shrink-0 text-warning-foreground"
              />
              <span>
                <span className="font-medium">{FLAG_LABELS[flag.kind]}</span> · {flag.activityType},{' '}
                {formatMonth(flag.month)}: {flag.message}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function EquipmentList({ detail }: { detail: FacilityDetailResponse }) {
  const equipment = useQuery(facilityEquipmentQuery(detail.facility.id));
  const byId = new Map(detail.summary.byEquipment.map((entry) => [entry.equipmentId, entry.co2eKg]));
  const items =
    equipment.data?.results.map((item) => ({
      id: item.id,
      name: `${item.name} (${item.typeName})`,
      href: `/equipment-manager/${item.typeKey}/${item.id}/view`,
      co2eKg: byId.get(item.id),
    })) ??
    detail.summary.byEquipment
      .filter((entry) => entry.equipmentId !== null)
      .map((entry) => ({
        id: entry.equipmentId ?? '',
        name: entry.name,
        href: undefined,
        co2eKg: entry.co2eKg,
      }));
  return (
    <section aria-labelledby="facility-equipment" className="grid content-start gap-2 rounded-lg border p-4">
      <h3 id="facility-equipment" className="font-semibold">
        Equipment at this facility
      </h3>
      {items.length === 0 ? (
        <p className="text-sm text-muted-foreground">No equipment is recorded for this facility.</p>
      ) : (
        <ul className="grid max-h-72 gap-1 overflow-auto text-sm">
          {items.map((item) => (
            <li key={item.id} className="flex justify-between gap-2">
              {item.href === undefined ? (
                <span>{item.name}</span>
              ) : (
                <Link to={item.href} className="text-primary underline-offset-4 hover:underline">
                  {item.name}
                </Link>
              )}
              <span className="tabular-nums text-muted-foreground">
                {item.co2eKg === undefined ? '' : formatMass(item.co2eKg)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

const RECORD_ROW_SKELETONS = Array.from({ length: 8 }, () => 'h-9 w-full');

function DetailSkeleton() {
  return (
    <div className="grid gap-4" role="status" aria-busy="true" aria-label="Loading the facility">
      <Skeleton className="h-8 w-1/3" />
      <Skeleton className="h-4 w-1/2" />
      <div className="grid gap-3 sm:grid-cols-3 xl:grid-cols-6">
        {Array.from({ length: 6 }, (_, index) => (
          <Skeleton key={index} className="h-24" />
        ))}
      </div>
      <Skeleton className="h-64 w-full" />
    </div>
  );
}

const SCOPE_TRAIL_KEYS = { 1: 'scope1', 2: 'scope2Location', 3: 'scope3' } as const;

/** The trail a link to the facility asks for (from the overview, say), as the sheet's request for `year`. */
function trailRequestOf(link: FacilityTrailLink, year: number): TrailRequest {
  if (link.kind === 'total') return { title: `CO2e ${year}`, year };
  if (link.kind === 'scope') {
    return { title: `${SCOPE_LABELS[SCOPE_TRAIL_KEYS[link.scope]]} ${year}`, year, scope: link.scope };
  }
  return { title: `CO2e of ${link.activityType} in ${year}`, year, activityType: link.activityType };
}

/** One facility: where it is, its figures, where they come from, and the records behind them. */
export function FacilityDetailView({ slug, route }: { slug: string; route: RouteDefinition }) {
  const { year: selectedYear } = useSelectedYear();
  const search = useSearch({ strict: false }) as Record<string, unknown>;
  const navigate = useNavigate();
  const detail = useQuery(facilityDetailQuery(slug, selectedYear));
  const records = useQuery(activityRecordsQuery(slug));
  const mutations = useRecordMutations(slug);
  const [trail, setTrail] = useState<TrailSubject | null>(null);
  const trailParam = search[TRAIL_SEARCH_PARAM];
  const shownYear = detail.data?.summary.year ?? null;
  // A link may ask for a trail (`?trail=`, from the overview): it shows once the facility's year is known.
  const linkedSubject = useMemo((): TrailSubject | null => {
    const linkedTrail = trailLinkOf({ [TRAIL_SEARCH_PARAM]: trailParam });
    return linkedTrail === undefined || shownYear === null
      ? null
      : { kind: 'total', request: trailRequestOf(linkedTrail, shownYear) };
  }, [trailParam, shownYear]);
  const shownTrail = trail ?? linkedSubject;
  const closeTrail = useCallback(() => {
    setTrail(null);
    if (trailParam === undefined) return;
    void navigate({
      to: '.',
      search: (previous: Record<string, unknown>) => ({ ...previous, [TRAIL_SEARCH_PARAM]: undefined }),
      replace: true,
    });
  }, [navigate, trailParam]);
  const openTrail = useCallback((request: TrailRequest) => setTrail({ kind: 'total', request }), []);
  const openRecordTrail = useCallback(
    (record: ActivityRecordDto) => setTrail(recordTrailSubject(record)),
    [],
  );
  // `?record=<id>` picks a record out in the table: the trail's and its CSV's links back to a record.
  const highlightedRecordId = typeof search.record === 'string' ? search.record : undefined;
  const showRecord = useCallback(
    (recordId: string) => {
      setTrail(null);
      void navigate({
        to: '.',
        search: (previous: Record<string, unknown>) => ({
          ...previous,
          [TRAIL_SEARCH_PARAM]: undefined,
          record: recordId,
        }),
        replace: true,
      });
    },
    [navigate],
  );

  const summary = detail.data?.summary;
  const equipmentNames = useMemo(
    () =>
      new Map(
        (summary?.byEquipment ?? []).flatMap((entry) =>
          entry.equipmentId === null ? [] : [[entry.equipmentId, entry.name] as const],
        ),
      ),
    [summary],
  );
  const breakdowns = useMemo(() => {
    if (summary === undefined) return undefined;
    // The breakdowns cover the summary's year, and so do the trails they open.
    const year = summary.year ?? undefined;
    const inYear = year === undefined ? '' : ` in ${year}`;
    const sources: BreakdownEntry[] = summary.bySource.map((entry) => ({
      key: entry.activityType,
      label: entry.activityType,
      co2eKg: entry.co2eKg,
      trail: { title: `CO2e of ${entry.activityType}${inYear}`, year, activityType: entry.activityType },
    }));
    const equipment: BreakdownEntry[] = summary.byEquipment.map((entry) => ({
      key: entry.equipmentId ?? 'none',
      label: entry.name,
      co2eKg: entry.co2eKg,
      trail: { title: `CO2e of ${entry.name}${inYear}`, year, equipmentId: entry.equipmentId },
    }));
    const gases: BreakdownEntry[] = summary.byGas.map((entry) => ({
      key: entry.gas,
      label: entry.gas,
      co2eKg: entry.co2eKg,
      detail: formatMass(entry.kg, { substance: entry.gas }),
      trail: { title: `CO2e of ${entry.gas}${inYear}`, year, gas: entry.gas },
    }));
    return { sources, equipment, gases };
  }, [summary]);
  const activityTypes = useMemo(
    () => [...new Set((records.data?.results ?? []).map((record) => record.activityType))].sort(),
    [records.data],
  );
  const equipmentOptions = useMemo(
    () => [...equipmentNames].map(([id, name]) => ({ id, name })),
    [equipmentNames],
  );

  if (detail.isPending) return <DetailSkeleton />;
  if (detail.isError) {
    return (
      <>
        <PageHeader title={route.title} />
        {isApiResponseError(detail.error, 404) ? (
          <EmptyState
            icon={<Building2Icon />}
            title="Facility not found"
            description="No facility of this realm has this address."
            action={
              <Link
                to={FACILITY_LIST_PATH}
                search={yearSearch(selectedYear)}
                className="text-primary underline-offset-4 hover:underline"
              >
                All facilities
              </Link>
            }
          />
        ) : (
          <LoadError
            title="The facility could not be loaded"
            error={detail.error}
            onRetry={() => void detail.refetch()}
          />
        )}
      </>
    );
  }

  const { facility } = detail.data;
  const summaryData = detail.data.summary;
  return (
    <>
      <nav aria-label="Breadcrumb" className="mb-2 text-sm">
        <Link
          to={FACILITY_LIST_PATH}
          search={yearSearch(selectedYear)}
          className="text-muted-foreground hover:underline"
        >
          Facilities
        </Link>
      </nav>
      <header className="mb-6 flex flex-wrap items-end justify-between gap-4">
        <div className="grid gap-1">
          <h1 className="text-2xl font-semibold tracking-tight">{facility.name}</h1>
          <p className="text-muted-foreground">{formatLocation(facility.location)}</p>
          <p className="text-sm text-muted-foreground">
            Sector {facility.sector} · NAICS {facility.naics ?? '—'}
          </p>
          <FacilityActions facility={facility} />
        </div>
        <YearSelect shownYear={summaryData.year} />
      </header>
      <div className="grid gap-6">
        <KpiCards summary={summaryData} onTrail={openTrail} />
        <section aria-labelledby="facility-over-time" className="grid gap-2 rounded-lg border p-4">
          <h2 id="facility-over-time" className="font-semibold">
            Emissions over time
          </h2>
          <EmissionsChart monthly={summaryData.monthly} onTrail={openTrail} />
        </section>
        {breakdowns !== undefined && (
          <div className="grid gap-4 lg:grid-cols-3">
            <p className="text-sm text-muted-foreground lg:col-span-3">
              {summaryData.year === null
                ? 'Breakdowns and data quality'
                : `Breakdowns and data quality of ${summaryData.year}`}
            </p>
            <BreakdownBars title="By source" entries={breakdowns.sources} onTrail={openTrail} />
            <BreakdownBars title="By equipment" entries={breakdowns.equipment} onTrail={openTrail} />
            <BreakdownBars title="By gas" entries={breakdowns.gases} onTrail={openTrail} />
          </div>
        )}
        <ReportedEmissions slug={slug} reported={summaryData.reported} gwpSetId={summaryData.gwpSetId} />
        <div className="grid gap-4 lg:grid-cols-2">
          <DataQualityList flags={summaryData.dataQuality} />
          <EquipmentList detail={detail.data} />
        </div>
        <section aria-labelledby="facility-records" className="grid gap-3">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h2 id="facility-records" className="text-lg font-semibold">
              Activity records
            </h2>
            <Can action="create" subject="ImportBatch">
              <ActivityImportButton facility={{ slug, name: facility.name }} />
            </Can>
          </div>
          <Can action="create" subject="ActivityRecord">
            <ActivityRecordAddForm
              mutations={mutations}
              activityTypes={activityTypes}
              equipment={equipmentOptions}
            />
          </Can>
          <QueryStates
            query={records}
            loading={
              <LoadingSkeleton
                label="Loading the records"
                skeletons={RECORD_ROW_SKELETONS}
                className="gap-1"
                aria-busy="true"
              />
            }
            errorTitle="The records could not be loaded"
          >
            {(page) => (
              <ActivityRecordsTable
                slug={slug}
                records={page.results}
                equipmentNames={equipmentNames}
                mutations={mutations}
                onTrail={openRecordTrail}
                highlightedId={highlightedRecordId}
              />
            )}
          </QueryStates>
        </section>
      </div>
      <TrailSheet
        slug={slug}
        subject={shownTrail}
        onOpen={setTrail}
        onShowRecord={showRecord}
        onClose={closeTrail}
      />
    </>
  );
}
