import { endpointUrl, exportEndpoints, PLAN_LABELS, type ManagedRealm } from '@ecc/contracts';
import { Button, DataTable, EmptyState, Input, Label, toast } from '@ecc/ui';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { BuildingIcon, PlusIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { ExportMenu } from '#components/export-menu.tsx';
import { LoadingSkeleton } from '#components/loading-skeleton.tsx';
import { QueryStates } from '#components/query-states.tsx';
import { usePagedSearch } from '#lib/search/use-paged-search.ts';
import { RealmDialog } from './realm-dialog.tsx';
import type { RealmSave } from './realm-form.ts';
import {
  createRealm,
  REALM_PAGE_SIZE,
  realmsQueryOptions,
  refreshRealms,
  updateRealm,
} from './realms-api.ts';

export interface RealmsPanelProps {
  /** Makes the realm the target of the realm-addressed tabs (Sign-in…). */
  onManage: (realm: ManagedRealm) => void;
}

/** Which realm the dialog shows: a new one, or one of the list. */
type Editing = { realm?: ManagedRealm } | undefined;

/**
 * The platform operator's realms screen: every realm, searchable by key, name or domain, with its plan, flags
 * and users; create and edit in a dialog, and "Manage" to work on a realm's settings in the other tabs.
 */
export function RealmsPanel({ onManage }: RealmsPanelProps) {
  const queryClient = useQueryClient();
  const searchId = useId();
  const { searchText, setSearchText, search, offset, setOffset } = usePagedSearch();
  const [editing, setEditing] = useState<Editing>();

  const realms = useQuery({ ...realmsQueryOptions(search, offset), placeholderData: keepPreviousData });

  async function save(change: RealmSave) {
    const saved =
      change.kind === 'create'
        ? await createRealm(change.request)
        : await updateRealm(change.realm.id, change.request);
    await refreshRealms(queryClient);
    setEditing(undefined);
    toast({
      variant: 'success',
      title: change.kind === 'create' ? `Realm ${saved.key} created` : `Realm ${saved.key} saved`,
    });
  }

  return (
    <section aria-label="Realms" className="grid gap-4">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="grid w-full max-w-sm gap-1">
          <Label htmlFor={searchId}>Search realms</Label>
          <Input
            id={searchId}
            type="search"
            placeholder="Key, name or domain"
            value={searchText}
            onChange={(event) => setSearchText(event.target.value)}
          />
        </div>
        <div className="flex items-center gap-2">
          <Button onClick={() => setEditing({})}>
            <PlusIcon aria-hidden="true" /> New realm
          </Button>
          <ExportMenu
            what="realms"
            hrefOf={(format) =>
              endpointUrl(exportEndpoints.realms, undefined, search ? { q: search, format } : { format })
            }
          />
        </div>
      </div>
      <div aria-live="polite" aria-busy={realms.isPending}>
        <QueryStates
          query={realms}
          loading={<LoadingSkeleton label="Loading realms" />}
          errorTitle="The realms could not be loaded"
          isEmpty={(page) => page.results.length === 0}
          empty={
            <EmptyState
              icon={<BuildingIcon />}
              title={search ? 'No realm matches' : 'No realms yet'}
              description={search ? 'Try another key, name or domain.' : 'Create the first realm.'}
            />
          }
        >
          {(page) => (
            <>
              <DataTable
                caption="Realms"
                rows={page.results}
                rowKey={(realm) => realm.id}
                columns={[
                  { header: 'Key', className: 'font-mono', cell: (realm) => realm.key },
                  { header: 'Name', cell: (realm) => realm.name },
                  { header: 'Plan', cell: (realm) => (realm.plan ? PLAN_LABELS[realm.plan] : '—') },
                  { header: 'Parent', className: 'font-mono', cell: (realm) => realm.parentKey ?? '—' },
                  {
                    header: 'Domains',
                    className: 'break-all',
                    cell: (realm) => realm.domains.join(', ') || '—',
                  },
                  { header: 'Feature flags', cell: (realm) => realm.featureFlags.join(', ') || '—' },
                  { header: 'Users', className: 'tabular-nums', cell: (realm) => realm.userCount },
                  { header: 'Status', cell: (realm) => (realm.active ? 'Active' : 'Inactive') },
                  {
                    header: 'Actions',
                    isHeaderHidden: true,
                    cell: (realm) => (
                      <div className="flex justify-end gap-2">
                        <Button
                          variant="outline"
                          size="sm"
                          aria-label={`Edit ${realm.name} (${realm.key})`}
                          onClick={() => setEditing({ realm })}
                        >
                          Edit
                        </Button>
                        <Button
                          variant="secondary"
                          size="sm"
                          aria-label={`Manage ${realm.name} (${realm.key})`}
                          onClick={() => onManage(realm)}
                        >
                          Manage
                        </Button>
                      </div>
                    ),
                  },
                ]}
              />
              <div className="mt-2 flex items-center gap-2 text-sm">
                <Button
                  variant="outline"
                  size="sm"
                  disabled={offset === 0}
                  onClick={() => setOffset(Math.max(0, offset - REALM_PAGE_SIZE))}
                >
                  Previous
                </Button>
                <span>
                  {page.offset + 1}–{page.offset + page.results.length} of {page.total}
                </span>
                <Button
                  variant="outline"
                  size="sm"
                  disabled={page.offset + page.results.length >= page.total}
                  onClick={() => setOffset(offset + REALM_PAGE_SIZE)}
                >
                  Next
                </Button>
              </div>
            </>
          )}
        </QueryStates>
      </div>
      {editing ? (
        <RealmDialog
          {...(editing.realm ? { realm: editing.realm } : {})}
          onSave={save}
          onClose={() => setEditing(undefined)}
        />
      ) : null}
    </section>
  );
}
