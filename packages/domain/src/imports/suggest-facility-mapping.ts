import {
  FACILITY_FIELDS,
  REQUIRED_FACILITY_IMPORT_FIELDS,
  type FacilityField,
  type FacilityImportMapping,
} from '@ecc/contracts';
import { missingFields, suggestMapping } from './suggest-mapping.ts';

/** Header names (normalised) that mean a field, most specific first; the field's own name comes first. */
const FIELD_SYNONYMS: Readonly<Record<FacilityField, readonly string[]>> = {
  name: ['name', 'facility name', 'facility', 'site name', 'site', 'plant name'],
  slug: ['slug', 'facility slug', 'key', 'code', 'facility id', 'site id'],
  sector: ['sector', 'industry', 'industry sector', 'type'],
  naics: ['naics', 'naics code', 'primary naics code'],
  address: ['address', 'street address', 'street', 'address line 1'],
  city: ['city', 'town', 'city name'],
  state: ['state', 'region', 'province', 'state or region'],
  postalCode: ['postal code', 'zip code', 'zip', 'postcode'],
  country: ['country', 'country code', 'iso country'],
  latitude: ['latitude', 'lat'],
  longitude: ['longitude', 'lon', 'lng', 'long'],
};

/** A mapping guessed from the header names; each column is used for at most one field. */
export function suggestFacilityMapping(columns: readonly string[]): FacilityImportMapping {
  return suggestMapping(columns, FACILITY_FIELDS, FIELD_SYNONYMS);
}

/** Required fields with no column, in field order. */
export function missingFacilityFields(mapping: FacilityImportMapping): FacilityField[] {
  return missingFields(mapping, REQUIRED_FACILITY_IMPORT_FIELDS);
}
