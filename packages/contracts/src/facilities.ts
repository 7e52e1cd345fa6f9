import { defineEndpoint } from './endpoint.ts';
import { pagedSchema } from './api-error.ts';
import { ownershipSharePercentSchema } from './organisation.ts';
import { reportingYearSchema } from './period.ts';
import { uuidSchema } from './validation.ts';
import { z } from './zod.ts';

/*
 * The facility list and facility view (issue 4, item 5). The summary is computed by the domain package from
 * the facility's emission results; its `co2eKg` totals count Scope 2 location-based (both Scope 2 figures are
 * given beside it), so that a total never counts the same electricity twice.
 */

export const MAX_FACILITY_PAGE_SIZE = 500;
export const DEFAULT_FACILITY_PAGE_SIZE = 50;

export const facilityLocationSchema = z.object({
  address: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  postalCode: z.string().nullable(),
  country: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
});
export type FacilityLocation = z.infer<typeof facilityLocationSchema>;

export const FACILITY_CO2E_SOURCES = ['calculated', 'reported'] as const;
export const facilityCo2eSourceSchema = z.enum(FACILITY_CO2E_SOURCES);
export type FacilityCo2eSource = z.infer<typeof facilityCo2eSourceSchema>;

export const facilitySchema = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  sector: z.string(),
  naics: z.string().nullable(),
  location: facilityLocationSchema,
  /**
   * kg CO2e (on the realm's GWP set, Scope 2 location-based) of the latest year: of the calculated results where
   * the facility has any, else of what it reported to a programme (GHGRP); null when it has neither.
   */
  co2e: z.number().nullable(),
  co2eSource: facilityCo2eSourceSchema.nullable(),
  co2eYear: z.number().int().nullable(),
  /** EPA GHGRP facility id when the facility came from a GHGRP workbook. */
  ghgrpId: z.string().nullable(),
  /** ISO time the facility was archived; archived facilities are left out of lists unless asked for. */
  archivedOn: z.string().nullable(),
  /** The business unit the facility belongs to (decision 024); null when none. */
  businessUnitId: z.string().nullable(),
  /** The realm's ownership share of the facility in percent; equity share consolidation scales by it. */
  ownershipSharePercent: z.number(),
  /** Whether the facility is inside the reporting boundary under a control approach. */
  isInBoundary: z.boolean(),
  /** Why the facility is outside the boundary; null while it is inside. */
  boundaryExclusionReason: z.string().nullable(),
});
export type FacilityDto = z.infer<typeof facilitySchema>;

export const FACILITY_SORTS = [
  'name',
  '-name',
  'co2e',
  '-co2e',
  'state',
  '-state',
  'naics',
  '-naics',
] as const;
export const facilitySortSchema = z.enum(FACILITY_SORTS, {
  error: () => `Sort by one of ${FACILITY_SORTS.join(', ')}`,
});
export type FacilitySort = z.infer<typeof facilitySortSchema>;

/** `false` (the default): facilities in use; `true`: archived ones too; `only`: archived ones alone. */
export const FACILITY_ARCHIVED_FILTERS = ['false', 'true', 'only'] as const;
export type FacilityArchivedFilter = (typeof FACILITY_ARCHIVED_FILTERS)[number];

/** The earliest and latest year a facility's emissions can be asked for. */
export const FACILITY_YEAR_RANGE = { min: 1990, max: 2100 } as const;

/**
 * Which facilities a list holds, without its order and page: the facility list, its map and any export of the
 * list read the same filter. Query-string values arrive as text.
 */
export const facilityListFilterSchema = z.object({
  /** Words of the name, city, state or NAICS code. */
  q: z.string().max(200).optional(),
  sector: z.string().max(200).optional(),
  /** A state or province as stored (GHGRP: two-letter US state codes). */
  state: z.string().max(100).optional(),
  archived: z
    .enum(FACILITY_ARCHIVED_FILTERS, { error: () => 'Archived is one of false, true or only' })
    .default('false'),
  /** The year whose CO2e the list shows and sorts by; without it, each facility's latest year. */
  year: z.coerce
    .number({ error: () => 'Year must be a whole number' })
    .int('Year must be a whole number')
    .min(FACILITY_YEAR_RANGE.min, `Year must be ${FACILITY_YEAR_RANGE.min} or later`)
    .max(FACILITY_YEAR_RANGE.max, `Year must be ${FACILITY_YEAR_RANGE.max} or earlier`)
    .optional(),
});
export type FacilityListFilter = z.infer<typeof facilityListFilterSchema>;

