import { defineEndpoint, noContentSchema } from './endpoint.ts';
import { MAX_REPORTING_YEAR, MIN_REPORTING_YEAR } from './period.ts';
import { uuidSchema } from './validation.ts';
import { z } from './zod.ts';

/*
 * The organisation and its reporting boundary (issue 11, item 1; decision 024): business units as a tree per
 * realm, the realm's consolidation approach, reporting year, base year and its recalculation policy, and the
 * yearly intensity denominators of the realm and of each facility. The inventory reads all of it.
 */

export const CONSOLIDATION_APPROACHES = ['operational-control', 'financial-control', 'equity-share'] as const;
export const consolidationApproachSchema = z.enum(CONSOLIDATION_APPROACHES, {
  error: () => 'Consolidation approach is one of operational-control, financial-control or equity-share',
});
export type ConsolidationApproach = z.infer<typeof consolidationApproachSchema>;

export const CONSOLIDATION_APPROACH_LABELS: Readonly<Record<ConsolidationApproach, string>> = {
  'operational-control': 'Operational control',
  'financial-control': 'Financial control',
  'equity-share': 'Equity share',
};

export const DEFAULT_CONSOLIDATION_APPROACH: ConsolidationApproach = 'operational-control';
export const DEFAULT_OWNERSHIP_SHARE_PERCENT = 100;
export const DEFAULT_RECALCULATION_THRESHOLD_PERCENT = 5;
export const MAX_BUSINESS_UNIT_NAME_LENGTH = 200;
export const MAX_BUSINESS_UNIT_CODE_LENGTH = 50;

/** Blank is no value (null), as a cleared form field sends it. */
function optionalText(label: string, maxLength: number) {
  return z
    .union([
      z.literal(''),
      z.string().trim().max(maxLength, `${label} must be at most ${maxLength} characters`),
    ])
    .nullable()
    .optional()
    .transform((value) => (value === '' || value === undefined ? null : value));
}

/** A facility's ownership share in percent: more than 0, at most 100. */
export const ownershipSharePercentSchema = z
  .number({ error: () => 'Ownership share must be a number' })
  .gt(0, 'Ownership share must be more than 0 %')
  .max(100, 'Ownership share must be at most 100 %');

// Business units ---------------------------------------------------------------------------------------------

export const businessUnitSchema = z.object({
  id: z.string(),
  name: z.string(),
  code: z.string().nullable(),
  parentId: z.string().nullable(),
  /** Facilities (archived ones included) assigned to this unit itself, not to units below it. */
  facilityCount: z.number().int(),
});
export type BusinessUnitDto = z.infer<typeof businessUnitSchema>;

/** The realm's units in one list, parents before their children, siblings by name. */
export const businessUnitListResponseSchema = z.object({ results: z.array(businessUnitSchema) });
export type BusinessUnitListResponse = z.infer<typeof businessUnitListResponseSchema>;

export const businessUnitFieldsSchema = z.object({
  name: z
    .string({ error: () => 'Name is required' })
    .trim()
    .min(1, 'Name is required')
    .max(MAX_BUSINESS_UNIT_NAME_LENGTH, `Name must be at most ${MAX_BUSINESS_UNIT_NAME_LENGTH} characters`),
  code: optionalText('Code', MAX_BUSINESS_UNIT_CODE_LENGTH),
  /** The unit above; null (or absent) for a unit at the top of the tree. */
  parentId: uuidSchema.nullable().optional(),
});

export const businessUnitInputSchema = businessUnitFieldsSchema;
export type BusinessUnitInput = z.input<typeof businessUnitInputSchema>;
export type BusinessUnitValues = z.output<typeof businessUnitInputSchema>;

/** Rename, recode or move: any of the fields; the server refuses a move below the unit itself. */
export const businessUnitPatchSchema = businessUnitFieldsSchema.partial();
export type BusinessUnitPatch = z.input<typeof businessUnitPatchSchema>;
export type BusinessUnitPatchValues = z.output<typeof businessUnitPatchSchema>;

export const businessUnitParamsSchema = z.object({ id: uuidSchema });

