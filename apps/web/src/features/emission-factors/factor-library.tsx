import { endpointUrl, exportEndpoints, type EmissionFactorDto } from '@ecc/contracts';
import { factorCo2ePerUnit, GWP_SET_IDS } from '@ecc/domain';
import { EmptyState, Input, Label, type DataTableColumn } from '@ecc/ui';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { SearchIcon } from 'lucide-react';
import { ExportMenu } from '#components/export-menu.tsx';
import { LoadingSkeleton } from '#components/loading-skeleton.tsx';
import { QueryStates } from '#components/query-states.tsx';
import { formatNumber } from '#lib/format/format-number.ts';
import { usePagedSearch } from '#lib/search/use-paged-search.ts';
import { emissionFactorsQueryOptions, FACTOR_PAGE_SIZE } from './emission-factors-api.ts';
import { FactorTable } from './factor-table.tsx';
import { PageNavigation } from '#components/page-navigation.tsx';

const REALM_FACTOR_PREFIX = 'realm:';

/**
 * kg CO2e per unit in each GWP set (a refrigerant's GWP): `AR4 2,087.5 · AR5 1,923.5 · AR6 2,255.5`; a factor
 * published as CO2e shows only its own set.
 */
function formatCo2ePerUnit(factor: EmissionFactorDto): string {
  const values = GWP_SET_IDS.flatMap((gwp) => {
    const co2e = factorCo2ePerUnit(factor, gwp);
    return co2e === undefined ? [] : [`${gwp} ${formatNumber(co2e)}`];
  });
  return values.length === 0 ? '—' : `${values.join(' · ')} kg/${factor.per}`;
}

const LIBRARY_COLUMNS: DataTableColumn<EmissionFactorDto>[] = [
  {
    header: 'HHV',
    cell: (factor) => (factor.hhv ? `${factor.hhv.value} ${factor.hhv.energy}/${factor.hhv.per}` : '—'),
  },
  { header: 'CO2e per unit (GWP)', cell: formatCo2ePerUnit },
];

/** `?q=` of the page's address: a link to a factor (a trail's) opens the library searched for its key. */
function linkedSearch(): string {
  return new URLSearchParams(window.location.search).get('q') ?? '';
}

/** The factor library and the realm's published factors: searched by any words of name, source or key. */
export function FactorLibrary() {
  const { searchText, setSearchText, search, offset, setOffset } = usePagedSearch(linkedSearch());

  const factors = useQuery({
    ...emissionFactorsQueryOptions(search, offset),
    placeholderData: keepPreviousData,
  });

  return (
    <section aria-labelledby="factor-library-heading" className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="factor-library-heading" className="text-lg font-semibold">
          Factor library
        </h2>
        <ExportMenu
          what="emission factors"
          hrefOf={(format) => endpointUrl(exportEndpoints.emissionFactors, undefined, { q: search, format })}
        />
      </div>
      <div className="grid max-w-md gap-1">
        <Label htmlFor="factor-search">Search factors</Label>
        <Input
          id="factor-search"
          type="search"
          value={searchText}
          onChange={(event) => setSearchText(event.target.value)}
          placeholder="e.g. diesel, eGRID RFCW, DESNZ electricity, R-410A"
        />
      </div>
      <div aria-live="polite" aria-busy={factors.isPending}>
        <QueryStates
          query={factors}
          loading={<LoadingSkeleton label="Loading factors" />}
          errorTitle="The factors could not be loaded"
          isEmpty={(page) => page.results.length === 0}
          empty={
            <EmptyState
              icon={<SearchIcon />}
              title="No factors match"
              description="A factor matches when its name, source or key holds every word: try fewer words."
            />
          }
        >
          {(page) => (
            <>
              <FactorTable
                caption="Emission factors"
                factors={page.results}
                nameCell={(factor) => (
                  <>
                    {factor.name}
                    {factor.id.startsWith(REALM_FACTOR_PREFIX) && (
                      <span className="ml-2 rounded bg-muted px-1.5 py-0.5 text-xs">Your factor</span>
                    )}
                  </>
                )}
                columns={LIBRARY_COLUMNS}
              />
              <PageNavigation page={page} pageSize={FACTOR_PAGE_SIZE} onOffsetChange={setOffset} />
            </>
          )}
        </QueryStates>
      </div>
    </section>
  );
}
