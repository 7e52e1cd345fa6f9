import {
  activityRecordEndpoints,
  equipmentEndpoints,
  facilityEndpoints,
  type ActivityRecordDto,
  type CalculationValue,
} from '@ecc/contracts';
import { FormField, Input, selectClasses } from '@ecc/ui';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { LoadError } from '#components/load-error.tsx';
import { callEndpoint } from '#lib/api/call-endpoint.ts';
import { formatNumber } from '#lib/format/index.ts';
import { recordDryRunParameters, type RecordParameterSource } from './calculation-ide-record.ts';

const FACILITY_CHOICES = 50;
const RECORD_CHOICES = 50;

export interface PickedRecord {
  readonly description: string;
  readonly parameters: Readonly<Record<string, CalculationValue>>;
  /** Where each parameter's value came from, in words (`the record`, `equipment Boiler 1`). */
  readonly sources: Readonly<Record<string, string>>;
}

function sourceText(source: RecordParameterSource, equipmentName: string): string {
  return source === 'record' ? 'the record' : `equipment ${equipmentName}`;
}

/** The record's parameters, with its equipment's form values when it has equipment (read from the API). */
async function pickedRecordOf(record: ActivityRecordDto): Promise<PickedRecord> {
  const equipment =
    record.equipmentId === null
      ? undefined
      : await callEndpoint(equipmentEndpoints.detail, { params: { id: record.equipmentId } });
  const { parameters, sources } = recordDryRunParameters(record, equipment);
  const equipmentName = equipment?.name ?? '';
  return {
    description: `${recordLabel(record)}${equipment === undefined ? '' : ` (equipment ${equipmentName})`}`,
    parameters,
    sources: Object.fromEntries(
      Object.entries(sources).map(([name, source]) => [name, sourceText(source, equipmentName)]),
    ),
  };
}

function recordLabel(record: ActivityRecordDto): string {
  return `${record.periodStart} · ${record.activityType} · ${formatNumber(record.quantity)} ${record.unit}`;
}

/**
 * Picks an activity record of the realm (a facility found by name, then its records found by activity type) whose
 * fields become the dry run's parameters as the engine would give them.
 */
export function CalculationIdeRecordPicker({ onPick }: { onPick: (picked: PickedRecord) => void }) {
  const id = useId();
  const [facilityWords, setFacilityWords] = useState('');
  const [facilitySlug, setFacilitySlug] = useState('');
  const [activityWords, setActivityWords] = useState('');
  const facilities = useQuery({
    queryKey: ['calculations', 'ide', 'facilities', facilityWords],
    queryFn: ({ signal }) =>
      callEndpoint(facilityEndpoints.list, {
        query: { q: facilityWords.trim() || undefined, limit: FACILITY_CHOICES },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
  const pick = useMutation({ mutationFn: pickedRecordOf, onSuccess: onPick });
  const records = useQuery({
    queryKey: ['calculations', 'ide', 'records', facilitySlug, activityWords],
    queryFn: ({ signal }) =>
      callEndpoint(activityRecordEndpoints.list, {
        params: { slug: facilitySlug },
        query: { q: activityWords.trim() || undefined, limit: RECORD_CHOICES },
        signal,
      }),
    enabled: facilitySlug !== '',
    placeholderData: keepPreviousData,
  });

  return (
    <fieldset className="grid gap-2 rounded border p-3">
      <legend className="px-1 text-sm font-medium">Fill from an activity record</legend>
      <FormField label="Find a facility">
        <Input
          type="search"
          value={facilityWords}
          onChange={(event) => setFacilityWords(event.target.value)}
          placeholder="Name, city or state"
        />
      </FormField>
      {facilities.error === null ? null : (
        <LoadError
          title="The facilities could not be loaded"
          error={facilities.error}
          onRetry={() => void facilities.refetch()}
        />
      )}
      <div className="grid gap-1">
        <label htmlFor={`${id}-facility`} className="text-sm font-medium">
          Facility
        </label>
        <select
          id={`${id}-facility`}
          className={selectClasses}
          value={facilitySlug}
          onChange={(event) => setFacilitySlug(event.target.value)}
        >
          <option value="">
            {facilities.isPending
              ? 'Loading facilities…'
              : `Choose one of ${formatNumber(facilities.data?.total ?? 0)}`}
          </option>
          {(facilities.data?.results ?? []).map((facility) => (
            <option key={facility.slug} value={facility.slug}>
              {facility.name}
            </option>
          ))}
        </select>
      </div>
      {facilitySlug === '' ? null : (
        <>
          <FormField label="Find by activity type">
            <Input
              type="search"
              value={activityWords}
              onChange={(event) => setActivityWords(event.target.value)}
              placeholder="e.g. stationary-combustion"
            />
          </FormField>
          {records.error === null ? null : (
            <LoadError
              title="The records could not be loaded"
              error={records.error}
              onRetry={() => void records.refetch()}
            />
          )}
          <div className="grid gap-1">
            <label htmlFor={`${id}-record`} className="text-sm font-medium">
              Activity record
            </label>
            <select
              id={`${id}-record`}
              className={selectClasses}
              value=""
              onChange={(event) => {
                const record = records.data?.results.find((each) => each.id === event.target.value);
                if (record !== undefined) pick.mutate(record);
              }}
            >
              <option value="">
                {records.isPending
                  ? 'Loading records…'
                  : `Choose one of ${formatNumber(records.data?.total ?? 0)}`}
              </option>
              {(records.data?.results ?? []).map((record) => (
                <option key={record.id} value={record.id}>
                  {recordLabel(record)}
                </option>
              ))}
            </select>
          </div>
          {pick.isPending ? (
            <p role="status" className="text-sm">
              Reading the record&apos;s equipment…
            </p>
          ) : null}
          {pick.error === null ? null : (
            <LoadError
              title="The record's equipment could not be read"
              error={pick.error}
              onRetry={() => {
                if (pick.variables !== undefined) pick.mutate(pick.variables);
              }}
            />
          )}
        </>
      )}
      <p className="text-muted-foreground text-xs">
        A record gives :quantity, :unit, :activity_type, :scope, :scope3_category, :period_start, :period_end
        and :factor_key, and a record of a piece of equipment gives each of the equipment&apos;s form values
        under its own name (:efficiency, :fuel…), as the engine does when the calculation is bound.
      </p>
    </fieldset>
  );
}
