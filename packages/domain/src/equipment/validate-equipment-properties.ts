import type { EquipmentField } from '@ecc/contracts';

export interface EquipmentPropertyIssue {
  /** JSON Pointer of the property, e.g. `/chargeKg`. */
  path: string;
  message: string;
}

const isEmpty = (value: unknown) => value === undefined || value === null || value === '';

/**
 * Checks form values against the fields of a generated form, so each message can be shown at its field
 * before submitting. The server checks the same values against the full JSON Schema with ajv, which stays
 * the authority; this covers what the form can express (type, required, options, minimum, maximum).
 */
export function validateEquipmentProperties(
  fields: readonly EquipmentField[],
  values: Record<string, unknown>,
): EquipmentPropertyIssue[] {
  const issues: EquipmentPropertyIssue[] = [];
  for (const field of fields) {
    const message = fieldMessage(field, values[field.name]);
    if (message) issues.push({ path: `/${field.name}`, message });
  }
  return issues;
}

function fieldMessage(field: EquipmentField, value: unknown): string | undefined {
  if (isEmpty(value)) return field.isRequired ? 'Required' : undefined;
  switch (field.type) {
    case 'boolean':
      return typeof value === 'boolean' ? undefined : 'Must be yes or no';
    case 'string':
      return typeof value === 'string' ? undefined : 'Must be text';
    case 'enum':
      return typeof value === 'string' && (field.options ?? []).includes(value)
        ? undefined
        : `Must be one of: ${(field.options ?? []).join(', ')}`;
    case 'integer':
    case 'number': {
      if (typeof value !== 'number' || !Number.isFinite(value)) return 'Must be a number';
      if (field.type === 'integer' && !Number.isInteger(value)) return 'Must be a whole number';
      if (field.minimum !== undefined && value < field.minimum) return `Must be at least ${field.minimum}`;
      if (field.maximum !== undefined && value > field.maximum) return `Must be at most ${field.maximum}`;
      return undefined;
    }
  }
}

/** Drops empty optional values, so a cleared input is stored as absent rather than as `""`. */
export function withoutEmptyValues(values: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => !isEmpty(value)));
}
