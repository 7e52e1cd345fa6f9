import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createActivityCalculator } from '../emissions/activity-results.ts';
import { FACTOR_LIBRARY } from '../emissions/factor-library.ts';
import { createFactorReferenceResolver } from './factor-reference.ts';
import { parseCsv } from './parse-csv.ts';
import { missingActivityFields, suggestActivityMapping } from './suggest-activity-mapping.ts';
import { parseImportDate, parseImportNumber, validateActivityRows } from './validate-activity-rows.ts';

const context = {
  findFacilityId: (key: string) => ({ 'plant-a': 'id-a', 'Plant B': 'id-b' })[key],
  calculator: createActivityCalculator('AR5'),
  findFactor: createFactorReferenceResolver(FACTOR_LIBRARY),
};

const HEADER = 'facility,activityType,periodStart,periodEnd,quantity,unit,factorKey,scope,isEstimated';

function validate(lines: string[]) {
  const table = parseCsv([HEADER, ...lines].join('\n'));
  return validateActivityRows(table, suggestActivityMapping(table.columns), context);
}

describe('validateActivityRows', () => {
  it('turns valid rows into activities, taking the scope from the factor when none is given', () => {
    const { activities, errors } = validate([
      'plant-a,natural gas,2024-01-01,2024-01-31,1000,scf,epa-hub-2024-natural-gas-scf,,no',
      'Plant B,electricity,2024-02-01,2024-02-29,5.5,MWh,egrid-2022-us-average,2,yes',
    ]);
    expect(errors).toEqual([]);
    expect(activities).toMatchObject([
      { rowNumber: 2, facilityId: 'id-a', quantity: 1000, unit: 'scf', scope: 1, isEstimated: false },
      { rowNumber: 3, facilityId: 'id-b', quantity: 5.5, unit: 'MWh', scope: 2, isEstimated: true },
    ]);
    // The engine's results come with each row: one for Scope 1, location- and market-based for Scope 2.
    expect(activities.map((activity) => activity.results.map((result) => result.scope2Method))).toEqual([
      [''],
      ['location', 'market'],
    ]);
  });

  it('names the row, column and problem of every bad cell and returns no activity for that row', () => {
    const { activities, errors } = validate([
      'nowhere,natural gas,2024-13-01,2024-01-31,-5,scf,epa-hub-2024-natural-gas-scf,,',
      'plant-a,diesel,2024-02-01,2024-01-01,1 000,gal,no-such-factor,,maybe',
      'plant-a,natural gas,2024-01-01,2024-01-31,10,km,epa-hub-2024-natural-gas-scf,,',
    ]);
    expect(activities).toEqual([]);
    expect(errors).toEqual([
      { row: 2, column: 'facility', message: 'No facility has the slug or name "nowhere"' },
      { row: 2, column: 'periodStart', message: 'Expected a date as YYYY-MM-DD, received "2024-13-01"' },
      { row: 2, column: 'quantity', message: 'Quantity must not be negative (got -5)' },
      { row: 3, column: 'periodEnd', message: 'Period end 2024-01-01 is before period start 2024-02-01' },
      { row: 3, column: 'quantity', message: 'Expected a number, received "1 000"' },
      {
        row: 3,
        column: 'factorKey',
        message: expect.stringContaining('Unknown emission factor "no-such-factor"') as string,
      },
      { row: 3, column: 'isEstimated', message: 'Expected yes or no, received "maybe"' },
      { row: 4, column: 'unit', message: expect.stringContaining('km') as string },
    ]);
  });

  it('names every problem of a row at once, one error per bad cell', () => {
    const { activities, errors } = validate([',,someday,2024-01-31,lots,furlongs,no-such-factor,7,perhaps']);
    expect(activities).toEqual([]);
    expect(errors.map((error) => error.column)).toEqual([
      'facility',
      'activityType',
      'periodStart',
      'quantity',
      'factorKey',
      'unit',
      'isEstimated',
      'scope',
    ]);
    expect(errors.every((error) => error.row === 2)).toBe(true);
  });

  it("takes a facility page's facility for every row, with no facility column", () => {
    const table = parseCsv(
      [
        'activityType,periodStart,periodEnd,quantity,unit,factorKey',
        'natural gas,2024-01-01,2024-01-31,1000,scf,epa-hub-2024-natural-gas-scf',
      ].join('\n'),
    );
    const mapping = suggestActivityMapping(table.columns, { isFacilityFixed: true });
    expect(missingActivityFields(mapping, { isFacilityFixed: true })).toEqual([]);
    expect(missingActivityFields(mapping)).toEqual(['facility']);
    const { activities, errors } = validateActivityRows(table, mapping, {
      ...context,
      fixedFacilityId: 'id-c',
    });
    expect(errors).toEqual([]);
    expect(activities.map((activity) => activity.facilityId)).toEqual(['id-c']);
  });

  it('reads back a cell an export guarded against formula injection', () => {
    const table = parseCsv(
      [HEADER, "plant-a,'-5 degree day,2024-01-01,2024-01-31,10,scf,epa-hub-2024-natural-gas-scf,,"].join(
        '\n',
      ),
    );
    const { activities } = validateActivityRows(table, suggestActivityMapping(table.columns), context);
    expect(activities[0]?.activityType).toBe('-5 degree day');
  });
});

