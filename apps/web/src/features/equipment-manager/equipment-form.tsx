import { equipmentNameSchema, type EquipmentField } from '@ecc/contracts';
import { validateEquipmentProperties, withoutEmptyValues } from '@ecc/domain';
import { Alert, AlertDescription, Button, FormField, Input } from '@ecc/ui';
import { useState, type FormEvent } from 'react';
import { issuesByField } from './equipment-api.ts';
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

/**
 * A piece of equipment's name and its type's generated form. Checked in the browser first, so each message
 * appears at its field; the server checks again against the full schema and its messages land at the same
 * fields.
 */
export function EquipmentForm({
  fields,
  initialValues,
  submitLabel,
  onSubmit,
  onCancel,
}: EquipmentFormProps) {
  const [name, setName] = useState(initialValues.name);
  const [properties, setProperties] = useState<SchemaFormValues>(initialValues.properties);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [nameError, setNameError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | undefined>();
  const [isSaving, setIsSaving] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsedName = equipmentNameSchema.safeParse(name);
    const fieldErrors = errorsByField(validateEquipmentProperties(fields, properties));
    setNameError(parsedName.success ? undefined : (parsedName.error.issues[0]?.message ?? 'Invalid'));
    setErrors(fieldErrors);
    setFormError(undefined);
    if (!parsedName.success || Object.keys(fieldErrors).length > 0) return;
    setIsSaving(true);
    try {
      await onSubmit({ name: parsedName.data, properties: withoutEmptyValues(properties) });
    } catch (error) {
      setErrors(issuesByField(error, 'body/properties'));
      setNameError(issuesByField(error, 'body')['name']);
      setFormError(error instanceof Error ? error.message : String(error));
    } finally {
      setIsSaving(false);
    }
  }

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="grid max-w-xl gap-4">
      <FormField label="Name" error={nameError} id="equipment-name">
        <Input value={name} required onChange={(event) => setName(event.target.value)} disabled={isSaving} />
      </FormField>
      <SchemaForm
        fields={fields}
        values={properties}
        errors={errors}
        onChange={setProperties}
        idPrefix="equipment"
        isDisabled={isSaving}
      />
      <div aria-live="polite">
        {formError ? (
          <Alert kind="error">
            <AlertDescription>Not saved: {formError}</AlertDescription>
          </Alert>
        ) : null}
      </div>
      <div className="flex gap-2">
        <Button type="submit" disabled={isSaving}>
          {isSaving ? 'Saving…' : submitLabel}
        </Button>
        <Button type="button" variant="outline" onClick={onCancel} disabled={isSaving}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
