import {
  CHANGE_DIRECTIONS,
  CHANGE_REASON_LABELS,
  RECORDED_CHANGE_REASONS,
  changeReasonsInputSchema,
  inventoryEndpoints,
  type ChangeReasonsInput,
  type ChangeReasonsResponse,
  type RecordedChangeReason,
} from '@ecc/contracts';
import { convert } from '@ecc/domain';
import { Alert, AlertDescription, Button, cn, Input, selectClasses, toast } from '@ecc/ui';
import { useQueryClient } from '@tanstack/react-query';
import type { Path } from 'react-hook-form';
import { callEndpoint } from '#lib/api/call-endpoint.ts';
import { useContractForm } from '#lib/forms/use-contract-form.ts';
import { UnsavedChangesGuard } from '#lib/navigation/unsaved-changes-guard.tsx';
import { formatTonnes } from './inventory-disclosures.tsx';
import { INVENTORY_QUERY_KEY } from './inventory-api.ts';

/** One line of the editor per CDP reason; tonnes as typed, blank for a reason that explains nothing. */
interface ChangeReasonsFormValues {
  rows: { reason: RecordedChangeReason; tonnes: string; direction: 'increase' | 'decrease'; note: string }[];
}

function formValuesOf(current: ChangeReasonsResponse): ChangeReasonsFormValues {
  return {
    rows: RECORDED_CHANGE_REASONS.map((reason) => {
      const recorded = current.reasons.find((entry) => entry.reason === reason);
      return {
        reason,
        tonnes: recorded ? String(convert(recorded.co2e, 'kg', 't')) : '',
        direction: recorded?.direction === 'decrease' ? 'decrease' : 'increase',
        note: recorded?.note ?? '',
      };
    }),
  };
}

/** Every row goes to the server (blank as 0, which it does not keep), so a refusal's index names the row. */
function requestOf(
  values: ChangeReasonsFormValues,
  refuse: (field: Path<ChangeReasonsFormValues>, message: string) => void,
): ChangeReasonsInput {
  return {
    reasons: values.rows.map((row, index) => {
      const text = row.tonnes.trim();
      const tonnes = text === '' ? 0 : Number(text);
      if (!Number.isFinite(tonnes)) refuse(`rows.${index}.tonnes`, 'Enter a number of tonnes CO2e');
      return {
        reason: row.reason,
        co2e: convert(Number.isFinite(tonnes) ? tonnes : 0, 't', 'kg'),
        direction: row.direction,
        note: row.note,
      };
    }),
  };
}

/** The field a refusal's path names: `reasons/3/co2e` is the tonnes of the fourth row. */
function fieldOf(path: readonly string[]): Path<ChangeReasonsFormValues> | undefined {
  if (path[0] !== 'reasons' || path[1] === undefined) return undefined;
  const field = path[2] === 'co2e' ? 'tonnes' : path[2];
  if (field !== 'tonnes' && field !== 'direction' && field !== 'note') return undefined;
  return `rows.${Number(path[1])}.${field}`;
}

/**
 * CDP C7.9a: how much of the change from the year before each reason explains, in t CO2e, for a realm admin to
 * keep; the rest is shown as unidentified. The server refuses reasons that explain more than the change.
 */
export function ChangeReasonsEditor({ year, current }: { year: number; current: ChangeReasonsResponse }) {
  const queryClient = useQueryClient();
  const { form, submit, formError } = useContractForm<ChangeReasonsFormValues, ChangeReasonsInput>({
    schema: changeReasonsInputSchema,
    defaultValues: formValuesOf(current),
    toRequest: requestOf,
    fieldOf,
  });
  const {
    register,
    reset,
    formState: { errors, isSubmitting, isDirty },
  } = form;
  const onSubmit = submit(async (request) => {
    const saved = await callEndpoint(inventoryEndpoints.updateChangeReasons, {
      params: { year },
      body: { reasons: request.reasons.filter((reason) => reason.co2e > 0) },
    });
    reset(formValuesOf(saved));
    toast({ title: 'Reasons of change saved' });
    await queryClient.invalidateQueries({ queryKey: INVENTORY_QUERY_KEY });
  });
  const unidentified = current.reasons.find((reason) => reason.reason === 'unidentified');
  return (
    <form
      noValidate
      aria-label="Reasons of change from the year before"
      onSubmit={(event) => void onSubmit(event)}
      className="grid gap-3"
    >
      <UnsavedChangesGuard isDirty={isDirty} />
      <div className="overflow-x-auto rounded-lg border">
        <table className="w-full text-sm">
          <caption className="sr-only">Reasons of change, in tonnes CO2e</caption>
          <thead className="bg-muted/50 text-left">
            <tr>
              <th scope="col" className="px-3 py-2 font-medium">
                Reason (CDP C7.9a)
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                t CO2e
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                Direction
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                Note
              </th>
            </tr>
          </thead>
          <tbody>
            {RECORDED_CHANGE_REASONS.map((reason, index) => {
              const rowErrors = errors.rows?.[index];
              const label = CHANGE_REASON_LABELS[reason];
              return (
                <tr key={reason} className="border-t align-top">
                  <th scope="row" className="px-3 py-2 text-left font-normal">
                    {label}
                  </th>
                  <td className="px-3 py-2">
                    <Input
                      inputMode="decimal"
                      autoComplete="off"
                      aria-label={`${label}: t CO2e`}
                      aria-invalid={rowErrors?.tonnes ? true : undefined}
                      className="w-32"
                      {...register(`rows.${index}.tonnes`)}
                    />
                    {rowErrors?.tonnes ? (
                      <p role="alert" className="text-destructive mt-1 text-xs">
                        {rowErrors.tonnes.message}
                      </p>
                    ) : null}
                  </td>
                  <td className="px-3 py-2">
                    <select
                      aria-label={`${label}: direction`}
                      className={cn(selectClasses, 'w-32')}
                      {...register(`rows.${index}.direction`)}
                    >
                      {CHANGE_DIRECTIONS.map((direction) => (
                        <option key={direction} value={direction}>
                          {direction === 'increase' ? 'Increased' : 'Decreased'}
                        </option>
                      ))}
                    </select>
                  </td>
                  <td className="px-3 py-2">
                    <Input
                      autoComplete="off"
                      aria-label={`${label}: note`}
                      {...register(`rows.${index}.note`)}
                    />
                    {rowErrors?.note ? (
                      <p role="alert" className="text-destructive mt-1 text-xs">
                        {rowErrors.note.message}
                      </p>
                    ) : null}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <p className="text-sm" data-testid="inventory-unidentified">
        Unidentified (what the reasons leave unexplained):{' '}
        {unidentified
          ? `${formatTonnes(unidentified.co2e)} t CO2e, ${unidentified.direction === 'increase' ? 'increase' : 'decrease'}`
          : '—'}
      </p>
      {formError ? (
        <Alert kind="error">
          <AlertDescription>{formError}</AlertDescription>
        </Alert>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" isLoading={isSubmitting} disabled={!isDirty}>
          Save reasons
        </Button>
        <Button variant="outline" disabled={!isDirty || isSubmitting} onClick={() => reset()}>
          Discard changes
        </Button>
      </div>
    </form>
  );
}
