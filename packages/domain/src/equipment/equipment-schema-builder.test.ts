import type { EquipmentField } from '@ecc/contracts';
import { describe, expect, it } from 'vitest';
import { BUILT_IN_EQUIPMENT_TYPES } from './built-in-equipment-types.ts';
import { EQUIPMENT_ACTIVITY_TYPE_IDS, EQUIPMENT_CALCULATION_METHOD_IDS } from './equipment-catalogue.ts';
import { buildEquipmentSchema, equipmentFieldsOf } from './equipment-schema-builder.ts';

const fields: EquipmentField[] = [
  {
    name: 'refrigerant',
    label: 'Refrigerant',
    type: 'enum',
    options: ['HFC-134a', 'R-410A'],
    isRequired: true,
  },
  {
    name: 'chargeKg',
    label: 'Charge',
    type: 'number',
    unit: 'kg',
    minimum: 0,
    maximum: 500,
    isRequired: true,
  },
  { name: 'units', label: 'Units', type: 'integer', minimum: 1, isRequired: false },
  { name: 'isSealed', label: 'Sealed', type: 'boolean', isRequired: false },
  { name: 'notes', label: 'Notes', type: 'string', description: 'Anything else', isRequired: false },
  { name: 'tag', label: 'Tag', type: 'string', pattern: '^[A-Z]{2}-\\d+$', isRequired: false },
];

describe('buildEquipmentSchema', () => {
  it('writes a draft-07 object schema with titles, units, bounds, options, patterns, required and field order', () => {
    expect(buildEquipmentSchema(fields, 'Chiller')).toEqual({
      $schema: 'http://json-schema.org/draft-07/schema#',
      type: 'object',
      title: 'Chiller',
      properties: {
        refrigerant: { title: 'Refrigerant', type: 'string', enum: ['HFC-134a', 'R-410A'] },
        chargeKg: { title: 'Charge', type: 'number', unit: 'kg', minimum: 0, maximum: 500 },
        units: { title: 'Units', type: 'integer', minimum: 1 },
        isSealed: { title: 'Sealed', type: 'boolean' },
        notes: { title: 'Notes', type: 'string', description: 'Anything else' },
        tag: { title: 'Tag', type: 'string', pattern: '^[A-Z]{2}-\\d+$' },
      },
      required: ['refrigerant', 'chargeKg'],
      additionalProperties: false,
      propertyOrder: ['refrigerant', 'chargeKg', 'units', 'isSealed', 'notes', 'tag'],
    });
  });

  it('reads back into the same fields', () => {
    expect(equipmentFieldsOf(buildEquipmentSchema(fields))).toEqual({ fields, unsupported: [] });
  });
});

describe('equipmentFieldsOf', () => {
  it('follows propertyOrder, whatever order the stored keys come back in, then any unlisted property', () => {
    const schema = {
      type: 'object',
      properties: { b: { type: 'string' }, a: { type: 'number' }, c: { type: 'boolean' } },
      propertyOrder: ['a', 'b', 'gone'],
    };
    expect(equipmentFieldsOf(schema).fields.map((field) => field.name)).toEqual(['a', 'b', 'c']);
  });

  it('uses the property name when there is no title, and lists what a form cannot render', () => {
    const schema = {
      type: 'object',
      properties: { size: { type: 'number' }, tags: { type: 'array' }, nested: { type: 'object' } },
    };
    expect(equipmentFieldsOf(schema)).toEqual({
      fields: [{ name: 'size', label: 'size', type: 'number', isRequired: false }],
      unsupported: ['tags', 'nested'],
    });
  });
});

describe('BUILT_IN_EQUIPMENT_TYPES', () => {
  it('ships the seven types of issue 4 with slug keys', () => {
    expect(BUILT_IN_EQUIPMENT_TYPES.map((type) => type.key)).toEqual([
      'boiler',
      'generator',
      'vehicle-fleet',
      'refrigeration',
      'switchgear',
      'flare',
      'process-unit',
    ]);
  });

  it('names only known activity types and calculation methods, and every field renders', () => {
    for (const type of BUILT_IN_EQUIPMENT_TYPES) {
      expect(type.activityTypes.every((id) => EQUIPMENT_ACTIVITY_TYPE_IDS.includes(id))).toBe(true);
      expect(EQUIPMENT_CALCULATION_METHOD_IDS).toContain(type.calculationMethodId);
      expect(equipmentFieldsOf(type.schema).unsupported).toEqual([]);
    }
  });

  it('records the units a boiler and refrigeration unit are described in', () => {
    const boiler = equipmentFieldsOf(BUILT_IN_EQUIPMENT_TYPES[0]?.schema ?? {}).fields;
    expect(boiler.find((field) => field.name === 'ratedCapacity')?.unit).toBe('MMBtu/h');
    const refrigeration = BUILT_IN_EQUIPMENT_TYPES.find((type) => type.key === 'refrigeration');
    const refrigerant = equipmentFieldsOf(refrigeration?.schema ?? {}).fields[0];
    expect(refrigerant?.options).toEqual(expect.arrayContaining(['HFC-134a', 'HFC-32', 'R-410A']));
  });
});