export const BUSINESS_UNIT_NOT_FOUND = 'Business unit not found';
export const BUSINESS_UNIT_PARENT_NOT_FOUND = 'The parent business unit does not exist in this realm';
export const BUSINESS_UNIT_CYCLE = 'A business unit cannot move below itself or one of the units below it';
export const BUSINESS_UNIT_NAME_TAKEN = 'Another business unit under the same parent has this name';
export const BUSINESS_UNIT_CODE_TAKEN = 'Another business unit of this realm has this code';

// Boundary --------------------------------------------------------------------------------------------------

/** The month a reporting year starts in: 1 (January) for calendar years, else a fiscal year's first month. */
export const reportingYearStartMonthSchema = z
  .number({ error: () => 'Start month must be a whole number from 1 to 12' })
  .int('Start month must be a whole number from 1 to 12')
  .min(1, 'Start month must be a whole number from 1 to 12')
  .max(12, 'Start month must be a whole number from 1 to 12');

const yearSchema = (label: string) =>
  z
    .number({ error: () => `${label} must be a whole number` })
    .int(`${label} must be a whole number`)
    .min(MIN_REPORTING_YEAR, `${label} must be ${MIN_REPORTING_YEAR} or later`)
    .max(MAX_REPORTING_YEAR, `${label} must be ${MAX_REPORTING_YEAR} or earlier`);

export const boundarySettingsSchema = z.object({
  consolidationApproach: consolidationApproachSchema,
  reportingYearStartMonth: reportingYearStartMonthSchema,
  /** The reporting year later years are compared with; null until one is chosen. */
  baseYear: yearSchema('Base year').nullable(),
  /** A structural or methodological change above this share of base-year emissions recalculates the base year. */
  recalculationThresholdPercent: z
    .number({ error: () => 'Significance threshold must be a number' })
    .gt(0, 'Significance threshold must be more than 0 %')
    .max(100, 'Significance threshold must be at most 100 %'),
});
export type BoundarySettings = z.infer<typeof boundarySettingsSchema>;

export const DEFAULT_BOUNDARY_SETTINGS: BoundarySettings = {
  consolidationApproach: DEFAULT_CONSOLIDATION_APPROACH,
  reportingYearStartMonth: 1,
  baseYear: null,
  recalculationThresholdPercent: DEFAULT_RECALCULATION_THRESHOLD_PERCENT,
};

// Intensity denominators ----------------------------------------------------------------------------------

export const INTENSITY_DENOMINATOR_KINDS = ['revenue', 'production', 'floor-area', 'headcount'] as const;
export const intensityDenominatorKindSchema = z.enum(INTENSITY_DENOMINATOR_KINDS, {
  error: () => 'Kind is one of revenue, production, floor-area or headcount',
});
export type IntensityDenominatorKind = z.infer<typeof intensityDenominatorKindSchema>;

export const INTENSITY_DENOMINATOR_LABELS: Readonly<Record<IntensityDenominatorKind, string>> = {
  revenue: 'Revenue',
  production: 'Production',
  'floor-area': 'Floor area',
  headcount: 'Headcount',
};

export const FLOOR_AREA_UNITS = ['m2', 'ft2'] as const;
export type FloorAreaUnit = (typeof FLOOR_AREA_UNITS)[number];
/** The unit a headcount is stored in: people (full-time equivalents allowed, so fractions are kept). */
export const HEADCOUNT_UNIT = 'people';

export const DENOMINATOR_SCOPES = ['realm', 'facility'] as const;
export const denominatorScopeSchema = z.enum(DENOMINATOR_SCOPES, {
  error: () => 'Scope is realm or facility',
});
export type DenominatorScope = z.infer<typeof denominatorScopeSchema>;

const ISO_CURRENCY_PATTERN = /^[A-Z]{3}$/;

/**
 * Whether `code` is an ISO 4217 currency the runtime knows (`Intl.supportedValuesOf`, the same list in the
 * browser and on the server).
 */
export function isKnownCurrency(code: string): boolean {
  return ISO_CURRENCY_PATTERN.test(code) && KNOWN_CURRENCIES.has(code);
}
const KNOWN_CURRENCIES: ReadonlySet<string> = new Set(Intl.supportedValuesOf('currency'));

