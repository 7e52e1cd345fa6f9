import type { z } from '@ecc/contracts';
import {
  createEquipmentTypeRequestSchema,
  createEquipmentTypeVersionRequestSchema,
  type EquipmentType,
} from '@ecc/contracts';
import { buildEquipmentSchema, equipmentFieldsOf } from '@ecc/domain';
import type { Path } from 'react-hook-form';
import { topLevelFieldOf } from '#lib/forms/field-errors.ts';
import { emptyFieldDraft, fieldDraftsOf, fieldsFromDrafts, type FieldDraft } from './field-drafts.ts';

/** The type builder's fields as typed; the request they stand for is built by `equipmentTypeRequestOf`. */
export interface EquipmentTypeFormValues {
  name: string;
  key: string;
  drafts: FieldDraft[];
  activityTypes: string[];
  /** Empty for none. */
  calculationMethodId: string;
}

/** What the builder sends: a new type (`POST /api/equipment/types`) or a new version of one. */
export type EquipmentTypeRequest =
  | z.output<typeof createEquipmentTypeRequestSchema>
  | z.output<typeof createEquipmentTypeVersionRequestSchema>;

/** The contract's schema of the request: a new type's, or a new version's of an existing type. */
export function equipmentTypeRequestSchema(isNew: boolean): z.ZodType<EquipmentTypeRequest> {
  return isNew ? createEquipmentTypeRequestSchema : createEquipmentTypeVersionRequestSchema;
}

/** A type key from its name: `Heat pump 2` → `heat-pump-2`. */
export function equipmentTypeKeyOf(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
}

/** A new type starts with one empty field; a new version from the current version of the type. */
export function equipmentTypeFormValuesOf(existing?: EquipmentType): EquipmentTypeFormValues {
  return {
    name: existing?.name ?? '',
    key: existing?.key ?? '',
    drafts: existing ? fieldDraftsOf(equipmentFieldsOf(existing.current.schema).fields) : [emptyFieldDraft()],
    activityTypes: existing?.current.activityTypes ?? [],
    calculationMethodId: existing?.current.calculationMethodId ?? '',
  };
}

export const NO_FIELDS_MESSAGE = 'Add at least one field.';

/**
 * The request the builder's values stand for: the drafts become the type's JSON Schema; a draft's problem (a name
 * that is no identifier, bounds that are not numbers, a pattern the engine refuses) is refused on its input.
 */
export function equipmentTypeRequestOf(isNew: boolean) {
  return (
    values: EquipmentTypeFormValues,
    refuse: (field: Path<EquipmentTypeFormValues>, message: string) => void,
  ): unknown => {
    const { fields, errors } = fieldsFromDrafts(values.drafts);
    for (const [index, draftErrors] of Object.entries(errors)) {
      for (const [property, message] of Object.entries(draftErrors)) {
        refuse(`drafts.${Number(index)}.${property as keyof FieldDraft}`, message);
      }
    }
    if (values.drafts.length === 0) refuse('drafts', NO_FIELDS_MESSAGE);
    const name = values.name.trim();
    return {
      ...(isNew ? { key: values.key } : {}),
      name: values.name,
      schema: buildEquipmentSchema(fields, name === '' ? undefined : name),
      activityTypes: values.activityTypes,
      calculationMethodId: values.calculationMethodId === '' ? null : values.calculationMethodId,
    };
  };
}

/** A refusal's path as the builder's field: `key`, `name`, …; the schema's own paths are the form's. */
export const equipmentTypeFieldOf = topLevelFieldOf<Path<EquipmentTypeFormValues>>([
  'name',
  'key',
  'activityTypes',
  'calculationMethodId',
]);
