import { defineEndpoint, noContentSchema } from './endpoint.ts';
import { exportFormatSchema } from './exports.ts';
import { intensityDenominatorKindSchema } from './organisation.ts';
import { MAX_REPORTING_YEAR, MIN_REPORTING_YEAR } from './period.ts';
import { uuidSchema } from './validation.ts';
import { z } from './zod.ts';

/*
 * The analysis pivot (issue 11, item 3; decision 028): measures summed by the database over the realm's emission
 * results, grouped by the dimensions on rows and columns, with filters on every dimension. Masses are kg, like the
 * estimate API. Scope 2 counts one method only (location-based unless asked), never both added.
 */

export const ANALYSIS_DIMENSIONS = [
  'scope',
  'scope3Category',
  'gas',
  'facility',
  'businessUnit',
  'country',
  'state',
  'naics',
  'month',
  'quarter',
  'year',
  'scope2Method',
  'factorSource',
  'calculationMethod',
  'dataQuality',
] as const;
export type AnalysisDimension = (typeof ANALYSIS_DIMENSIONS)[number];

export const ANALYSIS_DIMENSION_LABELS: Readonly<Record<AnalysisDimension, string>> = {
  scope: 'Scope',
  scope3Category: 'Scope 3 category',
  gas: 'Gas',
  facility: 'Facility',
  businessUnit: 'Business unit',
  country: 'Country',
  state: 'State',
  naics: 'Sector (NAICS)',
  month: 'Month',
  quarter: 'Quarter',
  year: 'Year',
  scope2Method: 'Scope 2 method',
  factorSource: 'Factor source',
  calculationMethod: 'Calculation method',
  dataQuality: 'Data quality',
};

/** Dimensions of time: a chart of a view with one of them on rows or columns draws lines over time. */
export const ANALYSIS_TIME_DIMENSIONS: readonly AnalysisDimension[] = ['year', 'quarter', 'month'];

export const ANALYSIS_MEASURES = ['co2e', 'gasMass', 'activityQuantity', 'intensity'] as const;
export type AnalysisMeasure = (typeof ANALYSIS_MEASURES)[number];

export const ANALYSIS_MEASURE_LABELS: Readonly<Record<AnalysisMeasure, string>> = {
  co2e: 'CO2e (kg)',
  gasMass: 'Gas mass (kg)',
  activityQuantity: 'Activity quantity',
  intensity: 'Intensity (kg CO2e per denominator unit)',
};

/** The key a row of the activity quantity measure also carries: quantities of different units are never added. */
export const ANALYSIS_UNIT_KEY = 'unit';

export const ANALYSIS_COMPARISONS = ['previousPeriod', 'baseYear'] as const;
export type AnalysisComparison = (typeof ANALYSIS_COMPARISONS)[number];

export const ANALYSIS_SCOPE2_METHODS = ['location', 'market'] as const;
/** The Scope 2 method dimension's value of Scope 1 and 3 results, which have none. */
export const ANALYSIS_NO_SCOPE2_METHOD = 'none';
export const ANALYSIS_DATA_QUALITIES = ['measured', 'estimated'] as const;

/** At most this many dimensions on rows and columns together: more makes a table nobody reads. */
export const MAX_ANALYSIS_DIMENSIONS = 4;
export const MAX_ANALYSIS_FILTER_VALUES = 1000;
export const ANALYSIS_RECORDS_PAGE_SIZE = 50;

const dimensionSchema = z.enum(ANALYSIS_DIMENSIONS, {
  error: (issue) =>
    `Unknown dimension ${JSON.stringify(issue.input)}; the dimensions are ${ANALYSIS_DIMENSIONS.join(', ')}`,
});
const measureSchema = z.enum(ANALYSIS_MEASURES, {
  error: (issue) =>
    `Unknown measure ${JSON.stringify(issue.input)}; the measures are ${ANALYSIS_MEASURES.join(', ')}`,
});

const yearValue = z.number().int().min(MIN_REPORTING_YEAR).max(MAX_REPORTING_YEAR);
const values = <Schema extends z.ZodType>(schema: Schema) =>
  z.array(schema).min(1).max(MAX_ANALYSIS_FILTER_VALUES);
const text = z.string().min(1).max(200);

/** One list of accepted values per dimension; a value of the wrong type is refused naming its filter. */
export const analysisFiltersSchema = z
  .object({
    scope: values(z.union([z.literal(1), z.literal(2), z.literal(3)])),
    scope3Category: values(z.number().int().min(1).max(15)),
    gas: values(text),
    facility: values(text),
    /** '' is the facilities in no business unit. */
    businessUnit: values(z.union([uuidSchema, z.literal('')])),
    country: values(text),
    state: values(text),
    naics: values(text),
    month: values(z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'A month is written YYYY-MM')),
    quarter: values(z.string().regex(/^\d{4}-Q[1-4]$/, 'A quarter is written YYYY-Qn')),
    year: values(yearValue),
    scope2Method: values(z.enum([...ANALYSIS_SCOPE2_METHODS, ANALYSIS_NO_SCOPE2_METHOD])),
    factorSource: values(text),
    calculationMethod: values(text),
    dataQuality: values(z.enum(ANALYSIS_DATA_QUALITIES)),
  } satisfies Record<AnalysisDimension, z.ZodType>)
  .partial()
  .strict();
