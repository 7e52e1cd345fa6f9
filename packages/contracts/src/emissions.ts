import { estimateFailureSchema, pagedSchema } from './api-error.ts';
import { defineEndpoint, noContentSchema } from './endpoint.ts';
import { gwpSetIdSchema } from './gwp-set.ts';
import { expectedReceivedMessage } from './messages.ts';
import { z } from './zod.ts';
import { describeReceivedType } from './zod-error-map.ts';

/*
 * The estimate API (issue 4, item 4) and the factor list (item 2). These schemas check types and shapes only:
 * which units, gases and factor ids exist, and how they combine, is decided by the emissions engine in
 * @ecc/domain, which answers 422 naming every bad item, so there is one source of truth for those rules.
 */

const gasFactorInputSchema = z.object({ value: z.number(), unit: z.string() });

const heatContentInputSchema = z.object({ value: z.number(), energy: z.string(), per: z.string() });

const calorificBasisSchema = z.enum(['gross', 'net']);

/** A factor given with the item (supplier-specific or custom), in the same shape as a library factor. */
export const inlineFactorSchema = z.object({
  per: z.string(),
  gases: z.record(z.string(), gasFactorInputSchema).optional(),
  co2e: z.object({ value: z.number(), unit: z.string(), gwp: z.string() }).optional(),
  hhv: heatContentInputSchema.optional(),
  electricityBasis: z.enum(['grid-average', 'residual-mix', 'supplier-specific']).optional(),
  calorificBasis: calorificBasisSchema.optional(),
});

/**
 * Any JSON number. JSON text such as `1e999` parses to Infinity, which `z.number()` would refuse with a 400; it
 * is let through so that the engine reports the non-finite quantity with the item's id, as issue 4 requires.
 */
const jsonNumberSchema = z.custom<number>((value) => typeof value === 'number', {
  error: (issue) => expectedReceivedMessage('number', describeReceivedType(issue.input)),
});

export const estimateItemSchema = z.object({
  id: z.string(),
  quantity: jsonNumberSchema,
  unit: z.string(),
  factor: z.union([z.object({ id: z.string() }), inlineFactorSchema]),
  /** A measured heat content; it takes precedence over the factor's default HHV. */
  hhv: heatContentInputSchema.optional(),
  scope: z.union([z.literal(1), z.literal(2), z.literal(3)]).optional(),
  scope2Method: z.enum(['location', 'market']).optional(),
  /** Market-based Scope 2: the share (0..1) of the quantity covered by qualifying certificates. */
  certificateCoverage: z.number().optional(),
  scope3Category: z.number().optional(),
  calorificBasis: calorificBasisSchema.optional(),
});
export type EstimateItemInput = z.infer<typeof estimateItemSchema>;

export const estimateRequestSchema = z.object({
  /** Omitted: the caller's realm's reporting set, the one its saved records are calculated on. */
  gwp: gwpSetIdSchema.optional(),
  items: z.array(estimateItemSchema),
});
export type EstimateRequestBody = z.infer<typeof estimateRequestSchema>;

export const estimateItemResultSchema = z.object({
  id: z.string(),
  /** kg of each gas, before any GWP. */
  gases: z.record(z.string(), z.number()),
  /** kg CO2e on the requested GWP set. */
  co2e: z.number(),
  /** Set (true) when a market-based Scope 2 result used a grid-average factor, which must be disclosed. */
  isGridAverageFallback: z.literal(true).optional(),
});

export const estimateResponseSchema = z.object({
  gwp: gwpSetIdSchema,
  items: z.array(estimateItemResultSchema),
  totals: z.object({
    /** Σ co2e of all items (kg); dual-reported Scope 2 counts twice here, the split below does not. */
    co2e: z.number(),
    scope1: z.number(),
    scope2LocationBased: z.number(),
    scope2MarketBased: z.number(),
    scope3: z.number(),
  }),
});
export type EstimateResponse = z.infer<typeof estimateResponseSchema>;

/** The 422 answer: every bad item with its path in the request (`items.3.unit`); `id` is null for the request. */
export const emissionFactorSchema = z.object({
  id: z.string(),
  name: z.string(),
  source: z.string(),
  year: z.number().int(),
  per: z.string(),
  gases: z.record(z.string(), z.object({ value: z.number(), unit: z.string() })),
  /** Present on factors published as CO2e only (their `gases` is empty). */
  co2e: z.object({ value: z.number(), unit: z.string(), gwp: z.string() }).optional(),
  hhv: z.object({ value: z.number(), energy: z.string(), per: z.string() }).optional(),
});
export type EmissionFactorDto = z.infer<typeof emissionFactorSchema>;

export const MAX_EMISSION_FACTOR_PAGE_SIZE = 500;
export const DEFAULT_EMISSION_FACTOR_PAGE_SIZE = 50;

