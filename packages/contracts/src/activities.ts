import { apiErrorSchema, estimateFailureSchema, pagedSchema } from './api-error.ts';
import { auditEntrySchema } from './audit.ts';
import { defineEndpoint } from './endpoint.ts';
import { facilitySlugParamsSchema } from './facilities.ts';
import { z } from './zod.ts';

/*
 * Activity records (issue 4, item 5): what a facility consumed or did in a period. These schemas check shapes
 * and the rules between fields; whether the unit converts to the factor's basis is decided by the emissions
 * engine in @ecc/domain, which the server answers with 422 naming the field.
 */

export const MAX_ACTIVITY_RECORD_PAGE_SIZE = 20000;
export const DEFAULT_ACTIVITY_RECORD_PAGE_SIZE = 500;

const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
const dateSchema = z
  .string()
  .regex(DATE_PATTERN, 'Must be a date as YYYY-MM-DD')
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), 'Must be a date as YYYY-MM-DD');

export const activityScopeSchema = z.union([z.literal(1), z.literal(2), z.literal(3)]);

/** The fields of a record without the rules between them, so the partial (PATCH) form can be derived. */
export const activityRecordFieldsSchema = z.object({
  activityType: z.string().trim().min(1, 'Activity type is required'),
  periodStart: dateSchema,
  periodEnd: dateSchema,
  quantity: z.number().min(0, 'Quantity must be zero or more'),
  unit: z.string().trim().min(1, 'Unit is required'),
  factorKey: z.string().trim().min(1, 'Factor is required'),
  scope: activityScopeSchema,
  scope3Category: z.number().int().min(1).max(15).nullable().optional(),
  certificateCoverage: z.number().min(0).max(1).nullable().optional(),
  isEstimated: z.boolean().optional(),
  equipmentId: z.uuid({ message: 'Must be a valid equipment id' }).nullable().optional(),
  notes: z.string().max(2000).nullable().optional(),
});

type ActivityRecordFields = z.infer<typeof activityRecordFieldsSchema>;

/** The rules between fields, each reported on the field the user has to change. */
function checkActivityRecordRules(record: ActivityRecordFields, context: z.RefinementCtx): void {
  if (record.periodEnd < record.periodStart) {
    context.addIssue({
      code: 'custom',
      path: ['periodEnd'],
      message: 'Period end must not be before period start',
    });
  }
  if (record.scope3Category != null && record.scope !== 3) {
    context.addIssue({
      code: 'custom',
      path: ['scope3Category'],
      message: 'A Scope 3 category is only given with scope 3',
    });
  }
  if (record.certificateCoverage != null && record.scope !== 2) {
    context.addIssue({
      code: 'custom',
      path: ['certificateCoverage'],
      message: 'Certificate coverage is only given with scope 2',
    });
  }
}

/** POST body; also what a PATCH is merged into and checked against. */
export const activityRecordInputSchema = activityRecordFieldsSchema.superRefine(checkActivityRecordRules);
export type ActivityRecordInput = z.infer<typeof activityRecordInputSchema>;

/** A record's version as read: every change adds one, and a write naming an older one is refused (409). */
export const activityRecordVersionSchema = z.number().int().min(1);

/**
 * PATCH body: the version the change was made on and any subset of the fields; the server checks the merged
 * record with the full schema.
 */
export const activityRecordPatchSchema = activityRecordFieldsSchema
  .partial()
  .extend({ version: activityRecordVersionSchema });
export type ActivityRecordPatch = z.infer<typeof activityRecordPatchSchema>;

/** DELETE query: with `version`, the record is deleted only if nobody changed it since (409 otherwise). */
export const activityRecordDeleteQuerySchema = z.object({
  version: z.coerce.number().int().min(1).optional(),
});

export const activityRecordSchema = z.object({
  id: z.string(),
  facilityId: z.string(),
  equipmentId: z.string().nullable(),
  activityType: z.string(),
  periodStart: z.string(),
  periodEnd: z.string(),
  quantity: z.number(),
  unit: z.string(),
  factorKey: z.string(),
  scope: z.number().int(),
  scope3Category: z.number().int().nullable(),
  certificateCoverage: z.number().nullable(),
  isEstimated: z.boolean(),
  notes: z.string().nullable(),
  /** kg CO2e; Scope 2 location-based. */
  co2eKg: z.number(),
  /** kg CO2e market-based, for Scope 2 only. */
  co2eKgMarket: z.number().nullable(),
  /** The GWP set of `co2eKg` and `co2eKgMarket` (the realm's); null when the record has no results. */
  gwpSetId: z.string().nullable(),
  /** Goes up by one with every change; an edit sends the version it was made on. */
  version: z.number().int(),
  createdOn: z.string(),
  modifiedOn: z.string(),
});
export type ActivityRecordDto = z.infer<typeof activityRecordSchema>;

