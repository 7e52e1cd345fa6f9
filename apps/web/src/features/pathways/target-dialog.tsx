import {
  INTENSITY_DENOMINATOR_KINDS,
  INTENSITY_DENOMINATOR_LABELS,
  PROJECTION_METHODS,
  PROJECTION_METHOD_LABELS,
  TARGET_AMBITIONS,
  TARGET_AMBITION_LABELS,
  TARGET_TERMS,
  TARGET_TERM_LABELS,
  targetInputSchema,
  type SectorPathwayDto,
  type TargetDto,
  type TargetValues,
} from '@ecc/contracts';
import { FormDialog, FormField, Input, selectClasses } from '@ecc/ui';
import { useId } from 'react';
import { useContractForm } from '#lib/forms/use-contract-form.ts';
import { targetFieldOf, targetFormValues, targetRequestOf, type TargetFormValues } from './target-form.ts';

export interface TargetDialogProps {
  /** The realm's base year, where a new target starts. */
  baseYear: number;
  /** The target to change; a new one when absent. */
  target?: TargetDto | undefined;
  sectorPathways: readonly SectorPathwayDto[];
  onSave: (values: TargetValues) => Promise<unknown>;
  onClose: () => void;
}

/**
 * A target: what it covers, its years, its ambition (the SBTi rates, 90 % by 2050, or a reduction of its own) and
 * the business-as-usual assumption its gap is measured against. The contract's schema checks it here and on the
 * server; the server's refusals land on the fields they name.
 */
export function TargetDialog({ baseYear, target, sectorPathways, onSave, onClose }: TargetDialogProps) {
  const id = useId();
  const isNew = target === undefined;
  const { form, submit, formError } = useContractForm<TargetFormValues, TargetValues>({
    schema: targetInputSchema,
    defaultValues: targetFormValues(baseYear, target),
    toRequest: targetRequestOf,
    fieldOf: targetFieldOf,
  });
  const {
    register,
    watch,
    formState: { errors, isSubmitting },
  } = form;
  const kind = watch('kind');
  const ambition = watch('ambition');
  const projectionMethod = watch('projectionMethod');
  const isScope3 = watch('scope3');
  const denominatorKind = watch('denominatorKind');
  const onSubmit = submit(async (values) => {
    await onSave(values);
    onClose();
  });

  return (
    <FormDialog
      title={isNew ? 'New target' : `Edit ${target.name}`}
      description="A reduction target of the realm and the assumption its business-as-usual projection makes."
      formLabel="Target"
      submitLabel={isNew ? 'Create target' : 'Save target'}
      isSaving={isSubmitting}
      saveError={formError}
      onSubmit={() => void onSubmit()}
      onClose={onClose}
      className="sm:max-w-2xl"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Name" error={errors.name?.message} className="sm:col-span-2">
          <Input autoComplete="off" {...register('name')} />
        </FormField>
        <FormField label="Kind" error={errors.kind?.message}>
          <select className={selectClasses} {...register('kind')}>
            <option value="absolute">Absolute (kg CO2e)</option>
            <option value="intensity">Intensity (per denominator)</option>
          </select>
        </FormField>
        {kind === 'intensity' ? (
          <FormField label="Denominator" error={errors.denominatorKind?.message}>
            <select className={selectClasses} {...register('denominatorKind')}>
              <option value="">Choose a denominator</option>
              {INTENSITY_DENOMINATOR_KINDS.map((each) => (
                <option key={each} value={each}>
                  {INTENSITY_DENOMINATOR_LABELS[each]}
                </option>
              ))}
            </select>
          </FormField>
        ) : (
          <div />
        )}
        <fieldset className="grid gap-2 sm:col-span-2" aria-describedby={`${id}-scopes-error`}>
          <legend className="mb-1 text-sm font-medium">Scopes covered</legend>
          <div className="flex flex-wrap gap-4">
            {(['scope1', 'scope2', 'scope3'] as const).map((field, index) => (
              <label key={field} className="flex items-center gap-2 text-sm">
                <input type="checkbox" className="size-4" {...register(field)} />
                Scope {index + 1}
              </label>
            ))}
          </div>
          {errors.scope1?.message ? (
            <p id={`${id}-scopes-error`} role="alert" className="text-destructive text-sm">
              {errors.scope1.message}
            </p>
          ) : null}
        </fieldset>
        <FormField label="Scope 2 method" error={errors.scope2Method?.message}>
          <select className={selectClasses} {...register('scope2Method')}>
            <option value="location">Location-based</option>
            <option value="market">Market-based</option>
          </select>
        </FormField>
        {isScope3 ? (
          <FormField
            label="Scope 3 categories"
            error={errors.scope3Categories?.message}
            description="Numbers from 1 to 15, such as 1, 6, 7; blank for all of Scope 3."
          >
            <Input autoComplete="off" {...register('scope3Categories')} />
          </FormField>
        ) : (
          <div />
        )}
        <FormField label="Base year" error={errors.baseYear?.message}>
          <Input inputMode="numeric" autoComplete="off" {...register('baseYear')} />
        </FormField>
        <FormField label="Target year" error={errors.targetYear?.message}>
          <Input inputMode="numeric" autoComplete="off" {...register('targetYear')} />
        </FormField>
        <FormField label="Term" error={errors.term?.message}>
          <select className={selectClasses} {...register('term')}>
            {TARGET_TERMS.map((each) => (
              <option key={each} value={each}>
                {TARGET_TERM_LABELS[each]}
              </option>
            ))}
          </select>
        </FormField>
        <FormField label="Ambition" error={errors.ambition?.message}>
          <select className={selectClasses} {...register('ambition')}>
            {TARGET_AMBITIONS.map((each) => (
              <option key={each} value={each}>
                {TARGET_AMBITION_LABELS[each]}
              </option>
            ))}
          </select>
        </FormField>
        {ambition === 'custom' ? (
          <FormField
            label="Reduction by the target year (%)"
            error={errors.customReductionPercent?.message}
            description="Percent below the base year, from 0 to 100."
          >
            <Input inputMode="decimal" autoComplete="off" {...register('customReductionPercent')} />
          </FormField>
        ) : null}
        {kind === 'intensity' ? (
          <FormField
            label="Sector pathway"
            error={errors.sectorPathwayId?.message}
            description="Converge to a sector's intensity (SDA); none contracts linearly at the ambition's rate."
          >
            <select className={selectClasses} {...register('sectorPathwayId')}>
              <option value="">None</option>
              {sectorPathways
                .filter((pathway) => denominatorKind === '' || pathway.denominatorKind === denominatorKind)
                .map((pathway) => (
                  <option key={pathway.id} value={pathway.id}>
                    {pathway.name}
                  </option>
                ))}
            </select>
          </FormField>
        ) : null}
        <FormField label="Business-as-usual projection" error={errors.projectionMethod?.message}>
          <select className={selectClasses} {...register('projectionMethod')}>
            {PROJECTION_METHODS.map((each) => (
              <option key={each} value={each}>
                {PROJECTION_METHOD_LABELS[each]}
              </option>
            ))}
          </select>
        </FormField>
        {projectionMethod === 'compound-growth' ? (
          <FormField
            label="Growth a year (%)"
            error={errors.growthPercent?.message}
            description="Negative for a decline."
          >
            <Input inputMode="decimal" autoComplete="off" {...register('growthPercent')} />
          </FormField>
        ) : null}
      </div>
    </FormDialog>
  );
}
