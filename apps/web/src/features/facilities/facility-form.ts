import {
  FACILITY_BOUNDARY_FIELDS,
  FACILITY_FIELDS,
  facilityInputSchema,
  z,
  type FacilityDto,
  type FacilityField,
  type FacilityInput,
} from '@ecc/contracts';

/** The boundary fields the form holds as text (all but the in-boundary switch). */
type TextBoundaryField = Exclude<(typeof FACILITY_BOUNDARY_FIELDS)[number], 'isInBoundary'>;
const TEXT_FIELDS = [
  ...FACILITY_FIELDS,
  ...FACILITY_BOUNDARY_FIELDS.filter((field): field is TextBoundaryField => field !== 'isInBoundary'),
];

/** The facility form holds text, as inputs do; the contract's schema decides what is valid. */
export type FacilityFormValues = Record<FacilityField | TextBoundaryField, string> & {
  isInBoundary: boolean;
};

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
