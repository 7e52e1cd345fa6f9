import type { FacilityField, FacilityImportMapping } from '@ecc/contracts';
import { cellText, type CellValue, type ImportRowError, type ImportTable } from './import-table.ts';
import { parseImportNumber } from './validate-activity-rows.ts';

/** A facility ready to create or update, from one valid row; fields the mapping leaves out are undefined. */
export interface ImportedFacility {
  readonly rowNumber: number;
  readonly slug: string;
  readonly name: string;
  readonly sector: string;
  readonly country: string;
  readonly naics?: string | null;
  readonly address?: string | null;
  readonly city?: string | null;
  readonly state?: string | null;
  readonly postalCode?: string | null;
  readonly latitude?: number | null;
  readonly longitude?: number | null;
}

export interface FacilityValidation {
  readonly facilities: ImportedFacility[];
  readonly errors: ImportRowError[];
}

export const MAX_FACILITY_NAME_LENGTH = 200;
export const MAX_FACILITY_SLUG_LENGTH = 100;
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const NAICS = /^\d{2,6}$/;
const COUNTRY = /^[A-Za-z]{2}$/;

/** A slug from a name: lower-case ASCII words joined by hyphens (`Plant Nº 5 (North)` → `plant-n-5-north`). */
export function slugFromName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, MAX_FACILITY_SLUG_LENGTH)
    .replace(/-+$/g, '');
}

/**
 * Checks every row of a facility file: each bad cell yields one error naming its row and column, all of a
 * row's problems at once, and a slug used by an earlier row of the file is an error too. A row is returned as a
 * facility only when it has none; the caller writes only when `errors` is empty (all or nothing).
 */
export function validateFacilityRows(table: ImportTable, mapping: FacilityImportMapping): FacilityValidation {
  const indexOf = new Map<FacilityField, number>();
  for (const [field, column] of Object.entries(mapping) as [FacilityField, string][]) {
    const index = table.columns.indexOf(column);
    if (index >= 0) indexOf.set(field, index);
  }
  const facilities: ImportedFacility[] = [];
  const errors: ImportRowError[] = [];
  const rowOfSlug = new Map<string, number>();

  for (const { rowNumber, cells } of table.rows) {
    const rowErrors: ImportRowError[] = [];
    const cellOf = (field: FacilityField): CellValue | undefined => {
      const index = indexOf.get(field);
      return index === undefined ? undefined : cells[index];
    };
    const fail = (field: FacilityField, message: string) =>
      rowErrors.push({ row: rowNumber, column: mapping[field] ?? field, message });
    /** Optional text: undefined when the column is not mapped (an update keeps the stored value), else text or null. */
    const optionalText = (field: FacilityField): string | null | undefined => {
      if (!indexOf.has(field)) return undefined;
      return cellText(cellOf(field)) || null;
    };

    const name = cellText(cellOf('name'));
    if (name === '') fail('name', 'Name is required');
    else if (name.length > MAX_FACILITY_NAME_LENGTH) {
      fail('name', `Name must be at most ${MAX_FACILITY_NAME_LENGTH} characters (it has ${name.length})`);
    }
    const givenSlug = cellText(cellOf('slug'));
    let slug = givenSlug;
    if (givenSlug !== '') {
      if (givenSlug.length > MAX_FACILITY_SLUG_LENGTH || !SLUG.test(givenSlug)) {
        fail(
          'slug',
          `A slug is lower-case letters, digits and single hyphens, up to ${MAX_FACILITY_SLUG_LENGTH} characters (received "${givenSlug}")`,
        );
      }
    } else if (name !== '') {
      slug = slugFromName(name);
      if (slug === '') fail('slug', 'Give a slug: the name has no letters or digits to make one from');
    }
    const earlierRow = slug === '' ? undefined : rowOfSlug.get(slug);
    if (earlierRow !== undefined)
      fail(givenSlug === '' ? 'name' : 'slug', `Row ${earlierRow} has the slug "${slug}" too`);
    else if (slug !== '') rowOfSlug.set(slug, rowNumber);

    const sector = cellText(cellOf('sector'));
    if (sector === '') fail('sector', 'Sector is required');
    const naics = optionalText('naics');
    if (naics && !NAICS.test(naics))
      fail('naics', `Expected a NAICS code of 2 to 6 digits, received "${naics}"`);
    const countryText = cellText(cellOf('country'));
    if (countryText === '') fail('country', 'Country is required');
    else if (!COUNTRY.test(countryText)) {
      fail('country', `Expected a two-letter country code such as US, received "${countryText}"`);
    }

    const coordinate = (field: 'latitude' | 'longitude', limit: number): number | null | undefined => {
      if (!indexOf.has(field)) return undefined;
      const cell = cellOf(field);
      if (cellText(cell) === '') return null;
      const value = parseImportNumber(cell);
      if (value === undefined) fail(field, `Expected a number, received "${cellText(cell)}"`);
      else if (Math.abs(value) > limit)
        fail(field, `Expected a number from -${limit} to ${limit}, received ${value}`);
      return value ?? null;
    };
    const latitude = coordinate('latitude', 90);
    const longitude = coordinate('longitude', 180);
    const hasLatitude = cellText(cellOf('latitude')) !== '';
    const hasLongitude = cellText(cellOf('longitude')) !== '';
    if (hasLatitude && !hasLongitude) fail('longitude', 'Give the longitude with the latitude');
    if (hasLongitude && !hasLatitude) fail('latitude', 'Give the latitude with the longitude');

    if (rowErrors.length > 0) {
      errors.push(...rowErrors);
      continue;
    }
    facilities.push({
      rowNumber,
      slug,
      name,
      sector,
      country: countryText.toUpperCase(),
      naics,
      address: optionalText('address'),
      city: optionalText('city'),
      state: optionalText('state'),
      postalCode: optionalText('postalCode'),
      latitude,
      longitude,
    });
  }
  return { facilities, errors };
}
