import { defineEndpoint } from './endpoint.ts';
import { exportFormatSchema } from './exports.ts';
import { MAX_REPORTING_YEAR, MIN_REPORTING_YEAR, reportingYearSchema } from './period.ts';
import { consolidationApproachSchema, intensityDenominatorKindSchema } from './organisation.ts';
import { z } from './zod.ts';

/*
 * The realm's GHG inventory of one reporting year (issue 11, item 2; GHG Protocol Corporate Standard): Scope 1
 * with the seven Kyoto gases, Scope 2 location- and market-based side by side, Scope 3 by category, biogenic CO2
 * apart, by business unit, facility and country, compared with the base year and the year before. Every mass is
 * kg (as the estimate API answers), consolidated under the realm's approach (equity share scales a facility,
 * control approaches count it wholly or not at all). Totals count Scope 2 location-based; market-based stands
 * beside them. A year is the realm's reporting year (a fiscal year is named by the year it ends in).
 *
 * A year with no emission results answers 404 naming `querystring/year` (the selector offers the years with data
 * from `GET /api/reports/inventory/years`).
 */

/** The seven gases (groups) of the Kyoto Protocol the GHG Protocol asks to report separately. */
export const KYOTO_GASES = ['CO2', 'CH4', 'N2O', 'HFCs', 'PFCs', 'SF6', 'NF3'] as const;
export type KyotoGas = (typeof KYOTO_GASES)[number];

export const INVENTORY_NO_DATA = 'This realm has no emission results in the reporting year asked for';

export const inventoryQuerySchema = z.object({ year: reportingYearSchema });
export type InventoryQuery = z.infer<typeof inventoryQuerySchema>;

const gasAmountsSchema = z.object({
  CO2: z.number(),
  CH4: z.number(),
  N2O: z.number(),
  HFCs: z.number(),
  PFCs: z.number(),
  SF6: z.number(),
  NF3: z.number(),
});
export type GasAmounts = z.infer<typeof gasAmountsSchema>;

/** CO2e (kg) by scope, Scope 2 both ways; `co2e` counts Scope 2 location-based. */
const scopeAmountsShape = {
  scope1: z.number(),
  scope2Location: z.number(),
  scope2Market: z.number(),
  scope3: z.number(),
  co2e: z.number(),
};
export const inventoryScopeAmountsSchema = z.object(scopeAmountsShape);
export type InventoryScopeAmounts = z.infer<typeof inventoryScopeAmountsSchema>;

/**
 * Where a facility's figures come from (decision 039): its calculated results, or, when it has none in the year,
 * what it reported to EPA's GHGRP (Scope 1 only).
 */
export const INVENTORY_FACILITY_SOURCES = ['calculated', 'reported'] as const;

/** A facility's year as reported to EPA's GHGRP; masses and CO2e in kg. */
export const inventoryReportedFacilitySchema = z.object({
  facilityId: z.string(),
  slug: z.string(),
  name: z.string(),
  /** False when the facility has calculated results in the year: those are counted, this is shown only. */
  isCounted: z.boolean(),
  /** The reported Scope 1 CO2e on the realm's GWP set (single gases re-based, gas groups as published). */
  co2e: z.number(),
  /** EPA's total as published, on `publishedGwp`. */
  publishedCo2e: z.number(),
  publishedGwp: z.string(),
  /** Masses of the single gases (CO2, CH4, N2O, SF6, NF3). */
  gases: z.record(z.string(), z.number()),
  /** CO2e of gas groups EPA publishes only as CO2e (HFC, PFC, …), as published. */
  gasGroupsCo2e: z.record(z.string(), z.number()),
  biogenicCo2: z.number().nullable(),
});
export type InventoryReportedFacility = z.infer<typeof inventoryReportedFacilitySchema>;

export const inventoryFacilitySchema = z.object({
  facilityId: z.string(),
  source: z.enum(INVENTORY_FACILITY_SOURCES),
  slug: z.string(),
  name: z.string(),
  country: z.string(),
  businessUnitId: z.string().nullable(),
  /** The share of the facility's results counted, in percent (100 under a control approach). */
  countedPercent: z.number(),
  ...scopeAmountsShape,
});
export type InventoryFacility = z.infer<typeof inventoryFacilitySchema>;

