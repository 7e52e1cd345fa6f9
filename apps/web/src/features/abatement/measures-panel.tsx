import { endpointUrl, exportEndpoints, type MeasureDto, type MeasureInput } from '@ecc/contracts';
import { Button, ConfirmDialog, DataTable, EmptyState, toast } from '@ecc/ui';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { ExportMenu } from '#components/export-menu.tsx';
import { formatMass } from '#lib/format/format-mass.ts';
import { formatMoney } from '#lib/format/format-money.ts';
import { formatNumber } from '#lib/format/format-number.ts';
import {
  addStarterSet,
  afterMeasuresChange,
  createMeasure,
  deleteMeasure,
  equipmentTypeChoicesQueryOptions,
  updateMeasure,
} from './abatement-api.ts';
import { MeasureDialog } from './measure-dialog.tsx';

function abatementText(measure: MeasureDto): string {
  if (measure.abatement.kind === 'absolute') return `${formatMass(measure.abatement.kgPerYear)} a year`;
  const converted =
    measure.annualAbatementKg === null
      ? 'source without emissions yet'
      : `${formatMass(measure.annualAbatementKg)} a year of ${formatMass(measure.sourceEmissionsKg ?? 0)} in ${measure.sourceYear}`;
  return `${formatNumber(measure.abatement.percent)} % (${converted})`;
}

function appliesToText(measure: MeasureDto) {
  const { facilityId, equipmentTypeId, scope } = measure.appliesTo;
  const parts = [
    facilityId === null ? null : (measure.appliesToNames.facility ?? 'A facility'),
    equipmentTypeId === null ? null : (measure.appliesToNames.equipmentType ?? 'An equipment type'),
    scope === null ? null : `Scope ${scope}`,
  ].filter((part) => part !== null);
  return parts.length === 0 ? 'Anywhere' : parts.join(' · ');
}

/**
 * The realm's measures: the table with each measure's source, and (for those who may) add, edit, delete. Money
 * is in the realm's `currency` (decision 050).
 */