/** A write made on an older version of the record (409): the record as it is now, to show what changed. */
export const staleActivityRecordSchema = apiErrorSchema.extend({ current: activityRecordSchema });
export type StaleActivityRecordResponse = z.infer<typeof staleActivityRecordSchema>;

export const ACTIVITY_RECORD_SORT_FIELDS = [
  'periodStart',
  'activityType',
  'quantity',
  'unit',
  'factorKey',
  'co2eKg',
  'scope',
  'isEstimated',
  'modifiedOn',
] as const;
export type ActivityRecordSortField = (typeof ACTIVITY_RECORD_SORT_FIELDS)[number];

/** `sort` is a field name, descending with a leading `-` (e.g. `-periodStart`). */
export const activityRecordSortSchema = z.enum([
  ...ACTIVITY_RECORD_SORT_FIELDS,
  ...ACTIVITY_RECORD_SORT_FIELDS.map((field) => `-${field}` as const),
] as [string, ...string[]]);

/** Query-string values arrive as text, so the numbers are coerced. */
export const activityRecordListQuerySchema = z.object({
  q: z.string().optional(),
  sort: activityRecordSortSchema.default('-periodStart'),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(MAX_ACTIVITY_RECORD_PAGE_SIZE)
    .default(DEFAULT_ACTIVITY_RECORD_PAGE_SIZE),
  offset: z.coerce.number().int().min(0).default(0),
});
export type ActivityRecordListQuery = z.infer<typeof activityRecordListQuerySchema>;

export const activityRecordListResponseSchema = pagedSchema(activityRecordSchema);
export type ActivityRecordListResponse = z.infer<typeof activityRecordListResponseSchema>;

export const activityRecordIdParamsSchema = z.object({ id: z.string() });
export type ActivityRecordIdParams = z.infer<typeof activityRecordIdParamsSchema>;

/** A factor as the trail shows it: which edition of which source. */
export const trailFactorSchema = z.object({
  key: z.string(),
  name: z.string(),
  source: z.string(),
  version: z.string(),
  year: z.number().int(),
  per: z.string(),
  gases: z.record(z.string(), z.object({ value: z.number(), unit: z.string() })),
  hhv: z.object({ value: z.number(), energy: z.string(), per: z.string() }).optional(),
});
export type TrailFactor = z.infer<typeof trailFactorSchema>;

export const calculationMethodSchema = z.object({ id: z.string(), name: z.string(), formula: z.string() });
export type CalculationMethodDto = z.infer<typeof calculationMethodSchema>;

/** One step towards the factor's unit: × or ÷ a ratio (`kWh/MWh`, a heat content `mmBtu/gal`). */
export const conversionStepSchema = z.object({
  operation: z.enum(['multiply', 'divide']),
  value: z.number(),
  unit: z.string(),
  kind: z.enum(['unit-conversion', 'heat-content']),
});
export type ConversionStepDto = z.infer<typeof conversionStepSchema>;

/**
 * How a result came about, as the engine did it (`explainResult` in @ecc/domain): quantity × (1 − coverage) ×
 * conversion = quantity in the factor's unit; × each gas's factor = its mass (stored); × its GWP = its CO2e; their
 * sum (or the published CO2e factor's product) = the stored CO2e.
 */
export const resultArithmeticSchema = z.object({
  quantity: z.number(),
  unit: z.string(),
  certificateCoverage: z.number().nullable(),
  conversion: z.array(conversionStepSchema),
  basisQuantity: z.number(),
  basisUnit: z.string(),
  gases: z.array(
    z.object({
      gas: z.string(),
      factorValue: z.number(),
      factorUnit: z.string(),
      toKg: z.number(),
      massKg: z.number(),
      gwp: z.number().nullable(),
      co2eKg: z.number(),
    }),
  ),
  publishedCo2e: z
    .object({ factorValue: z.number(), factorUnit: z.string(), toKg: z.number(), gwpSetId: z.string() })
    .nullable(),
  co2eKg: z.number(),
  gwpSetId: z.string(),
});
export type ResultArithmeticDto = z.infer<typeof resultArithmeticSchema>;

export const activityRecordTrailResultSchema = z.object({
  scope2Method: z.enum(['location', 'market']).nullable(),
  /** kg of each gas, before any GWP. */
  gases: z.record(z.string(), z.number()),
  co2eKg: z.number(),
  gwpSetId: z.string(),
  /** Market-based result that used a grid-average factor. */
  isFallback: z.boolean(),
  factor: trailFactorSchema,
  method: calculationMethodSchema,
  /** The arithmetic step by step; null when the factor is unknown (then only the stored figures are shown). */
  arithmetic: resultArithmeticSchema.nullable(),
});
export type ActivityRecordTrailResult = z.infer<typeof activityRecordTrailResultSchema>;