/**
 * A business unit's figures rolled up (issue 11): its own facilities' and all its descendants', in tree order (a
 * parent before its children); the units at depth 0 add up to the realm's totals.
 */
export const inventoryBusinessUnitSchema = z.object({
  /** null: facilities in no business unit. */
  businessUnitId: z.string().nullable(),
  parentId: z.string().nullable(),
  name: z.string(),
  /** 0 at the top of the tree. */
  depth: z.number().int().min(0),
  /** Facilities in the unit and in every unit below it. */
  facilityCount: z.number().int(),
  /** The CO2e (location-based) of the unit's own facilities, without its descendants'. */
  ownCo2e: z.number(),
  ...scopeAmountsShape,
});
export type InventoryBusinessUnit = z.infer<typeof inventoryBusinessUnitSchema>;

export const inventoryCountrySchema = z.object({
  country: z.string(),
  facilityCount: z.number().int(),
  ...scopeAmountsShape,
});
export type InventoryCountry = z.infer<typeof inventoryCountrySchema>;

export const inventoryComparisonSchema = z.object({
  year: z.number().int(),
  ...scopeAmountsShape,
  /** This year's total (location-based) minus that year's, kg CO2e. */
  changeCo2e: z.number(),
  /** The change in percent of that year's total; null when that year's total is 0. */
  changePercent: z.number().nullable(),
});
export type InventoryComparison = z.infer<typeof inventoryComparisonSchema>;

export const inventoryIntensitySchema = z.object({
  kind: intensityDenominatorKindSchema,
  amount: z.number(),
  unit: z.string(),
  /** kg CO2e (Scope 1 + 2 location-based + 3) per unit, and with Scope 2 market-based. */
  co2ePerUnit: z.number().nullable(),
  co2eMarketPerUnit: z.number().nullable(),
});
export type InventoryIntensity = z.infer<typeof inventoryIntensitySchema>;

export const inventoryExclusionSchema = z.object({
  facilityId: z.string(),
  slug: z.string(),
  name: z.string(),
  /** `out-of-boundary`: not counted (control approaches); `partial-share`: counted at its equity share. */
  kind: z.enum(['out-of-boundary', 'partial-share']),
  countedPercent: z.number(),
  reason: z.string().nullable(),
  /** The facility's own CO2e of the year before consolidation (Scope 2 location-based). */
  uncountedCo2e: z.number(),
});
export type InventoryExclusion = z.infer<typeof inventoryExclusionSchema>;

/**
 * CDP C7.9a: the reasons a year's emissions changed from the year before. A realm admin records how much each
 * explains; `unidentified` is what they leave unexplained, computed, never entered.
 */
export const CHANGE_REASONS = [
  'emissions-reduction-activities',
  'divestment',
  'acquisitions',
  'mergers',
  'change-in-output',
  'change-in-methodology',
  'change-in-boundary',
  'change-in-physical-operating-conditions',
  'unidentified',
  'other',
] as const;
export type ChangeReason = (typeof CHANGE_REASONS)[number];
export const RECORDED_CHANGE_REASONS = CHANGE_REASONS.filter(
  (reason): reason is Exclude<ChangeReason, 'unidentified'> => reason !== 'unidentified',
);
export type RecordedChangeReason = Exclude<ChangeReason, 'unidentified'>;

export const CHANGE_REASON_LABELS: Readonly<Record<ChangeReason, string>> = {
  'emissions-reduction-activities': 'Change in renewable energy consumption / emissions reduction activities',
  divestment: 'Divestment',
  acquisitions: 'Acquisitions',
  mergers: 'Mergers',
  'change-in-output': 'Change in output',
  'change-in-methodology': 'Change in methodology',
  'change-in-boundary': 'Change in boundary',
  'change-in-physical-operating-conditions': 'Change in physical operating conditions',
  unidentified: 'Unidentified',
  other: 'Other',
};

export const CHANGE_DIRECTIONS = ['increase', 'decrease'] as const;
export type ChangeDirection = (typeof CHANGE_DIRECTIONS)[number];

export const INVENTORY_NO_PREVIOUS_YEAR =
  'The year before has no emission results, so there is no change to explain';
export const CHANGE_REASONS_EXCEED_CHANGE =
  'The reasons explain more than the change from the year before: lower one of them';
export const MAX_CHANGE_NOTE_LENGTH = 2000;

