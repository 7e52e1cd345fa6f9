import type { EquipmentField } from '@ecc/contracts';
import { describe, expect, it } from 'vitest';
import { validateEquipmentProperties, withoutEmptyValues } from './validate-equipment-properties.ts';

const fields: EquipmentField[] = [
  { name: 'fuel', label: 'Fuel', type: 'enum', options: ['Diesel', 'Propane'], isRequired: true },
  { name: 'power', label: 'Power', type: 'number', minimum: 0, maximum: 1000, isRequired: true },
  { name: 'count', label: 'Count', type: 'integer', isRequired: false },
  { name: 'isBackup', label: 'Backup', type: 'boolean', isRequired: false },
  { name: 'notes', label: 'Notes', type: 'string', isRequired: false },
];

describe('validateEquipmentProperties with a pattern', () => {
  const tagged: EquipmentField[] = [
    { name: 'tag', label: 'Tag', type: 'string', pattern: '^(a+)+$', isRequired: true },
  ];

  // The type's author writes the pattern; in the browser's backtracking engine this one would freeze the page.
  it('checks text against its field’s pattern in linear time, even a catastrophic one', () => {
    expect(validateEquipmentProperties(tagged, { tag: `${'a'.repeat(40)}!` })).toEqual([
      { path: '/tag', message: 'Must match the pattern ^(a+)+$' },
    ]);
    expect(validateEquipmentProperties(tagged, { tag: 'a'.repeat(40) })).toEqual([]);
  });

  it('names a pattern RE2 refuses instead of running it', () => {
    const refused: EquipmentField[] = [{ ...tagged[0]!, pattern: '(a)\\1' }];
    expect(validateEquipmentProperties(refused, { tag: 'aa' })).toEqual([
      { path: '/tag', message: 'Refused pattern: invalid escape sequence: `\\1`' },
    ]);
  });
});

describe('validateEquipmentProperties', () => {
  it('accepts valid values and absent optional ones', () => {
    expect(validateEquipmentProperties(fields, { fuel: 'Diesel', power: 0 })).toEqual([]);
    expect(
      validateEquipmentProperties(fields, {
        fuel: 'Propane',
        power: 1000,
        count: 3,
        isBackup: false,
        notes: '',
      }),
    ).toEqual([]);
  });

  it('names each missing required field', () => {
    expect(validateEquipmentProperties(fields, { fuel: '' })).toEqual([
      { path: '/fuel', message: 'Required' },
      { path: '/power', message: 'Required' },
    ]);
  });

  it('names values out of bounds, of the wrong type or not among the options', () => {
    expect(
      validateEquipmentProperties(fields, {
        fuel: 'Coal',
        power: -1,
        count: 1.5,
        isBackup: 'yes',
        notes: 3,
      }),
    ).toEqual([
      { path: '/fuel', message: 'Must be one of: Diesel, Propane' },
      { path: '/power', message: 'Must be at least 0' },
      { path: '/count', message: 'Must be a whole number' },
      { path: '/isBackup', message: 'Must be yes or no' },
      { path: '/notes', message: 'Must be text' },
    ]);
    expect(validateEquipmentProperties(fields, { fuel: 'Diesel', power: 1001 })).toEqual([
      { path: '/power', message: 'Must be at most 1000' },
    ]);
    expect(validateEquipmentProperties(fields, { fuel: 'Diesel', power: Number.NaN })).toEqual([
      { path: '/power', message: 'Must be a number' },
    ]);
  });
});

describe('withoutEmptyValues', () => {
  it('drops cleared inputs and keeps false and zero', () => {
    expect(withoutEmptyValues({ a: '', b: undefined, c: null, d: 0, e: false, f: 'x' })).toEqual({
      d: 0,
      e: false,
      f: 'x',
    });
  });
});
