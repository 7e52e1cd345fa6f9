import { facilityInputSchema, z, type FacilityDto, type FacilityInput } from '@ecc/contracts';

/** The facility form holds text, as inputs do; the contract's schema decides what is valid. */
export interface FacilityFormValues {
  name: string;
  slug: string;
  sector: string;
  naics: string;
  address: string;
  city: string;
  state: string;
  postalCode: string;
  country: string;
  latitude: string;
  longitude: string;
  /** The business unit's id; blank for none. */
  businessUnitId: string;
  ownershipSharePercent: string;
  isInBoundary: boolean;
  boundaryExclusionReason: string;
}

export type FacilityFormField = keyof FacilityFormValues;

/** The fields the form holds as text (all but the boundary switch). */
const TEXT_FIELDS = [
  'name',
  'slug',
  'sector',
  'naics',
  'address',
  'city',
  'state',
  'postalCode',
  'country',
  'latitude',
  'longitude',
  'businessUnitId',
  'ownershipSharePercent',
  'boundaryExclusionReason',
] as const satisfies readonly FacilityFormField[];

export const FACILITY_FORM_FIELDS = [
  'name',
  'slug',
  'sector',
  'naics',
  'address',
  'city',
  'state',
  'postalCode',
  'country',
  'latitude',
  'longitude',
  'businessUnitId',
  'ownershipSharePercent',
  'isInBoundary',
  'boundaryExclusionReason',
] as const satisfies readonly FacilityFormField[];

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
  businessUnitId: '',
  ownershipSharePercent: '100',
  isInBoundary: true,
  boundaryExclusionReason: '',
};

/** A coordinate's text as the API takes it: blank is none, anything else a number (NaN names the field). */
function coordinateOf(text: string): number | null {
  return text.trim() === '' ? null : Number(text.replace(',', '.'));
}

/** A share's text as a number; blank is the whole facility (100 %), as the server takes an absent share. */
function shareOf(text: string): number {
  return text.trim() === '' ? 100 : Number(text.replace(',', '.'));
}

/**
 * The form's text turned into the API's input and checked with the contract's own schema, so the browser and
 * the server refuse the same values with the same words, each on its field.
 */
export const facilityFormSchema = z
  .object({
    ...(Object.fromEntries(TEXT_FIELDS.map((field) => [field, z.string()])) as Record<
      (typeof TEXT_FIELDS)[number],
      z.ZodString
    >),
    isInBoundary: z.boolean(),
  })
  .transform((values): FacilityInput => ({
    ...values,
    latitude: coordinateOf(values.latitude),
    longitude: coordinateOf(values.longitude),
    businessUnitId: values.businessUnitId === '' ? null : values.businessUnitId,
    ownershipSharePercent: shareOf(values.ownershipSharePercent),
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
    businessUnitId: facility.businessUnitId ?? '',
    ownershipSharePercent: String(facility.ownershipSharePercent),
    isInBoundary: facility.isInBoundary,
    boundaryExclusionReason: facility.boundaryExclusionReason ?? '',
  };
}