export type AnalysisFilters = z.infer<typeof analysisFiltersSchema>;

export const analysisSortSchema = z.object({
  /** A dimension on rows or columns, or a measure. */
  by: z.union([dimensionSchema, measureSchema]),
  direction: z.enum(['asc', 'desc']).default('desc'),
});
export type AnalysisSort = z.infer<typeof analysisSortSchema>;

export const analysisQuerySchema = z.object({
  measures: z.array(measureSchema).min(1).max(ANALYSIS_MEASURES.length),
  rows: z.array(dimensionSchema).max(MAX_ANALYSIS_DIMENSIONS).default([]),
  columns: z.array(dimensionSchema).max(MAX_ANALYSIS_DIMENSIONS).default([]),
  filters: analysisFiltersSchema.default({}),
  /** The Scope 2 results counted wherever Scope 2 methods are not shown apart. */
  scope2Method: z.enum(ANALYSIS_SCOPE2_METHODS).default('location'),
  /** The realm's denominator the intensity measure divides by. */
  denominator: intensityDenominatorKindSchema.optional(),
  sort: analysisSortSchema.optional(),
  /** Compare one year (the year filter's only value) with the year before or the realm's base year. */
  comparison: z.enum(ANALYSIS_COMPARISONS).optional(),
  /** Subtotals at each level of the rows, and totals of each row and each column. */
  subtotals: z.boolean().default(false),
});
export type AnalysisQuery = z.infer<typeof analysisQuerySchema>;
export type AnalysisQueryInput = z.input<typeof analysisQuerySchema>;

const keysSchema = z.record(z.string(), z.union([z.string(), z.number()]));
const measureValuesSchema = z.record(z.string(), z.number().nullable());

export const analysisRowSchema = z.object({
  /** The cell's value of each dimension of the grouping (and `unit` for activity quantities). */
  keys: keysSchema,
  values: measureValuesSchema,
  /** The same measures in the comparison year, when a comparison was asked for. */
  comparison: measureValuesSchema.optional(),
});
export type AnalysisRow = z.infer<typeof analysisRowSchema>;

export const analysisResponseSchema = z.object({
  /** Cells of every dimension on rows and columns. */
  rows: z.array(analysisRowSchema),
  /** With `subtotals`: sums over some dimensions, the keys of the others (a dimension summed over is absent). */
  subtotals: z.array(analysisRowSchema),
  totals: measureValuesSchema,
  comparisonTotals: measureValuesSchema.optional(),
  /** The years compared: `{current, comparison}`, when a comparison was asked for. */
  comparisonYears: z.object({ current: z.number().int(), comparison: z.number().int() }).optional(),
  /** Display names of keys that are ids or slugs: facility slug → name, business unit id → name. */
  labels: z.record(z.string(), z.record(z.string(), z.string())),
  gwpSetId: z.string(),
  consolidation: z.string(),
});
export type AnalysisResponse = z.infer<typeof analysisResponseSchema>;

/** A key as a person reads it: a facility's or business unit's name, a scope, "Total" (the key summed over). */
export function analysisKeyLabel(
  dimension: string,
  value: string | number | undefined,
  labels: AnalysisResponse['labels'],
): string {
  if (value === undefined) return 'Total';
  if (dimension === 'scope') return `Scope ${value}`;
  if (dimension === 'scope3Category') return `Category ${value}`;
  if (dimension === 'businessUnit' && value === '') return 'No business unit';
  if (value === '') return 'Not set';
  return labels[dimension]?.[String(value)] ?? String(value);
}

/** The values each dimension takes in the realm's results, for the filter pickers. */
export const analysisDimensionValuesResponseSchema = z.object({
  values: z.record(
    z.string(),
    z.array(z.object({ value: z.union([z.string(), z.number()]), label: z.string() })),
  ),
});
export type AnalysisDimensionValuesResponse = z.infer<typeof analysisDimensionValuesResponseSchema>;

/** The records behind one cell: the query's filters narrowed by the cell's keys. */
export const analysisRecordsRequestSchema = z.object({
  filters: analysisFiltersSchema.default({}),
  keys: keysSchema.default({}),
  scope2Method: z.enum(ANALYSIS_SCOPE2_METHODS).default('location'),
  page: z.number().int().min(1).default(1),
});
export type AnalysisRecordsRequest = z.infer<typeof analysisRecordsRequestSchema>;

