import {
  endpointUrl,
  exportEndpoints,
  INTENSITY_DENOMINATOR_LABELS,
  type DenominatorDto,
  type DenominatorValues,
} from '@ecc/contracts';
import { Button, ConfirmDialog, DataTable, EmptyState, FormField, selectClasses, toast } from '@ecc/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { ExportMenu } from '#components/export-menu.tsx';
import { formatNumber } from '#lib/format/format-number.ts';
import { DenominatorDialog } from './denominator-dialog.tsx';
import { afterOrganisationChange, deleteDenominator, saveDenominator } from './organisation-api.ts';

const UNIT_LABELS: Record<string, string> = { m2: 'm²', ft2: 'ft²', people: 'people' };

function amountText(denominator: DenominatorDto): string {
  const amount = `${formatNumber(denominator.amount)} ${UNIT_LABELS[denominator.unit] ?? denominator.unit}`;
  return denominator.unit === denominator.normalizedUnit
    ? amount
    : `${amount} (${formatNumber(Math.round(denominator.normalizedAmount))} ${UNIT_LABELS[denominator.normalizedUnit] ?? denominator.normalizedUnit})`;
}

export interface DenominatorsSectionProps {
  denominators: DenominatorDto[];
  canManage: boolean;
}

/** The intensity denominators of one year at a time: the realm's first, then each facility's. */
export function DenominatorsSection({ denominators, canManage }: DenominatorsSectionProps) {
  const queryClient = useQueryClient();
  const id = useId();
  const thisYear = new Date().getUTCFullYear();
  const years = [...new Set([thisYear, ...denominators.map((each) => each.year)])].sort(
    (left, right) => right - left,
  );
  const latestWithData = denominators[0]?.year ?? thisYear;
  const [year, setYear] = useState(latestWithData);
  const [editing, setEditing] = useState<{ denominator?: DenominatorDto }>();
  const [deleting, setDeleting] = useState<DenominatorDto>();
  const rows = denominators.filter((each) => each.year === year);

  async function save(values: DenominatorValues) {
    await saveDenominator(values);
    toast({ title: `${INTENSITY_DENOMINATOR_LABELS[values.kind]} of ${values.year} saved` });
    setYear(values.year);
    await afterOrganisationChange(queryClient);
  }

  async function remove(denominator: DenominatorDto) {
    await deleteDenominator(denominator.id);
    toast({ title: `${INTENSITY_DENOMINATOR_LABELS[denominator.kind]} of ${denominator.year} deleted` });
    await afterOrganisationChange(queryClient);
  }

  return (
    <section aria-labelledby={`${id}-heading`} className="grid gap-3">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <h2 id={`${id}-heading`} className="text-lg font-semibold">
          Intensity denominators
        </h2>
        <div className="flex flex-wrap items-end gap-2">
          <FormField label="Year">
            <select
              className={selectClasses}
              value={String(year)}
              onChange={(event) => setYear(Number(event.target.value))}
            >
              {years.map((each) => (
                <option key={each} value={String(each)}>
                  {each}
                </option>
              ))}
            </select>
          </FormField>
          {rows.length === 0 ? null : (
            <ExportMenu
              what={`intensity denominators of ${year}`}
              hrefOf={(format) => endpointUrl(exportEndpoints.denominators, undefined, { year, format })}
            />
          )}
          {canManage ? (
            <Button size="sm" onClick={() => setEditing({})}>
              Add figure
            </Button>
          ) : null}
        </div>
      </div>
      {rows.length === 0 ? (
        <EmptyState
          title={`No denominators for ${year}`}
          description="Revenue, production, floor area and headcount turn emissions into intensities."
        />
      ) : (
        <DataTable
          caption={`Intensity denominators of ${year}`}
          rows={rows}
          rowKey={(row) => row.id}
          columns={[
            {
              header: 'For',
              cell: (row) => (row.scope === 'realm' ? 'Whole realm' : (row.facilityName ?? '')),
            },
            { header: 'Kind', cell: (row) => INTENSITY_DENOMINATOR_LABELS[row.kind] },
            { header: 'Amount', cell: amountText, className: 'text-right tabular-nums' },
            ...(canManage
              ? [
                  {
                    header: 'Actions',
                    isHeaderHidden: true,
                    cell: (row: DenominatorDto) => {
                      const name = `${INTENSITY_DENOMINATOR_LABELS[row.kind]} of ${row.scope === 'realm' ? 'the realm' : (row.facilityName ?? '')}`;
                      return (
                        <div className="flex justify-end gap-2">
                          <Button
                            size="sm"
                            variant="outline"
                            aria-label={`Edit ${name}`}
                            onClick={() => setEditing({ denominator: row })}
                          >
                            Edit
                          </Button>
                          <Button
                            size="sm"
                            variant="outline"
                            aria-label={`Delete ${name}`}
                            onClick={() => setDeleting(row)}
                          >
                            Delete
                          </Button>
                        </div>
                      );
                    },
                  },
                ]
              : []),
          ]}
        />
      )}
      {editing ? (
        <DenominatorDialog
          year={year}
          denominator={editing.denominator}
          onSave={save}
          onClose={() => setEditing(undefined)}
        />
      ) : null}
      <ConfirmDialog
        open={deleting !== undefined}
        onOpenChange={(isOpenNow) => !isOpenNow && setDeleting(undefined)}
        title={`Delete this ${deleting ? INTENSITY_DENOMINATOR_LABELS[deleting.kind].toLowerCase() : ''} figure?`}
        description="Intensities of the year no longer use it."
        confirmLabel="Delete figure"
        variant="destructive"
        onConfirm={async () => {
          if (deleting) await remove(deleting);
          setDeleting(undefined);
        }}
      />
    </section>
  );
}
