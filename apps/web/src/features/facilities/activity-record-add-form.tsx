import { Button, FormField, Input, selectClasses } from '@ecc/ui';
import { UNITS } from '@ecc/domain';
import { activityRecordInputSchema, type ActivityRecordInput } from '@ecc/contracts';
import { useState } from 'react';
import {
  EMPTY_RECORD_FORM,
  activityRecordFieldOfPath,
  recordRequestOf,
  type ActivityRecordFormValues,
} from './activity-record-form.ts';
import { useContractForm } from '#lib/forms/use-contract-form.ts';
import { EmissionsPreview } from './emissions-preview.tsx';
import { FactorCombobox } from './factor-combobox.tsx';
import { formatMass } from '#lib/format/format-mass.ts';
import { formatQuantity } from '#lib/format/format-quantity.ts';
import type { useRecordMutations } from './use-record-mutations.ts';

export interface EquipmentOption {
  id: string;
  name: string;
}

/** Adds a record to the facility: checked with the contracts schema first, then the server's refusal by field. */
export function ActivityRecordAddForm({
  mutations,
  activityTypes,
  equipment,
}: {
  mutations: ReturnType<typeof useRecordMutations>;
  activityTypes: readonly string[];
  equipment: readonly EquipmentOption[];
}) {
  const [status, setStatus] = useState('');
  const { form, submit, formError } = useContractForm<ActivityRecordFormValues, ActivityRecordInput>({
    schema: activityRecordInputSchema,
    defaultValues: EMPTY_RECORD_FORM,
    toRequest: recordRequestOf,
    fieldOf: activityRecordFieldOfPath,
  });
  const {
    register,
    setValue,
    watch,
    formState: { errors },
  } = form;
  const values = watch();

  const onSubmit = submit(
    async (input) => {
      setStatus('');
      try {
        const record = await mutations.create.mutateAsync(input);
        setStatus(
          `Record added: ${formatQuantity(record.quantity, record.unit)} of ${record.activityType}, ${formatMass(record.co2eKg)}.`,
        );
        // Keep the period, type and factor: records are usually entered in runs of the same kind.
        setValue('quantity', '');
        setValue('notes', '');
      } catch (error) {
        setStatus('The record was not added.');
        throw error;
      }
    },
    () => setStatus('The record was not added: check the fields marked in red.'),
  );

  return (
    <form
      onSubmit={(event) => void onSubmit(event)}
      noValidate
      aria-label="Add an activity record"
      className="grid gap-3 rounded-lg border p-4"
    >
      <h3 className="font-semibold">Add a record</h3>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <FormField label="Activity type" error={errors.activityType?.message}>
          <Input list="facility-activity-types" {...register('activityType')} />
        </FormField>
        <datalist id="facility-activity-types">
          {activityTypes.map((type) => (
            <option key={type} value={type} />
          ))}
        </datalist>
        <FormField label="Period start" error={errors.periodStart?.message}>
          <Input type="date" {...register('periodStart')} />
        </FormField>
        <FormField label="Period end" error={errors.periodEnd?.message}>
          <Input type="date" {...register('periodEnd')} />
        </FormField>
        <FormField label="Equipment" error={errors.equipmentId?.message}>
          <select className={selectClasses} {...register('equipmentId')}>
            <option value="">None</option>
            {equipment.map((item) => (
              <option key={item.id} value={item.id}>
                {item.name}
              </option>
            ))}
          </select>
        </FormField>
        <FormField label="Quantity" error={errors.quantity?.message}>
          <Input type="number" inputMode="decimal" step="any" {...register('quantity')} />
        </FormField>
        <FormField label="Unit" error={errors.unit?.message}>
          <Input list="facility-units" {...register('unit')} />
        </FormField>
        <datalist id="facility-units">
          {UNITS.map((unit) => (
            <option key={unit} value={unit} />
          ))}
        </datalist>
        <FormField
          label="Emission factor"
          error={errors.factorKey?.message}
          description="Any words of its name, source or key, e.g. diesel, eGRID RFCW, R-410A."
        >
          <FactorCombobox
            value={values.factorKey}
            onValueChange={(factorKey) =>
              setValue('factorKey', factorKey, { shouldValidate: form.formState.isSubmitted })
            }
          />
        </FormField>
        <FormField label="Scope" error={errors.scope?.message}>
          <select className={selectClasses} {...register('scope')}>
            <option value="1">Scope 1</option>
            <option value="2">Scope 2</option>
            <option value="3">Scope 3</option>
          </select>
        </FormField>
        {values.scope === '2' && (
          <FormField label="Certificate coverage (0–1)" error={errors.certificateCoverage?.message}>
            <Input type="number" step="any" min={0} max={1} {...register('certificateCoverage')} />
          </FormField>
        )}
        {values.scope === '3' && (
          <FormField label="Scope 3 category (1–15)" error={errors.scope3Category?.message}>
            <Input type="number" step={1} min={1} max={15} {...register('scope3Category')} />
          </FormField>
        )}
        <FormField label="Notes" error={errors.notes?.message} className="sm:col-span-2">
          <Input {...register('notes')} />
        </FormField>
        <label className="flex items-center gap-2 self-end pb-2 text-sm">
          <input type="checkbox" {...register('isEstimated')} />
          Estimated
        </label>
      </div>
      <EmissionsPreview values={values} />
      {formError !== undefined && (
        <p role="alert" className="text-sm text-destructive">
          {formError}
        </p>
      )}
      <div className="flex items-center gap-3">
        <Button type="submit" disabled={mutations.create.isPending}>
          {mutations.create.isPending ? 'Adding…' : 'Add record'}
        </Button>
        <p aria-live="polite" className="text-sm text-muted-foreground">
          {status}
        </p>
      </div>
    </form>
  );
}
