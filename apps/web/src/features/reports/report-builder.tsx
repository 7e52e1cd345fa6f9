import {
  INVENTORY_SECTION_TABLE_LABELS,
  INVENTORY_SECTION_TABLES,
  KPI_METRIC_LABELS,
  KPI_METRICS,
  reportInputSchema,
  type ReportInput,
  type ReportSection,
} from '@ecc/contracts';
import { Alert, AlertDescription, Button, FormField, Input, selectClasses, Textarea } from '@ecc/ui';
import { ArrowDownIcon, ArrowUpIcon, EyeIcon, PencilIcon, PlusIcon, TrashIcon } from 'lucide-react';
import { useState } from 'react';
import { useFieldArray, useWatch, type Control, type UseFormRegister } from 'react-hook-form';
import Markdown from 'react-markdown';
import { useContractForm } from '#lib/forms/use-contract-form.ts';

export interface ReportBuilderProps {
  initial: ReportInput;
  /** The year a new KPI section starts with: the latest with data. */
  defaultYear: number;
  /** The saved analyses the author can see (their own and the realm's shared ones). */
  savedViews: readonly { id: string; name: string }[];
  submitLabel: string;
  onSave: (input: ReportInput) => Promise<void>;
  onCancel: () => void;
}

const KIND_LABELS: Record<ReportSection['kind'], string> = {
  text: 'Text',
  kpi: 'KPI tiles',
  inventory: 'Inventory table',
  analysis: 'Saved analysis',
};

function newSectionId(): string {
  return crypto.randomUUID();
}

function TextSectionFields({
  index,
  control,
  register,
  error,
}: {
  index: number;
  control: Control<ReportInput>;
  register: UseFormRegister<ReportInput>;
  error?: string;
}) {
  const [isPreview, setIsPreview] = useState(false);
  const markdown = useWatch({ control, name: `sections.${index}.markdown` as const }) as string | undefined;
  return (
    <div className="grid gap-2">
      <div className="flex justify-end">
        <Button
          type="button"
          variant="ghost"
          size="sm"
          onClick={() => setIsPreview(!isPreview)}
          aria-pressed={isPreview}
        >
          {isPreview ? <PencilIcon aria-hidden="true" /> : <EyeIcon aria-hidden="true" />}
          {isPreview ? 'Edit text' : 'Preview'}
        </Button>
      </div>
      {isPreview ? (
        <div
          className="min-h-24 rounded-md border p-3 text-sm [&_h1]:text-xl [&_h1]:font-semibold [&_li]:ml-5 [&_ul]:list-disc"
          role="region"
          aria-label="Preview"
        >
          <Markdown skipHtml>{markdown ?? ''}</Markdown>
        </div>
      ) : (
        <FormField label="Text (Markdown)" error={error}>
          <Textarea rows={6} {...register(`sections.${index}.markdown` as const)} />
        </FormField>
      )}
    </div>
  );
}

/** The reporting year of a KPI or inventory section. */
function SectionYearField({
  index,
  register,
  error,
}: {
  index: number;
  register: UseFormRegister<ReportInput>;
  error: string | undefined;
}) {
  return (
    <FormField label="Year" error={error}>
      <Input
        type="number"
        inputMode="numeric"
        {...register(`sections.${index}.year` as const, { valueAsNumber: true })}
      />
    </FormField>
  );
}

function KpiSectionFields({
  index,
  register,
  errors,
}: {
  index: number;
  register: UseFormRegister<ReportInput>;
  errors: { year?: string; metrics?: string };
}) {
  return (
    <div className="grid gap-3 sm:grid-cols-[10rem_1fr]">
      <SectionYearField index={index} register={register} error={errors.year} />
      <fieldset className="grid gap-1">
        <legend className="text-sm font-medium">Figures</legend>
        {KPI_METRICS.map((metric) => (
          <label key={metric} className="flex items-center gap-2 text-sm">
            <input type="checkbox" value={metric} {...register(`sections.${index}.metrics` as const)} />
            {KPI_METRIC_LABELS[metric]}
          </label>
        ))}
        {errors.metrics ? (
          <p role="alert" className="text-destructive text-sm">
            {errors.metrics}
          </p>
        ) : null}
      </fieldset>
    </div>
  );
}

function InventorySectionFields({
  index,
  register,
  errors,
}: {
  index: number;
  register: UseFormRegister<ReportInput>;
  errors: { year?: string; table?: string };
}) {
  return (
    <div className="grid gap-3 sm:grid-cols-[10rem_1fr]">
      <SectionYearField index={index} register={register} error={errors.year} />
      <FormField label="Table" error={errors.table}>
        <select className={selectClasses} {...register(`sections.${index}.table` as const)}>
          {INVENTORY_SECTION_TABLES.map((table) => (
            <option key={table} value={table}>
              {INVENTORY_SECTION_TABLE_LABELS[table]}
            </option>
          ))}
        </select>
      </FormField>
    </div>
  );
}

function AnalysisSectionFields({
  index,
  register,
  savedViews,
  error,
}: {
  index: number;
  register: UseFormRegister<ReportInput>;
  savedViews: ReportBuilderProps['savedViews'];
  error?: string;
}) {
  return (
    <FormField label="Saved analysis" error={error}>
      <select className={selectClasses} {...register(`sections.${index}.viewId` as const)}>
        {savedViews.map((view) => (
          <option key={view.id} value={view.id}>
            {view.name}
          </option>
        ))}
      </select>
    </FormField>
  );
}

