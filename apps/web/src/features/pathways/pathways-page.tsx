import {
  TARGET_AMBITION_LABELS,
  TARGET_KIND_LABELS,
  TARGET_TERM_LABELS,
  endpointUrl,
  exportEndpoints,
  organisationEndpoints,
  targetScopesText,
  type TargetDto,
  type TargetValues,
} from '@ecc/contracts';
import { Button, ConfirmDialog, DataTable, EmptyState, toast } from '@ecc/ui';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { TargetIcon } from 'lucide-react';
import { useState } from 'react';
import { ExportMenu } from '#components/export-menu.tsx';
import { LoadingSkeleton } from '#components/loading-skeleton.tsx';
import { PageHeader } from '#components/page-header.tsx';
import { QueryStates } from '#components/query-states.tsx';
import { callEndpoint } from '#lib/api/call-endpoint.ts';
import { useCan } from '#lib/permissions/use-ability.ts';
import type { PageProps } from '#lib/routing/page-props.ts';
import {
  afterTargetChange,
  createTarget,
  deleteTarget,
  sectorPathwaysQueryOptions,
  targetsQueryOptions,
  updateTarget,
} from './pathways-api.ts';
import { SectorPathwaysPanel } from './sector-pathways-panel.tsx';
import { TargetDialog } from './target-dialog.tsx';
import { TargetGapPanel } from './target-gap-panel.tsx';

/**
 * Targets and pathways (issue 12, item 2): the realm's targets, each with its years against its trajectory, and
 * another target or growth assumption beside it. Administrators create, change and delete targets.
 */
export function PathwaysPage({ route }: PageProps) {
  const queryClient = useQueryClient();
  const canManage = useCan('update', 'Realm');
  const targetsQuery = useQuery(targetsQueryOptions);
  const sectorPathwaysQuery = useQuery(sectorPathwaysQueryOptions);
  const boundaryQuery = useQuery({
    queryKey: ['organisation', 'boundary'],
    queryFn: async ({ signal }) => callEndpoint(organisationEndpoints.boundary, { signal }),
  });
  const [selectedId, setSelectedId] = useState<string>();
  const [editing, setEditing] = useState<{ target?: TargetDto }>();
  const [deleting, setDeleting] = useState<TargetDto>();
  const baseYear = boundaryQuery.data?.baseYear ?? new Date().getUTCFullYear() - 1;

  async function save(values: TargetValues, target?: TargetDto) {
    const saved = target ? await updateTarget(target.id, values) : await createTarget(values);
    toast({ title: `${saved.name} ${target ? 'saved' : 'created'}` });
    setSelectedId(saved.id);
    await afterTargetChange(queryClient);
  }

  async function remove(target: TargetDto) {
    await deleteTarget(target.id);
    toast({ title: `${target.name} deleted` });
    if (selectedId === target.id) setSelectedId(undefined);
    await afterTargetChange(queryClient);
  }

  const createButton = canManage ? <Button onClick={() => setEditing({})}>New target</Button> : null;

  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <PageHeader
          title={route.title}
          description="Science-based targets of the realm: actual emissions of the covered scopes, the business-as-usual projection, the trajectory to the target and the gap between them."
        />
        {createButton}
      </div>
      <QueryStates
        query={targetsQuery}
        loading={
          <LoadingSkeleton
            label="Loading the targets"
            skeletons={['h-32 w-full', 'h-72 w-full']}
            aria-busy="true"
          />
        }
        errorTitle="The targets could not be loaded"
        isEmpty={(data) => data.results.length === 0}
        empty={
          <EmptyState
            icon={<TargetIcon />}
            title="No targets yet"
            description={
              canManage
                ? 'Set a near-term 1.5 °C target or a net-zero target to see the trajectory and the gap.'
                : 'An administrator of the realm sets its targets.'
            }
            action={createButton}
          />
        }
      >
        {({ results: targets }) => {
          const selected = targets.find((target) => target.id === selectedId) ?? targets[0]!;
          return (
            <div className="grid gap-6">
              <div className="flex justify-end">
                <ExportMenu
                  what="targets"
                  hrefOf={(format) => endpointUrl(exportEndpoints.targets, undefined, { format })}
                />
              </div>
              <DataTable
                caption="Targets of the realm"
                rows={targets}
                rowKey={(target) => target.id}
                columns={[
                  { header: 'Target', cell: (target) => target.name },
                  { header: 'Term', cell: (target) => TARGET_TERM_LABELS[target.term] },
                  { header: 'Kind', cell: (target) => TARGET_KIND_LABELS[target.kind] },
                  { header: 'Covers', cell: targetScopesText },
                  { header: 'Years', cell: (target) => `${target.baseYear} → ${target.targetYear}` },
                  { header: 'Ambition', cell: (target) => TARGET_AMBITION_LABELS[target.ambition] },
                  {
                    header: 'Actions',
                    isHeaderHidden: true,
                    cell: (target) => (
                      <div className="flex justify-end gap-2">
                        <Button
                          size="sm"
                          variant={target.id === selected.id ? 'default' : 'outline'}
                          aria-pressed={target.id === selected.id}
                          aria-label={`Show the years of ${target.name}`}
                          onClick={() => setSelectedId(target.id)}
                        >
                          Show
                        </Button>
                        {canManage ? (
                          <>
                            <Button
                              size="sm"
                              variant="outline"
                              aria-label={`Edit ${target.name}`}
                              onClick={() => setEditing({ target })}
                            >
                              Edit
                            </Button>
                            <Button
                              size="sm"
                              variant="outline"
                              aria-label={`Delete ${target.name}`}
                              onClick={() => setDeleting(target)}
                            >
                              Delete
                            </Button>
                          </>
                        ) : null}
                      </div>
                    ),
                  },
                ]}
              />
              <TargetGapPanel key={selected.id} target={selected} targets={targets} />
            </div>
          );
        }}
      </QueryStates>
      <SectorPathwaysPanel canManage={canManage} />
      {editing ? (
        <TargetDialog
          baseYear={baseYear}
          target={editing.target}
          sectorPathways={sectorPathwaysQuery.data?.results ?? []}
          onSave={(values) => save(values, editing.target)}
          onClose={() => setEditing(undefined)}
        />
      ) : null}
      <ConfirmDialog
        open={deleting !== undefined}
        onOpenChange={(isOpenNow) => !isOpenNow && setDeleting(undefined)}
        title={`Delete ${deleting?.name ?? 'this target'}?`}
        description="The target and its trajectory go; the emissions it was measured on stay."
        confirmLabel="Delete target"
        variant="destructive"
        onConfirm={async () => {
          if (deleting) await remove(deleting);
          setDeleting(undefined);
        }}
      />
    </div>
  );
}
