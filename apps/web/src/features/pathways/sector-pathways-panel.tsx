import {
  INTENSITY_DENOMINATOR_LABELS,
  endpointUrl,
  exportEndpoints,
  type SectorPathwayDto,
  type SectorPathwayValues,
} from '@ecc/contracts';
import { Button, ConfirmDialog, DataTable, EmptyState, toast } from '@ecc/ui';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { WaypointsIcon } from 'lucide-react';
import { useState } from 'react';
import { ExportMenu } from '#components/export-menu.tsx';
import { LoadingSkeleton } from '#components/loading-skeleton.tsx';
import { QueryStates } from '#components/query-states.tsx';
import { isApiResponseError } from '#lib/api/api-response-error.ts';
import { formatNumber } from '#lib/format/index.ts';
import {
  afterTargetChange,
  createSectorPathway,
  deleteSectorPathway,
  sectorPathwaysQueryOptions,
  updateSectorPathway,
} from './pathways-api.ts';
import { SectorPathwayDialog } from './sector-pathway-dialog.tsx';

function yearsText(pathway: SectorPathwayDto): string {
  const first = pathway.points[0];
  const last = pathway.points.at(-1);
  if (!first || !last) return '—';
  return `${first.year} → ${last.year} (${pathway.points.length} years given)`;
}

function intensitiesText(pathway: SectorPathwayDto): string {
  const first = pathway.points[0];
  const last = pathway.points.at(-1);
  if (!first || !last) return '—';
  return `${formatNumber(first.intensity)} → ${formatNumber(last.intensity)}`;
}

/**
 * The realm's sector pathways (issue 12, item 2: intensity convergence with the sector pathway as realm data):
 * listed for everyone who sees the page; administrators create, change and delete them. A pathway a target follows
 * cannot be deleted (the server's 409 says so).
 */
export function SectorPathwaysPanel({ canManage }: { canManage: boolean }) {
  const queryClient = useQueryClient();
  const pathwaysQuery = useQuery(sectorPathwaysQueryOptions);
  const [editing, setEditing] = useState<{ pathway?: SectorPathwayDto }>();
  const [deleting, setDeleting] = useState<SectorPathwayDto>();

  async function save(values: SectorPathwayValues, pathway?: SectorPathwayDto) {
    const saved = pathway ? await updateSectorPathway(pathway.id, values) : await createSectorPathway(values);
    toast({ title: `${saved.name} ${pathway ? 'saved' : 'created'}` });
    await afterTargetChange(queryClient);
  }

  async function remove(pathway: SectorPathwayDto) {
    try {
      await deleteSectorPathway(pathway.id);
      toast({ title: `${pathway.name} deleted` });
    } catch (error) {
      if (!isApiResponseError(error, 409)) throw error;
      toast({ title: `${pathway.name} was not deleted`, description: error.message, variant: 'destructive' });
    }
    await afterTargetChange(queryClient);
  }

  const createButton = canManage ? (
    <Button variant="outline" onClick={() => setEditing({})}>
      New sector pathway
    </Button>
  ) : null;

  return (
    <section aria-labelledby="sector-pathways-heading" className="grid gap-3">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="sector-pathways-heading" className="text-lg font-semibold">
            Sector pathways
          </h2>
          <p className="text-muted-foreground text-sm">
            A sector&apos;s intensity by year (for example from the SBTi sectoral decarbonisation approach)
            that an intensity target can converge to.
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          {(pathwaysQuery.data?.results.length ?? 0) > 0 ? (
            <ExportMenu
              what="sector pathways"
              hrefOf={(format) => endpointUrl(exportEndpoints.sectorPathways, undefined, { format })}
            />
          ) : null}
          {createButton}
        </div>
      </div>
      <QueryStates
        query={pathwaysQuery}
        loading={<LoadingSkeleton label="Loading the sector pathways" skeletons={['h-24 w-full']} />}
        errorTitle="The sector pathways could not be loaded"
        isEmpty={(data) => data.results.length === 0}
        empty={
          <EmptyState
            icon={<WaypointsIcon />}
            title="No sector pathways yet"
            description={
              canManage
                ? 'Add a sector’s intensity by year so that intensity targets can converge to it.'
                : 'An administrator of the realm adds sector pathways.'
            }
            action={createButton}
          />
        }
      >
        {({ results: pathways }) => (
          <DataTable
            caption="Sector pathways of the realm"
            rows={pathways}
            rowKey={(pathway) => pathway.id}
            columns={[
              { header: 'Sector pathway', cell: (pathway) => pathway.name },
              {
                header: 'Intensity per',
                cell: (pathway) => INTENSITY_DENOMINATOR_LABELS[pathway.denominatorKind],
              },
              { header: 'Years', cell: yearsText },
              { header: 'kg CO2e per unit', cell: intensitiesText },
              {
                header: 'Actions',
                isHeaderHidden: true,
                cell: (pathway) =>
                  canManage ? (
                    <div className="flex justify-end gap-2">
                      <Button
                        size="sm"
                        variant="outline"
                        aria-label={`Edit ${pathway.name}`}
                        onClick={() => setEditing({ pathway })}
                      >
                        Edit
                      </Button>
                      <Button
                        size="sm"
                        variant="outline"
                        aria-label={`Delete ${pathway.name}`}
                        onClick={() => setDeleting(pathway)}
                      >
                        Delete
                      </Button>
                    </div>
                  ) : null,
              },
            ]}
          />
        )}
      </QueryStates>
      {editing ? (
        <SectorPathwayDialog
          pathway={editing.pathway}
          onSave={(values) => save(values, editing.pathway)}
          onClose={() => setEditing(undefined)}
        />
      ) : null}
      <ConfirmDialog
        open={deleting !== undefined}
        onOpenChange={(isOpenNow) => !isOpenNow && setDeleting(undefined)}
        title={`Delete ${deleting?.name ?? 'this sector pathway'}?`}
        description="The pathway's years and intensities go. A target that follows it must be changed first."
        confirmLabel="Delete sector pathway"
        variant="destructive"
        onConfirm={async () => {
          if (deleting) await remove(deleting);
          setDeleting(undefined);
        }}
      />
    </section>
  );
}
