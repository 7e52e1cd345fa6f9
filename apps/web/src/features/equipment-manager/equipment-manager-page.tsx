import { endpointUrl, exportEndpoints, type EquipmentSite, type EquipmentType } from '@ecc/contracts';
import { DataTable, EmptyState, Input, Label, buttonVariants, cn } from '@ecc/ui';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { FactoryIcon, WrenchIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { ExportMenu } from '#components/export-menu.tsx';
import { LoadingSkeleton } from '#components/loading-skeleton.tsx';
import { PageHeader } from '#components/page-header.tsx';
import { QueryStates } from '#components/query-states.tsx';
import { useCan } from '#lib/permissions/use-ability.ts';
import { equipmentListQuery, equipmentSitesQuery, equipmentTypesQuery } from './equipment-api.ts';
import { equipmentPaths } from './equipment-paths.ts';
import { matchesSiteSearch } from './site-search.ts';

const ALL = '';
const choiceClasses =
  'flex w-full items-center justify-between gap-2 rounded-md px-3 py-2 text-left text-sm hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none';
const chosenClasses = 'bg-secondary font-medium text-secondary-foreground';

/** Muted grey on the chosen entry's secondary background falls below 4.5:1 contrast: it keeps the entry's colour. */
function mutedUnlessChosen(isChosen: boolean): string | undefined {
  return isChosen ? undefined : 'text-muted-foreground';
}

function countFor(site: EquipmentSite | undefined, sites: readonly EquipmentSite[], typeKey: string): number {
  const counted = site ? [site] : sites;
  return counted.reduce(
    (sum, each) => sum + (typeKey === ALL ? each.equipmentTotal : (each.equipmentCounts[typeKey] ?? 0)),
    0,
  );
}

const BROWSER_DESCRIPTION =
  'The emission sources at each site, by type. Choose a site and a type to add equipment.';

/** `/equipment-manager`: the realm's sites on the left, their equipment by type on the right. */
export function EquipmentManagerPage() {
  const sites = useQuery(equipmentSitesQuery);
  const types = useQuery(equipmentTypesQuery);
  const isPending = sites.isPending || types.isPending;
  const error = sites.error ?? types.error;
  const hasSites = !isPending && !error && (sites.data?.results.length ?? 0) > 0;

  return (
    <>
      <PageHeader title="Equipment manager" description={hasSites ? BROWSER_DESCRIPTION : undefined} />
      <QueryStates
        query={{
          isPending,
          error,
          data:
            sites.data && types.data ? { sites: sites.data.results, types: types.data.results } : undefined,
          refetch: () => Promise.all([sites.refetch(), types.refetch()]),
        }}
        loading={
          <LoadingSkeleton
            label="Loading equipment"
            skeletons={['h-80', 'h-80']}
            className="gap-4 md:grid-cols-[18rem_1fr]"
            aria-busy="true"
          />
        }
        errorTitle="The equipment could not be loaded"
        isEmpty={(loaded) => loaded.sites.length === 0}
        empty={
          <EmptyState
            icon={<FactoryIcon />}
            title="No sites yet"
            description="Equipment belongs to a site. Once this realm has facilities, their boilers, vehicles and refrigeration units are managed here."
          />
        }
      >
        {(loaded) => <EquipmentBrowser allSites={loaded.sites} types={loaded.types} />}
      </QueryStates>
    </>
  );
}

function EquipmentBrowser({
  allSites,
  types,
}: {
  allSites: readonly EquipmentSite[];
  types: readonly EquipmentType[];
}) {
  const [siteId, setSiteId] = useState(ALL);
  const [typeKey, setTypeKey] = useState(ALL);
  const [search, setSearch] = useState('');
  const searchId = useId();
  const canCreate = useCan('create', 'Equipment');
  const shownSites = allSites.filter((site) => matchesSiteSearch(site, search));
  const site = allSites.find((candidate) => candidate.id === siteId);
  const type = types.find((candidate) => candidate.key === typeKey);

  return (
    <div className="grid items-start gap-6 md:grid-cols-[18rem_1fr]">
      <section aria-labelledby="equipment-sites" className="grid gap-3 rounded-lg border p-3">
        <h2 id="equipment-sites" className="text-sm font-semibold">
          Sites
        </h2>
        <div className="grid gap-1">
          <Label htmlFor={searchId} className="sr-only">
            Search sites
          </Label>
          <Input
            id={searchId}
            type="search"
            placeholder="Search sites"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
        </div>
        <ul className="grid max-h-[60vh] gap-0.5 overflow-y-auto" aria-label="Sites">
          <li>
            <button
              type="button"
              className={cn(choiceClasses, siteId === ALL && chosenClasses)}
              aria-pressed={siteId === ALL}
              onClick={() => setSiteId(ALL)}
            >
              <span>All sites</span>
              <span className={cn('tabular-nums', mutedUnlessChosen(siteId === ALL))}>
                {countFor(undefined, allSites, ALL)}
              </span>
            </button>
          </li>
          {shownSites.map((each) => (
            <li key={each.id}>
              <button
                type="button"
                className={cn(choiceClasses, siteId === each.id && chosenClasses)}
                aria-pressed={siteId === each.id}
                onClick={() => setSiteId(each.id)}
              >
                <span className="min-w-0">
                  <span className="block truncate">{each.name}</span>
                  <span className={cn('block truncate text-xs', mutedUnlessChosen(siteId === each.id))}>
                    {[each.city, each.state, each.country].filter(Boolean).join(', ')}
                  </span>
                </span>
                <span className={cn('tabular-nums', mutedUnlessChosen(siteId === each.id))}>
                  {each.equipmentTotal}
                </span>
              </button>
            </li>
          ))}
        </ul>
        {shownSites.length === 0 ? (
          <p className="text-muted-foreground text-sm" role="status">
            No site matches “{search}”.
          </p>
        ) : null}
      </section>

      <section aria-labelledby="equipment-list-heading" className="grid min-w-0 gap-4">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="equipment-list-heading" className="text-lg font-semibold">
            {site ? site.name : 'All sites'}
            {type ? ` · ${type.name}` : ''}
          </h2>
          <div className="flex flex-wrap items-center gap-2">
            {!canCreate ? null : site && type ? (
              <Link to={equipmentPaths.create(site.id, type.key)} className={buttonVariants({ size: 'sm' })}>
                Add {type.name.toLowerCase()}
              </Link>
            ) : (
              <p className="text-muted-foreground text-sm">Choose a site and a type to add equipment.</p>
            )}
            <ExportMenu
              what="equipment"
              hrefOf={(format) =>
                endpointUrl(exportEndpoints.equipment, undefined, {
                  facilityId: siteId,
                  type: typeKey,
                  format,
                })
              }
            />
          </div>
        </div>
        <div role="group" aria-label="Equipment types" className="flex flex-wrap gap-1.5">
          {[{ key: ALL, name: 'All types' } as Pick<EquipmentType, 'key' | 'name'>, ...types].map((each) => (
            <button
              key={each.key}
              type="button"
              aria-pressed={typeKey === each.key}
              onClick={() => setTypeKey(each.key)}
              className={cn(
                'rounded-full border px-3 py-1 text-sm hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
                typeKey === each.key &&
                  'border-primary bg-primary text-primary-foreground hover:bg-primary/90',
              )}
            >
              {each.name}{' '}
              <span className="tabular-nums opacity-75">{countFor(site, allSites, each.key)}</span>
            </button>
          ))}
        </div>
        <EquipmentTable siteId={siteId} typeKey={typeKey} />
      </section>
    </div>
  );
}

function EquipmentTable({ siteId, typeKey }: { siteId: string; typeKey: string }) {
  const list = useQuery(equipmentListQuery(siteId, typeKey));
  const canUpdate = useCan('update', 'Equipment');
  return (
    <QueryStates
      query={list}
      loading={<LoadingSkeleton label="Loading equipment" skeletons={['h-40']} />}
      errorTitle="The equipment could not be loaded"
      isEmpty={(page) => page.results.length === 0}
      empty={
        <EmptyState
          icon={<WrenchIcon />}
          title="No equipment here yet"
          description="Choose a site and a type, then add equipment with the type's form."
        />
      }
    >
      {(page) => (
        <DataTable
          caption="Equipment"
          rows={page.results}
          rowKey={(item) => item.id}
          hasRowHeaders={false}
          columns={[
            {
              header: 'Name',
              cell: (item) => (
                <Link
                  to={equipmentPaths.view(item.typeKey, item.id)}
                  className="text-primary font-medium underline-offset-4 hover:underline"
                >
                  {item.name}
                </Link>
              ),
            },
            { header: 'Type', cell: (item) => item.typeName },
            { header: 'Site', cell: (item) => item.facilityName },
            {
              header: 'Actions',
              isHeaderHidden: true,
              className: 'text-right',
              cell: (item) =>
                canUpdate ? (
                  <Link
                    to={equipmentPaths.edit(item.typeKey, item.id)}
                    className={buttonVariants({ variant: 'ghost', size: 'xs' })}
                    aria-label={`Edit ${item.name}`}
                  >
                    Edit
                  </Link>
                ) : null,
            },
          ]}
        />
      )}
    </QueryStates>
  );
}
