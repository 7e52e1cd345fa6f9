import { FACILITY_IMPORT_COLUMNS } from '@ecc/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseCsv } from './parse-csv.ts';
import { missingFacilityFields, suggestFacilityMapping } from './suggest-facility-mapping.ts';
import { slugFromName, validateFacilityRows } from './validate-facility-rows.ts';

const HEADER = 'Name,Slug,Sector,NAICS,State,Country,Latitude,Longitude';

function validate(lines: string[], header = HEADER) {
  const table = parseCsv([header, ...lines].join('\n'));
  return validateFacilityRows(table, suggestFacilityMapping(table.columns));
}

describe('validateFacilityRows', () => {
  it('turns valid rows into facilities, making a slug from the name when none is given', () => {
    const { facilities, errors } = validate([
      'North Campus,,Manufacturing,325110,TX,us,29.7,-95.3',
      'Plant Nº 5 (Süd),plant-5,Power Plants,,,DE,,',
    ]);
    expect(errors).toEqual([]);
    expect(facilities).toEqual([
      {
        rowNumber: 2,
        slug: 'north-campus',
        name: 'North Campus',
        sector: 'Manufacturing',
        naics: '325110',
        country: 'US',
        state: 'TX',
        address: undefined,
        city: undefined,
        postalCode: undefined,
        latitude: 29.7,
        longitude: -95.3,
      },
      expect.objectContaining({
        rowNumber: 3,
        slug: 'plant-5',
        state: null,
        latitude: null,
        longitude: null,
      }),
    ]);
  });

  it('names every problem of a row at once, and a slug an earlier row has', () => {
    const { facilities, errors } = validate([
      ',Bad Slug,,12ab,,USA,91,',
      'North Campus,,Manufacturing,,,US,,',
      'north campus,,Manufacturing,,,US,,',
    ]);
    expect(facilities).toHaveLength(1);
    expect(errors).toEqual([
      { row: 2, column: 'Name', message: 'Name is required' },
      {
        row: 2,
        column: 'Slug',
        message:
          'A slug is lower-case letters, digits and single hyphens, up to 100 characters (received "Bad Slug")',
      },
      { row: 2, column: 'Sector', message: 'Sector is required' },
      { row: 2, column: 'NAICS', message: 'Expected a NAICS code of 2 to 6 digits, received "12ab"' },
      { row: 2, column: 'Country', message: 'Expected a two-letter country code such as US, received "USA"' },
      { row: 2, column: 'Latitude', message: 'Expected a number from -90 to 90, received 91' },
      { row: 2, column: 'Longitude', message: 'Give the longitude with the latitude' },
      { row: 4, column: 'Name', message: 'Row 3 has the slug "north-campus" too' },
    ]);
  });

  it('leaves unmapped optional fields undefined, so an update keeps what is stored', () => {
    const { facilities } = validate(['Depot,,Logistics,GB'], 'Name,Slug,Sector,Country');
    expect(facilities[0]).toMatchObject({ slug: 'depot', country: 'GB' });
    expect(facilities[0]?.latitude).toBeUndefined();
    expect(facilities[0]?.address).toBeUndefined();
  });
});

describe('the facility template', () => {
  it('has headers the mapping suggestion maps to their own fields, required ones included', () => {
    const columns = FACILITY_IMPORT_COLUMNS.map((column) => column.header);
    const mapping = suggestFacilityMapping(columns);
    expect(mapping).toEqual(
      Object.fromEntries(FACILITY_IMPORT_COLUMNS.map((column) => [column.field, column.header])),
    );
    expect(missingFacilityFields(mapping)).toEqual([]);
  });
});

describe('slugFromName', () => {
  it('always gives a valid slug or nothing', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), (name) => {
        const slug = slugFromName(name);
        expect(slug === '' || /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(slug)).toBe(true);
        expect(slug.length).toBeLessThanOrEqual(100);
      }),
    );
  });
});
