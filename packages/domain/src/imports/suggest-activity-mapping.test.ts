import { ACTIVITY_IMPORT_COLUMNS, ACTIVITY_IMPORT_FIELDS } from '@ecc/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { missingActivityFields, suggestActivityMapping } from './suggest-activity-mapping.ts';

describe('suggestActivityMapping', () => {
  it('maps common header names, whatever their case and punctuation', () => {
    const columns = [
      'Site Name',
      'Fuel',
      'Start Date',
      'End Date',
      'Amount',
      'UoM',
      'Emission Factor',
      'Notes',
    ];
    expect(suggestActivityMapping(columns)).toEqual({
      facility: 'Site Name',
      activityType: 'Fuel',
      periodStart: 'Start Date',
      periodEnd: 'End Date',
      quantity: 'Amount',
      unit: 'UoM',
      factorKey: 'Emission Factor',
      notes: 'Notes',
    });
  });

  it('maps the camelCase headers of the product own export to their fields', () => {
    expect(suggestActivityMapping([...ACTIVITY_IMPORT_FIELDS])).toEqual(
      Object.fromEntries(ACTIVITY_IMPORT_FIELDS.map((field) => [field, field])),
    );
  });

  it('names the required fields a mapping leaves out', () => {
    expect(missingActivityFields({ facility: 'Site', quantity: 'Amount' })).toEqual([
      'activityType',
      'periodStart',
      'periodEnd',
      'unit',
      'factorKey',
    ]);
  });

  it('never maps one column to two fields, and only to columns of the file', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.constantFrom('unit', 'Factor', 'scope', 'from', 'to'), fc.string())),
        (columns) => {
          const mapped = Object.values(suggestActivityMapping(columns));
          expect(new Set(mapped).size).toBe(mapped.length);
          for (const column of mapped) expect(columns).toContain(column);
        },
      ),
    );
  });
});

describe('the activity templates', () => {
  it('have headers the mapping suggestion maps to their own fields', () => {
    const columns = ACTIVITY_IMPORT_COLUMNS.map((column) => column.header);
    expect(suggestActivityMapping(columns)).toEqual(
      Object.fromEntries(ACTIVITY_IMPORT_COLUMNS.map((column) => [column.field, column.header])),
    );
    const withoutFacility = columns.filter((column) => column !== 'Facility');
    const mapping = suggestActivityMapping(withoutFacility, { isFacilityFixed: true });
    expect(missingActivityFields(mapping, { isFacilityFixed: true })).toEqual([]);
  });
});
