import {
  activityRecordInputSchema,
  endpointUrl,
  exportEndpoints,
  type ActivityRecordDto,
  type ActivityRecordInput,
  type ActivityRecordPatch,
  type ActivityRecordSortField,
} from '@ecc/contracts';
import { Alert, AlertDescription, AlertTitle, Button, Input, Label, cn } from '@ecc/ui';
import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { Controller } from 'react-hook-form';
import { ExportMenu } from '#components/export-menu.tsx';
import { formatMass } from '#lib/format/format-mass.ts';
import { formatQuantity } from '#lib/format/format-quantity.ts';
import { useContractForm } from '#lib/forms/use-contract-form.ts';
import { useCan } from '#lib/permissions/use-ability.ts';
import {
  recordToFormValues,
  activityRecordFieldOfPath,
  recordRequestOf,
  type ActivityRecordField,
  type ActivityRecordFormValues,
} from './activity-record-form.ts';
import { EmissionsPreview } from './emissions-preview.tsx';
import { FactorCombobox } from './factor-combobox.tsx';
import { StaleRecordError } from './facility-api.ts';
import { SortableHeaderRow, type SortableColumn } from './sortable-header.tsx';
import { filterRows, sortRows, type SortState } from './table-rows.ts';
import type { useRecordMutations } from './use-record-mutations.ts';

type RecordColumn =
  | 'periodStart'
  | 'activityType'
  | 'equipment'
  | 'quantity'
  | 'unit'
  | 'factorKey'
  | 'scope'
  | 'co2eKg'
  | 'co2eKgMarket'
  | 'isEstimated';

const COLUMNS: SortableColumn<RecordColumn>[] = [
  { key: 'periodStart', label: 'Period' },
  { key: 'activityType', label: 'Activity' },
  { key: 'equipment', label: 'Equipment' },
  { key: 'quantity', label: 'Quantity', isNumeric: true },
  { key: 'unit', label: 'Unit' },
  { key: 'factorKey', label: 'Factor' },
  { key: 'scope', label: 'Scope', isNumeric: true },
  { key: 'co2eKg', label: 'CO2e', isNumeric: true },
  { key: 'co2eKgMarket', label: 'CO2e market', isNumeric: true },
  { key: 'isEstimated', label: 'Estimated' },
];

/** The columns, the CO2e ones naming the GWP set their figures are on (the realm's). */
const columnsOn = (gwpSetId: string | undefined): SortableColumn<RecordColumn>[] =>
  COLUMNS.map((column) =>
    gwpSetId !== undefined && (column.key === 'co2eKg' || column.key === 'co2eKgMarket')
      ? { ...column, label: `${column.label} (${gwpSetId})` }
      : column,
  );

const GRID_COLUMNS =
  'grid-cols-[13.5rem_minmax(7rem,1fr)_minmax(7rem,1fr)_7rem_5rem_minmax(9rem,1.4fr)_5rem_9.5rem_9.5rem_6.5rem_12rem]';
const ROW_HEIGHT = 40;
// Room for the inputs and the emissions preview (two lines and a note for Scope 2).
const EDIT_ROW_HEIGHT = 196;
const EDITABLE_FIELDS = ['periodStart', 'periodEnd', 'quantity', 'unit', 'factorKey'] as const;
type EditableField = (typeof EDITABLE_FIELDS)[number];
const EDIT_LABELS: Record<EditableField, string> = {
  periodStart: 'Period start',
  periodEnd: 'Period end',
  quantity: 'Quantity',
  unit: 'Unit',
  factorKey: 'Factor',
};

interface RecordRowProps {
  record: ActivityRecordDto;
  equipmentName: string;
  /** Absent when the user may not update activity records: the Edit button is not shown. */
  onEdit?: (record: ActivityRecordDto) => void;
  /** Absent when the user may not delete activity records: the Delete button is not shown. */
  onDelete?: (record: ActivityRecordDto) => void;
  onTrail: (record: ActivityRecordDto) => void;
  isDeleting: boolean;
}