export const analysisRecordSchema = z.object({
  id: uuidSchema,
  facilitySlug: z.string(),
  facilityName: z.string(),
  activityType: z.string(),
  periodStart: z.string(),
  periodEnd: z.string(),
  quantity: z.number(),
  unit: z.string(),
  scope: z.number().int(),
  scope2Method: z.string(),
  co2eKg: z.number(),
  isEstimated: z.boolean(),
  /** The record's calculation trail (`GET /api/activity-records/:id/trail`). */
  trailPath: z.string(),
});
export type AnalysisRecord = z.infer<typeof analysisRecordSchema>;

export const analysisRecordsResponseSchema = z.object({
  records: z.array(analysisRecordSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AnalysisRecordsResponse = z.infer<typeof analysisRecordsResponseSchema>;

export const MAX_ANALYSIS_VIEW_NAME_LENGTH = 120;
export const ANALYSIS_VIEW_VISIBILITIES = ['private', 'shared'] as const;

export const analysisViewInputSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'A view needs a name')
    .max(MAX_ANALYSIS_VIEW_NAME_LENGTH, `A name has at most ${MAX_ANALYSIS_VIEW_NAME_LENGTH} characters`),
  visibility: z.enum(ANALYSIS_VIEW_VISIBILITIES),
  definition: analysisQuerySchema,
});
export type AnalysisViewInput = z.infer<typeof analysisViewInputSchema>;

export const analysisViewSchema = z.object({
  id: uuidSchema,
  name: z.string(),
  visibility: z.enum(ANALYSIS_VIEW_VISIBILITIES),
  definition: analysisQuerySchema,
  ownerName: z.string(),
  /** The caller owns it, so may change or delete it. */
  isOwn: z.boolean(),
  modifiedOn: z.string(),
});
export type AnalysisView = z.infer<typeof analysisViewSchema>;

const viewParams = z.object({ id: uuidSchema });

/** The pivot's download: the view as JSON text in the query string (a link the browser follows), and the format. */
export const analysisExportQuerySchema = z.object({
  view: z
    .string()
    .transform((text, context) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        context.addIssue({ code: 'custom', message: 'The view is not JSON' });
        return z.NEVER;
      }
    })
    .pipe(analysisQuerySchema),
  format: exportFormatSchema,
});

/** The drill-through's download: the cell (its filters and keys, no page) as JSON text in the query string. */
export const analysisRecordsExportQuerySchema = z.object({
  cell: z
    .string()
    .transform((text, context) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        context.addIssue({ code: 'custom', message: 'The cell is not JSON' });
        return z.NEVER;
      }
    })
    .pipe(analysisRecordsRequestSchema.omit({ page: true })),
  format: exportFormatSchema,
});
export type AnalysisRecordsExportQuery = z.infer<typeof analysisRecordsExportQuerySchema>;

export const analysisEndpoints = {
  query: defineEndpoint({
    method: 'POST',
    path: '/api/analysis/query',
    body: analysisQuerySchema,
    responses: { 200: analysisResponseSchema },
  }),
  dimensionValues: defineEndpoint({
    method: 'GET',
    path: '/api/analysis/dimension-values',
    responses: { 200: analysisDimensionValuesResponseSchema },
  }),
  records: defineEndpoint({
    method: 'POST',
    path: '/api/analysis/records',
    body: analysisRecordsRequestSchema,
    responses: { 200: analysisRecordsResponseSchema },
  }),
  /** Every record behind a cell as a CSV or XLSX download; 400 naming a key that is no dimension. */
  exportRecords: defineEndpoint({
    method: 'GET',
    path: '/api/exports/analysis/records',
    query: analysisRecordsExportQuerySchema,
    responses: { 200: z.unknown() },
  }),
  export: defineEndpoint({
    method: 'GET',
    path: '/api/exports/analysis',
    query: analysisExportQuerySchema,
    responses: { 200: z.unknown() },
  }),
  listViews: defineEndpoint({
    method: 'GET',
    path: '/api/analysis/views',
    responses: { 200: z.object({ views: z.array(analysisViewSchema) }) },
  }),
  createView: defineEndpoint({
    method: 'POST',
    path: '/api/analysis/views',
    body: analysisViewInputSchema,
    responses: { 201: analysisViewSchema },
  }),
  updateView: defineEndpoint({
    method: 'PUT',
    path: '/api/analysis/views/:id',
    params: viewParams,
    body: analysisViewInputSchema,
    responses: { 200: analysisViewSchema },
  }),
  deleteView: defineEndpoint({
    method: 'DELETE',
    path: '/api/analysis/views/:id',
    params: viewParams,
    responses: { 204: noContentSchema },
  }),
};