export const changeReasonInputSchema = z.object({
  reason: z.enum(RECORDED_CHANGE_REASONS as unknown as [RecordedChangeReason, ...RecordedChangeReason[]], {
    error: () => 'Choose one of the CDP reason categories (unidentified is what is left, not entered)',
  }),
  /** kg CO2e this reason explains, never negative: `direction` gives the sign. */
  co2e: z
    .number({ error: () => 'Emissions must be a number of kg CO2e' })
    .min(0, 'Emissions must be 0 or more; choose the direction instead'),
  direction: z.enum(CHANGE_DIRECTIONS, { error: () => 'Direction must be increase or decrease' }),
  note: z
    .string()
    .trim()
    .max(MAX_CHANGE_NOTE_LENGTH, `A note has at most ${MAX_CHANGE_NOTE_LENGTH} characters`)
    .default(''),
});
export type ChangeReasonInput = z.input<typeof changeReasonInputSchema>;

export const changeReasonsInputSchema = z
  .object({ reasons: z.array(changeReasonInputSchema) })
  .superRefine((value, context) => {
    const seen = new Set<string>();
    value.reasons.forEach((entry, index) => {
      if (seen.has(entry.reason)) {
        context.addIssue({
          code: 'custom',
          path: ['reasons', index, 'reason'],
          message: 'Each reason appears once',
        });
      }
      seen.add(entry.reason);
    });
  });
export type ChangeReasonsInput = z.input<typeof changeReasonsInputSchema>;

export const changeReasonsParamsSchema = z.object({
  year: z.coerce.number().int().min(MIN_REPORTING_YEAR).max(MAX_REPORTING_YEAR),
});

export const changeReasonSchema = z.object({
  reason: z.enum(CHANGE_REASONS),
  co2e: z.number(),
  direction: z.enum(CHANGE_DIRECTIONS),
  note: z.string(),
  /** The reason's signed share of the year before's total, percent (CDP's "% change"); null without one. */
  percentOfPrevious: z.number().nullable(),
});
export type ChangeReasonDto = z.infer<typeof changeReasonSchema>;

export const changeReasonsResponseSchema = z.object({
  year: z.number().int(),
  /** The change from the year before (kg CO2e, location-based total); null when that year has no results. */
  changeCo2e: z.number().nullable(),
  /** The reasons recorded, in CDP's order, then `unidentified`: the remainder (always listed when a change exists). */
  reasons: z.array(changeReasonSchema),
});
export type ChangeReasonsResponse = z.infer<typeof changeReasonsResponseSchema>;

export const inventoryResponseSchema = z.object({
  year: z.number().int(),
  /** The reporting year's first and last day, `YYYY-MM-DD`. */
  period: z.object({ start: z.string(), end: z.string() }),
  /** The GWP set every CO2e is on (the realm's). */
  gwp: z.string(),
  consolidation: consolidationApproachSchema,
  /** Scope 1 + 2 location-based + 3, and with Scope 2 market-based. */
  totals: z.object({ co2e: z.number(), co2eMarket: z.number() }),
  scope1: z.object({
    co2e: z.number(),
    /** Mass of each Kyoto gas (kg); HFCs and PFCs sum their species' masses. */
    gases: gasAmountsSchema,
    /** The same gases in kg CO2e on the realm's set. */
    gasesCo2e: gasAmountsSchema,
    /** CO2e of factors published as CO2e only, which name no gas. */
    unspecifiedCo2e: z.number(),
  }),
  scope2: z.object({ location: z.object({ co2e: z.number() }), market: z.object({ co2e: z.number() }) }),
  scope3: z.object({
    co2e: z.number(),
    /** All fifteen categories in order (0 where none), each with its name. */
    categories: z.array(z.object({ category: z.number().int(), name: z.string(), co2e: z.number() })),
    /** Scope 3 results with no category. */
    uncategorisedCo2e: z.number(),
  }),
  /** CO2 from biomass (kg), reported outside the scopes. */
  biogenicCo2: z.number(),
  byFacility: z.array(inventoryFacilitySchema),
  byBusinessUnit: z.array(inventoryBusinessUnitSchema),
  byCountry: z.array(inventoryCountrySchema),
  comparison: z.object({
    baseYear: inventoryComparisonSchema.nullable(),
    previousYear: inventoryComparisonSchema.nullable(),
    /** The base-year recalculation policy's significance threshold, percent. */
    recalculationThresholdPercent: z.number(),
  }),
  intensities: z.array(inventoryIntensitySchema),
  methods: z.array(z.object({ calculationMethodId: z.string(), resultCount: z.number().int() })),
  factorSources: z.array(
    z.object({
      factorKey: z.string(),
      factorVersion: z.string(),
      resultCount: z.number().int(),
      /** Results whose factor was a fallback (e.g. the grid average standing in for a residual mix). */
      fallbackCount: z.number().int(),
    }),
  ),
  exclusions: z.array(inventoryExclusionSchema),
  /** Facilities' years as reported to EPA's GHGRP (decision 039), counted where no calculated result exists. */
  reported: z.object({
    source: z.string(),
    /** The Scope 1 CO2e counted from reported figures, consolidated. */
    co2e: z.number(),
    facilities: z.array(inventoryReportedFacilitySchema),
  }),
  /** CDP C7.9a: what explains the change from the year before. */
  changeReasons: changeReasonsResponseSchema,
});
export type InventoryResponse = z.infer<typeof inventoryResponseSchema>;

