import { realmEmissionFactorInputSchema, type RealmEmissionFactorInput } from '@ecc/contracts';
import { Alert, AlertDescription, Button, FormField, Input, selectClasses } from '@ecc/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useContractForm } from '#lib/forms/use-contract-form.ts';
import { createFactor, emissionFactorQueryKeys } from './emission-factors-api.ts';
import { emptyFactorForm, factorFieldOfPath, factorRequestOf, type FactorFormValues } from './factor-form.ts';

const GASES = ['CO2', 'CH4', 'N2O'];
const MASS_UNITS = ['kg', 'g', 't', 'lb'];

/**
 * A new realm factor with one gas, saved as a draft (listed under Drafts, where it is published or deleted).
 * Checked with the contracts schema first; the server's 400 or 422 is shown on the field it names.
 */
export function NewFactorForm() {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState('');
  const { form, submit, formError } = useContractForm<FactorFormValues, RealmEmissionFactorInput>({
    schema: realmEmissionFactorInputSchema,
    defaultValues: emptyFactorForm(),
    toRequest: factorRequestOf,
    fieldOf: factorFieldOfPath,
  });
  const {
    register,
    reset,
    formState: { errors, isSubmitting },
  } = form;

  const onSubmit = submit(
    async (input) => {
      setStatus('');
      try {
        const draft = await createFactor(input);
        reset(emptyFactorForm());
        setStatus(`Saved “${draft.name}” as a draft: publish it under Drafts when it is final.`);
        await queryClient.invalidateQueries({ queryKey: emissionFactorQueryKeys.all });
      } catch (error) {
        setStatus('The factor was not saved.');
        throw error;
      }
    },
    () => setStatus('The factor was not saved: check the fields marked in red.'),
  );

  return (
    <section aria-labelledby="new-factor-heading" className="grid gap-3">
      <h2 id="new-factor-heading" className="text-lg font-semibold">
        New factor
      </h2>
      <form
        onSubmit={(event) => void onSubmit(event)}
        noValidate
        aria-labelledby="new-factor-heading"
        className="grid max-w-2xl grid-cols-2 gap-3"
      >
        <FormField label="Name" error={errors.name?.message}>
          <Input {...register('name')} />
        </FormField>
        <FormField label="Source" error={errors.source?.message}>
          <Input {...register('source')} />
        </FormField>
        <FormField label="Year" error={errors.year?.message}>
          <Input {...register('year')} type="number" />
        </FormField>
        <FormField label="Per (unit of activity)" error={errors.per?.message}>
          <Input {...register('per')} placeholder="e.g. kWh" />
        </FormField>
        <FormField label="Gas" error={errors.gas?.message}>
          <select {...register('gas')} className={selectClasses}>
            {GASES.map((gas) => (
              <option key={gas}>{gas}</option>
            ))}
          </select>
        </FormField>
        <div className="grid grid-cols-2 gap-2">
          <FormField label="Value" error={errors.value?.message}>
            <Input {...register('value')} type="number" step="any" />
          </FormField>
          <FormField label="Unit" error={errors.unit?.message}>
            <select {...register('unit')} className={selectClasses}>
              {MASS_UNITS.map((unit) => (
                <option key={unit}>{unit}</option>
              ))}
            </select>
          </FormField>
        </div>
        <div className="col-span-2 flex items-center gap-3">
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? 'Saving…' : 'Save draft'}
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