/** One read-only row: plain text cells, so that scrolling through 10,000 records renders little. */
const RecordRow = memo(function RecordRow({
  record,
  equipmentName,
  onEdit,
  onDelete,
  onTrail,
  isDeleting,
}: RecordRowProps) {
  const description = `${record.activityType} ${record.periodStart.slice(0, 10)}`;
  return (
    <>
      <div role="cell" className="px-3 whitespace-nowrap tabular-nums">
        {record.periodStart.slice(0, 10)} – {record.periodEnd.slice(0, 10)}
      </div>
      <div role="cell" className="truncate px-3">
        {record.activityType}
      </div>
      <div role="cell" className="truncate px-3">
        {equipmentName}
      </div>
      <div role="cell" className="px-3 text-right whitespace-nowrap tabular-nums">
        {formatQuantity(record.quantity, '')}
      </div>
      <div role="cell" className="px-3">
        {record.unit}
      </div>
      <div role="cell" className="truncate px-3 font-mono text-xs" title={record.factorKey}>
        {record.factorKey}
      </div>
      <div role="cell" className="px-3 text-right">
        {record.scope}
      </div>
      <div role="cell" className="px-3 text-right whitespace-nowrap tabular-nums">
        {formatMass(record.co2eKg)}
      </div>
      <div role="cell" className="px-3 text-right whitespace-nowrap tabular-nums">
        {record.co2eKgMarket === null ? '—' : formatMass(record.co2eKgMarket)}
      </div>
      <div role="cell" className="px-3">
        {record.isEstimated ? 'Estimated' : ''}
      </div>
      <div role="cell" className="flex gap-1 px-2">
        <Button
          variant="ghost"
          size="xs"
          aria-label={`Show the trail of ${description}`}
          onClick={() => onTrail(record)}
        >
          Trail
        </Button>
        {onEdit ? (
          <Button variant="ghost" size="xs" aria-label={`Edit ${description}`} onClick={() => onEdit(record)}>
            Edit
          </Button>
        ) : null}
        {onDelete ? (
          <Button
            variant="ghost"
            size="xs"
            aria-label={`Delete ${description}`}
            disabled={isDeleting}
            onClick={() => onDelete(record)}
          >
            Delete
          </Button>
        ) : null}
      </div>
    </>
  );
});

/** What each field of a record is called where a change to it is shown. */
const FIELD_LABELS: Record<ActivityRecordField, string> = {
  activityType: 'Activity',
  equipmentId: 'Equipment',
  periodStart: 'Period start',
  periodEnd: 'Period end',
  quantity: 'Quantity',
  unit: 'Unit',
  factorKey: 'Factor',
  scope: 'Scope',
  scope3Category: 'Scope 3 category',
  certificateCoverage: 'Certificate coverage',
  isEstimated: 'Estimated',
  notes: 'Notes',
};

function displayFormValue(value: string | boolean): string {
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  return value === '' ? '—' : value;
}

/** The fields someone else changed between the version being edited and the one stored now. */
function changesBetween(base: ActivityRecordFormValues, current: ActivityRecordFormValues) {
  return (Object.keys(FIELD_LABELS) as ActivityRecordField[])
    .filter((field) => base[field] !== current[field])
    .map((field) => ({
      field,
      label: FIELD_LABELS[field],
      before: displayFormValue(base[field]),
      after: displayFormValue(current[field]),
    }));
}

/**
 * The user's input carried over to the record as it is now: what they changed stays as they typed it, what
 * they left alone takes the stored value, so saving again applies their change without undoing the other one.
 */
function carriedOver(
  values: ActivityRecordFormValues,
  base: ActivityRecordFormValues,
  current: ActivityRecordFormValues,
): ActivityRecordFormValues {
  const merged = { ...current };
  for (const field of Object.keys(FIELD_LABELS) as ActivityRecordField[]) {
    if (values[field] !== base[field]) Object.assign(merged, { [field]: values[field] });
  }
  return merged;
}