export const CURRENCY_MESSAGE = 'Currency must be an ISO 4217 code, such as USD or EUR';

// Realm currency ---------------------------------------------------------------------------------------------

/** The currency of a realm that neither it nor a realm above it chose (decision 050). */
export const DEFAULT_REALM_CURRENCY = 'USD';

/** An ISO 4217 code the runtime knows, in any case on input, upper case after parsing. */
export const currencyCodeSchema = z
  .string({ error: () => CURRENCY_MESSAGE })
  .trim()
  .toUpperCase()
  .refine(isKnownCurrency, CURRENCY_MESSAGE);

/**
 * The currency every money figure of the realm is in: measures' capex and annual cost, the MACC's cost per tonne,
 * the optimizer's cost and budgets (decision 050). Changing it relabels the stored amounts; it converts nothing.
 */
export const realmCurrencyInputSchema = z.object({ currency: currencyCodeSchema });
export type RealmCurrencyInput = z.input<typeof realmCurrencyInputSchema>;

export const realmCurrencySchema = z.object({
  currency: z.string(),
  /** True while the realm has no currency of its own: the nearest realm above it with one, else USD. */
  isInherited: z.boolean(),
});
export type RealmCurrencyDto = z.infer<typeof realmCurrencySchema>;

export const MAX_DENOMINATOR_UNIT_LENGTH = 50;

/**
 * One figure of a year: the realm's (scope `realm`) or a facility's (scope `facility`, named by slug). The unit
 * depends on the kind: an ISO 4217 currency for revenue, an engine unit or a free label for production, m2 or
 * ft2 for floor area, none for headcount.
 */
export const denominatorInputSchema = z
  .object({
    year: yearSchema('Year'),
    scope: denominatorScopeSchema,
    facilitySlug: z.string().trim().max(100).nullable().optional(),
    kind: intensityDenominatorKindSchema,
    amount: z
      .number({ error: () => 'Amount must be a number' })
      .min(0, 'Amount must be 0 or more')
      .max(1e18, 'Amount must be at most 10^18'),
    unit: z
      .string()
      .trim()
      .max(MAX_DENOMINATOR_UNIT_LENGTH, `Unit must be at most ${MAX_DENOMINATOR_UNIT_LENGTH} characters`)
      .nullable()
      .optional(),
  })
  .superRefine((value, context) => {
    if (value.scope === 'facility' && !value.facilitySlug) {
      context.addIssue({ code: 'custom', path: ['facilitySlug'], message: 'Choose the facility' });
    }
    const unit = value.unit ?? '';
    switch (value.kind) {
      case 'revenue':
        if (!isKnownCurrency(unit.toUpperCase())) {
          context.addIssue({
            code: 'custom',
            path: ['unit'],
            message: CURRENCY_MESSAGE,
          });
        }
        break;
      case 'production':
        if (unit === '') context.addIssue({ code: 'custom', path: ['unit'], message: 'Unit is required' });
        break;
      case 'floor-area':
        if (!(FLOOR_AREA_UNITS as readonly string[]).includes(unit)) {
          context.addIssue({ code: 'custom', path: ['unit'], message: 'Floor area is in m2 or ft2' });
        }
        break;
      case 'headcount':
        break;
    }
  })
  .transform((value) => ({
    ...value,
    facilitySlug: value.scope === 'facility' ? (value.facilitySlug ?? null) : null,
    unit:
      value.kind === 'headcount'
        ? HEADCOUNT_UNIT
        : value.kind === 'revenue'
          ? (value.unit ?? '').toUpperCase()
          : (value.unit ?? ''),
  }));
export type DenominatorInput = z.input<typeof denominatorInputSchema>;
export type DenominatorValues = z.output<typeof denominatorInputSchema>;