/** The reporting years with results, ascending, named as the realm's reporting years. */
export const inventoryYearsResponseSchema = z.object({ years: z.array(z.number().int()) });
export type InventoryYearsResponse = z.infer<typeof inventoryYearsResponseSchema>;

/**
 * The inventory's tables as files: `summary` (scopes, gases, Scope 3 categories, biogenic CO2: one line each, the
 * GHG Protocol layout), `facilities`, `business-units`, `countries` (kg CO2e, gases in kg), and the page's other
 * tables as the report builder lays them out: `comparison` (the year, the base year and the year before with the
 * change), `intensities`, `methods`, `factor-sources`, `exclusions`, `reported` (GHGRP) in kg, and the disclosures
 * `esrs-e1-6`, `cdp-c6`, `cdp-c7` (with C7.9a's reasons) in t CO2e, and `change-reasons`: C7.9a's reasons as
 * their editor shows them (t CO2e, direction, note).
 */
export const INVENTORY_EXPORT_TABLES = [
  'summary',
  'facilities',
  'business-units',
  'countries',
  'comparison',
  'intensities',
  'methods',
  'factor-sources',
  'exclusions',
  'reported',
  'esrs-e1-6',
  'cdp-c6',
  'cdp-c7',
  'change-reasons',
] as const;
export type InventoryExportTable = (typeof INVENTORY_EXPORT_TABLES)[number];
/** The tables whose files are the report builder's layout of them (`packages/db` report-inventory-tables). */
export type InventoryDetailTable = Exclude<
  InventoryExportTable,
  'summary' | 'facilities' | 'business-units' | 'countries' | 'change-reasons'
>;
export const inventoryExportQuerySchema = z.object({
  year: reportingYearSchema,
  table: z.enum(INVENTORY_EXPORT_TABLES),
  format: exportFormatSchema,
});

export const inventoryEndpoints = {
  /** 404 naming `querystring/year` when the year has no results; 400 for a year that is not one. */
  get: defineEndpoint({
    method: 'GET',
    path: '/api/reports/inventory',
    query: inventoryQuerySchema,
    responses: { 200: inventoryResponseSchema },
  }),
  years: defineEndpoint({
    method: 'GET',
    path: '/api/reports/inventory/years',
    responses: { 200: inventoryYearsResponseSchema },
  }),
  /** A file download (CSV or XLSX) of one of the inventory's tables; 404 naming the year as `get` does. */
  export: defineEndpoint({
    method: 'GET',
    path: '/api/exports/inventory',
    query: inventoryExportQuerySchema,
    responses: { 200: z.unknown() },
  }),
  changeReasons: defineEndpoint({
    method: 'GET',
    path: '/api/reports/inventory/:year/change-reasons',
    params: changeReasonsParamsSchema,
    responses: { 200: changeReasonsResponseSchema },
  }),
  /**
   * Replaces the year's reasons. 404 when the year has no results, 409 when the year before has none; 400 naming
   * `body/reasons` when together they explain more than the change.
   */
  updateChangeReasons: defineEndpoint({
    method: 'PUT',
    path: '/api/reports/inventory/:year/change-reasons',
    params: changeReasonsParamsSchema,
    body: changeReasonsInputSchema,
    responses: { 200: changeReasonsResponseSchema },
  }),
};