/** The list's query: the filter, the order (`-` for descending; no CO2e sorts last either way) and the page. */
export const facilityListQuerySchema = facilityListFilterSchema.extend({
  sort: facilitySortSchema.default('name'),
  limit: z.coerce
    .number({ error: () => 'Limit must be a whole number' })
    .int('Limit must be a whole number')
    .min(1, 'Limit must be at least 1')
    .max(MAX_FACILITY_PAGE_SIZE, `Limit must be at most ${MAX_FACILITY_PAGE_SIZE}`)
    .default(DEFAULT_FACILITY_PAGE_SIZE),
  offset: z.coerce
    .number({ error: () => 'Offset must be a whole number' })
    .int('Offset must be a whole number')
    .min(0, 'Offset must be 0 or more')
    .default(0),
});
export type FacilityListQuery = z.infer<typeof facilityListQuerySchema>;

/** A page of facilities; every CO2e in it is on `gwpSetId`, the realm's set. */
export const facilityListResponseSchema = pagedSchema(facilitySchema).extend({ gwpSetId: z.string() });
export type FacilityListResponse = z.infer<typeof facilityListResponseSchema>;

export const facilitySectorsResponseSchema = z.object({
  results: z.array(z.object({ sector: z.string(), count: z.number().int() })),
});
export type FacilitySectorsResponse = z.infer<typeof facilitySectorsResponseSchema>;

/** The states (or provinces) the realm's facilities in use are in, with how many in each, for the list's filter. */
export const facilityStatesResponseSchema = z.object({
  results: z.array(z.object({ state: z.string(), count: z.number().int() })),
});
export type FacilityStatesResponse = z.infer<typeof facilityStatesResponseSchema>;

/**
 * One facility on the map, as a tuple to keep thousands of them small: slug, name, latitude, longitude, kg CO2e
 * (as the list's `co2e`) and its source.
 */
export const facilityMapPointSchema = z.tuple([
  z.string(),
  z.string(),
  z.number(),
  z.number(),
  z.number().nullable(),
  facilityCo2eSourceSchema.nullable(),
]);
export type FacilityMapPoint = z.infer<typeof facilityMapPointSchema>;

/** Every facility the filter matches that has coordinates; `unplaced` counts those without. */
export const facilityMapResponseSchema = z.object({
  points: z.array(facilityMapPointSchema),
  unplaced: z.number().int(),
  gwpSetId: z.string(),
});
export type FacilityMapResponse = z.infer<typeof facilityMapResponseSchema>;

/** One period's totals in kg CO2e; `co2eKg` = scope1 + scope2Location + scope3. */
const scopeTotalsShape = {
  co2eKg: z.number(),
  scope1: z.number(),
  scope2Location: z.number(),
  scope2Market: z.number(),
  scope3: z.number(),
};
export const scopeTotalsSchema = z.object(scopeTotalsShape);
export type ScopeTotalsDto = z.infer<typeof scopeTotalsSchema>;

export const facilityYearTotalsSchema = z.object({ year: z.number().int(), ...scopeTotalsShape });
export type FacilityYearTotals = z.infer<typeof facilityYearTotalsSchema>;

export const facilityMonthTotalsSchema = z.object({
  /** `YYYY-MM`. */
  month: z.string(),
  ...scopeTotalsShape,
});
export type FacilityMonthTotals = z.infer<typeof facilityMonthTotalsSchema>;

export const DATA_QUALITY_KINDS = ['gap', 'outlier', 'estimated'] as const;
export const dataQualityFlagSchema = z.object({
  kind: z.enum(DATA_QUALITY_KINDS),
  activityType: z.string(),
  /** `YYYY-MM`. */
  month: z.string(),
  message: z.string(),
});
export type DataQualityFlag = z.infer<typeof dataQualityFlagSchema>;

/**
 * The facility view's figures. Every `co2eKg` counts Scope 2 location-based; `scope2Market` is given beside it.
 * `reported` is what the facility reported to a programme (GHGRP), by year, as imported.
 */
export const facilitySummarySchema = z.object({
  gwpSetId: z.string(),
  /** The year the breakdowns, data-quality flags and intensity cover: the one asked for, else the latest. */
  year: z.number().int().nullable(),
  years: z.array(facilityYearTotalsSchema),
  monthly: z.array(facilityMonthTotalsSchema),
  bySource: z.array(z.object({ activityType: z.string(), co2eKg: z.number() })),
  byEquipment: z.array(
    z.object({ equipmentId: z.string().nullable(), name: z.string(), co2eKg: z.number() }),
  ),
  byGas: z.array(z.object({ gas: z.string(), kg: z.number(), co2eKg: z.number() })),
  intensity: z.object({ co2eKgPerUnit: z.number(), unit: z.string(), year: z.number().int() }).nullable(),
  dataQuality: z.array(dataQualityFlagSchema),
  reported: z.record(z.string(), z.unknown()),
});
export type FacilitySummary = z.infer<typeof facilitySummarySchema>;

