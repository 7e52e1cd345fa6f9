import { realmCurrencyInputSchema, type RealmCurrencyDto, type RealmCurrencyInput } from '@ecc/contracts';
import { Alert, AlertDescription, Button, ConfirmDialog, FormField, Input, toast } from '@ecc/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { topLevelFieldOf } from '#lib/forms/field-errors.ts';
import { useContractForm } from '#lib/forms/use-contract-form.ts';
import { UnsavedChangesGuard } from '#lib/navigation/unsaved-changes-guard.tsx';
import { afterOrganisationChange, saveCurrency } from './organisation-api.ts';

type CurrencyFormValues = { currency: string };

/**
 * The realm's currency (decision 050): the one every money figure of the abatement measures, the MACC and the
 * optimizer is in. Changing it relabels the amounts already entered, so the change is confirmed first.
 */
export function CurrencySettingsForm({
  settings,
  canManage,
}: {
  settings: RealmCurrencyDto;
  canManage: boolean;
}) {
  const queryClient = useQueryClient();
  const id = useId();
  const { form, submit, formError } = useContractForm<CurrencyFormValues, RealmCurrencyInput>({
    schema: realmCurrencyInputSchema,
    defaultValues: { currency: settings.currency },
    fieldOf: topLevelFieldOf(['currency'] as const),
  });
  const {
    register,
    reset,
    formState: { errors, isSubmitting, isDirty },
  } = form;
  // The change waiting for the confirmation, and how to answer the submission that waits for it.
  const [pending, setPending] = useState<{ currency: string; answer: (isConfirmed: boolean) => void }>();

  const confirmChange = (currency: string) =>
    new Promise<boolean>((answer) => setPending({ currency, answer }));

  const onSubmit = submit(async ({ currency }) => {
    if (currency !== settings.currency && !(await confirmChange(currency))) return;
    const saved = await saveCurrency({ currency });
    reset({ currency: saved.currency });
    toast({ title: `Currency set to ${saved.currency}` });
    await afterOrganisationChange(queryClient);
  });

  const close = (isConfirmed: boolean) => {
    pending?.answer(isConfirmed);
    setPending(undefined);
  };

  return (
    <section aria-labelledby={`${id}-heading`} className="grid gap-3">
      <h2 id={`${id}-heading`} className="text-lg font-semibold">
        Currency
      </h2>
      <UnsavedChangesGuard isDirty={isDirty} />
      <form
        noValidate
        aria-label="Currency"
        onSubmit={(event) => void onSubmit(event)}
        className="grid gap-4"
      >
        <fieldset disabled={!canManage} className="grid gap-4 sm:max-w-sm">
          <FormField
            label="Realm currency (ISO 4217)"
            error={errors.currency?.message}
            description={
              (settings.isInherited ? 'Inherited: this realm has not chosen one. ' : '') +
              'Measures’ capex and annual costs, the MACC’s cost per tonne and the optimizer’s costs and budgets are in it. Changing it does not convert amounts already entered: it relabels them.'
            }
          >
            <Input autoComplete="off" className="uppercase" {...register('currency')} />
          </FormField>
        </fieldset>
        {formError ? (
          <Alert kind="error">
            <AlertDescription>{formError}</AlertDescription>
          </Alert>
        ) : null}
        {canManage ? (
          <div className="flex flex-wrap gap-2">
            <Button type="submit" isLoading={isSubmitting} disabled={!isDirty}>
              Save currency
            </Button>
            <Button variant="outline" disabled={!isDirty || isSubmitting} onClick={() => reset()}>
              Discard changes
            </Button>
          </div>
        ) : null}
      </form>
      <ConfirmDialog
        open={pending !== undefined}
        onOpenChange={(isOpenNow) => !isOpenNow && close(false)}
        title={`Change the currency to ${pending?.currency ?? ''}?`}
        description={`Amounts already entered are not converted: a capex of 1,000 ${settings.currency} will read 1,000 ${pending?.currency ?? ''}. Edit the measures and budgets if their figures should change too.`}
        confirmLabel="Change currency"
        onConfirm={() => close(true)}
      />
    </section>
  );
}
