import {
  FACILITY_FIELDS,
  facilityInputSchema,
  z,
  type FacilityDto,
  type FacilityField,
  type FacilityInput,
} from '@ecc/contracts';

/** The facility form holds text, as inputs do; the contract's schema decides what is valid. */
export type FacilityFormValues = Record<FacilityField, string>;

export const EMPTY_FACILITY_FORM: FacilityFormValues = {
  name: '',
  slug: '',
  sector: '',
  naics: '',
  address: '',
  city: '',
  state: '',
  postalCode: '',
  country: 'US',
  latitude: '',
  longitude: '',
};

/** A coordinate's text as the API takes it: blank is none, anything else a number (NaN names the field). */
function coordinateOf(text: string): number | null {
  return text.trim() === '' ? null : Number(text.replace(',', '.'));
}

/**
 * The form's text turned into the API's input and checked with the contract's own schema, so the browser and
 * the server refuse the same values with the same words, each on its field.
 */
export const facilityFormSchema = z
  .object(
    Object.fromEntries(FACILITY_FIELDS.map((field) => [field, z.string()])) as Record<
      FacilityField,
      z.ZodString
    >,
  )
  .transform((values): FacilityInput => ({
    ...values,
    latitude: coordinateOf(values.latitude),
    longitude: coordinateOf(values.longitude),
  }))
  .pipe(facilityInputSchema);

/** A stored facility as form text, for the edit. */
export function facilityToFormValues(facility: FacilityDto): FacilityFormValues {
  const { location } = facility;
  return {
    name: facility.name,
    slug: facility.slug,
    sector: facility.sector,
    naics: facility.naics ?? '',
    address: location.address ?? '',
    city: location.city ?? '',
    state: location.state ?? '',
    postalCode: location.postalCode ?? '',
    country: location.country,
    latitude: location.latitude === null ? '' : String(location.latitude),
    longitude: location.longitude === null ? '' : String(location.longitude),
  };
}
