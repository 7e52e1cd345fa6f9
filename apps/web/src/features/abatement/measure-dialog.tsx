import { measureInputSchema, type MeasureDto, type MeasureInput } from '@ecc/contracts';
import { FormDialog, FormField, Input, selectClasses, Textarea } from '@ecc/ui';
import { Controller } from 'react-hook-form';
import { FacilityPicker } from '#components/facility-picker.tsx';
import { moneyLabel } from '#lib/format/format-money.ts';
import { useContractForm } from '#lib/forms/use-contract-form.ts';
import {
  measureFieldOf,
  measureFormDefaults,
  measureRequestOf,
  type MeasureFormValues,
} from './measure-form.ts';

export interface MeasureDialogProps {
  measure?: MeasureDto;
  /** The realm's currency, which the capex and annual cost are entered in (decision 050). */
  currency: string;
  /** The library's other measures, which this one may require. */
  others: readonly MeasureDto[];
  equipmentTypes: readonly { id: string; name: string }[];
  onSave: (request: MeasureInput) => Promise<unknown>;
  onClose: () => void;
}

/** Adds or edits a measure of the library, checked by the contract's schema; the server's refusals on their fields. */
export function MeasureDialog({
  measure,
  currency,
  others,
  equipmentTypes,
  onSave,
  onClose,
}: MeasureDialogProps) {
  const { form, submit, formError } = useContractForm<MeasureFormValues, MeasureInput>({
    schema: measureInputSchema,
    defaultValues: measureFormDefaults(measure),
    toRequest: measureRequestOf,
    fieldOf: measureFieldOf,
  });
  const {
    register,
    watch,
    formState: { errors, isSubmitting },
  } = form;
  const isShare = watch('abatementKind') === 'share';
  const onSubmit = submit(async (request) => {
    await onSave(request);
    onClose();
  });

  return (
    <FormDialog
      title={measure === undefined ? 'New measure' : `Edit ${measure.name}`}
      description={`What the measure abates, what it costs and how it combines with others. Money in the realm's currency, ${currency}; changing the realm's currency relabels these amounts, it does not convert them.`}
      formLabel="Abatement measure"
      submitLabel="Save measure"
      isSaving={isSubmitting}
      saveError={formError}
      onSubmit={() => void onSubmit()}
      onClose={onClose}
      className="sm:max-w-2xl"
    >
      <div className="grid max-h-[65vh] gap-4 overflow-y-auto pr-1 sm:grid-cols-2">
        <FormField label="Name" error={errors.name?.message} className="sm:col-span-2">
          <Input autoComplete="off" {...register('name')} />
        </FormField>
        <FormField label="Description" error={errors.description?.message} className="sm:col-span-2">
          <Textarea rows={2} {...register('description')} />
        </FormField>
        <FormField label="Abatement given as" error={errors.abatementKind?.message}>
          <select className={selectClasses} {...register('abatementKind')}>
            <option value="absolute">t CO2e a year</option>
            <option value="share">A share of an emission source (%)</option>
          </select>
        </FormField>
        <FormField
          label={isShare ? 'Share of the source (%)' : 'Abatement (t CO2e a year)'}
          error={errors.abatementAmount?.message}
        >
          <Input inputMode="decimal" autoComplete="off" {...register('abatementAmount')} />
        </FormField>
        <Controller
          control={form.control}
          name="facilityId"
          render={({ field }) => (
            <FormField
              label="Facility"
              error={errors.facilityId?.message}
              description={
                isShare ? 'A share needs a facility with a scope, or an equipment type.' : 'Optional.'
              }
            >
              <FacilityPicker
                value={field.value}
                selectedName={measure?.appliesToNames.facility ?? undefined}
                placeholder="Any facility: search to choose one"
                onChange={(facilityId) => field.onChange(facilityId)}
              />
            </FormField>
          )}
        />
        <FormField label="Scope" error={errors.scope?.message}>
          <select className={selectClasses} {...register('scope')}>
            <option value="">Any scope</option>
            <option value="1">Scope 1</option>
            <option value="2">Scope 2</option>
            <option value="3">Scope 3</option>
          </select>
        </FormField>
        <FormField label="Equipment type" error={errors.equipmentTypeId?.message}>
          <select className={selectClasses} {...register('equipmentTypeId')}>
            <option value="">Any equipment</option>
            {equipmentTypes.map((type) => (
              <option key={type.id} value={type.id}>
                {type.name}
              </option>
            ))}
          </select>
        </FormField>
        <FormField label={moneyLabel('Capex', currency)} error={errors.capex?.message}>
          <Input inputMode="decimal" autoComplete="off" {...register('capex')} />
        </FormField>
        <FormField
          label={moneyLabel('Annual cost change', currency)}
          error={errors.annualCost?.message}
          description="Negative for savings."
        >
          <Input inputMode="decimal" autoComplete="off" {...register('annualCost')} />
        </FormField>
        <FormField label="Lifetime (years)" error={errors.lifetime?.message}>
          <Input inputMode="numeric" autoComplete="off" {...register('lifetime')} />
        </FormField>
        <FormField label="Earliest start year" error={errors.earliestYear?.message} description="Optional.">
          <Input inputMode="numeric" autoComplete="off" {...register('earliestYear')} />
        </FormField>
        <FormField
          label="Exclusive group"
          error={errors.exclusiveGroup?.message}
          description="At most one measure of a group is done."
        >
          <Input autoComplete="off" {...register('exclusiveGroup')} />
        </FormField>
        <fieldset className="grid gap-1 sm:col-span-2">
          <legend className="text-sm font-medium">Prerequisites (must start no later)</legend>
          {others.length === 0 ? (
            <p className="text-sm text-muted-foreground">No other measure yet.</p>
          ) : (
            <div className="grid max-h-32 gap-1 overflow-y-auto rounded border p-2 sm:grid-cols-2">
              {others.map((other) => (
                <label key={other.id} className="flex items-center gap-2 text-sm">
                  <input type="checkbox" value={other.id} {...register('prerequisites')} />
                  {other.name}
                </label>
              ))}
            </div>
          )}
          {errors.prerequisites?.message ? (
            <p role="alert" className="text-sm text-destructive">
              {errors.prerequisites.message}
            </p>
          ) : null}
        </fieldset>
        <FormField label="Source and figure" error={errors.citation?.message} className="sm:col-span-2">
          <Textarea rows={2} {...register('citation')} />
        </FormField>
        <FormField label="Source address" error={errors.url?.message} className="sm:col-span-2">
          <Input type="url" autoComplete="off" {...register('url')} />
        </FormField>
      </div>
    </FormDialog>
  );
}
