import type { FeatureFlagDefinition } from '@ecc/contracts';
import { Button, FormDialog, FormField, Input, Textarea, controlClasses } from '@ecc/ui';
import { PlusIcon, Trash2Icon } from 'lucide-react';
import { useId, useState } from 'react';
import { serverFieldErrors, topLevelFieldOf } from '#lib/forms/field-errors.ts';
import { useFormSubmission } from '#lib/forms/use-form-submission.ts';
import {
  FEATURE_FLAG_FORM_FIELDS,
  NEW_FLAG_VALUES,
  parseFeatureFlagForm,
  toFormValues,
  type FeatureFlagFormField,
  type FeatureFlagFormValues,
} from './feature-flag-form.ts';

export interface FeatureFlagEditorProps {
  /** The definition to edit; a new flag when absent. */
  definition?: FeatureFlagDefinition;
  onSave: (definition: FeatureFlagDefinition) => Promise<void>;
  onClose: () => void;
}

const TARGETING_EXAMPLE = '{"if": [{"ends_with": [{"var": "email"}, "@example.com"]}, "on", "off"]}';

/** Create or edit one flag: key, state, variants, default variant and targeting (JsonLogic as JSON). */
export function FeatureFlagEditor({ definition, onSave, onClose }: FeatureFlagEditorProps) {
  const isNew = definition === undefined;
  const [values, setValues] = useState<FeatureFlagFormValues>(() =>
    definition ? toFormValues(definition) : NEW_FLAG_VALUES,
  );
  const { errors, saveError, isSaving, submit } = useFormSubmission<
    FeatureFlagDefinition,
    FeatureFlagFormField
  >(onSave, (error) => serverFieldErrors(error, topLevelFieldOf(FEATURE_FLAG_FORM_FIELDS)));
  const variantsId = useId();
  const change = (patch: Partial<FeatureFlagFormValues>) =>
    setValues((current) => ({ ...current, ...patch }));
  const changeVariant = (index: number, patch: Partial<FeatureFlagFormValues['variants'][number]>) =>
    change({
      variants: values.variants.map((variant, position) =>
        position === index ? { ...variant, ...patch } : variant,
      ),
    });

  return (
    <FormDialog
      title={isNew ? 'New feature flag' : `Edit ${definition.key}`}
      description="A boolean flag in flagd's format. Targeting picks a variant by the user's realm, email, id and plan; without a match the default variant applies."
      formLabel="Feature flag"
      submitLabel={isNew ? 'Create flag' : 'Save changes'}
      isSaving={isSaving}
      saveError={saveError}
      onSubmit={() => {
        const parsed = parseFeatureFlagForm(values);
        void submit('errors' in parsed ? parsed : { save: parsed.definition });
      }}
      onClose={onClose}
      className="max-h-[90vh] overflow-y-auto sm:max-w-2xl"
    >
      <FormField
        label="Key"
        error={errors.key}
        description={isNew ? 'Lowercase letters, digits and hyphens, such as ai-assistant.' : undefined}
      >
        <Input
          value={values.key}
          disabled={!isNew}
          onChange={(event) => change({ key: event.target.value })}
        />
      </FormField>
      <FormField label="State" error={errors.state}>
        <select
          className={`${controlClasses} h-9`}
          value={values.state}
          onChange={(event) => change({ state: event.target.value as FeatureFlagFormValues['state'] })}
        >
          <option value="ENABLED">Enabled</option>
          <option value="DISABLED">Disabled</option>
        </select>
      </FormField>
      <fieldset className="grid gap-2" aria-describedby={errors.variants ? `${variantsId}-error` : undefined}>
        <legend className="mb-2 text-sm font-medium">Variants</legend>
        {values.variants.map((variant, index) => (
          <div key={index} className="flex items-center gap-2">
            <Input
              aria-label={`Variant ${index + 1} name`}
              value={variant.name}
              aria-invalid={errors.variants ? true : undefined}
              onChange={(event) => changeVariant(index, { name: event.target.value })}
            />
            <select
              aria-label={`Variant ${index + 1} value`}
              className={`${controlClasses} h-9 w-28`}
              value={String(variant.value)}
              onChange={(event) => changeVariant(index, { value: event.target.value === 'true' })}
            >
              <option value="true">true</option>
              <option value="false">false</option>
            </select>
            <Button
              type="button"
              variant="ghost"
              size="icon"
              aria-label={`Remove variant ${variant.name || index + 1}`}
              disabled={values.variants.length === 1}
              onClick={() =>
                change({ variants: values.variants.filter((_, position) => position !== index) })
              }
            >
              <Trash2Icon aria-hidden="true" />
            </Button>
          </div>
        ))}
        {errors.variants && (
          <p id={`${variantsId}-error`} className="text-destructive text-sm">
            {errors.variants}
          </p>
        )}
        <div>
          <Button
            type="button"
            variant="outline"
            size="sm"
            onClick={() => change({ variants: [...values.variants, { name: '', value: false }] })}
          >
            <PlusIcon aria-hidden="true" /> Add variant
          </Button>
        </div>
      </fieldset>
      <FormField label="Default variant" error={errors.defaultVariant}>
        <Input
          value={values.defaultVariant}
          onChange={(event) => change({ defaultVariant: event.target.value })}
        />
      </FormField>
      <FormField
        label="Targeting (JSON)"
        error={errors.targeting}
        description={`Optional JsonLogic, for example ${TARGETING_EXAMPLE}`}
      >
        <Textarea
          rows={6}
          className="font-mono text-xs"
          spellCheck={false}
          value={values.targeting}
          onChange={(event) => change({ targeting: event.target.value })}
        />
      </FormField>
    </FormDialog>
  );
}
