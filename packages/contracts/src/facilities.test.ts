import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  FACILITY_FIELD_LABELS,
  FACILITY_BOUNDARY_FIELDS,
  FACILITY_FIELDS,
  facilityFieldsSchema,
  FACILITY_SLUG_PATTERN,
  facilityInputSchema,
  facilityListQuerySchema,
  facilityPatchSchema,
  facilitySlugOf,
} from './facilities.ts';

const PLANT = { name: 'North Plant', slug: 'north-plant', sector: 'Cement', country: 'us' };

function problemsOf(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  return Object.fromEntries(
    (result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]),
  );
}

describe('facility input', () => {
  it('lists every field of the schema once, in its order, each describing one with a label', () => {
    expect([...FACILITY_FIELDS, ...FACILITY_BOUNDARY_FIELDS]).toEqual(facilityFieldsSchema.keyof().options);
    expect(Object.keys(FACILITY_FIELD_LABELS)).toEqual([...FACILITY_FIELDS]);
  });

  it('takes a new facility, blank optional text as none and the country in capitals', () => {
    expect(
      facilityInputSchema.parse({
        ...PLANT,
        naics: ' 327310 ',
        city: '',
        address: null,
        latitude: 1,
        longitude: 2,
      }),
    ).toEqual({
      ...PLANT,
      country: 'US',
      naics: '327310',
      city: null,
      address: null,
      latitude: 1,
      longitude: 2,
    });
  });

  it('names every field a user has to change', () => {
    expect(
      problemsOf(
        facilityInputSchema.safeParse({
          name: ' ',
          slug: 'North Plant',
          sector: '',
          naics: '32-73',
          country: 'USA',
          latitude: 91,
          longitude: null,
        }),
      ),
    ).toEqual({
      name: 'Name is required',
      slug: 'Slug must be lower-case letters and digits joined by single hyphens, such as north-plant',
      sector: 'Sector is required',
      naics: 'NAICS must be 2 to 6 digits',
      country: 'Country must be a two-letter ISO 3166 code, such as US',
      latitude: 'Latitude must be between -90 and 90',
      longitude: 'Give both latitude and longitude, or neither',
    });
    expect(problemsOf(facilityInputSchema.safeParse({ ...PLANT, latitude: 45 }))).toEqual({
      longitude: 'Give both latitude and longitude, or neither',
    });
  });

  it('lets an edit send any of the fields, and archive or bring back the facility', () => {
    expect(facilityPatchSchema.parse({ archived: true })).toEqual({ archived: true });
    expect(facilityPatchSchema.parse({ city: '' })).toEqual({ city: null });
    expect(problemsOf(facilityPatchSchema.safeParse({ archived: 'yes' }))).toEqual({
      archived: 'Archived must be true or false',
    });
  });

  it('makes slugs the schema accepts from any name with a letter or digit', () => {
    expect(facilitySlugOf('Crème Brûlée Plant #2')).toBe('creme-brulee-plant-2');
    expect(facilitySlugOf('***')).toBe('');
    fc.assert(
      fc.property(fc.string(), (name) => {
        const slug = facilitySlugOf(name);
        expect(slug === '' || FACILITY_SLUG_PATTERN.test(slug)).toBe(true);
        expect(slug.length).toBeLessThanOrEqual(60);
      }),
    );
  });
});

describe('facility list query', () => {
  it('defaults to the first page by name of the facilities in use', () => {
    expect(facilityListQuerySchema.parse({})).toEqual({
      archived: 'false',
      sort: 'name',
      limit: 50,
      offset: 0,
    });
  });

  it('refuses an order, page or year it does not know, with a sentence for each', () => {
    expect(
      problemsOf(facilityListQuerySchema.safeParse({ sort: 'size', limit: '0', offset: '-1', year: '20x0' })),
    ).toEqual({
      sort: 'Sort by one of name, -name, co2e, -co2e, state, -state, naics, -naics',
      limit: 'Limit must be at least 1',
      offset: 'Offset must be 0 or more',
      year: 'Year must be a whole number',
    });
  });
});
