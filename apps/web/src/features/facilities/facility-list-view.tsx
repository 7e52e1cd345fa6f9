import { endpointUrl, exportEndpoints } from '@ecc/contracts';
import { EmptyState, Input, Label, controlClasses } from '@ecc/ui';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { Building2Icon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { LoadingSkeleton } from '#components/loading-skeleton.tsx';
import { PageHeader } from '#components/page-header.tsx';
import { ExportMenu } from '#components/export-menu.tsx';
import { QueryStates } from '#components/query-states.tsx';
import { ActivityImportButton } from '#lib/imports/activity-import-dialog.tsx';
import { FacilityImportButton } from '#lib/imports/facility-import-dialog.tsx';
import { GhgrpImportButton } from '#lib/imports/ghgrp-import-dialog.tsx';
import { useCan } from '#lib/permissions/use-ability.ts';
import type { PageProps } from '#lib/routing/page-props.ts';
import { facilityListQuery, facilitySectorsQuery } from './facility-api.ts';
import { FacilityMap } from './facility-map.tsx';
import { FacilityTable } from './facility-table.tsx';
import { useDebouncedValue } from '#lib/timing/use-debounced-value.ts';

const SEARCH_DEBOUNCE_MS = 300;
/** The map, then rows of the table. */
const FACILITY_LIST_SKELETONS = ['h-64 w-full', ...Array.from({ length: 6 }, () => 'h-9 w-full')];

function searchText(value: unknown): string {
  return value === undefined || value === null ? '' : String(value);
}

/** The realm's facilities: search (kept in the URL), sector filter, a sortable table and a map. */
export function FacilityListView({ route }: PageProps) {
  const search = useSearch({ strict: false }) as Record<string, unknown>;
  const navigate = useNavigate();
  const urlQuery = searchText(search.q);
  const sector = searchText(search.sector);
  const [query, setQuery] = useState(urlQuery);
  const debouncedQuery = useDebouncedValue(query.trim(), SEARCH_DEBOUNCE_MS);

  useEffect(() => {
    if (debouncedQuery === urlQuery) return;
    void navigate({
      to: '.',
      search: (previous: Record<string, unknown>) => ({ ...previous, q: debouncedQuery || undefined }),
      replace: true,
    });
  }, [debouncedQuery, urlQuery, navigate]);

  const facilities = useQuery(facilityListQuery(urlQuery, sector));
  const sectors = useQuery(facilitySectorsQuery);
  const isFiltered = urlQuery !== '' || sector !== '';
  const canImportFacilities = useCan('create', 'Facility');
  const canImportActivities = useCan('create', 'ImportBatch');

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
            className={`${controlClasses} h-9 w-64`}
            value={sector}
            onChange={(event) =>
              void navigate({
                to: '.',
                search: (previous: Record<string, unknown>) => ({
                  ...previous,
                  sector: event.target.value || undefined,
                }),
                replace: true,
              })
            }
          >
            <option value="">All sectors</option>
            {sectors.data?.results.map((entry) => (
              <option key={entry.sector} value={entry.sector}>
                {entry.sector} ({entry.count})
              </option>
            ))}
          </select>
        </div>
        <div className="ml-auto flex flex-wrap gap-2">
          <ExportMenu
            what="facilities"
            hrefOf={(format) =>
              endpointUrl(exportEndpoints.facilities, undefined, { q: urlQuery, sector, format })
            }
          />
          {canImportFacilities ? <FacilityImportButton /> : null}
          {canImportFacilities ? <GhgrpImportButton /> : null}
          {canImportActivities ? <ActivityImportButton /> : null}
        </div>
        <p aria-live="polite" className="w-full text-sm text-muted-foreground">
          {facilities.data === undefined
            ? ''
            : facilities.data.total > facilities.data.count
              ? `Showing ${facilities.data.count} of ${facilities.data.total} facilities: narrow the search to see the rest.`
              : `${facilities.data.total} ${facilities.data.total === 1 ? 'facility' : 'facilities'}`}
        </p>
      </div>
      <QueryStates
        query={facilities}
        loading={
          <LoadingSkeleton label="Loading facilities" skeletons={FACILITY_LIST_SKELETONS} aria-busy="true" />
        }
        errorTitle="The facilities could not be loaded"
        isEmpty={(page) => page.results.length === 0}
        empty={
          isFiltered ? (
            <EmptyState
              icon={<Building2Icon />}
              title="No facilities match"
              description="No facility's name, city, state or NAICS code matches this search in the chosen sector."
            />
          ) : (
            <EmptyState
              icon={<Building2Icon />}
              title="No facilities yet"
              description="Import facilities from a CSV or XLSX file or an EPA GHGRP data summary workbook here (or with `npm run ecc -- import ghgrp --realm KEY FILE`), then add activity data as CSV or XLSX; each facility then appears here with its emissions."
              action={
                canImportFacilities ? (
                  <div className="flex flex-wrap gap-2">
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
            <FacilityMap facilities={page.results} />
            <FacilityTable facilities={page.results} />
          </div>
        )}
      </QueryStates>
    </>
  );
}
