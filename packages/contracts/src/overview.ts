import { defineEndpoint } from './endpoint.ts';
import { exportFormatSchema } from './exports.ts';
import { scopeTotalsSchema } from './facilities.ts';
import { reportingYearSchema } from './period.ts';
import { z } from './zod.ts';

/*
 * The realm overview on `/` (issue 10, item 1). Calculated figures are the realm's emission results on its GWP
 * set; results on another set are counted apart and never summed in. Facilities that only reported to a
 * programme (EPA GHGRP) for a year are "reported" and kept apart from the calculated totals. Masses are kg.
 */

export const OVERVIEW_TOP_COUNT = 10;
/** Facilities named under each top source. */
export const OVERVIEW_SOURCE_FACILITY_COUNT = 3;

export const overviewQuerySchema = z.object({ year: reportingYearSchema.optional() });
export type OverviewQuery = z.infer<typeof overviewQuerySchema>;

const facilityRefShape = {
  slug: z.string(),
  name: z.string(),
  sector: z.string(),
  state: z.string().nullable(),
  country: z.string(),
};

export const overviewYearTotalsSchema = scopeTotalsSchema.extend({
  year: z.number().int(),
  /** Facilities with calculated results in the year. */
  facilityCount: z.number().int(),
});
export type OverviewYearTotals = z.infer<typeof overviewYearTotalsSchema>;

export const overviewCalculatedSchema = z.object({
  /** The realm's GWP set: every figure of this part is on it. */
  gwpSetId: z.string(),
  /** The selected year's totals (zeros when it has no results); null when no year is selected. */
  totals: overviewYearTotalsSchema.nullable(),
  /** The year before, for comparison; null when it has no results. */
  previous: overviewYearTotalsSchema.nullable(),
  /** Every year with results, ascending. */
  trend: z.array(overviewYearTotalsSchema),
  /** The selected year's largest emitters by CO2e (Scope 2 location-based), largest first. */
  topFacilities: z.array(z.object({ ...facilityRefShape, ...scopeTotalsSchema.shape })),
  /** The selected year's largest sources (activity types) across the realm, with their largest facilities. */
  topSources: z.array(
    z.object({
      activityType: z.string(),
      co2eKg: z.number(),
      facilityCount: z.number().int(),
      topFacilities: z.array(z.object({ slug: z.string(), name: z.string(), co2eKg: z.number() })),
    }),
  ),
});
export type OverviewCalculated = z.infer<typeof overviewCalculatedSchema>;

const reportedAmountShape = {
  /** The set the programme's CO2e was stored on at import. */
  gwpSetId: z.string(),
  /** The programme and edition, e.g. "EPA GHGRP 2020". */
  source: z.string(),
  co2eKg: z.number(),
};

export const overviewReportedSchema = z.object({
  /** The selected year's reported totals, one per programme edition and GWP set (never summed across sets). */
  totals: z.array(z.object({ ...reportedAmountShape, facilityCount: z.number().int() })),
  /** Every year with reported data, per programme edition and GWP set. */
  trend: z.array(
    z.object({ year: z.number().int(), ...reportedAmountShape, facilityCount: z.number().int() }),
  ),
  /** The selected year's largest reporting facilities, largest first. */
  topFacilities: z.array(z.object({ ...facilityRefShape, ...reportedAmountShape })),
});
export type OverviewReported = z.infer<typeof overviewReportedSchema>;

export const overviewDataQualitySchema = z.object({
  /** Flags of the selected year's months, as the facility view shows them. */
  gaps: z.number().int(),
  outliers: z.number().int(),
  estimated: z.number().int(),
  /** Facilities with at least one flag in the year. */
  facilityCount: z.number().int(),
  /** The facilities with the most flags, most first. */
  topFacilities: z.array(
    z.object({
      slug: z.string(),
      name: z.string(),
      gaps: z.number().int(),
      outliers: z.number().int(),
      estimated: z.number().int(),
    }),
  ),
});
export type OverviewDataQuality = z.infer<typeof overviewDataQualitySchema>;

export const overviewResponseSchema = z.object({
  /** The year shown: the one asked for, else the latest with data; null when the realm has no data at all. */
  year: z.number().int().nullable(),
  /** Years with calculated or reported data, ascending: what the period selector offers. */
  years: z.array(z.number().int()),
  /** Every facility of the realm. */
  facilityCount: z.number().int(),
  calculated: overviewCalculatedSchema,
  reported: overviewReportedSchema,
  dataQuality: overviewDataQualitySchema,
});
export type OverviewResponse = z.infer<typeof overviewResponseSchema>;

/** The years a period selector offers: those with calculated results on the realm's set or reported data. */
export const reportingYearsResponseSchema = z.object({ years: z.array(z.number().int()) });
export type ReportingYearsResponse = z.infer<typeof reportingYearsResponseSchema>;

/**
 * The overview's tables as files: each ranking whole (every facility or source of the year, not only the top the
 * page shows), of the year asked for, else the latest with data, as `get` chooses it.
 */
export const OVERVIEW_EXPORT_TABLES = ['facilities', 'sources', 'reported', 'data-quality'] as const;
export type OverviewExportTable = (typeof OVERVIEW_EXPORT_TABLES)[number];
export const overviewExportQuerySchema = overviewQuerySchema.extend({
  table: z.enum(OVERVIEW_EXPORT_TABLES),
  format: exportFormatSchema,
});
export type OverviewExportQuery = z.infer<typeof overviewExportQuerySchema>;

export const overviewEndpoints = {
  get: defineEndpoint({
    method: 'GET',
    path: '/api/overview',
    query: overviewQuerySchema,
    responses: { 200: overviewResponseSchema },
  }),
  years: defineEndpoint({
    method: 'GET',
    path: '/api/overview/years',
    responses: { 200: reportingYearsResponseSchema },
  }),
  /** A file download (CSV or XLSX) of one of the overview's rankings. */
  export: defineEndpoint({
    method: 'GET',
    path: '/api/exports/overview',
    query: overviewExportQuerySchema,
    responses: { 200: z.unknown() },
  }),
};