/** Someone changed the record while it was being edited: what they changed, and a reload that keeps the input. */
function ConflictNotice({
  base,
  current,
  values,
  onReload,
}: {
  base: ActivityRecordFormValues;
  current: ActivityRecordFormValues;
  values: ActivityRecordFormValues;
  onReload: () => void;
}) {
  const changes = changesBetween(base, current);
  return (
    <Alert kind="warning" className="max-w-4xl py-2 text-xs">
      <AlertTitle>Someone else changed this record since you opened it</AlertTitle>
      <AlertDescription className="grid gap-1">
        <ul aria-label="Their changes" className="grid gap-0.5">
          {changes.map((change) => (
            <li key={change.field}>
              {change.label}: {change.before} → {change.after}
              {values[change.field] !== base[change.field] &&
                ` (yours: ${displayFormValue(values[change.field])})`}
            </li>
          ))}
        </ul>
        <p>Reload to edit the record as it is now; your changes stay in the fields.</p>
        <div>
          <Button size="xs" onClick={onReload}>
            Reload
          </Button>
        </div>
      </AlertDescription>
    </Alert>
  );
}

/**
 * The row being edited: the editable fields as inputs, checked with the contract's schema of the record before the
 * PATCH, which names the version the edit started from and sends only what changed. A 409 (someone changed the
 * record since) shows their change and a Reload that moves the edit onto the stored version, keeping what the
 * user typed.
 */
function EditRow({
  record,
  mutations,
  onDone,
}: {
  record: ActivityRecordDto;
  mutations: ReturnType<typeof useRecordMutations>;
  onDone: () => void;
}) {
  const [base, setBase] = useState<ActivityRecordDto>(record);
  const original = useMemo(() => recordToFormValues(base), [base]);
  const [conflict, setConflict] = useState<ActivityRecordDto | undefined>();
  const { form, submit, formError } = useContractForm<ActivityRecordFormValues, ActivityRecordInput>({
    schema: activityRecordInputSchema,
    defaultValues: original,
    toRequest: recordRequestOf,
    fieldOf: activityRecordFieldOfPath,
  });
  const {
    register,
    control,
    watch,
    setFocus,
    formState: { errors, isSubmitting },
  } = form;
  const values = watch();
  useEffect(() => setFocus(EDITABLE_FIELDS[0]), [setFocus]);

  const reload = () => {
    if (conflict === undefined) return;
    form.reset(carriedOver(form.getValues(), original, recordToFormValues(conflict)));
    setBase(conflict);
    setConflict(undefined);
  };

  const save = submit(async (input) => {
    const edited = form.getValues();
    const changes: Partial<ActivityRecordPatch> = {};
    for (const field of EDITABLE_FIELDS) {
      if (edited[field] !== original[field]) Object.assign(changes, { [field]: input[field] });
    }
    if (Object.keys(changes).length === 0) {
      onDone();
      return;
    }
    try {
      await mutations.update.mutateAsync({ id: base.id, patch: { ...changes, version: base.version } });
      onDone();
    } catch (error) {
      if (!(error instanceof StaleRecordError)) throw error;
      setConflict(error.current);
    }
  });
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') onDone();
    if (event.key === 'Enter') {
      event.preventDefault();
      void save();
    }
  };

  return (
    <div role="cell" className="col-span-full grid gap-2 px-3 py-2" onKeyDown={onKeyDown}>
      <div className="flex flex-wrap items-start gap-2">
        {EDITABLE_FIELDS.map((field) => {
          const id = `edit-${record.id}-${field}`;
          const error = errors[field]?.message;
          const invalid = {
            'aria-invalid': error === undefined ? undefined : true,
            'aria-describedby': error === undefined ? undefined : `${id}-error`,
          } as const;
          return (
            <div key={field} className="grid gap-1">
              <Label htmlFor={id} className="text-xs">
                {EDIT_LABELS[field]}
              </Label>
              {field === 'factorKey' ? (
                <Controller
                  control={control}
                  name="factorKey"
                  render={({ field: factor }) => (
                    // The combobox takes no ref: the form focuses it through its input's id when it is refused.
                    <div
                      className="contents"
                      ref={(element) =>
                        factor.ref(element && { focus: () => document.getElementById(id)?.focus() })
                      }
                    >
                      <FactorCombobox
                        id={id}
                        className="w-72"
                        value={factor.value}
                        {...invalid}
                        onValueChange={factor.onChange}
                      />
                    </div>
                  )}
                />
              ) : (
                <Input
                  id={id}
                  type={field.startsWith('period') ? 'date' : field === 'quantity' ? 'number' : 'text'}
                  step={field === 'quantity' ? 'any' : undefined}
                  className="h-8 w-36"
                  {...invalid}
                  {...register(field)}
                />
              )}
              {error !== undefined && (
                <p id={`${id}-error`} className="max-w-56 text-xs text-destructive">
                  {error}
                </p>
              )}
            </div>
          );
        })}
        <div className="flex gap-1 self-center pt-4">
          <Button size="sm" onClick={() => void save()} disabled={isSubmitting || conflict !== undefined}>
            Save
          </Button>
          <Button size="sm" variant="outline" onClick={onDone}>
            Cancel
          </Button>
        </div>
      </div>
      {conflict === undefined ? (
        <EmissionsPreview values={values} className="max-w-4xl py-1 text-xs" />
      ) : (
        <ConflictNotice
          base={original}
          current={recordToFormValues(conflict)}
          values={values}
          onReload={reload}
        />
      )}
      {formError !== undefined && (
        <p role="alert" className="text-xs text-destructive">
          {formError}
        </p>
      )}
    </div>
  );
}