export function MeasuresPanel({
  measures,
  canWrite,
  currency,
}: {
  measures: readonly MeasureDto[];
  canWrite: boolean;
  currency: string;
}) {
  const id = useId();
  const queryClient = useQueryClient();
  const equipmentTypes = useQuery({ ...equipmentTypeChoicesQueryOptions, enabled: canWrite });
  const [editing, setEditing] = useState<{ measure?: MeasureDto }>();
  const [deleting, setDeleting] = useState<MeasureDto>();
  const [isAdding, setIsAdding] = useState(false);
  const nameOf = new Map(measures.map((measure) => [measure.id, measure.name]));

  const save = async (request: MeasureInput, measure?: MeasureDto) => {
    const saved =
      measure === undefined ? await createMeasure(request) : await updateMeasure(measure.id, request);
    toast({ title: `${saved.name} saved` });
    await afterMeasuresChange(queryClient);
  };
  const addStarters = async () => {
    setIsAdding(true);
    try {
      const { added } = await addStarterSet();
      toast({
        title:
          added === 0 ? 'The library has every starter measure already' : `${added} starter measures added`,
      });
      await afterMeasuresChange(queryClient);
    } catch (error) {
      toast({
        title: 'The starter measures could not be added',
        description: String(error),
        variant: 'destructive',
      });
    } finally {
      setIsAdding(false);
    }
  };

  return (
    <section aria-labelledby={`${id}-title`} className="grid gap-3">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <h2 id={`${id}-title`} className="text-lg font-semibold">
          Measures library
        </h2>
        <div className="flex flex-wrap gap-2">
          {measures.length > 0 ? (
            <ExportMenu
              what="abatement measures"
              hrefOf={(format) => endpointUrl(exportEndpoints.abatementMeasures, undefined, { format })}
            />
          ) : null}
          {canWrite ? (
            <>
              <Button variant="outline" size="sm" disabled={isAdding} onClick={() => void addStarters()}>
                Add starter measures
              </Button>
              <Button size="sm" onClick={() => setEditing({})}>
                New measure
              </Button>
            </>
          ) : null}
        </div>
      </div>
      {measures.length === 0 ? (
        <EmptyState
          title="No measures yet"
          description={
            canWrite
              ? 'Add the starter measures (eight common measures with cited, illustrative figures) or your own.'
              : 'An administrator adds the measures the optimizer and the MACC work with.'
          }
        />
      ) : (
        <DataTable
          caption="The realm's abatement measures"
          rows={measures}
          rowKey={(measure) => measure.id}
          hasRowHeaders
          columns={[
            { header: 'Measure', cell: (measure) => measure.name },
            { header: 'Applies to', cell: (measure) => appliesToText(measure) },
            { header: 'Abatement', cell: abatementText },
            {
              header: 'Capex',
              cell: (measure) => formatMoney(measure.capex, currency),
              className: 'text-right tabular-nums',
            },
            {
              header: 'Annual cost',
              cell: (measure) => formatMoney(measure.annualCost, currency),
              className: 'text-right tabular-nums',
            },
            { header: 'Lifetime', cell: (measure) => `${measure.lifetime} years`, className: 'text-right' },
            {
              header: 'Rules',
              cell: (measure) =>
                [
                  measure.earliestYear === null ? null : `from ${measure.earliestYear}`,
                  measure.exclusiveGroup === null ? null : `group ${measure.exclusiveGroup}`,
                  measure.prerequisites.length === 0
                    ? null
                    : `after ${measure.prerequisites.map((each) => nameOf.get(each) ?? each).join(', ')}`,
                ]
                  .filter(Boolean)
                  .join('; ') || '—',
            },
            {
              header: 'Source',
              cell: (measure) =>
                measure.source.url === '' ? (
                  measure.source.citation || '—'
                ) : (
                  <a
                    href={measure.source.url}
                    target="_blank"
                    rel="noreferrer"
                    title={measure.source.citation}
                    className="text-primary underline-offset-4 hover:underline"
                  >
                    {new URL(measure.source.url).hostname}
                  </a>
                ),
            },
            ...(canWrite
              ? [
                  {
                    header: 'Actions',
                    isHeaderHidden: true,
                    cell: (measure: MeasureDto) => (
                      <div className="flex gap-1">
                        <Button
                          variant="ghost"
                          size="xs"
                          aria-label={`Edit ${measure.name}`}
                          onClick={() => setEditing({ measure })}
                        >
                          Edit
                        </Button>
                        <Button
                          variant="ghost"
                          size="xs"
                          aria-label={`Delete ${measure.name}`}
                          onClick={() => setDeleting(measure)}
                        >
                          Delete
                        </Button>
                      </div>
                    ),
                  },
                ]
              : []),
          ]}
        />
      )}
      {editing ? (
        <MeasureDialog
          measure={editing.measure}
          currency={currency}
          others={measures.filter((measure) => measure.id !== editing.measure?.id)}
          equipmentTypes={equipmentTypes.data?.results ?? []}
          onSave={(request) => save(request, editing.measure)}
          onClose={() => setEditing(undefined)}
        />
      ) : null}
      <ConfirmDialog
        open={deleting !== undefined}
        onOpenChange={(isOpenNow) => !isOpenNow && setDeleting(undefined)}
        title={`Delete ${deleting?.name ?? 'this measure'}?`}
        description="It leaves the library, the MACC and the optimizer's choices."
        confirmLabel="Delete measure"
        variant="destructive"
        onConfirm={async () => {
          if (deleting) {
            try {
              await deleteMeasure(deleting.id);
              toast({ title: `${deleting.name} deleted` });
              await afterMeasuresChange(queryClient);
            } catch (error) {
              toast({
                title: `${deleting.name} was not deleted`,
                description: error instanceof Error ? error.message : String(error),
                variant: 'destructive',
              });
            }
          }
          setDeleting(undefined);
        }}
      />
    </section>
  );
}