describe('parseImportNumber and parseImportDate', () => {
  it('reads any finite number written as text back to the same number', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (value) => {
        expect(parseImportNumber(String(value))).toBe(value === 0 ? 0 : value);
        expect(parseImportNumber(value)).toBe(value);
      }),
    );
  });

  it('reads any calendar date as text or as a date cell, and refuses impossible ones', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('1900-01-01'), max: new Date('2199-12-31'), noInvalidDate: true }),
        (date) => {
          const text = date.toISOString().slice(0, 10);
          expect(parseImportDate(text)).toBe(text);
          expect(parseImportDate(date)).toBe(text);
        },
      ),
    );
    expect(parseImportDate('2023-02-29')).toBeUndefined();
    expect(parseImportDate('01/02/2024')).toBeUndefined();
  });
});

describe('validateActivityRows naming factors', () => {
  it('accepts a factor key or its exact name (any case and spacing) and stores the key', () => {
    const { activities, errors } = validate([
      'plant-a,natural gas,2024-01-01,2024-01-31,1000,scf,"natural GAS,  per scf",,no',
      'plant-a,refrigerant,2024-01-01,2024-01-31,3,kg,fgas-r-410a,,no',
    ]);
    expect(errors).toEqual([]);
    expect(activities.map((activity) => activity.factorKey)).toEqual([
      'epa-hub-2024-natural-gas-scf',
      'fgas-r-410a',
    ]);
  });

  it('refuses a name two factors share, and an unknown one, with every other error of the row', () => {
    const shared = validateActivityRows(
      parseCsv([HEADER, 'plant-a,gas,2024-01-01,2024-01-31,1,scf,Shared name,,no'].join('\n')),
      suggestActivityMapping(HEADER.split(',')),
      {
        ...context,
        findFactor: createFactorReferenceResolver([
          { id: 'realm:a', name: 'Shared name' },
          { id: 'realm:b', name: 'shared  NAME' },
        ]),
      },
    );
    expect(shared.errors).toEqual([
      {
        row: 2,
        column: 'factorKey',
        message: '"Shared name" is the name of 2 factors; use one of their keys: realm:a, realm:b',
      },
    ]);
    const unknown = validate(['plant-a,gas,2024-01-01,2024-01-31,1,furlongs,Unobtainium,,no']);
    expect(unknown.errors).toEqual([
      {
        row: 2,
        column: 'factorKey',
        message: expect.stringContaining('Unknown emission factor "Unobtainium"') as string,
      },
      { row: 2, column: 'unit', message: expect.stringContaining('Unknown unit "furlongs"') as string },
    ]);
  });
});