function recordValue(equipmentNames: ReadonlyMap<string, string>) {
  return (record: ActivityRecordDto, column: RecordColumn) =>
    column === 'equipment'
      ? record.equipmentId === null
        ? null
        : (equipmentNames.get(record.equipmentId) ?? record.equipmentId)
      : record[column];
}

/**
 * The facility's activity records: sortable by every column, filtered by text, edited inline and deleted with
 * an undo. Only the rows in view are rendered, so 10,000 records cost no more than a screenful. The record
 * `highlightedId` names (a trail's link back to it) is scrolled to and marked.
 */
/** The server's sort field of a column, where the server sorts by it; the others export in period order. */
const SERVER_SORT_FIELDS: Partial<Record<RecordColumn, ActivityRecordSortField>> = {
  periodStart: 'periodStart',
  activityType: 'activityType',
  quantity: 'quantity',
  unit: 'unit',
  factorKey: 'factorKey',
  scope: 'scope',
  co2eKg: 'co2eKg',
  isEstimated: 'isEstimated',
};

/** The records export with the table's filter (the server matches the same words) and, where it can, its order. */
function recordsExportUrl(slug: string, filter: string, sort: SortState<RecordColumn>) {
  const field = SERVER_SORT_FIELDS[sort.key];
  return (format: 'csv' | 'xlsx') =>
    endpointUrl(
      exportEndpoints.activityRecords,
      { slug },
      {
        q: filter.trim(),
        sort: field === undefined ? undefined : sort.direction === 'descending' ? `-${field}` : field,
        format,
      },
    );
}

