import { featureFlagDefinitionSchema, type FeatureFlagDefinition } from '@ecc/contracts';
import { Button, cn, FormDialog, FormField, Input, selectClasses, Textarea } from '@ecc/ui';
import { PlusIcon, Trash2Icon } from 'lucide-react';
import { useId } from 'react';
import { useFieldArray } from 'react-hook-form';
import { useContractForm } from '#lib/forms/use-contract-form.ts';
import {
  featureFlagFieldOf,
  featureFlagRequestOf,
  NEW_FLAG_VALUES,
  toFormValues,
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
  const { form, submit, formError } = useContractForm<FeatureFlagFormValues, FeatureFlagDefinition>({
    schema: featureFlagDefinitionSchema,
    defaultValues: definition ? toFormValues(definition) : NEW_FLAG_VALUES,
    toRequest: featureFlagRequestOf,
    fieldOf: featureFlagFieldOf,
  });
  const {
    control,
    register,
    formState: { errors, isSubmitting },
  } = form;
  const variants = useFieldArray({ control, name: 'variants' });
  const variantsId = useId();
  // A refusal of the variants as a whole: the check's lands on the list, the server's on the field.
  const variantsError = errors.variants?.root?.message ?? errors.variants?.message;

  return (
    <FormDialog
      title={isNew ? 'New feature flag' : `Edit ${definition.key}`}
      description="A boolean flag in flagd's format. Targeting picks a variant by the user's realm, email, id and plan; without a match the default variant applies."
      formLabel="Feature flag"
      submitLabel={isNew ? 'Create flag' : 'Save changes'}
      isSaving={isSubmitting}
      saveError={formError}
      onSubmit={() => void submit(onSave)()}
      onClose={onClose}
      className="max-h-[90vh] overflow-y-auto sm:max-w-2xl"
    >
      <FormField
        label="Key"
        error={errors.key?.message}
        description={isNew ? 'Lowercase letters, digits and hyphens, such as ai-assistant.' : undefined}
      >
        <Input disabled={!isNew} {...register('key')} />
      </FormField>
      <FormField label="State" error={errors.state?.message}>
        <select className={selectClasses} {...register('state')}>
          <option value="ENABLED">Enabled</option>
          <option value="DISABLED">Disabled</option>
        </select>
      </FormField>
      <fieldset className="grid gap-2" aria-describedby={variantsError ? `${variantsId}-error` : undefined}>
        <legend className="mb-2 text-sm font-medium">Variants</legend>
        {variants.fields.map((variant, index) => (
          <div key={variant.id} className="flex items-center gap-2">
            <Input
              aria-label={`Variant ${index + 1} name`}
              aria-invalid={variantsError ? true : undefined}
              {...register(`variants.${index}.name`)}
            />
            <select
              aria-label={`Variant ${index + 1} value`}
              className={cn(selectClasses, 'w-28')}
              {...register(`variants.${index}.value`, {
                setValueAs: (value) => value === true || value === 'true',
              })}
            >
              <option value="true">true</option>
              <option value="false">false</option>
            </select>
            <Button
              type="button"
              variant="ghost"
              size="icon"
              aria-label={`Remove variant ${form.watch(`variants.${index}.name`) || index + 1}`}
              disabled={variants.fields.length === 1}
              onClick={() => variants.remove(index)}
            >
              <Trash2Icon aria-hidden="true" />
            </Button>
          </div>
        ))}
        {variantsError && (
          <p id={`${variantsId}-error`} className="text-destructive text-sm">
            {variantsError}
          </p>
        )}
        <div>
          <Button
            type="button"
            variant="outline"
            size="sm"
            onClick={() => variants.append({ name: '', value: false }, { shouldFocus: true })}
          >
            <PlusIcon aria-hidden="true" /> Add variant
          </Button>
        </div>
      </fieldset>
      <FormField label="Default variant" error={errors.defaultVariant?.message}>
        <Input {...register('defaultVariant')} />
      </FormField>
      <FormField
        label="Targeting (JSON)"
        error={errors.targeting?.message}
        description={`Optional JsonLogic, for example ${TARGETING_EXAMPLE}`}
      >
        <Textarea rows={6} className="font-mono text-xs" spellCheck={false} {...register('targeting')} />
      </FormField>
    </FormDialog>
  );
}
