import type { EquipmentField } from '@ecc/contracts';
import { FormField, Input, selectClasses } from '@ecc/ui';

export type SchemaFormValues = Record<string, unknown>;

export interface SchemaFormProps {
  fields: readonly EquipmentField[];
  values: SchemaFormValues;
  /** Messages by field name, shown at the field. */
  errors?: Record<string, string>;
  onChange: (values: SchemaFormValues) => void;
  /** Prefixes the inputs' ids, so two forms (a form and its preview) can share a page. */
  idPrefix: string;
  isDisabled?: boolean;
}

/** A number input's text as a value: '' when empty, else the number (NaN when it is not one, caught by the check). */
function numberValue(text: string): number | '' {
  return text.trim() === '' ? '' : Number(text);
}

function displayedNumber(value: unknown): string {
  return typeof value === 'number' && Number.isFinite(value) ? String(value) : '';
}

function labelOf(field: EquipmentField) {
  return (
    <span>
      {field.unit ? `${field.label} (${field.unit})` : field.label}
      {field.isRequired ? (
        <span aria-hidden="true" className="text-destructive">
          {' *'}
        </span>
      ) : null}
    </span>
  );
}

/**
 * The form of an equipment type, generated from its schema's fields: text, numbers with their unit, whole
 * numbers, yes/no and a choice among options; required fields and bounds become the inputs' own attributes.
 */
export function SchemaForm({ fields, values, errors = {}, onChange, idPrefix, isDisabled }: SchemaFormProps) {
  const set = (name: string, value: unknown) => onChange({ ...values, [name]: value });
  return (
    <div className="grid gap-4">
      {fields.map((field) => {
        const id = `${idPrefix}-${field.name}`;
        const value = values[field.name];
        const error = errors[field.name];
        if (field.type === 'boolean') {
          return (
            <div key={field.name} className="grid gap-1">
              <div className="flex items-center gap-2">
                <input
                  id={id}
                  type="checkbox"
                  className="size-4 accent-primary"
                  checked={value === true}
                  disabled={isDisabled}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? `${id}-error` : undefined}
                  onChange={(event) => set(field.name, event.target.checked)}
                />
                <label htmlFor={id} className="text-sm font-medium">
                  {labelOf(field)}
                </label>
              </div>
              {field.description ? (
                <p className="text-muted-foreground text-sm">{field.description}</p>
              ) : null}
              {error ? (
                <p id={`${id}-error`} className="text-destructive text-sm">
                  {error}
                </p>
              ) : null}
            </div>
          );
        }
        return (
          <FormField
            key={field.name}
            id={id}
            label={labelOf(field)}
            description={field.description}
            error={error}
          >
            {field.type === 'enum' ? (
              <select
                className={selectClasses}
                value={typeof value === 'string' ? value : ''}
                required={field.isRequired}
                disabled={isDisabled}
                onChange={(event) => set(field.name, event.target.value)}
              >
                <option value="">Choose…</option>
                {(field.options ?? []).map((option) => (
                  <option key={option} value={option}>
                    {option}
                  </option>
                ))}
              </select>
            ) : field.type === 'number' || field.type === 'integer' ? (
              <Input
                type="number"
                inputMode={field.type === 'integer' ? 'numeric' : 'decimal'}
                step={field.type === 'integer' ? 1 : 'any'}
                min={field.minimum}
                max={field.maximum}
                required={field.isRequired}
                disabled={isDisabled}
                value={displayedNumber(value)}
                onChange={(event) => set(field.name, numberValue(event.target.value))}
              />
            ) : (
              <Input
                type="text"
                required={field.isRequired}
                disabled={isDisabled}
                value={typeof value === 'string' ? value : ''}
                onChange={(event) => set(field.name, event.target.value)}
              />
            )}
          </FormField>
        );
      })}
    </div>
  );
}

/** The values of a form's issues, by field name (`/chargeKg` → `chargeKg`). */
export function errorsByField(issues: readonly { path: string; message: string }[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const name = issue.path.replace(/^\//, '').split('/')[0] ?? '';
    if (name !== '' && errors[name] === undefined) errors[name] = issue.message;
  }
  return errors;
}
