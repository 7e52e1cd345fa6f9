import { priceIndexInputSchema, type PriceIndexDto, type PriceIndexInput } from '@ecc/contracts';
import { FormDialog, FormField, Input } from '@ecc/ui';
import { topLevelFieldOf } from '#lib/forms/field-errors.ts';
import { useContractForm } from '#lib/forms/use-contract-form.ts';
import { numberOf } from './scope3-forms.ts';

interface PriceIndexFormValues {
  currency: string;
  year: string;
  indexValue: string;
  exchangeRate: string;
}

export interface PriceIndexDialogProps {
  index?: PriceIndexDto;
  onSave: (request: PriceIndexInput) => Promise<unknown>;
  onClose: () => void;
}

/** One value of the realm's price index: a currency's index in a year, and its US dollar rate that year. */
export function PriceIndexDialog({ index, onSave, onClose }: PriceIndexDialogProps) {
  const isNew = index === undefined;
  const { form, submit, formError } = useContractForm<PriceIndexFormValues, PriceIndexInput>({
    schema: priceIndexInputSchema,
    defaultValues: {
      currency: index?.currency ?? 'USD',
      year: index ? String(index.year) : String(new Date().getUTCFullYear()),
      indexValue: index ? String(index.indexValue) : '',
      exchangeRate: index?.exchangeRate == null ? '' : String(index.exchangeRate),
    },
    toRequest: (values) => ({
      currency: values.currency,
      year: numberOf(values.year),
      indexValue: numberOf(values.indexValue),
      exchangeRate: numberOf(values.exchangeRate),
    }),
    fieldOf: topLevelFieldOf(['currency', 'year', 'indexValue', 'exchangeRate'] as const),
  });
  const {
    register,
    formState: { errors, isSubmitting },
  } = form;
  const onSubmit = submit(async (request) => {
    await onSave(request);
    onClose();
  });

  return (
    <FormDialog
      title={isNew ? 'New price index value' : `Edit ${index.currency} ${index.year}`}
      description="Spend of a year is brought to the EEIO factor's dollar year by index(factor year) / index(spend year)."
      formLabel="Price index value"
      submitLabel="Save value"
      isSaving={isSubmitting}
      saveError={formError}
      onSubmit={() => void onSubmit()}
      onClose={onClose}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Currency" error={errors.currency?.message}>
          <Input autoComplete="off" readOnly={!isNew} {...register('currency')} />
        </FormField>
        <FormField label="Year" error={errors.year?.message}>
          <Input inputMode="numeric" autoComplete="off" readOnly={!isNew} {...register('year')} />
        </FormField>
        <FormField label="Index value" error={errors.indexValue?.message}>
          <Input inputMode="decimal" autoComplete="off" {...register('indexValue')} />
        </FormField>
        <FormField
          label="US dollars per unit"
          error={errors.exchangeRate?.message}
          description="Needed for a currency other than USD."
        >
          <Input inputMode="decimal" autoComplete="off" {...register('exchangeRate')} />
        </FormField>
      </div>
    </FormDialog>
  );
}
