import { DEFAULT_FACILITY_PAGE_SIZE, endpointUrl, exportEndpoints, type FacilitySort } from '@ecc/contracts';
import { Button, cn, EmptyState, Input, Label, selectClasses } from '@ecc/ui';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { Building2Icon, PlusIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { LoadingSkeleton } from '#components/loading-skeleton.tsx';
import { PageHeader } from '#components/page-header.tsx';
import { ExportMenu } from '#components/export-menu.tsx';
import { QueryStates } from '#components/query-states.tsx';
import { formatNumber } from '#lib/format/format-number.ts';
import { ActivityImportButton } from '#lib/imports/activity-import-dialog.tsx';
import { FacilityImportButton } from '#lib/imports/facility-import-dialog.tsx';
import { GhgrpImportButton } from '#lib/imports/ghgrp-import-dialog.tsx';
import { YearSelect } from '#lib/period/year-select.tsx';
import { useCan } from '#lib/permissions/use-ability.ts';
import type { PageProps } from '#lib/routing/page-props.ts';
import { useDebouncedValue } from '#lib/timing/use-debounced-value.ts';
import {
  facilityListQuery,
  facilityMapQuery,
  facilitySectorsQuery,
  facilityStatesQuery,
} from './facility-api.ts';
import { FacilityFormDialog } from './facility-form-dialog.tsx';
import {
  facilityFilterOf,
  facilityQueryOf,
  readFacilityListSearch,
  writeFacilityListSearch,
  type FacilityListSearch,
} from './facility-list-search.ts';
import { FacilityMap } from './facility-map.tsx';
import { FacilityPagination } from './facility-pagination.tsx';
import { FacilityTable } from './facility-table.tsx';
import { useFacilityMutations } from './use-facility-mutations.ts';

const SEARCH_DEBOUNCE_MS = 300;
const FACILITY_ROW_SKELETONS = Array.from({ length: 8 }, () => 'h-9 w-full');

function countText(total: number): string {
  return `${formatNumber(total)} ${total === 1 ? 'facility' : 'facilities'}`;
}

/**
 * The realm's facilities, however many: search, sector and state filters and the server's order and page, all
 * kept in the URL; a clustered map of every match; new facilities for those who may create them.
 */
export function FacilityListView({ route }: PageProps) {
  const list = readFacilityListSearch(useSearch({ strict: false }) as Record<string, unknown>);
  const navigate = useNavigate();
  const [query, setQuery] = useState(list.q);
  const debouncedQuery = useDebouncedValue(query.trim(), SEARCH_DEBOUNCE_MS);
  const [isCreating, setIsCreating] = useState(false);
  const mutations = useFacilityMutations();

  const show = (change: Partial<FacilityListSearch>) =>
    void navigate({
      to: '.',
      // A new filter or order starts again at the first page.
      search: writeFacilityListSearch({ ...list, page: 1, ...change }),
      replace: true,
    });

  useEffect(() => {
    if (debouncedQuery === list.q) return;
    show({ q: debouncedQuery });
    // Only a settled search moves the URL; the other values are read from it on each render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debouncedQuery]);

  const facilities = useQuery(facilityListQuery(facilityQueryOf(list)));
  const points = useQuery(facilityMapQuery(facilityFilterOf(list)));
  const sectors = useQuery(facilitySectorsQuery);
  const states = useQuery(facilityStatesQuery);
  const isFiltered = list.q !== '' || list.sector !== '' || list.state !== '';
  const canCreate = useCan('create', 'Facility');
  const canUpdate = useCan('update', 'Facility');
  const canImportActivities = useCan('create', 'ImportBatch');
  const total = facilities.data?.total;
  const pageCount = total === undefined ? 1 : Math.max(1, Math.ceil(total / DEFAULT_FACILITY_PAGE_SIZE));

  return (
    <>
      <PageHeader title={route.title} description={route.description} />
      <div className="mb-4 flex flex-wrap items-end gap-4">
        <div className="grid gap-2">
          <Label htmlFor="facility-search">Search facilities</Label>
          <Input
            id="facility-search"
            type="search"
            className="w-72"
            placeholder="Name, city, state or NAICS"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
          />
        </div>
        <div className="grid gap-2">
          <Label htmlFor="facility-sector">Sector</Label>
          <select
            id="facility-sector"
            className={cn(selectClasses, 'w-56')}
            value={list.sector}
            onChange={(event) => show({ sector: event.target.value })}
          >
            <option value="">All sectors</option>
            {sectors.data?.results.map((entry) => (
              <option key={entry.sector} value={entry.sector}>
                {entry.sector} ({formatNumber(entry.count)})
              </option>
            ))}
          </select>
        </div>
        <div className="grid gap-2">
          <Label htmlFor="facility-state">State</Label>
          <select
            id="facility-state"
            className={cn(selectClasses, 'w-40')}
            value={list.state}
            onChange={(event) => show({ state: event.target.value })}
          >
            <option value="">All states</option>
            {states.data?.results.map((entry) => (
              <option key={entry.state} value={entry.state}>
                {entry.state} ({formatNumber(entry.count)})
              </option>
            ))}
          </select>
        </div>
        <div className="grid gap-2">
          <Label htmlFor="facility-archived">Show</Label>
          <select
            id="facility-archived"
            className={cn(selectClasses, 'w-40')}
            value={list.isArchived ? 'archived' : 'in-use'}
            onChange={(event) => show({ isArchived: event.target.value === 'archived' })}
          >
            <option value="in-use">Facilities in use</option>
            <option value="archived">Archived facilities</option>
          </select>
        </div>
        <YearSelect shownYear={list.year ?? null} latestLabel="Latest per facility" />
        <div className="ml-auto flex flex-wrap gap-2">
          <ExportMenu
            what="facilities"
            hrefOf={(format) =>
              endpointUrl(exportEndpoints.facilities, undefined, {
                q: list.q,
                sector: list.sector,
                state: list.state,
                archived: list.isArchived ? 'only' : 'false',
                sort: list.sort,
                year: list.year,
                format,
              })
            }
          />
          {canCreate ? (
            <Button onClick={() => setIsCreating(true)}>
              <PlusIcon aria-hidden="true" /> New facility
            </Button>
          ) : null}
          {canCreate ? <FacilityImportButton /> : null}
          {canCreate ? <GhgrpImportButton /> : null}
          {canImportActivities ? <ActivityImportButton /> : null}
        </div>
        <p aria-live="polite" className="w-full text-sm text-muted-foreground" data-testid="facility-count">
          {total === undefined ? '' : countText(total)}
          {facilities.data?.gwpSetId ? ` · CO2e on ${facilities.data.gwpSetId}` : ''}
        </p>
      </div>
      <QueryStates
        query={facilities}
        loading={
          <LoadingSkeleton label="Loading facilities" skeletons={FACILITY_ROW_SKELETONS} aria-busy="true" />
        }
        errorTitle="The facilities could not be loaded"
        isEmpty={(page) => page.total === 0}
        empty={
          isFiltered || list.isArchived ? (
            <EmptyState
              icon={<Building2Icon />}
              title={list.isArchived ? 'No archived facilities match' : 'No facilities match'}
              description="No facility's name, city, state or NAICS code matches this search with these filters."
            />
          ) : (
            <EmptyState
              icon={<Building2Icon />}
              title="No facilities yet"
              description="Create a facility, or import many from a CSV or XLSX file or an EPA GHGRP data summary workbook here (or with `npm run ecc -- import ghgrp --realm KEY FILE`); then add activity data as CSV or XLSX."
              action={
                canCreate ? (
                  <div className="flex flex-wrap gap-2">
                    <Button onClick={() => setIsCreating(true)}>
                      <PlusIcon aria-hidden="true" /> New facility
                    </Button>
                    <FacilityImportButton size="default" />
                    <GhgrpImportButton size="default" />
                  </div>
                ) : undefined
              }
            />
          )
        }
      >
        {(page) => (
          <div className="grid gap-6">
            <FacilityMap points={points.data} isLoading={points.isPending} />
            <FacilityTable
              facilities={page.results}
              sort={list.sort}
              year={list.year}
              onSort={(sort: FacilitySort) => show({ sort })}
              onRestore={list.isArchived && canUpdate ? (facility) => mutations.restore(facility) : undefined}
            />
            <FacilityPagination
              page={Math.min(list.page, pageCount)}
              pageCount={pageCount}
              isLoading={facilities.isPlaceholderData}
              onPage={(next) =>
                void navigate({ to: '.', search: writeFacilityListSearch({ ...list, page: next }) })
              }
            />
          </div>
        )}
      </QueryStates>
      {isCreating ? (
        <FacilityFormDialog
          onSave={async (values) => {
            const created = await mutations.create.mutateAsync(values);
            void navigate({ to: `/facility/next/${created.slug}` });
          }}
          onClose={() => setIsCreating(false)}
        />
      ) : null}
    </>
  );
}
