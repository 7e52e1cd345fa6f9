import { defineEndpoint } from './endpoint.ts';
import { pagedSchema } from './api-error.ts';
import { reportingYearSchema } from './period.ts';
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

export const facilitySchema = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  sector: z.string(),
  naics: z.string().nullable(),
  location: facilityLocationSchema,
  /** kg CO2e (Scope 2 location-based) of the latest year with results; null when there are none. */
  co2eKgLatestYear: z.number().nullable(),
  latestYear: z.number().int().nullable(),
});
export type FacilityDto = z.infer<typeof facilitySchema>;

/** Query-string values arrive as text, so the numbers are coerced. */
export const facilityListQuerySchema = z.object({
  q: z.string().optional(),
  sector: z.string().optional(),
  limit: z.coerce.number().int().min(1).max(MAX_FACILITY_PAGE_SIZE).default(DEFAULT_FACILITY_PAGE_SIZE),
  offset: z.coerce.number().int().min(0).default(0),
});
export type FacilityListQuery = z.infer<typeof facilityListQuerySchema>;

export const facilityListResponseSchema = pagedSchema(facilitySchema);
export type FacilityListResponse = z.infer<typeof facilityListResponseSchema>;

export const facilitySectorsResponseSchema = z.object({
  results: z.array(z.object({ sector: z.string(), count: z.number().int() })),
});
export type FacilitySectorsResponse = z.infer<typeof facilitySectorsResponseSchema>;

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

export const facilityDetailResponseSchema = z.object({
  facility: facilitySchema,
  summary: facilitySummarySchema,
});
export type FacilityDetailResponse = z.infer<typeof facilityDetailResponseSchema>;

export const facilitySlugParamsSchema = z.object({ slug: z.string().min(1) });
export const facilityDetailQuerySchema = z.object({ year: reportingYearSchema.optional() });
export type FacilityDetailQuery = z.infer<typeof facilityDetailQuerySchema>;

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
  detail: defineEndpoint({
    method: 'GET',
    path: '/api/facilities/:slug',
    params: facilitySlugParamsSchema,
    query: facilityDetailQuerySchema,
    responses: { 200: facilityDetailResponseSchema },
  }),
};
