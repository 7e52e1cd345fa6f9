import {
  RELEVANCE_CRITERIA,
  RELEVANCE_CRITERION_LABELS,
  SCOPE3_CATEGORY_NAMES,
  scope3ScreeningInputSchema,
  type Scope3ScreeningInput,
} from '@ecc/contracts';
import { FormDialog, FormField, selectClasses, Textarea } from '@ecc/ui';
import { topLevelFieldOf } from '#lib/forms/field-errors.ts';
import { useContractForm } from '#lib/forms/use-contract-form.ts';

interface ScreeningFormValues {
  isIncluded: string;
  exclusionReason: string;
  size: boolean;
  influence: boolean;
  risk: boolean;
  stakeholders: boolean;
  outsourcing: boolean;
}

export interface ScreeningDialogProps {
  category: number;
  screening: {
    isIncluded: boolean | null;
    relevance: Record<(typeof RELEVANCE_CRITERIA)[number], boolean> | null;
    exclusionReason: string | null;
  };
  onSave: (request: Scope3ScreeningInput) => Promise<unknown>;
  onClose: () => void;
}

/** The relevance screening of one category (GHG Protocol Scope 3 Standard, table 6.1); an exclusion needs its reason. */
export function ScreeningDialog({ category, screening, onSave, onClose }: ScreeningDialogProps) {
  const { form, submit, formError } = useContractForm<ScreeningFormValues, Scope3ScreeningInput>({
    schema: scope3ScreeningInputSchema,
    defaultValues: {
      isIncluded: screening.isIncluded === false ? 'false' : 'true',
      exclusionReason: screening.exclusionReason ?? '',
      size: screening.relevance?.size ?? false,
      influence: screening.relevance?.influence ?? false,
      risk: screening.relevance?.risk ?? false,
      stakeholders: screening.relevance?.stakeholders ?? false,
      outsourcing: screening.relevance?.outsourcing ?? false,
    },
    toRequest: (values) => ({
      isIncluded: values.isIncluded === 'true',
      exclusionReason: values.exclusionReason.trim() === '' ? null : values.exclusionReason.trim(),
      relevance: {
        size: values.size,
        influence: values.influence,
        risk: values.risk,
        stakeholders: values.stakeholders,
        outsourcing: values.outsourcing,
      },
    }),
    fieldOf: topLevelFieldOf(['isIncluded', 'exclusionReason'] as const),
  });
  const {
    register,
    watch,
    formState: { errors, isSubmitting },
  } = form;
  const onSubmit = submit(async (request) => {
    await onSave(request);
    onClose();
  });

  return (
    <FormDialog
      title={`Screen category ${category}: ${SCOPE3_CATEGORY_NAMES[category] ?? ''}`}
      description="Which relevance criteria apply, and whether the category is in the inventory."
      formLabel="Category screening"
      submitLabel="Save screening"
      isSaving={isSubmitting}
      saveError={formError}
      onSubmit={() => void onSubmit()}
      onClose={onClose}
    >
      <fieldset className="grid gap-2">
        <legend className="text-sm font-medium">Relevance criteria</legend>
        {RELEVANCE_CRITERIA.map((criterion) => (
          <label key={criterion} className="flex items-center gap-2 text-sm">
            <input type="checkbox" {...register(criterion)} />
            {RELEVANCE_CRITERION_LABELS[criterion]}
          </label>
        ))}
      </fieldset>
      <FormField label="In the inventory" error={errors.isIncluded?.message}>
        <select className={selectClasses} {...register('isIncluded')}>
          <option value="true">Included</option>
          <option value="false">Excluded</option>
        </select>
      </FormField>
      {watch('isIncluded') === 'false' ? (
        <FormField label="Reason for the exclusion" error={errors.exclusionReason?.message}>
          <Textarea rows={3} {...register('exclusionReason')} />
        </FormField>
      ) : null}
    </FormDialog>
  );
}
