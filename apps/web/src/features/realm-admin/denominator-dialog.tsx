import {
  FLOOR_AREA_UNITS,
  INTENSITY_DENOMINATOR_KINDS,
  INTENSITY_DENOMINATOR_LABELS,
  denominatorInputSchema,
  type DenominatorDto,
  type DenominatorValues,
} from '@ecc/contracts';
import { UNITS } from '@ecc/domain';
import { FormDialog, FormField, Input, selectClasses } from '@ecc/ui';
import { Controller } from 'react-hook-form';
import { FacilityPicker } from '#components/facility-picker.tsx';
import { topLevelFieldOf } from '#lib/forms/field-errors.ts';
import { useContractForm } from '#lib/forms/use-contract-form.ts';
import {
  DEFAULT_DENOMINATOR_UNITS,
  denominatorFormValues,
  denominatorRequestOf,
  type DenominatorFormValues,
} from './organisation-forms.ts';

const FIELDS = ['year', 'scope', 'facilitySlug', 'kind', 'amount', 'unit'] as const;

export interface DenominatorDialogProps {
  year: number;
  /** The figure to change; a new one when absent. */
  denominator?: DenominatorDto;
  onSave: (values: DenominatorValues) => Promise<unknown>;
  onClose: () => void;
}

/**
 * One intensity denominator of a year, for the realm or a facility: revenue in an ISO 4217 currency, production in
 * an engine unit (or a label of the realm's own), floor area in m² or ft², headcount. Saving a kind the year has
 * already replaces its figure.
 */
export function DenominatorDialog({ year, denominator, onSave, onClose }: DenominatorDialogProps) {
  const isNew = denominator === undefined;
  const { form, submit, formError } = useContractForm<DenominatorFormValues, DenominatorValues>({
    schema: denominatorInputSchema,
    defaultValues: denominatorFormValues(year, denominator),
    toRequest: denominatorRequestOf,
    fieldOf: topLevelFieldOf(FIELDS),
  });
  const {
    register,
    watch,
    setValue,
    formState: { errors, isSubmitting },
  } = form;
  const kind = watch('kind');
  const scope = watch('scope');
  const onSubmit = submit(async (values) => {
    await onSave(values);
    onClose();
  });

  return (
    <FormDialog
      title={isNew ? 'New intensity denominator' : `Edit ${INTENSITY_DENOMINATOR_LABELS[denominator.kind]}`}
      description="What emissions are divided by for an intensity: one figure per year, kind and facility (or the realm)."
      formLabel="Intensity denominator"
      submitLabel={isNew ? 'Add figure' : 'Save figure'}
      isSaving={isSubmitting}
      saveError={formError}
      onSubmit={() => void onSubmit()}
      onClose={onClose}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Year" error={errors.year?.message}>
          <Input inputMode="numeric" autoComplete="off" readOnly={!isNew} {...register('year')} />
        </FormField>
        <FormField label="Kind" error={errors.kind?.message}>
          <select
            className={selectClasses}
            disabled={!isNew}
            {...register('kind', {
              onChange: (event: { target: { value: keyof typeof DEFAULT_DENOMINATOR_UNITS } }) =>
                setValue('unit', DEFAULT_DENOMINATOR_UNITS[event.target.value] ?? ''),
            })}
          >
            {INTENSITY_DENOMINATOR_KINDS.map((each) => (
              <option key={each} value={each}>
                {INTENSITY_DENOMINATOR_LABELS[each]}
              </option>
            ))}
          </select>
        </FormField>
        <FormField label="For" error={errors.scope?.message}>
          <select className={selectClasses} disabled={!isNew} {...register('scope')}>
            <option value="realm">The whole realm</option>
            <option value="facility">One facility</option>
          </select>
        </FormField>
        {scope === 'facility' ? (
          isNew ? (
            <Controller
              control={form.control}
              name="facilitySlug"
              render={({ field }) => (
                <FormField label="Facility" error={errors.facilitySlug?.message}>
                  <FacilityPicker
                    chooseBy="slug"
                    isArchivedIncluded
                    value={field.value}
                    onChange={(slug) => field.onChange(slug)}
                  />
                </FormField>
              )}
            />
          ) : (
            <FormField label="Facility">
              <Input readOnly value={denominator.facilityName ?? ''} />
            </FormField>
          )
        ) : (
          <div />
        )}
        <FormField label="Amount" error={errors.amount?.message}>
          <Input inputMode="decimal" autoComplete="off" {...register('amount')} />
        </FormField>
        {kind === 'headcount' ? (
          <p className="text-muted-foreground self-end text-sm">
            People (full-time equivalents may be fractions).
          </p>
        ) : kind === 'floor-area' ? (
          <FormField label="Unit" error={errors.unit?.message}>
            <select className={selectClasses} {...register('unit')}>
              {FLOOR_AREA_UNITS.map((unit) => (
                <option key={unit} value={unit}>
                  {unit === 'm2' ? 'm² (square metres)' : 'ft² (square feet)'}
                </option>
              ))}
            </select>
          </FormField>
        ) : (
          <FormField
            label={kind === 'revenue' ? 'Currency' : 'Unit'}
            error={errors.unit?.message}
            description={
              kind === 'revenue'
                ? 'An ISO 4217 code, such as USD or EUR.'
                : 'A unit such as t or MWh, or your own label.'
            }
          >
            <Input
              autoComplete="off"
              list={kind === 'production' ? 'denominator-unit-options' : undefined}
              {...register('unit')}
            />
          </FormField>
        )}
        <datalist id="denominator-unit-options">
          {UNITS.map((unit) => (
            <option key={unit} value={unit} />
          ))}
        </datalist>
      </div>
    </FormDialog>
  );
}
