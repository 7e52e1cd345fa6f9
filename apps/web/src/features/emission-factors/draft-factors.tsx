import { endpointUrl, exportEndpoints, type RealmEmissionFactorDto } from '@ecc/contracts';
import { Alert, AlertDescription, Button, ConfirmDialog, EmptyState } from '@ecc/ui';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { FilePenLineIcon } from 'lucide-react';
import { useState } from 'react';
import { ExportMenu } from '#components/export-menu.tsx';
import { LoadingSkeleton } from '#components/loading-skeleton.tsx';
import { QueryStates } from '#components/query-states.tsx';
import { useCan } from '#lib/permissions/use-ability.ts';
import {
  deleteFactor,
  draftFactorsQueryOptions,
  emissionFactorQueryKeys,
  FACTOR_PAGE_SIZE,
  publishFactor,
} from './emission-factors-api.ts';
import { FactorTable } from './factor-table.tsx';
import { PageNavigation } from '#components/page-navigation.tsx';

const SCOPE_LABELS = { 1: 'Scope 1', 2: 'Scope 2', 3: 'Scope 3' } as const;

/**
 * The realm's draft factors, kept on the server: each can be published (final, then in the library) or deleted,
 * both after a confirmation. A page reload finds them here again.
 */
export function DraftFactors() {
  const queryClient = useQueryClient();
  const canPublish = useCan('update', 'EmissionFactor');
  const canDelete = useCan('delete', 'EmissionFactor');
  const [offset, setOffset] = useState(0);
  const [actionError, setActionError] = useState<string>();
  const [status, setStatus] = useState('');
  const drafts = useQuery({ ...draftFactorsQueryOptions(offset), placeholderData: keepPreviousData });
  const page = drafts.data;

  async function act(action: () => Promise<string>) {
    setActionError(undefined);
    setStatus('');
    try {
      setStatus(await action());
    } catch (error) {
      setActionError((error as Error).message);
    }
    // Published or gone, or changed by someone else meanwhile: the lists show what the server now holds.
    await queryClient.invalidateQueries({ queryKey: emissionFactorQueryKeys.all });
  }

  const publish = (draft: RealmEmissionFactorDto) =>
    act(async () => {
      await publishFactor(draft.id);
      return `Published “${draft.name}”: it is in the factor library now and can be used in records.`;
    });
  const remove = (draft: RealmEmissionFactorDto) =>
    act(async () => {
      await deleteFactor(draft.id);
      // The last draft of a later page is gone: show the page before it.
      if (page && page.count === 1 && offset > 0) setOffset(Math.max(0, offset - FACTOR_PAGE_SIZE));
      return `Deleted the draft “${draft.name}”.`;
    });

  return (
    <section aria-labelledby="draft-factors-heading" className="grid gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="draft-factors-heading" className="text-lg font-semibold">
          Drafts
        </h2>
        {page && page.total > 0 ? (
          <ExportMenu
            what="draft factors"
            hrefOf={(format) => endpointUrl(exportEndpoints.draftEmissionFactors, undefined, { format })}
          />
        ) : null}
      </div>
      <p className="text-sm text-muted-foreground">
        Your factors that are not published yet. Records and estimates can use a factor once it is published;
        a published factor never changes.
      </p>
      <div aria-live="polite" className="grid gap-2">
        {actionError && (
          <Alert kind="error">
            <AlertDescription>{actionError}</AlertDescription>
          </Alert>
        )}
        {status && <p className="text-sm">{status}</p>}
      </div>
      <div aria-busy={drafts.isPending}>
        <QueryStates
          query={drafts}
          loading={<LoadingSkeleton label="Loading drafts" />}
          errorTitle="The drafts could not be loaded"
          isEmpty={(page) => page.results.length === 0}
          empty={
            <EmptyState
              icon={<FilePenLineIcon />}
              title="No drafts"
              description="A factor saved with the form below waits here until you publish it."
            />
          }
        >
          {(page) => (
            <>
              <FactorTable
                caption="Draft factors"
                factors={page.results}
                columns={[
                  { header: 'Scope', cell: (draft) => (draft.scope ? SCOPE_LABELS[draft.scope] : '—') },
                  {
                    header: 'Actions',
                    cell: (draft) => (
                      <div className="flex gap-2">
                        {canPublish && (
                          <ConfirmDialog
                            trigger={
                              <Button size="sm" aria-label={`Publish ${draft.name}`}>
                                Publish
                              </Button>
                            }
                            title={`Publish ${draft.name}?`}
                            description="Published factors can never change or be deleted, so that results calculated with them stay reproducible."
                            confirmLabel="Publish"
                            onConfirm={() => publish(draft)}
                          />
                        )}
                        {canDelete && (
                          <ConfirmDialog
                            trigger={
                              <Button size="sm" variant="outline" aria-label={`Delete ${draft.name}`}>
                                Delete
                              </Button>
                            }
                            title={`Delete ${draft.name}?`}
                            description="The draft is removed. This cannot be undone."
                            confirmLabel="Delete"
                            variant="destructive"
                            onConfirm={() => remove(draft)}
                          />
                        )}
                      </div>
                    ),
                  },
                ]}
              />
              {page.total > FACTOR_PAGE_SIZE && (
                <PageNavigation page={page} pageSize={FACTOR_PAGE_SIZE} onOffsetChange={setOffset} />
              )}
            </>
          )}
        </QueryStates>
      </div>
    </section>
  );
}
