import type { EmissionFactorDto } from '@ecc/contracts';
import { EmptyState, Input, Label, type DataTableColumn } from '@ecc/ui';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { SearchIcon } from 'lucide-react';
import { LoadingSkeleton } from '#components/loading-skeleton.tsx';
import { QueryStates } from '#components/query-states.tsx';
import { usePagedSearch } from '#lib/search/use-paged-search.ts';
import { emissionFactorsQueryOptions, FACTOR_PAGE_SIZE } from './emission-factors-api.ts';
import { FactorTable } from './factor-table.tsx';
import { PageNavigation } from './page-navigation.tsx';

const REALM_FACTOR_PREFIX = 'realm:';

const LIBRARY_COLUMNS: DataTableColumn<EmissionFactorDto>[] = [
  {
    header: 'HHV',
    cell: (factor) => (factor.hhv ? `${factor.hhv.value} ${factor.hhv.energy}/${factor.hhv.per}` : '—'),
  },
];

/** The factor library and the realm's published factors: searched by name, fifty to a page. */
export function FactorLibrary() {
  const { searchText, setSearchText, search, offset, setOffset } = usePagedSearch();

  const factors = useQuery({
    ...emissionFactorsQueryOptions(search, offset),
    placeholderData: keepPreviousData,
  });

  return (
    <section aria-labelledby="factor-library-heading" className="grid gap-4">
      <h2 id="factor-library-heading" className="text-lg font-semibold">
        Factor library
      </h2>
      <div className="grid max-w-md gap-1">
        <Label htmlFor="factor-search">Search factors</Label>
        <Input
          id="factor-search"
          type="search"
          value={searchText}
          onChange={(event) => setSearchText(event.target.value)}
          placeholder="e.g. natural gas"
        />
      </div>
      <div aria-live="polite" aria-busy={factors.isPending}>
        <QueryStates
          query={factors}
          loading={<LoadingSkeleton label="Loading factors" />}
          errorTitle="The factors could not be loaded"
          isEmpty={(page) => page.results.length === 0}
          empty={
            <EmptyState icon={<SearchIcon />} title="No factors match" description="Try another name." />
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
