import type { EquipmentField } from '@ecc/contracts';
import { compileLinearPattern, type LinearPatternCompilation } from '../patterns/linear-pattern.ts';

export interface EquipmentPropertyIssue {
  /** JSON Pointer of the property, e.g. `/chargeKg`. */
  path: string;
  message: string;
}

const isEmpty = (value: unknown) => value === undefined || value === null || value === '';

/** Compiled patterns by source: a form checks the same few patterns on every keystroke. */
const MAX_CACHED_PATTERNS = 100;
const compiledPatterns = new Map<string, LinearPatternCompilation>();

function compiledPattern(source: string): LinearPatternCompilation {
  let compilation = compiledPatterns.get(source);
  if (!compilation) {
    if (compiledPatterns.size >= MAX_CACHED_PATTERNS) compiledPatterns.clear();
    compilation = compileLinearPattern(source);
    compiledPatterns.set(source, compilation);
  }
  return compilation;
}

/** The words the server's check uses for a value that does not match its field's pattern. */
export function patternMismatchMessage(pattern: string): string {
  return `Must match the pattern ${pattern}`;
}

function textMessage(field: EquipmentField, value: unknown): string | undefined {
  if (typeof value !== 'string') return 'Must be text';
  if (field.pattern === undefined) return undefined;
  // The type's author wrote the pattern: it runs on RE2, in linear time, like the server's check.
  const compilation = compiledPattern(field.pattern);
  if (!compilation.isValid) return `Refused pattern: ${compilation.reason}`;
  return compilation.pattern.occursIn(value) ? undefined : patternMismatchMessage(field.pattern);
}

/**
 * Checks form values against the fields of a generated form, so each message can be shown at its field
 * before submitting. The server checks the same values against the full JSON Schema with ajv, which stays
 * the authority; this covers what the form can express (type, required, options, minimum, maximum, pattern).
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
      return textMessage(field, value);
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