export const denominatorSchema = z.object({
  id: z.string(),
  year: z.number().int(),
  scope: denominatorScopeSchema,
  facilityId: z.string().nullable(),
  facilitySlug: z.string().nullable(),
  facilityName: z.string().nullable(),
  kind: intensityDenominatorKindSchema,
  amount: z.number(),
  unit: z.string(),
  /** The amount in the kind's common unit (floor area in m2; the others as entered), for intensities. */
  normalizedAmount: z.number(),
  normalizedUnit: z.string(),
});
export type DenominatorDto = z.infer<typeof denominatorSchema>;

export const denominatorListQuerySchema = z.object({
  year: z.coerce
    .number({ error: () => 'Year must be a whole number' })
    .int('Year must be a whole number')
    .min(MIN_REPORTING_YEAR, `Year must be ${MIN_REPORTING_YEAR} or later`)
    .max(MAX_REPORTING_YEAR, `Year must be ${MAX_REPORTING_YEAR} or earlier`)
    .optional(),
  scope: denominatorScopeSchema.optional(),
});
export type DenominatorListQuery = z.infer<typeof denominatorListQuerySchema>;

/** By year (latest first), then the realm's before facilities', then kind. */
export const denominatorListResponseSchema = z.object({ results: z.array(denominatorSchema) });
export type DenominatorListResponse = z.infer<typeof denominatorListResponseSchema>;

export const denominatorParamsSchema = z.object({ id: uuidSchema });
export const DENOMINATOR_NOT_FOUND = 'Intensity denominator not found';
export const DENOMINATOR_FACILITY_NOT_FOUND = 'No facility of this realm has this slug';

export const organisationEndpoints = {
  listBusinessUnits: defineEndpoint({
    method: 'GET',
    path: '/api/organisation/business-units',
    responses: { 200: businessUnitListResponseSchema },
  }),
  /** 400 naming `body/parentId` for a parent not in the realm; 409 naming `body/name` or `body/code` when taken. */
  createBusinessUnit: defineEndpoint({
    method: 'POST',
    path: '/api/organisation/business-units',
    body: businessUnitInputSchema,
    responses: { 201: businessUnitSchema },
  }),
  /** Also refuses (400, `body/parentId`) a move below the unit itself or one of its descendants. */
  updateBusinessUnit: defineEndpoint({
    method: 'PATCH',
    path: '/api/organisation/business-units/:id',
    params: businessUnitParamsSchema,
    body: businessUnitPatchSchema,
    responses: { 200: businessUnitSchema },
  }),
  /** 409 while facilities or units below belong to it, naming them. */
  deleteBusinessUnit: defineEndpoint({
    method: 'DELETE',
    path: '/api/organisation/business-units/:id',
    params: businessUnitParamsSchema,
    responses: { 204: noContentSchema },
  }),
  boundary: defineEndpoint({
    method: 'GET',
    path: '/api/organisation/boundary',
    responses: { 200: boundarySettingsSchema },
  }),
  updateBoundary: defineEndpoint({
    method: 'PUT',
    path: '/api/organisation/boundary',
    body: boundarySettingsSchema,
    responses: { 200: boundarySettingsSchema },
  }),
  currency: defineEndpoint({
    method: 'GET',
    path: '/api/organisation/currency',
    responses: { 200: realmCurrencySchema },
  }),
  /** Relabels the realm's money figures; 400 naming `body/currency` for a code that is not ISO 4217. */
  updateCurrency: defineEndpoint({
    method: 'PUT',
    path: '/api/organisation/currency',
    body: realmCurrencyInputSchema,
    responses: { 200: realmCurrencySchema },
  }),
  listDenominators: defineEndpoint({
    method: 'GET',
    path: '/api/organisation/denominators',
    query: denominatorListQuerySchema,
    responses: { 200: denominatorListResponseSchema },
  }),
  /** Sets the year's figure of that kind for the realm or the facility, replacing the one there was. */
  upsertDenominator: defineEndpoint({
    method: 'PUT',
    path: '/api/organisation/denominators',
    body: denominatorInputSchema,
    responses: { 200: denominatorSchema },
  }),
  deleteDenominator: defineEndpoint({
    method: 'DELETE',
    path: '/api/organisation/denominators/:id',
    params: denominatorParamsSchema,
    responses: { 204: noContentSchema },
  }),
};