/**
 * The report's name and its sections: add text, KPI tiles, inventory tables or saved analyses, move them up or down (buttons, so the keyboard
 * reorders too), remove them. Nothing is stored until saved, and every save is a new version.
 */
export function ReportBuilder({
  initial,
  defaultYear,
  savedViews,
  submitLabel,
  onSave,
  onCancel,
}: ReportBuilderProps) {
  const { form, submit, formError } = useContractForm<ReportInput, ReportInput>({
    schema: reportInputSchema,
    defaultValues: initial,
  });
  const {
    control,
    register,
    formState: { errors, isSubmitting },
  } = form;
  const sections = useFieldArray({ control, name: 'sections', keyName: 'fieldKey' });
  const onSubmit = submit(onSave);

  return (
    <form
      noValidate
      aria-label="Report builder"
      onSubmit={(event) => void onSubmit(event)}
      className="grid gap-4"
    >
      {formError ? (
        <Alert kind="error">
          <AlertDescription>{formError}</AlertDescription>
        </Alert>
      ) : null}
      <FormField label="Report name" error={errors.name?.message}>
        <Input {...register('name')} />
      </FormField>
      <ol className="grid gap-4" aria-label="Sections">
        {sections.fields.map((field, index) => {
          const sectionErrors = errors.sections?.[index] as
            | Partial<Record<'markdown' | 'year' | 'metrics' | 'table' | 'viewId', { message?: string }>>
            | undefined;
          const label = `${KIND_LABELS[field.kind]} section ${index + 1}`;
          return (
            <li key={field.fieldKey} className="grid gap-3 rounded-lg border p-4" aria-label={label}>
              <div className="flex flex-wrap items-center gap-2">
                <h3 className="mr-auto text-sm font-semibold">{label}</h3>
                <Button
                  type="button"
                  variant="outline"
                  size="sm"
                  aria-label={`Move ${label} up`}
                  disabled={index === 0}
                  onClick={() => sections.move(index, index - 1)}
                >
                  <ArrowUpIcon aria-hidden="true" />
                </Button>
                <Button
                  type="button"
                  variant="outline"
                  size="sm"
                  aria-label={`Move ${label} down`}
                  disabled={index === sections.fields.length - 1}
                  onClick={() => sections.move(index, index + 1)}
                >
                  <ArrowDownIcon aria-hidden="true" />
                </Button>
                <Button
                  type="button"
                  variant="outline"
                  size="sm"
                  aria-label={`Remove ${label}`}
                  onClick={() => sections.remove(index)}
                >
                  <TrashIcon aria-hidden="true" />
                </Button>
              </div>
              <FormField label="Section title">
                <Input {...register(`sections.${index}.title` as const)} />
              </FormField>
              {field.kind === 'text' ? (
                <TextSectionFields
                  index={index}
                  control={control}
                  register={register}
                  error={sectionErrors?.markdown?.message}
                />
              ) : field.kind === 'kpi' ? (
                <KpiSectionFields
                  index={index}
                  register={register}
                  errors={{ year: sectionErrors?.year?.message, metrics: sectionErrors?.metrics?.message }}
                />
              ) : field.kind === 'inventory' ? (
                <InventorySectionFields
                  index={index}
                  register={register}
                  errors={{ year: sectionErrors?.year?.message, table: sectionErrors?.table?.message }}
                />
              ) : (
                <AnalysisSectionFields
                  index={index}
                  register={register}
                  savedViews={savedViews}
                  error={sectionErrors?.viewId?.message}
                />
              )}
            </li>
          );
        })}
      </ol>
      <div className="flex flex-wrap gap-2">
        <Button
          type="button"
          variant="outline"
          onClick={() => sections.append({ id: newSectionId(), kind: 'text', title: '', markdown: '' })}
        >
          <PlusIcon aria-hidden="true" /> Add text
        </Button>
        <Button
          type="button"
          variant="outline"
          onClick={() =>
            sections.append({
              id: newSectionId(),
              kind: 'kpi',
              title: '',
              year: defaultYear,
              metrics: ['scope1', 'scope2Location', 'scope3', 'total'],
            })
          }
        >
          <PlusIcon aria-hidden="true" /> Add KPI tiles
        </Button>
        <Button
          type="button"
          variant="outline"
          onClick={() =>
            sections.append({
              id: newSectionId(),
              kind: 'inventory',
              title: '',
              year: defaultYear,
              table: 'summary',
            })
          }
        >
          <PlusIcon aria-hidden="true" /> Add inventory table
        </Button>
        <Button
          type="button"
          variant="outline"
          disabled={savedViews.length === 0}
          title={savedViews.length === 0 ? 'Save an analysis under Analysis first' : undefined}
          onClick={() => {
            const [first] = savedViews;
            if (first) sections.append({ id: newSectionId(), kind: 'analysis', title: '', viewId: first.id });
          }}
        >
          <PlusIcon aria-hidden="true" /> Add saved analysis
        </Button>
      </div>
      <div className="flex gap-2">
        <Button type="submit" isLoading={isSubmitting}>
          {submitLabel}
        </Button>
        <Button type="button" variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
