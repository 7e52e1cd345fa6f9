import {
  endpointUrl,
  exportEndpoints,
  type EvaluatedFeatureFlag,
  type FeatureFlagDefinition,
} from '@ecc/contracts';
import { Button, ConfirmDialog, DataTable, EmptyState, toast, type DataTableColumn } from '@ecc/ui';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { FlagIcon, PlusIcon } from 'lucide-react';
import { useState } from 'react';
import { ExportMenu } from '#components/export-menu.tsx';
import { LoadingSkeleton } from '#components/loading-skeleton.tsx';
import { PageHeader } from '#components/page-header.tsx';
import { QueryStates } from '#components/query-states.tsx';
import { useEvaluatedFeatureFlags } from '#lib/feature-flags/feature-flag-queries.ts';
import { useSession } from '#lib/session/session-queries.ts';
import {
  createDefinition,
  definitionsQueryOptions,
  deleteDefinition,
  refreshFeatureFlags,
  updateDefinition,
} from './feature-flag-definitions.ts';
import { FeatureFlagEditor } from './feature-flag-editor.tsx';

type Editing = { mode: 'create' } | { mode: 'edit'; definition: FeatureFlagDefinition } | undefined;

interface FlagRow {
  key: string;
  definition?: FeatureFlagDefinition;
  evaluated?: EvaluatedFeatureFlag;
}

function evaluatedText(flag: EvaluatedFeatureFlag | undefined): string {
  if (!flag) return '—';
  return flag.variant ? `${String(flag.value)} (${flag.variant})` : String(flag.value);
}

/** A definition's state, else what the flag evaluated to; "targeted" when its targeting has rules. */
function stateText(row: FlagRow): string {
  const isEnabled = row.definition
    ? (row.definition.state ?? 'ENABLED') === 'ENABLED'
    : row.evaluated?.reason !== 'DISABLED';
  const isTargeted = row.definition?.targeting && Object.keys(row.definition.targeting).length > 0;
  return `${isEnabled ? 'Enabled' : 'Disabled'}${isTargeted ? ', targeted' : ''}`;
}

/**
 * /management/feature-flags: the realm's flags with their state and what they evaluate to for the viewer.
 * Administrators create, edit and delete definitions; everyone else sees the evaluated values only.
 */
export function FeatureFlagsPage() {
  const { isLoggedIn } = useSession();
  const evaluated = useEvaluatedFeatureFlags(isLoggedIn);
  const canManage = evaluated.data?.canManageDefinitions ?? false;
  const definitions = useQuery({ ...definitionsQueryOptions, enabled: canManage });
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<Editing>();
  const [deleting, setDeleting] = useState<string>();

  const evaluatedByKey = new Map((evaluated.data?.flags ?? []).map((flag) => [flag.key, flag]));
  const rows: FlagRow[] = canManage
    ? (definitions.data ?? []).map((definition) => ({
        key: definition.key,
        definition,
        evaluated: evaluatedByKey.get(definition.key),
      }))
    : (evaluated.data?.flags ?? []).map((flag) => ({ key: flag.key, evaluated: flag }));
  const isLoading = evaluated.isPending || (canManage && definitions.isPending);
  const error = evaluated.error ?? (canManage ? definitions.error : null);

  async function save(definition: FeatureFlagDefinition) {
    const isNew = editing?.mode === 'create';
    await (isNew ? createDefinition(definition) : updateDefinition(definition));
    await refreshFeatureFlags(queryClient);
    setEditing(undefined);
    toast({ variant: 'success', title: isNew ? `Created ${definition.key}` : `Saved ${definition.key}` });
  }

  async function remove(key: string) {
    await deleteDefinition(key);
    await refreshFeatureFlags(queryClient);
    toast({ variant: 'success', title: `Deleted ${key}` });
  }

  const actionsColumn: DataTableColumn<FlagRow> = {
    header: 'Actions',
    isHeaderHidden: true,
    className: 'text-right whitespace-nowrap',
    cell: ({ key, definition }) =>
      definition && (
        <>
          <Button
            variant="outline"
            size="sm"
            aria-label={`Edit ${key}`}
            onClick={() => setEditing({ mode: 'edit', definition })}
          >
            Edit
          </Button>{' '}
          <Button
            variant="destructive"
            size="sm"
            aria-label={`Delete ${key}`}
            onClick={() => setDeleting(key)}
          >
            Delete
          </Button>
        </>
      ),
  };

  const createButton = canManage ? (
    <Button onClick={() => setEditing({ mode: 'create' })}>
      <PlusIcon aria-hidden="true" /> New flag
    </Button>
  ) : undefined;

  const columns: DataTableColumn<FlagRow>[] = [
    { header: 'Key', className: 'font-mono', cell: (row) => row.key },
    { header: 'State', cell: stateText },
    ...(canManage
      ? [{ header: 'Default variant', cell: (row: FlagRow) => row.definition?.defaultVariant }]
      : []),
    { header: 'Value for you', cell: (row) => evaluatedText(row.evaluated) },
    ...(canManage ? [actionsColumn] : []),
  ];

  return (
    <>
      <PageHeader
        title="Feature flags"
        description="Flags turn features on for the whole realm or, with targeting, for some of its users."
      />
      <div aria-live="polite" aria-busy={isLoading}>
        <QueryStates
          query={{
            isPending: isLoading,
            error,
            data: rows,
            refetch: () => refreshFeatureFlags(queryClient),
          }}
          loading={<LoadingSkeleton label="Loading feature flags" skeletons={['h-10', 'h-10', 'h-10']} />}
          errorTitle="The feature flags could not be loaded"
          retryLabel="Try again"
          isEmpty={(flags) => flags.length === 0}
          empty={
            <EmptyState
              icon={<FlagIcon />}
              title="No feature flags yet"
              description={
                canManage
                  ? 'Create a flag to turn a feature on for the realm, or for the users its targeting picks.'
                  : 'Your realm has no feature flags. Its administrators create them here.'
              }
              action={createButton}
            />
          }
        >
          {(flags) => (
            <div className="grid gap-4">
              {canManage && (
                <div className="flex items-center justify-between gap-2">
                  {createButton}
                  <ExportMenu
                    what="feature flags"
                    hrefOf={(format) => endpointUrl(exportEndpoints.featureFlags, undefined, { format })}
                  />
                </div>
              )}
              <DataTable
                caption="Feature flags of this realm"
                rows={flags}
                rowKey={(row) => row.key}
                columns={columns}
              />
            </div>
          )}
        </QueryStates>
      </div>
      {editing && (
        <FeatureFlagEditor
          definition={editing.mode === 'edit' ? editing.definition : undefined}
          onSave={save}
          onClose={() => setEditing(undefined)}
        />
      )}
      <ConfirmDialog
        open={deleting !== undefined}
        onOpenChange={(isOpen) => !isOpen && setDeleting(undefined)}
        title={`Delete ${deleting ?? ''}?`}
        description="Users lose whatever the flag turned on for them. This cannot be undone."
        confirmLabel="Delete flag"
        variant="destructive"
        onConfirm={async () => {
          if (deleting) await remove(deleting);
        }}
      />
    </>
  );
}