export const activityRecordTrailResponseSchema = z.object({
  /** The slug of the record's facility, for links back to the record on its facility's page. */
  facilitySlug: z.string(),
  record: activityRecordSchema,
  results: z.array(activityRecordTrailResultSchema),
  audit: z.array(auditEntrySchema),
});
export type ActivityRecordTrailResponse = z.infer<typeof activityRecordTrailResponseSchema>;

/** Which total the trail explains; every filter is optional. */
export const facilityTrailQuerySchema = z.object({
  year: z.coerce.number().int().min(1900).max(2200).optional(),
  scope: z.coerce.number().int().min(1).max(3).optional(),
  activityType: z.string().optional(),
  gas: z.string().optional(),
  /** A month of the monthly chart, `YYYY-MM`. */
  month: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Expected a month as YYYY-MM')
    .optional(),
  /** An equipment bar: that equipment's id, or `none` for the records not linked to equipment. */
  equipmentId: z.union([z.uuid(), z.literal('none')]).optional(),
});
export type FacilityTrailQuery = z.infer<typeof facilityTrailQuerySchema>;

export const FACILITY_TRAIL_RECORD_LIMIT = 200;
export const FACILITY_TRAIL_AUDIT_LIMIT = 50;

export const facilityTrailResponseSchema = z.object({
  /** kg CO2e of the records in the total (Scope 2 location-based; with `gas`, that gas's CO2e only). */
  co2eKg: z.number(),
  /** The GWP set of `co2eKg`: the realm's. */
  gwpSetId: z.string(),
  recordCount: z.number().int(),
  /** The first 200 records of the total. */
  records: z.array(activityRecordSchema),
  factors: z.array(trailFactorSchema),
  methods: z.array(calculationMethodSchema),
  /** The latest 50 audit entries about these records. */
  audit: z.array(auditEntrySchema),
});
export type FacilityTrailResponse = z.infer<typeof facilityTrailResponseSchema>;

/** Activity records of a facility, their changes and their trails (issue 4 item 5; issue 10 items 6 and 12). */
export const activityRecordEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/facilities/:slug/activity-records',
    params: facilitySlugParamsSchema,
    query: activityRecordListQuerySchema,
    responses: { 200: activityRecordListResponseSchema },
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/api/facilities/:slug/activity-records',
    params: facilitySlugParamsSchema,
    body: activityRecordInputSchema,
    responses: { 201: activityRecordSchema, 422: estimateFailureSchema },
  }),
  update: defineEndpoint({
    method: 'PATCH',
    path: '/api/activity-records/:id',
    params: activityRecordIdParamsSchema,
    body: activityRecordPatchSchema,
    responses: {
      200: activityRecordSchema,
      // Stale (with the record as it is now), or a Scope 3 line, which only the Scope 3 API changes.
      409: z.union([staleActivityRecordSchema, apiErrorSchema]),
      422: estimateFailureSchema,
    },
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/api/activity-records/:id',
    params: activityRecordIdParamsSchema,
    query: activityRecordDeleteQuerySchema,
    responses: { 200: activityRecordSchema, 409: staleActivityRecordSchema },
  }),
  trail: defineEndpoint({
    method: 'GET',
    path: '/api/activity-records/:id/trail',
    params: activityRecordIdParamsSchema,
    responses: { 200: activityRecordTrailResponseSchema },
  }),
  facilityTrail: defineEndpoint({
    method: 'GET',
    path: '/api/facilities/:slug/trail',
    params: facilitySlugParamsSchema,
    query: facilityTrailQuerySchema,
    responses: { 200: facilityTrailResponseSchema },
  }),
  /** The record's trail as CSV, one row per result (`text/csv`, a download). */
  trailCsv: defineEndpoint({
    method: 'GET',
    path: '/api/activity-records/:id/trail.csv',
    params: activityRecordIdParamsSchema,
    responses: { 200: z.string() },
  }),
  /** A facility total's trail as CSV: every record of the total (not only the first 200), one row per result. */
  facilityTrailCsv: defineEndpoint({
    method: 'GET',
    path: '/api/facilities/:slug/trail.csv',
    params: facilitySlugParamsSchema,
    query: facilityTrailQuerySchema,
    responses: { 200: z.string() },
  }),
  /** The record's trail as a workbook: the CSV's columns, numbers as numbers. */
  trailXlsx: defineEndpoint({
    method: 'GET',
    path: '/api/activity-records/:id/trail.xlsx',
    params: activityRecordIdParamsSchema,
    responses: { 200: z.unknown() },
  }),
  /** A facility total's trail as a workbook: every record of the total, the CSV's columns. */
  facilityTrailXlsx: defineEndpoint({
    method: 'GET',
    path: '/api/facilities/:slug/trail.xlsx',
    params: facilitySlugParamsSchema,
    query: facilityTrailQuerySchema,
    responses: { 200: z.unknown() },
  }),
};
