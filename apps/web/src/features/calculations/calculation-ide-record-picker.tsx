import {
  activityRecordEndpoints,
  facilityEndpoints,
  type ActivityRecordDto,
  type CalculationValue,
} from '@ecc/contracts';
import { FormField, Input, selectClasses } from '@ecc/ui';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { LoadError } from '#components/load-error.tsx';
import { callEndpoint } from '#lib/api/call-endpoint.ts';
import { formatNumber } from '#lib/format/index.ts';
import { activityRecordParameters } from './calculation-ide-record.ts';

const FACILITY_CHOICES = 50;
const RECORD_CHOICES = 50;

export interface PickedRecord {
  readonly description: string;
  readonly parameters: Readonly<Record<string, CalculationValue>>;
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
                if (record !== undefined) {
                  onPick({ description: recordLabel(record), parameters: activityRecordParameters(record) });
                }
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
        </>
      )}
      <p className="text-muted-foreground text-xs">
        A record gives :quantity, :unit, :activity_type, :scope, :scope3_category, :period_start, :period_end
        and :factor_key, as the engine does when the calculation is bound to its activity type.
      </p>
    </fieldset>
  );
}