/**
 * One year a facility reported to a programme (EPA GHGRP), as the import stores it in `summary.reported[year]`:
 * gas masses in t, mixtures EPA publishes only as CO2e (AR4) in t CO2e, the total on every GWP set.
 */
export const facilityReportedYearSchema = z.object({
  source: z.string(),
  reportedGwpSetId: z.string(),
  gases: z.record(z.string(), z.number()),
  mixturesCo2eT: z.record(z.string(), z.number()),
  co2eTByGwpSet: z.record(z.string(), z.number()),
  reportedCo2eT: z.number(),
  biogenicCo2T: z.number().nullable(),
});
export type FacilityReportedYear = z.infer<typeof facilityReportedYearSchema>;

export const facilityDetailResponseSchema = z.object({
  facility: facilitySchema,
  summary: facilitySummarySchema,
});
export type FacilityDetailResponse = z.infer<typeof facilityDetailResponseSchema>;

export const facilitySlugParamsSchema = z.object({ slug: z.string().min(1) });
export const facilityDetailQuerySchema = z.object({ year: reportingYearSchema.optional() });
export type FacilityDetailQuery = z.infer<typeof facilityDetailQuerySchema>;

/** A facility's URL segment: lower-case words of letters and digits joined by single hyphens. */
export const FACILITY_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const MAX_FACILITY_SLUG_LENGTH = 100;

/**
 * A slug from a facility's name: its letters and digits in lower case (accents dropped), words joined by hyphens,
 * at most 60 characters; empty when the name has no letter or digit.
 */
export function facilitySlugOf(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/g, '');
}

/** Optional text: blank is no value (null), as a cleared form field sends it. */
function optionalText(label: string, maxLength: number, pattern?: { regex: RegExp; message: string }) {
  let text = z.string().trim().max(maxLength, `${label} must be at most ${maxLength} characters`);
  if (pattern) text = text.regex(pattern.regex, pattern.message);
  return z
    .union([z.literal(''), text])
    .nullable()
    .optional()
    .transform((value) => (value === '' ? null : value));
}

