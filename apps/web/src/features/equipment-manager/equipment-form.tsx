import {
  updateEquipmentRequestSchema,
  type EquipmentField,
  type UpdateEquipmentRequest,
} from '@ecc/contracts';
import { validateEquipmentProperties, withoutEmptyValues } from '@ecc/domain';
import { Alert, AlertDescription, Button, FormField, Input } from '@ecc/ui';
import type { FieldErrors, Path } from 'react-hook-form';
import { useContractForm } from '#lib/forms/use-contract-form.ts';
import { SchemaForm, errorsByField, type SchemaFormValues } from './schema-form.tsx';

export interface EquipmentFormValues {
  name: string;
  properties: SchemaFormValues;
}

export interface EquipmentFormProps {
  fields: readonly EquipmentField[];
  initialValues: EquipmentFormValues;
  submitLabel: string;
  onSubmit: (values: EquipmentFormValues) => Promise<unknown>;
  onCancel: () => void;
}

/** The messages of the type's fields, by field name, as the generated form shows them. */
function propertyMessages(errors: FieldErrors<EquipmentFormValues>): Record<string, string> {
  const messages: Record<string, string> = {};
  for (const [name, error] of Object.entries(errors.properties ?? {})) {
    const message = (error as { message?: unknown } | undefined)?.message;
    if (typeof message === 'string') messages[name] = message;
  }
  return messages;
}

/** A problem's field: `name`, or the property it is about (`properties/chargeKg/…` → `properties.chargeKg`). */
function equipmentFieldOf(path: readonly string[]): Path<EquipmentFormValues> | undefined {
  if (path.length === 1 && path[0] === 'name') return 'name';
  return path[0] === 'properties' && path[1] !== undefined ? `properties.${path[1]}` : undefined;
}

/**
 * A piece of equipment's name and its type's generated form. Checked in the browser first (the name with the
 * contract's schema, the properties with the type's), so each message appears at its field; the server checks
 * again against the full schema and its messages land at the same fields.
 */
export function EquipmentForm({
  fields,
  initialValues,
  submitLabel,
  onSubmit,
  onCancel,
}: EquipmentFormProps) {
  const { form, submit, formError } = useContractForm<EquipmentFormValues, UpdateEquipmentRequest>({
    schema: updateEquipmentRequestSchema,
    defaultValues: initialValues,
    toRequest: (values, refuse) => {
      const problems = errorsByField(validateEquipmentProperties(fields, values.properties));
      for (const [name, message] of Object.entries(problems)) refuse(`properties.${name}`, message);
      return { name: values.name, properties: withoutEmptyValues(values.properties) };
    },
    fieldOf: equipmentFieldOf,
  });
  const {
    register,
    setValue,
    watch,
    formState: { errors, isSubmitting },
  } = form;
  const onSave = submit(async (request) => {
    await onSubmit(request);
  });

  return (
    <form noValidate onSubmit={(event) => void onSave(event)} className="grid max-w-xl gap-4">
      <FormField label="Name" error={errors.name?.message} id="equipment-name">
        <Input required disabled={isSubmitting} {...register('name')} />
      </FormField>
      <SchemaForm
        fields={fields}
        values={watch('properties')}
        errors={propertyMessages(errors)}
        onChange={(properties) => setValue('properties', properties)}
        idPrefix="equipment"
        isDisabled={isSubmitting}
      />
      <div aria-live="polite">
        {formError ? (
          <Alert kind="error">
            <AlertDescription>Not saved: {formError}</AlertDescription>
          </Alert>
        ) : null}
      </div>
      <div className="flex gap-2">
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Saving…' : submitLabel}
        </Button>
        <Button type="button" variant="outline" onClick={onCancel} disabled={isSubmitting}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
