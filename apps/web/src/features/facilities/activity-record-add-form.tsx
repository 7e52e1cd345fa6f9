import { Button, FormField, Input, controlClasses } from '@ecc/ui';
import { UNITS } from '@ecc/domain';
import { useState, type FormEvent } from 'react';
import {
  EMPTY_RECORD_FORM,
  activityRecordFieldOfPath,
  validateRecordForm,
  type ActivityRecordField,
  type ActivityRecordFormValues,
  type FieldErrors,
} from './activity-record-form.ts';
import { serverFieldErrors } from '#lib/forms/field-errors.ts';
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
  const [values, setValues] = useState<ActivityRecordFormValues>(EMPTY_RECORD_FORM);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | undefined>();
  const [status, setStatus] = useState('');

  const set = (field: ActivityRecordField) => (value: string | boolean) => {
    setValues((previous) => ({ ...previous, [field]: value }));
    setErrors((previous) => ({ ...previous, [field]: undefined }));
  };
  const text = (field: Exclude<ActivityRecordField, 'isEstimated'>) => ({
    value: values[field],
    onChange: (event: { target: { value: string } }) => set(field)(event.target.value),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFormError(undefined);
    setStatus('');
    const result = validateRecordForm(values);
    if (!result.isValid) {
      setErrors(result.errors);
      setStatus('The record was not added: check the fields marked in red.');
      return;
    }
    mutations.create.mutate(result.input, {
      onSuccess: (record) => {
        setStatus(
          `Record added: ${formatQuantity(record.quantity, record.unit)} of ${record.activityType}, ${formatMass(record.co2eKg)}.`,
        );
        setErrors({});
        // Keep the period, type and factor: records are usually entered in runs of the same kind.
        setValues((previous) => ({ ...previous, quantity: '', notes: '' }));
      },
      onError: (error) => {
        const refusal = serverFieldErrors(error, activityRecordFieldOfPath);
        setErrors(refusal.fields);
        setFormError(refusal.form);
        setStatus('The record was not added.');
      },
    });
  };

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label="Add an activity record"
      className="grid gap-3 rounded-lg border p-4"
    >
      <h3 className="font-semibold">Add a record</h3>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <FormField label="Activity type" error={errors.activityType}>
          <Input list="facility-activity-types" {...text('activityType')} />
        </FormField>
        <datalist id="facility-activity-types">
          {activityTypes.map((type) => (
            <option key={type} value={type} />
          ))}
        </datalist>
        <FormField label="Period start" error={errors.periodStart}>
          <Input type="date" {...text('periodStart')} />
        </FormField>
        <FormField label="Period end" error={errors.periodEnd}>
          <Input type="date" {...text('periodEnd')} />
        </FormField>
        <FormField label="Equipment" error={errors.equipmentId}>
          <select className={`${controlClasses} h-9`} {...text('equipmentId')}>
            <option value="">None</option>
            {equipment.map((item) => (
              <option key={item.id} value={item.id}>
                {item.name}
              </option>
            ))}
          </select>
        </FormField>
        <FormField label="Quantity" error={errors.quantity}>
          <Input type="number" inputMode="decimal" step="any" {...text('quantity')} />
        </FormField>
        <FormField label="Unit" error={errors.unit}>
          <Input list="facility-units" {...text('unit')} />
        </FormField>
        <datalist id="facility-units">
          {UNITS.map((unit) => (
            <option key={unit} value={unit} />
          ))}
        </datalist>
        <FormField
          label="Emission factor"
          error={errors.factorKey}
          description="Any words of its name, source or key, e.g. diesel, eGRID RFCW, R-410A."
        >
          <FactorCombobox value={values.factorKey} onValueChange={set('factorKey')} />
        </FormField>
        <FormField label="Scope" error={errors.scope}>
          <select className={`${controlClasses} h-9`} {...text('scope')}>
            <option value="1">Scope 1</option>
            <option value="2">Scope 2</option>
            <option value="3">Scope 3</option>
          </select>
        </FormField>
        {values.scope === '2' && (
          <FormField label="Certificate coverage (0–1)" error={errors.certificateCoverage}>
            <Input type="number" step="any" min={0} max={1} {...text('certificateCoverage')} />
          </FormField>
        )}
        {values.scope === '3' && (
          <FormField label="Scope 3 category (1–15)" error={errors.scope3Category}>
            <Input type="number" step={1} min={1} max={15} {...text('scope3Category')} />
          </FormField>
        )}
        <FormField label="Notes" error={errors.notes} className="sm:col-span-2">
          <Input {...text('notes')} />
        </FormField>
        <label className="flex items-center gap-2 self-end pb-2 text-sm">
          <input
            type="checkbox"
            checked={values.isEstimated}
            onChange={(event) => set('isEstimated')(event.target.checked)}
          />
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