function requiredText(label: string, maxLength: number) {
  return z
    .string({ error: () => `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(maxLength, `${label} must be at most ${maxLength} characters`);
}

function coordinate(label: string, limit: number) {
  const message = `${label} must be between -${limit} and ${limit}`;
  return z
    .number({ error: () => `${label} must be a number` })
    .min(-limit, message)
    .max(limit, message)
    .nullable()
    .optional();
}

/** The fields of a facility a user manages, without the rules between them (so the edit can be partial). */
export const facilityFieldsSchema = z.object({
  name: requiredText('Name', 200),
  slug: z
    .string({ error: () => 'Slug is required' })
    .trim()
    .min(1, 'Slug is required')
    .max(MAX_FACILITY_SLUG_LENGTH, `Slug must be at most ${MAX_FACILITY_SLUG_LENGTH} characters`)
    .regex(
      FACILITY_SLUG_PATTERN,
      'Slug must be lower-case letters and digits joined by single hyphens, such as north-plant',
    ),
  sector: requiredText('Sector', 200),
  naics: optionalText('NAICS', 6, { regex: /^\d{2,6}$/, message: 'NAICS must be 2 to 6 digits' }),
  address: optionalText('Address', 300),
  city: optionalText('City', 200),
  state: optionalText('State', 100),
  postalCode: optionalText('Postal code', 20),
  country: z
    .string({ error: () => 'Country is required' })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, 'Country must be a two-letter ISO 3166 code, such as US'),
  latitude: coordinate('Latitude', 90),
  longitude: coordinate('Longitude', 180),
  businessUnitId: uuidSchema.nullable().optional(),
  ownershipSharePercent: ownershipSharePercentSchema.optional(),
  isInBoundary: z.boolean({ error: () => 'In boundary must be true or false' }).optional(),
  boundaryExclusionReason: optionalText('Exclusion reason', 500),
});

type FacilityFields = z.infer<typeof facilityFieldsSchema>;

/** The fields that describe a facility, in the order forms and import templates show them. */
export const FACILITY_FIELDS = [
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
] as const satisfies readonly (keyof FacilityFields)[];
export type FacilityField = (typeof FACILITY_FIELDS)[number];

/** Where a facility stands in the realm's reporting boundary (decision 024): set on the form, not imported. */
export const FACILITY_BOUNDARY_FIELDS = [
  'businessUnitId',
  'ownershipSharePercent',
  'isInBoundary',
  'boundaryExclusionReason',
] as const satisfies readonly (keyof FacilityFields)[];

/** What each field is called: on the facility form and in the column mapping of a facility import. */
export const FACILITY_FIELD_LABELS: Readonly<Record<FacilityField, string>> = {
  name: 'Name',
  slug: 'Slug',
  sector: 'Sector',
  naics: 'NAICS code',
  address: 'Address',
  city: 'City',
  state: 'State or region',
  postalCode: 'Postal code',
  country: 'Country',
  latitude: 'Latitude',
  longitude: 'Longitude',
};

/** Coordinates place a facility on the map only as a pair; a facility left out of the boundary says why. */
function checkFacilityRules(facility: Partial<FacilityFields>, context: z.RefinementCtx): void {
  if (facility.isInBoundary === false && !facility.boundaryExclusionReason) {
    context.addIssue({
      code: 'custom',
      path: ['boundaryExclusionReason'],
      message: 'Say why the facility is outside the boundary',
    });
  }
  const hasLatitude = facility.latitude !== null && facility.latitude !== undefined;
  const hasLongitude = facility.longitude !== null && facility.longitude !== undefined;
  if (hasLatitude === hasLongitude) return;
  context.addIssue({
    code: 'custom',
    path: [hasLatitude ? 'longitude' : 'latitude'],
    message: 'Give both latitude and longitude, or neither',
  });
}

/** POST body: a new facility. Its slug is its address in the product and never changes afterwards. */
export const facilityInputSchema = facilityFieldsSchema.superRefine(checkFacilityRules);
export type FacilityInput = z.input<typeof facilityInputSchema>;
export type FacilityValues = z.output<typeof facilityInputSchema>;

/**
 * PATCH body: any of the fields, and `archived` to archive (true) or bring back (false) the facility. The
 * server checks the merged facility with the full schema. `slug` may be sent only unchanged: links, bookmarks
 * and other systems name the facility by it, so it is fixed once the facility exists.
 */
export const facilityPatchSchema = facilityFieldsSchema.partial().extend({
  archived: z.boolean({ error: () => 'Archived must be true or false' }).optional(),
});
export type FacilityPatch = z.input<typeof facilityPatchSchema>;
export type FacilityPatchValues = z.output<typeof facilityPatchSchema>;

export const FACILITY_SLUG_TAKEN = 'Another facility of this realm has this slug already';
export const FACILITY_BUSINESS_UNIT_NOT_FOUND = 'Choose one of the realm’s business units';
export const FACILITY_SLUG_FIXED =
  'The slug cannot change once the facility exists: links to it use the slug';

/** The facility list and the facility view's data. */
export const facilityEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/facilities',
    query: facilityListQuerySchema,
    responses: { 200: facilityListResponseSchema },
  }),
  sectors: defineEndpoint({
    method: 'GET',
    path: '/api/facilities/sectors',
    responses: { 200: facilitySectorsResponseSchema },
  }),
  states: defineEndpoint({
    method: 'GET',
    path: '/api/facilities/states',
    responses: { 200: facilityStatesResponseSchema },
  }),
  map: defineEndpoint({
    method: 'GET',
    path: '/api/facilities/map',
    query: facilityListFilterSchema,
    responses: { 200: facilityMapResponseSchema },
  }),
  detail: defineEndpoint({
    method: 'GET',
    path: '/api/facilities/:slug',
    params: facilitySlugParamsSchema,
    query: facilityDetailQuerySchema,
    responses: { 200: facilityDetailResponseSchema },
  }),
  /** 409 with `fieldErrors['body/slug']` when the realm has a facility of that slug already. */
  create: defineEndpoint({
    method: 'POST',
    path: '/api/facilities',
    body: facilityInputSchema,
    responses: { 201: facilitySchema },
  }),
  /** Edits, archives or brings back a facility; the answer is the facility as stored. */
  update: defineEndpoint({
    method: 'PATCH',
    path: '/api/facilities/:slug',
    params: facilitySlugParamsSchema,
    body: facilityPatchSchema,
    responses: { 200: facilitySchema },
  }),
};
