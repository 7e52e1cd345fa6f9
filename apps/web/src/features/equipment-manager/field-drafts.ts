import { equipmentFieldSchema, type EquipmentField, type EquipmentFieldType } from '@ecc/contracts';
import { compileLinearPattern } from '@ecc/domain';

/** A field as the builder edits it: numbers and options as the text typed. */
export interface FieldDraft {
  name: string;
  label: string;
  type: EquipmentFieldType;
  unit: string;
  isRequired: boolean;
  /** Comma-separated. */
  options: string;
  minimum: string;
  maximum: string;
  /** For text: the regular expression the value must contain a match of; empty for none. */
  pattern: string;
}

export type FieldDraftErrors = Partial<
  Record<'name' | 'label' | 'options' | 'minimum' | 'maximum' | 'pattern', string>
>;

export function emptyFieldDraft(): FieldDraft {
  return {
    name: '',
    label: '',
    type: 'number',
    unit: '',
    isRequired: false,
    options: '',
    minimum: '',
    maximum: '',
    pattern: '',
  };
}

/** The drafts of existing fields, to start a new version from the current one. */
export function fieldDraftsOf(fields: readonly EquipmentField[]): FieldDraft[] {
  return fields.map((field) => ({
    name: field.name,
    label: field.label,
    type: field.type,
    unit: field.unit ?? '',
    isRequired: field.isRequired,
    options: (field.options ?? []).join(', '),
    minimum: field.minimum === undefined ? '' : String(field.minimum),
    maximum: field.maximum === undefined ? '' : String(field.maximum),
    pattern: field.pattern ?? '',
  }));
}

function parseBound(text: string): number | undefined | 'invalid' {
  if (text.trim() === '') return undefined;
  const value = Number(text);
  return Number.isFinite(value) ? value : 'invalid';
}

/**
 * Turns the drafts into fields, with the problems of each draft by its position: names must be unique identifiers,
 * a choice needs options, bounds must be numbers with the minimum not above the maximum, a pattern must compile
 * for the linear-time engine the server and the form run it on.
 */
export function fieldsFromDrafts(drafts: readonly FieldDraft[]): {
  fields: EquipmentField[];
  errors: Record<number, FieldDraftErrors>;
} {
  const fields: EquipmentField[] = [];
  const errors: Record<number, FieldDraftErrors> = {};
  const seen = new Set<string>();
  for (const [index, draft] of drafts.entries()) {
    const draftErrors: FieldDraftErrors = {};
    const isNumeric = draft.type === 'number' || draft.type === 'integer';
    const minimum = isNumeric ? parseBound(draft.minimum) : undefined;
    const maximum = isNumeric ? parseBound(draft.maximum) : undefined;
    if (minimum === 'invalid') draftErrors.minimum = 'Must be a number';
    if (maximum === 'invalid') draftErrors.maximum = 'Must be a number';
    if (typeof minimum === 'number' && typeof maximum === 'number' && minimum > maximum) {
      draftErrors.maximum = 'Must not be below the minimum';
    }
    const options =
      draft.type === 'enum'
        ? [
            ...new Set(
              draft.options
                .split(',')
                .map((option) => option.trim())
                .filter(Boolean),
            ),
          ]
        : undefined;
    if (options?.length === 0) draftErrors.options = 'Give at least one option';
    const pattern = draft.type === 'string' && draft.pattern.trim() !== '' ? draft.pattern : undefined;
    const compilation = pattern === undefined ? undefined : compileLinearPattern(pattern);
    if (compilation && !compilation.isValid) draftErrors.pattern = `Refused pattern: ${compilation.reason}`;
    const candidate = {
      name: draft.name.trim(),
      label: draft.label.trim(),
      type: draft.type,
      isRequired: draft.isRequired,
      ...(isNumeric && draft.unit.trim() !== '' ? { unit: draft.unit.trim() } : {}),
      ...(options ? { options } : {}),
      ...(typeof minimum === 'number' ? { minimum } : {}),
      ...(typeof maximum === 'number' ? { maximum } : {}),
      ...(pattern === undefined ? {} : { pattern }),
    };
    const parsed = equipmentFieldSchema.safeParse(candidate);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const property = issue.path[0];
        if ((property === 'name' || property === 'label') && !draftErrors[property]) {
          draftErrors[property] = issue.message;
        }
      }
    }
    if (candidate.name !== '' && seen.has(candidate.name)) draftErrors.name = 'Another field has this name';
    seen.add(candidate.name);
    if (Object.keys(draftErrors).length > 0) errors[index] = draftErrors;
    else if (parsed.success) fields.push(parsed.data);
  }
  return { fields, errors };
}
