import {
  INTENSITY_DENOMINATOR_KINDS,
  INTENSITY_DENOMINATOR_LABELS,
  MAX_SECTOR_PATHWAY_POINTS,
  sectorPathwayInputSchema,
  type SectorPathwayDto,
  type SectorPathwayValues,
} from '@ecc/contracts';
import { Button, FormDialog, FormField, Input, selectClasses } from '@ecc/ui';
import { PlusIcon, Trash2Icon } from 'lucide-react';
import { useId } from 'react';
import { useFieldArray } from 'react-hook-form';
import { useContractForm } from '#lib/forms/use-contract-form.ts';
import {
  sectorPathwayFieldOf,
  sectorPathwayFormValues,
  sectorPathwayRequestOf,
  type SectorPathwayFormValues,
} from './sector-pathway-form.ts';

export interface SectorPathwayDialogProps {
  /** The pathway to change; a new one when absent. */
  pathway?: SectorPathwayDto | undefined;
  onSave: (values: SectorPathwayValues) => Promise<unknown>;
  onClose: () => void;
}

/**
 * A sector pathway: the sector's intensity (kg CO2e per unit of a denominator) by year, e.g. from the SBTi SDA
 * tool, which intensity targets converge to. The contract's schema checks it here and on the server; the server's
 * refusals land on the fields they name.
 */
export function SectorPathwayDialog({ pathway, onSave, onClose }: SectorPathwayDialogProps) {
  const id = useId();
  const isNew = pathway === undefined;
  const { form, submit, formError } = useContractForm<SectorPathwayFormValues, SectorPathwayValues>({
    schema: sectorPathwayInputSchema,
    defaultValues: sectorPathwayFormValues(pathway),
    toRequest: sectorPathwayRequestOf,
    fieldOf: sectorPathwayFieldOf,
  });
  const {
    control,
    register,
    watch,
    formState: { errors, isSubmitting },
  } = form;
  const points = useFieldArray({ control, name: 'points' });
  const denominatorKind = watch('denominatorKind');
  const unit =
    denominatorKind === '' ? 'unit' : INTENSITY_DENOMINATOR_LABELS[denominatorKind].toLowerCase() + ' unit';
  const pointsError = errors.points?.root?.message ?? errors.points?.message;
  const onSubmit = submit(async (values) => {
    await onSave(values);
    onClose();
  });

  return (
    <FormDialog
      title={isNew ? 'New sector pathway' : `Edit ${pathway.name}`}
      description="A sector's intensity by year; years between two rows are interpolated. Intensity targets of the same denominator can converge to it."
      formLabel="Sector pathway"
      submitLabel={isNew ? 'Create sector pathway' : 'Save sector pathway'}
      isSaving={isSubmitting}
      saveError={formError}
      onSubmit={() => void onSubmit()}
      onClose={onClose}
      className="max-h-[90vh] overflow-y-auto sm:max-w-xl"
    >
      <FormField label="Name" error={errors.name?.message} description="Say where the figures come from.">
        <Input autoComplete="off" {...register('name')} />
      </FormField>
      <FormField
        label="Denominator"
        error={errors.denominatorKind?.message}
        description="What the intensity is per: kg CO2e per unit of it."
      >
        <select className={selectClasses} {...register('denominatorKind')}>
          <option value="">Choose a denominator</option>
          {INTENSITY_DENOMINATOR_KINDS.map((each) => (
            <option key={each} value={each}>
              {INTENSITY_DENOMINATOR_LABELS[each]}
            </option>
          ))}
        </select>
      </FormField>
      <fieldset className="grid gap-2" aria-describedby={pointsError ? `${id}-points-error` : undefined}>
        <legend className="mb-1 text-sm font-medium">Intensity by year (kg CO2e per {unit})</legend>
        {points.fields.map((point, index) => {
          const yearError = errors.points?.[index]?.year?.message;
          const intensityError = errors.points?.[index]?.intensity?.message;
          const errorId = `${id}-point-${index}-error`;
          return (
            <div key={point.id} className="grid gap-1">
              <div className="flex items-center gap-2">
                <Input
                  className="w-28"
                  inputMode="numeric"
                  autoComplete="off"
                  aria-label={`Year ${index + 1}`}
                  aria-invalid={yearError ? true : undefined}
                  aria-describedby={yearError || intensityError ? errorId : undefined}
                  {...register(`points.${index}.year`)}
                />
                <Input
                  inputMode="decimal"
                  autoComplete="off"
                  aria-label={`Intensity ${index + 1}`}
                  aria-invalid={intensityError ? true : undefined}
                  aria-describedby={yearError || intensityError ? errorId : undefined}
                  {...register(`points.${index}.intensity`)}
                />
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  aria-label={`Remove year ${watch(`points.${index}.year`) || index + 1}`}
                  disabled={points.fields.length <= 2}
                  onClick={() => points.remove(index)}
                >
                  <Trash2Icon aria-hidden="true" />
                </Button>
              </div>
              {yearError || intensityError ? (
                <p id={errorId} role="alert" className="text-destructive text-sm">
                  {[yearError, intensityError].filter(Boolean).join(' ')}
                </p>
              ) : null}
            </div>
          );
        })}
        {pointsError ? (
          <p id={`${id}-points-error`} role="alert" className="text-destructive text-sm">
            {pointsError}
          </p>
        ) : null}
        <div>
          <Button
            type="button"
            variant="outline"
            size="sm"
            disabled={points.fields.length >= MAX_SECTOR_PATHWAY_POINTS}
            onClick={() => points.append({ year: '', intensity: '' }, { shouldFocus: true })}
          >
            <PlusIcon aria-hidden="true" /> Add a year
          </Button>
        </div>
      </fieldset>
    </FormDialog>
  );
}
