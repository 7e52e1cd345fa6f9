import type { EvaluatedFeatureFlag, FeatureFlagDefinition } from '@ecc/contracts';
import {
  Alert,
  AlertDescription,
  AlertTitle,
  Button,
  ConfirmDialog,
  EmptyState,
  Skeleton,
  toast,
} from '@ecc/ui';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { FlagIcon, PlusIcon } from 'lucide-react';
import { useState } from 'react';
import { PageHeader } from '#components/page-header.tsx';
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

  const createButton = canManage ? (
    <Button onClick={() => setEditing({ mode: 'create' })}>
      <PlusIcon aria-hidden="true" /> New flag
    </Button>
  ) : undefined;

  return (
    <>
      <PageHeader
        title="Feature flags"
        description="Flags turn features on for the whole realm or, with targeting, for some of its users."
      />
      <div aria-live="polite" aria-busy={isLoading}>
        {isLoading ? (
          <div className="grid gap-2" aria-label="Loading feature flags">
            <Skeleton className="h-10" />
            <Skeleton className="h-10" />
            <Skeleton className="h-10" />
          </div>
        ) : error ? (
          <Alert kind="error">
            <AlertTitle>The feature flags could not be loaded</AlertTitle>
            <AlertDescription className="grid gap-2">
              <span>{error.message}</span>
              <span>
                <Button variant="outline" size="sm" onClick={() => void refreshFeatureFlags(queryClient)}>
                  Try again
                </Button>
              </span>
            </AlertDescription>
          </Alert>
        ) : rows.length === 0 ? (
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
        ) : (
          <div className="grid gap-4">
            {createButton && <div>{createButton}</div>}
            <div className="overflow-x-auto rounded-lg border">
              <table className="w-full text-sm">
                <caption className="sr-only">Feature flags of this realm</caption>
                <thead className="bg-muted/50 text-left">
                  <tr>
                    <th scope="col" className="px-4 py-2 font-medium">
                      Key
                    </th>
                    <th scope="col" className="px-4 py-2 font-medium">
                      State
                    </th>
                    {canManage && (
                      <th scope="col" className="px-4 py-2 font-medium">
                        Default variant
                      </th>
                    )}
                    <th scope="col" className="px-4 py-2 font-medium">
                      Value for you
                    </th>
                    {canManage && (
                      <th scope="col" className="px-4 py-2 font-medium">
                        <span className="sr-only">Actions</span>
                      </th>
                    )}
                  </tr>
                </thead>
                <tbody>
                  {rows.map((row) => (
                    <tr key={row.key} className="border-t">
                      <th scope="row" className="px-4 py-2 text-left font-mono font-normal">
                        {row.key}
                      </th>
                      <td className="px-4 py-2">
                        {row.definition
                          ? (row.definition.state ?? 'ENABLED') === 'ENABLED'
                            ? 'Enabled'
                            : 'Disabled'
                          : row.evaluated?.reason === 'DISABLED'
                            ? 'Disabled'
                            : 'Enabled'}
                        {row.definition?.targeting && Object.keys(row.definition.targeting).length > 0
                          ? ', targeted'
                          : ''}
                      </td>
                      {canManage && <td className="px-4 py-2">{row.definition?.defaultVariant}</td>}
                      <td className="px-4 py-2">{evaluatedText(row.evaluated)}</td>
                      {canManage && row.definition && (
                        <td className="px-4 py-2 text-right whitespace-nowrap">
                          <Button
                            variant="outline"
                            size="sm"
                            aria-label={`Edit ${row.key}`}
                            onClick={() =>
                              row.definition && setEditing({ mode: 'edit', definition: row.definition })
                            }
                          >
                            Edit
                          </Button>{' '}
                          <Button
                            variant="destructive"
                            size="sm"
                            aria-label={`Delete ${row.key}`}
                            onClick={() => setDeleting(row.key)}
                          >
                            Delete
                          </Button>
                        </td>
                      )}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </div>
        )}
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