/** Query-string values arrive as text, so the numbers are coerced. */
export const emissionFactorListQuerySchema = z.object({
  q: z.string().optional(),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(MAX_EMISSION_FACTOR_PAGE_SIZE)
    .default(DEFAULT_EMISSION_FACTOR_PAGE_SIZE),
  offset: z.coerce.number().int().min(0).default(0),
});
export type EmissionFactorListQuery = z.infer<typeof emissionFactorListQuerySchema>;

export const emissionFactorListResponseSchema = pagedSchema(emissionFactorSchema);
export type EmissionFactorListResponse = z.infer<typeof emissionFactorListResponseSchema>;

const scopeSchema = z.union([z.literal(1), z.literal(2), z.literal(3)]);
const electricityBasisSchema = z.enum(['grid-average', 'residual-mix', 'supplier-specific']);

/**
 * A realm's own factor (supplier-specific or custom), in the library's shape. Which units, gases and
 * combinations are valid is checked by the engine (422 naming the field), as for inline estimate factors.
 */
export const realmEmissionFactorInputSchema = z.object({
  name: z.string().trim().min(1).max(200),
  source: z.string().trim().min(1).max(500),
  year: z.number().int().min(1900).max(2200),
  per: z.string(),
  gases: z.record(z.string(), gasFactorInputSchema).optional(),
  co2e: z.object({ value: z.number(), unit: z.string(), gwp: z.string() }).optional(),
  hhv: heatContentInputSchema.optional(),
  /** The scope records with this factor default to; estimates without a scope need it. */
  scope: scopeSchema.optional(),
  /** Electricity factors: how Scope 2 may use it (supplier-specific and residual-mix are market-based only). */
  electricityBasis: electricityBasisSchema.optional(),
  calorificBasis: calorificBasisSchema.optional(),
});
export type RealmEmissionFactorInput = z.infer<typeof realmEmissionFactorInputSchema>;

/** A realm factor as answered by create and publish: the library shape plus its status. */
export const realmEmissionFactorSchema = emissionFactorSchema.extend({
  status: z.enum(['draft', 'published']),
  scope: scopeSchema.optional(),
  electricityBasis: electricityBasisSchema.optional(),
  calorificBasis: calorificBasisSchema.optional(),
});
export type RealmEmissionFactorDto = z.infer<typeof realmEmissionFactorSchema>;

/** `GET /api/emission-factors/drafts`: pages of the realm's drafts (a realm has few; no search). */
export const realmEmissionFactorDraftListQuerySchema = emissionFactorListQuerySchema.omit({ q: true });
export type RealmEmissionFactorDraftListQuery = z.infer<typeof realmEmissionFactorDraftListQuerySchema>;

export const realmEmissionFactorListResponseSchema = pagedSchema(realmEmissionFactorSchema);
export type RealmEmissionFactorListResponse = z.infer<typeof realmEmissionFactorListResponseSchema>;

export const emissionFactorIdParamsSchema = z.object({ id: z.string().min(1).max(200) });

/** The estimate API (issue 4, item 4), the emission factor library and the realm's own factors (item 2). */
export const emissionEndpoints = {
  /** A 422 names every item the engine cannot calculate, by its id and path: an answer, not a field refusal. */
  estimate: defineEndpoint({
    method: 'POST',
    path: '/api/emissions/estimate',
    body: estimateRequestSchema,
    responses: { 200: estimateResponseSchema, 422: estimateFailureSchema },
  }),
  factors: defineEndpoint({
    method: 'GET',
    path: '/api/emission-factors',
    query: emissionFactorListQuerySchema,
    responses: { 200: emissionFactorListResponseSchema },
  }),
  drafts: defineEndpoint({
    method: 'GET',
    path: '/api/emission-factors/drafts',
    query: realmEmissionFactorDraftListQuerySchema,
    responses: { 200: realmEmissionFactorListResponseSchema },
  }),
  createFactor: defineEndpoint({
    method: 'POST',
    path: '/api/emission-factors',
    body: realmEmissionFactorInputSchema,
    responses: { 201: realmEmissionFactorSchema },
  }),
  updateFactor: defineEndpoint({
    method: 'PUT',
    path: '/api/emission-factors/:id',
    params: emissionFactorIdParamsSchema,
    body: realmEmissionFactorInputSchema,
    responses: { 200: realmEmissionFactorSchema },
  }),
  publishFactor: defineEndpoint({
    method: 'POST',
    path: '/api/emission-factors/:id/publish',
    params: emissionFactorIdParamsSchema,
    responses: { 200: realmEmissionFactorSchema },
  }),
  deleteFactor: defineEndpoint({
    method: 'DELETE',
    path: '/api/emission-factors/:id',
    params: emissionFactorIdParamsSchema,
    responses: { 204: noContentSchema },
  }),
};
