import { Alert, AlertDescription, Button, FormField, Input, controlClasses } from '@ecc/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { createFactor, emissionFactorQueryKeys } from './emission-factors-api.ts';
import {
  emptyFactorForm,
  factorServerErrors,
  validateFactorForm,
  type FactorFieldErrors,
  type FactorFormField,
  type FactorFormValues,
} from './factor-form.ts';

const GASES = ['CO2', 'CH4', 'N2O'];
const MASS_UNITS = ['kg', 'g', 't', 'lb'];

/**
 * A new realm factor with one gas, saved as a draft (listed under Drafts, where it is published or deleted).
 * Checked with the contracts schema first; the server's 400 or 422 is shown on the field it names.
 */
export function NewFactorForm() {
  const queryClient = useQueryClient();
  const [values, setValues] = useState<FactorFormValues>(() => emptyFactorForm());
  const [errors, setErrors] = useState<FactorFieldErrors>({});
  const [formError, setFormError] = useState<string>();
  const [status, setStatus] = useState('');
  const [isSaving, setIsSaving] = useState(false);

  function field(name: FactorFormField) {
    return {
      value: values[name],
      onChange: (event: { target: { value: string } }) => {
        setValues((previous) => ({ ...previous, [name]: event.target.value }));
        setErrors((previous) => ({ ...previous, [name]: undefined }));
      },
    };
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFormError(undefined);
    setStatus('');
    const result = validateFactorForm(values);
    if (!result.isValid) {
      setErrors(result.fields);
      setFormError(result.form);
      setStatus('The factor was not saved: check the fields marked in red.');
      return;
    }
    setIsSaving(true);
    try {
      const draft = await createFactor(result.input);
      setErrors({});
      setValues(emptyFactorForm());
      setStatus(`Saved “${draft.name}” as a draft: publish it under Drafts when it is final.`);
      await queryClient.invalidateQueries({ queryKey: emissionFactorQueryKeys.all });
    } catch (error) {
      const refusal = factorServerErrors(error);
      setErrors(refusal.fields);
      setFormError(refusal.form);
      setStatus('The factor was not saved.');
    } finally {
      setIsSaving(false);
    }
  }

  return (
    <section aria-labelledby="new-factor-heading" className="grid gap-3">
      <h2 id="new-factor-heading" className="text-lg font-semibold">
        New factor
      </h2>
      <form
        onSubmit={(event) => void submit(event)}
        noValidate
        aria-labelledby="new-factor-heading"
        className="grid max-w-2xl grid-cols-2 gap-3"
      >
        <FormField label="Name" error={errors.name}>
          <Input {...field('name')} />
        </FormField>
        <FormField label="Source" error={errors.source}>
          <Input {...field('source')} />
        </FormField>
        <FormField label="Year" error={errors.year}>
          <Input {...field('year')} type="number" />
        </FormField>
        <FormField label="Per (unit of activity)" error={errors.per}>
          <Input {...field('per')} placeholder="e.g. kWh" />
        </FormField>
        <FormField label="Gas" error={errors.gas}>
          <select {...field('gas')} className={controlClasses}>
            {GASES.map((gas) => (
              <option key={gas}>{gas}</option>
            ))}
          </select>
        </FormField>
        <div className="grid grid-cols-2 gap-2">
          <FormField label="Value" error={errors.value}>
            <Input {...field('value')} type="number" step="any" />
          </FormField>
          <FormField label="Unit" error={errors.unit}>
            <select {...field('unit')} className={controlClasses}>
              {MASS_UNITS.map((unit) => (
                <option key={unit}>{unit}</option>
              ))}
            </select>
          </FormField>
        </div>
        <div className="col-span-2 flex items-center gap-3">
          <Button type="submit" disabled={isSaving}>
            {isSaving ? 'Saving…' : 'Save draft'}
          </Button>
          <p aria-live="polite" className="text-sm text-muted-foreground">
            {status}
          </p>
        </div>
      </form>
      {formError !== undefined && (
        <Alert kind="error" className="max-w-2xl">
          <AlertDescription>{formError}</AlertDescription>
        </Alert>
      )}
    </section>
  );
}
