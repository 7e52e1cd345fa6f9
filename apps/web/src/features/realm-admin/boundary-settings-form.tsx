import {
  CONSOLIDATION_APPROACH_LABELS,
  CONSOLIDATION_APPROACHES,
  boundarySettingsSchema,
  type BoundarySettings,
} from '@ecc/contracts';
import { reportingYearLabel } from '@ecc/domain';
import { Alert, AlertDescription, Button, FormField, Input, selectClasses, toast } from '@ecc/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { topLevelFieldOf } from '#lib/forms/field-errors.ts';
import { useContractForm } from '#lib/forms/use-contract-form.ts';
import { UnsavedChangesGuard } from '#lib/navigation/unsaved-changes-guard.tsx';
import { afterOrganisationChange, saveBoundary } from './organisation-api.ts';
import { boundaryFormValues, boundaryRequestOf, type BoundaryFormValues } from './organisation-forms.ts';

const FIELDS = [
  'consolidationApproach',
  'reportingYearStartMonth',
  'baseYear',
  'recalculationThresholdPercent',
] as const;

const MONTHS = Array.from({ length: 12 }, (_, index) =>
  new Date(Date.UTC(2024, index, 1)).toLocaleString('en-US', { month: 'long', timeZone: 'UTC' }),
);

const APPROACH_NOTES: Record<(typeof CONSOLIDATION_APPROACHES)[number], string> = {
  'operational-control':
    'All of the emissions of every facility the realm operates; a facility outside the boundary counts not at all.',
  'financial-control':
    'All of the emissions of every facility the realm controls financially; a facility outside counts not at all.',
  'equity-share': 'Each facility’s emissions times the realm’s ownership share of it.',
};

/**
 * The realm's boundary: its consolidation approach, when its reporting year starts, its base year and the
 * significance threshold that recalculates the base year.
 */
export function BoundarySettingsForm({
  settings,
  canManage,
}: {
  settings: BoundarySettings;
  canManage: boolean;
}) {
  const queryClient = useQueryClient();
  const id = useId();
  const { form, submit, formError } = useContractForm<BoundaryFormValues, BoundarySettings>({
    schema: boundarySettingsSchema,
    defaultValues: boundaryFormValues(settings),
    toRequest: boundaryRequestOf,
    fieldOf: topLevelFieldOf(FIELDS),
  });
  const {
    register,
    watch,
    reset,
    formState: { errors, isSubmitting, isDirty },
  } = form;
  const startMonth = Number(watch('reportingYearStartMonth'));
  const thisYear = new Date().getUTCFullYear();

  const onSubmit = submit(async (values) => {
    const saved = await saveBoundary(values);
    reset(boundaryFormValues(saved));
    toast({ title: 'Boundary saved' });
    await afterOrganisationChange(queryClient);
  });

  return (
    <section aria-labelledby={`${id}-heading`} className="grid gap-3">
      <h2 id={`${id}-heading`} className="text-lg font-semibold">
        Reporting boundary
      </h2>
      <UnsavedChangesGuard isDirty={isDirty} />
      <form
        noValidate
        aria-label="Reporting boundary"
        onSubmit={(event) => void onSubmit(event)}
        className="grid gap-4"
      >
        <fieldset disabled={!canManage} className="grid gap-4">
          <fieldset
            className="grid gap-2"
            aria-describedby={errors.consolidationApproach ? `${id}-approach-error` : undefined}
          >
            <legend className="mb-1 text-sm font-medium">Consolidation approach</legend>
            {CONSOLIDATION_APPROACHES.map((approach) => (
              <label key={approach} className="flex items-start gap-3 rounded-lg border p-3 text-sm">
                <input
                  type="radio"
                  value={approach}
                  className="mt-1"
                  {...register('consolidationApproach')}
                />
                <span className="grid gap-1">
                  <span className="font-medium">{CONSOLIDATION_APPROACH_LABELS[approach]}</span>
                  <span className="text-muted-foreground">{APPROACH_NOTES[approach]}</span>
                </span>
              </label>
            ))}
            {errors.consolidationApproach ? (
              <p id={`${id}-approach-error`} role="alert" className="text-destructive text-sm">
                {errors.consolidationApproach.message}
              </p>
            ) : null}
          </fieldset>
          <div className="grid gap-4 sm:grid-cols-3">
            <FormField
              label="Reporting year starts in"
              error={errors.reportingYearStartMonth?.message}
              description={
                Number.isInteger(startMonth) && startMonth >= 1 && startMonth <= 12
                  ? `This year: ${reportingYearLabel(thisYear, startMonth)}.`
                  : undefined
              }
            >
              <select className={selectClasses} {...register('reportingYearStartMonth')}>
                {MONTHS.map((month, index) => (
                  <option key={month} value={String(index + 1)}>
                    {index === 0 ? `${month} (calendar year)` : month}
                  </option>
                ))}
              </select>
            </FormField>
            <FormField
              label="Base year"
              error={errors.baseYear?.message}
              description="Blank until one is chosen."
            >
              <Input inputMode="numeric" autoComplete="off" {...register('baseYear')} />
            </FormField>
            <FormField
              label="Significance threshold (%)"
              error={errors.recalculationThresholdPercent?.message}
              description="A structural or method change above it recalculates the base year."
            >
              <Input inputMode="decimal" autoComplete="off" {...register('recalculationThresholdPercent')} />
            </FormField>
          </div>
        </fieldset>
        {formError ? (
          <Alert kind="error">
            <AlertDescription>{formError}</AlertDescription>
          </Alert>
        ) : null}
        {canManage ? (
          <div className="flex flex-wrap gap-2">
            <Button type="submit" isLoading={isSubmitting} disabled={!isDirty}>
              Save boundary
            </Button>
            <Button variant="outline" disabled={!isDirty || isSubmitting} onClick={() => reset()}>
              Discard changes
            </Button>
          </div>
        ) : null}
      </form>
    </section>
  );
}
