import type { EquipmentField, EquipmentFieldType, JsonSchemaObject } from '@ecc/contracts';

/**
 * PostgreSQL's jsonb does not keep the order of an object's keys, so a form's field order is stored in the
 * schema as `propertyOrder`. `unit` annotates a number with its unit (shown as the input's suffix).
 */
export const PROPERTY_ORDER_KEYWORD = 'propertyOrder';
export const UNIT_KEYWORD = 'unit';

/** Turns the admin screen's field definitions into the JSON Schema (draft-07) of an equipment type. */
export function buildEquipmentSchema(fields: readonly EquipmentField[], title?: string): JsonSchemaObject {
  const properties: Record<string, JsonSchemaObject> = {};
  for (const field of fields) properties[field.name] = fieldToProperty(field);
  return {
    $schema: 'http://json-schema.org/draft-07/schema#',
    type: 'object',
    ...(title ? { title } : {}),
    properties,
    required: fields.filter((field) => field.isRequired).map((field) => field.name),
    additionalProperties: false,
    [PROPERTY_ORDER_KEYWORD]: fields.map((field) => field.name),
  };
}

function fieldToProperty(field: EquipmentField): JsonSchemaObject {
  const property: JsonSchemaObject = { title: field.label };
  if (field.description) property.description = field.description;
  if (field.type === 'enum') {
    property.type = 'string';
    property.enum = [...(field.options ?? [])];
    return property;
  }
  property.type = field.type;
  if (field.type === 'number' || field.type === 'integer') {
    if (field.unit) property[UNIT_KEYWORD] = field.unit;
    if (field.minimum !== undefined) property.minimum = field.minimum;
    if (field.maximum !== undefined) property.maximum = field.maximum;
  }
  if (field.type === 'string' && field.pattern !== undefined) property.pattern = field.pattern;
  return property;
}

export interface EquipmentFormFields {
  /** The fields a generated form can render, in the schema's order. */
  fields: EquipmentField[];
  /** Properties of a kind the form cannot render (arrays, nested objects…), by name. */
  unsupported: string[];
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isFiniteNumber = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value);

/** Reads an equipment type's schema back into fields: what the generated form and the field builder show. */
export function equipmentFieldsOf(schema: JsonSchemaObject): EquipmentFormFields {
  const properties = isRecord(schema.properties) ? schema.properties : {};
  const required = new Set(
    Array.isArray(schema.required) ? schema.required.filter((name) => typeof name === 'string') : [],
  );
  const declaredOrder = Array.isArray(schema[PROPERTY_ORDER_KEYWORD])
    ? schema[PROPERTY_ORDER_KEYWORD].filter(
        (name): name is string => typeof name === 'string' && Object.hasOwn(properties, name),
      )
    : [];
  const names = [...new Set([...declaredOrder, ...Object.keys(properties)])];
  const fields: EquipmentField[] = [];
  const unsupported: string[] = [];
  for (const name of names) {
    const property = properties[name];
    const type = isRecord(property) ? fieldTypeOf(property) : undefined;
    if (!isRecord(property) || !type) {
      unsupported.push(name);
      continue;
    }
    const field: EquipmentField = {
      name,
      label: typeof property.title === 'string' && property.title !== '' ? property.title : name,
      type,
      isRequired: required.has(name),
    };
    if (typeof property.description === 'string') field.description = property.description;
    if (type === 'enum') field.options = (property.enum as unknown[]).map(String);
    if (typeof property[UNIT_KEYWORD] === 'string') field.unit = property[UNIT_KEYWORD];
    if (isFiniteNumber(property.minimum)) field.minimum = property.minimum;
    if (isFiniteNumber(property.maximum)) field.maximum = property.maximum;
    if (type === 'string' && typeof property.pattern === 'string') field.pattern = property.pattern;
    fields.push(field);
  }
  return { fields, unsupported };
}

function fieldTypeOf(property: Record<string, unknown>): EquipmentFieldType | undefined {
  if (Array.isArray(property.enum) && property.enum.every((option) => typeof option === 'string')) {
    return 'enum';
  }
  switch (property.type) {
    case 'string':
    case 'number':
    case 'integer':
    case 'boolean':
      return property.type;
    default:
      return undefined;
  }
}