export function ActivityRecordsTable({
  slug,
  records,
  equipmentNames,
  mutations,
  onTrail,
  highlightedId,
}: {
  /** The facility's slug, for the export. */
  slug: string;
  records: readonly ActivityRecordDto[];
  equipmentNames: ReadonlyMap<string, string>;
  mutations: ReturnType<typeof useRecordMutations>;
  onTrail: (record: ActivityRecordDto) => void;
  highlightedId?: string;
}) {
  const [sort, setSort] = useState<SortState<RecordColumn>>({ key: 'periodStart', direction: 'descending' });
  const [filter, setFilter] = useState('');
  const [editingId, setEditingId] = useState<string | null>(null);
  const gwpSetId = records.find((record) => record.gwpSetId !== null)?.gwpSetId ?? undefined;
  const columns = useMemo(() => columnsOn(gwpSetId), [gwpSetId]);
  const filtered = useMemo(
    () =>
      filterRows(records, filter, (record) => [
        record.activityType,
        record.unit,
        record.factorKey,
        record.periodStart.slice(0, 10),
        record.notes,
        record.equipmentId === null ? null : equipmentNames.get(record.equipmentId),
      ]),
    [records, filter, equipmentNames],
  );
  const rows = useMemo(
    () => sortRows(filtered, sort, recordValue(equipmentNames)),
    [filtered, sort, equipmentNames],
  );

  const scrollRef = useRef<HTMLDivElement>(null);
  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualizer is read while rendering this table only; no memoized child receives its functions.
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: (index) => (rows[index]?.id === editingId ? EDIT_ROW_HEIGHT : ROW_HEIGHT),
    getItemKey: (index) => rows[index]?.id ?? index,
    overscan: 12,
    initialRect: { width: 1200, height: 520 },
  });
  useEffect(() => virtualizer.measure(), [editingId, virtualizer]);

  const highlightedIndex =
    highlightedId === undefined ? -1 : rows.findIndex((row) => row.id === highlightedId);
  const isHighlightFiltered =
    highlightedIndex === -1 && records.some((record) => record.id === highlightedId);
  useEffect(() => {
    // A record hidden by the text filter is shown: the link asked for it.
    if (isHighlightFiltered) setFilter('');
  }, [isHighlightFiltered]);
  useEffect(() => {
    if (highlightedIndex >= 0) virtualizer.scrollToIndex(highlightedIndex, { align: 'center' });
  }, [highlightedIndex, virtualizer]);

  const onEdit = useCallback((record: ActivityRecordDto) => setEditingId(record.id), []);
  const removeRecord = mutations.remove.mutate;
  const onDelete = useCallback((record: ActivityRecordDto) => removeRecord(record), [removeRecord]);
  const canUpdate = useCan('update', 'ActivityRecord');
  const canDelete = useCan('delete', 'ActivityRecord');

  return (
    <div className="grid gap-2">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="grid gap-1">
          <Label htmlFor="record-filter">Filter records</Label>
          <Input
            id="record-filter"
            type="search"
            className="w-72"
            placeholder="Activity, unit, factor, date, equipment"
            value={filter}
            onChange={(event) => setFilter(event.target.value)}
          />
        </div>
        <div className="flex items-center gap-3">
          <p aria-live="polite" className="text-sm text-muted-foreground">
            {rows.length === records.length
              ? `${records.length} ${records.length === 1 ? 'record' : 'records'}`
              : `${rows.length} of ${records.length} records match`}
          </p>
          <ExportMenu what="activity records" hrefOf={recordsExportUrl(slug, filter, sort)} />
        </div>
      </div>
      <div className="overflow-x-auto rounded-lg border">
        <div
          role="table"
          aria-label="Activity records"
          aria-rowcount={rows.length + 1}
          className="min-w-[1320px] text-sm"
        >
          <SortableHeaderRow columns={columns} sort={sort} onSort={setSort} gridClassName={GRID_COLUMNS}>
            <div role="columnheader" className="px-3 py-2.5 font-medium">
              Actions
            </div>
          </SortableHeaderRow>
          <div
            ref={scrollRef}
            role="rowgroup"
            className="max-h-[520px] overflow-y-auto"
            data-testid="records-scroll"
          >
            {rows.length === 0 ? (
              <p className="p-6 text-center text-muted-foreground">
                {records.length === 0
                  ? 'No activity records yet: add the first one above.'
                  : 'No records match the filter.'}
              </p>
            ) : (
              <div className="relative" style={{ height: virtualizer.getTotalSize() }}>
                {virtualizer.getVirtualItems().map((item) => {
                  const record = rows[item.index];
                  if (record === undefined) return null;
                  const isEditing = record.id === editingId;
                  const isHighlighted = record.id === highlightedId;
                  return (
                    <div
                      key={record.id}
                      role="row"
                      aria-rowindex={item.index + 2}
                      aria-current={isHighlighted ? 'true' : undefined}
                      className={cn(
                        'absolute inset-x-0 grid items-center border-b',
                        GRID_COLUMNS,
                        isHighlighted && 'bg-primary/10',
                        isEditing && 'bg-accent/40',
                      )}
                      style={{
                        height: isEditing ? EDIT_ROW_HEIGHT : ROW_HEIGHT,
                        transform: `translateY(${item.start}px)`,
                      }}
                    >
                      {isEditing ? (
                        <EditRow record={record} mutations={mutations} onDone={() => setEditingId(null)} />
                      ) : (
                        <RecordRow
                          record={record}
                          equipmentName={
                            record.equipmentId === null
                              ? '—'
                              : (equipmentNames.get(record.equipmentId) ?? '—')
                          }
                          onEdit={canUpdate ? onEdit : undefined}
                          onDelete={canDelete ? onDelete : undefined}
                          onTrail={onTrail}
                          isDeleting={
                            mutations.remove.isPending && mutations.remove.variables?.id === record.id
                          }
                        />
                      )}
                    </div>
                  );
                })}
              </div>
            )}
          </div>
        </div>
      </div>
    </div>
  );
}
