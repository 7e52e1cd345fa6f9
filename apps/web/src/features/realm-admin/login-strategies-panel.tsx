import { endpointUrl, exportEndpoints, type LoginStrategy } from '@ecc/contracts';
import { Button, ConfirmDialog, DataTable, EmptyState, toast } from '@ecc/ui';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { LogInIcon, PlusIcon } from 'lucide-react';
import { useState } from 'react';
import { ExportMenu } from '#components/export-menu.tsx';
import { LoadingSkeleton } from '#components/loading-skeleton.tsx';
import { QueryStates } from '#components/query-states.tsx';
import { useCan } from '#lib/permissions/use-ability.ts';
import {
  createLoginStrategy,
  deleteLoginStrategy,
  loginStrategiesQueryOptions,
  refreshLoginStrategies,
  updateLoginStrategy,
} from './login-strategies-api.ts';
import { LoginStrategyDialog } from './login-strategy-dialog.tsx';
import type { LoginStrategySave } from './login-strategy-form.ts';
import { toUpdateRequest } from './login-strategy-form.ts';

export interface LoginStrategiesPanelProps {
  /** The realm whose strategies are shown: the user's own, or the one an operator manages. */
  realmId: string;
  realmName: string;
}

/** Which strategy the add/edit dialog shows: a new one, or one of the list. */
type Editing = { strategy?: LoginStrategy } | undefined;

/**
 * The realm's OpenID Connect sign-in strategies: each with its provider, client and whether its secret is set;
 * an active switch, add and edit in a dialog, delete after confirmation.
 */
export function LoginStrategiesPanel({ realmId, realmName }: LoginStrategiesPanelProps) {
  const strategies = useQuery(loginStrategiesQueryOptions(realmId));
  const queryClient = useQueryClient();
  const canCreate = useCan('create', 'Realm');
  const canUpdate = useCan('update', 'Realm');
  const canDelete = useCan('delete', 'Realm');
  const [editing, setEditing] = useState<Editing>();
  const [deleting, setDeleting] = useState<LoginStrategy>();

  async function save(change: LoginStrategySave) {
    if (change.kind === 'create') await createLoginStrategy(realmId, change.request);
    else await updateLoginStrategy(realmId, change.strategyKey, change.request);
    await refreshLoginStrategies(queryClient, realmId);
    setEditing(undefined);
    toast({
      variant: 'success',
      title: change.kind === 'create' ? `${change.request.name} added` : `${change.request.name} saved`,
    });
  }

  async function setActive(strategy: LoginStrategy, active: boolean) {
    try {
      await updateLoginStrategy(realmId, strategy.key, toUpdateRequest(strategy, { active }));
      toast({ variant: 'success', title: `${strategy.name} is ${active ? 'active' : 'inactive'}` });
    } catch (error) {
      toast({
        variant: 'destructive',
        title: `${strategy.name} could not be changed`,
        description: (error as Error).message,
      });
    } finally {
      await refreshLoginStrategies(queryClient, realmId);
    }
  }

  async function remove(strategy: LoginStrategy) {
    try {
      await deleteLoginStrategy(realmId, strategy.key);
      toast({ variant: 'success', title: `${strategy.name} deleted` });
    } catch (error) {
      toast({
        variant: 'destructive',
        title: `${strategy.name} could not be deleted`,
        description: (error as Error).message,
      });
      throw error;
    } finally {
      await refreshLoginStrategies(queryClient, realmId);
    }
  }

  const addButton = canCreate ? (
    <Button onClick={() => setEditing({})}>
      <PlusIcon aria-hidden="true" /> Add strategy
    </Button>
  ) : null;
  const rows = strategies.data ?? [];

  return (
    <section aria-label="Sign-in strategies" className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-muted-foreground text-sm">
          Each active strategy puts a &ldquo;Sign in with &hellip;&rdquo; link on the login page of{' '}
          {/* A name may end with its own full stop (“Demo Energy Co.”): no second one. */}
          {realmName.endsWith('.') ? realmName : `${realmName}.`}
        </p>
        <div className="flex items-center gap-2">
          {rows.length > 0 ? addButton : null}
          <ExportMenu
            what="sign-in strategies"
            hrefOf={(format) => endpointUrl(exportEndpoints.loginStrategies, { realmId }, { format })}
          />
        </div>
      </div>
      <div aria-live="polite" aria-busy={strategies.isPending}>
        <QueryStates
          query={strategies}
          loading={<LoadingSkeleton label="Loading sign-in strategies" />}
          errorTitle="The sign-in strategies could not be loaded"
          isEmpty={(rows) => rows.length === 0}
          empty={
            <EmptyState
              icon={<LogInIcon />}
              title="No sign-in strategies yet"
              description="People sign in with their e-mail address and password until an OpenID Connect provider is added."
              action={addButton ?? undefined}
            />
          }
        >
          {(rows) => (
            <DataTable
              caption={`Sign-in strategies of ${realmName}`}
              rows={rows}
              rowKey={(strategy) => strategy.key}
              columns={[
                { header: 'Name', cell: (strategy) => strategy.name },
                {
                  header: 'Issuer',
                  className: 'font-mono text-xs break-all',
                  cell: (strategy) => strategy.issuer,
                },
                {
                  header: 'Client ID',
                  className: 'font-mono text-xs',
                  cell: (strategy) => strategy.clientId,
                },
                {
                  header: 'Client secret',
                  cell: (strategy) => (strategy.hasClientSecret ? 'set' : 'not set'),
                },
                {
                  header: 'Active',
                  cell: (strategy) => (
                    <input
                      type="checkbox"
                      role="switch"
                      aria-label={`${strategy.name} active`}
                      checked={strategy.active}
                      disabled={!canUpdate}
                      onChange={(event) => void setActive(strategy, event.target.checked)}
                    />
                  ),
                },
                {
                  header: 'Actions',
                  isHeaderHidden: true,
                  cell: (strategy) => (
                    <div className="flex justify-end gap-2">
                      {canUpdate && (
                        <Button
                          variant="outline"
                          size="sm"
                          aria-label={`Edit ${strategy.name}`}
                          onClick={() => setEditing({ strategy })}
                        >
                          Edit
                        </Button>
                      )}
                      {canDelete && (
                        <Button
                          variant="destructive"
                          size="sm"
                          aria-label={`Delete ${strategy.name}`}
                          onClick={() => setDeleting(strategy)}
                        >
                          Delete
                        </Button>
                      )}
                    </div>
                  ),
                },
              ]}
            />
          )}
        </QueryStates>
      </div>
      {editing ? (
        <LoginStrategyDialog
          {...(editing.strategy ? { strategy: editing.strategy } : {})}
          realmName={realmName}
          onSave={save}
          onClose={() => setEditing(undefined)}
        />
      ) : null}
      <ConfirmDialog
        open={deleting !== undefined}
        onOpenChange={(isOpenNow) => !isOpenNow && setDeleting(undefined)}
        title={`Delete the sign-in strategy ${deleting?.name ?? ''}?`}
        description="Its link leaves the login page. People who signed in with it keep their accounts but need another way in."
        confirmLabel="Delete strategy"
        variant="destructive"
        onConfirm={async () => {
          if (deleting) await remove(deleting);
        }}
      />
    </section>
  );
}
