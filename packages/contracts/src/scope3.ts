import { defineEndpoint, noContentSchema } from './endpoint.ts';
import { exportFormatSchema } from './exports.ts';
import { importFailureSchema } from './imports.ts';
import { MAX_REPORTING_YEAR, MIN_REPORTING_YEAR } from './period.ts';
import { uuidSchema } from './validation.ts';
import { z } from './zod.ts';

/*
 * Scope 3 on `/advancedghg` (issue 11, item 5; decision 029). A Scope 3 line is an activity record of scope 3
 * with its category, so its result is the engine's and flows into `emission_results` and the monthly totals
 * like any other; what only Scope 3 needs (the method, the supplier, the spend before conversion, mode, waste
 * treatment, data-quality scores) is kept beside it. EEIO factors are the realm's own published factors.
 */

/** GHG Protocol Corporate Value Chain (Scope 3) Standard: the fifteen categories, 1–8 upstream, 9–15 downstream. */
export const SCOPE3_CATEGORY_NAMES: Readonly<Record<number, string>> = {
  1: 'Purchased goods and services',
  2: 'Capital goods',
  3: 'Fuel- and energy-related activities',
  4: 'Upstream transportation and distribution',
  5: 'Waste generated in operations',
  6: 'Business travel',
  7: 'Employee commuting',
  8: 'Upstream leased assets',
  9: 'Downstream transportation and distribution',
  10: 'Processing of sold products',
  11: 'Use of sold products',
  12: 'End-of-life treatment of sold products',
  13: 'Downstream leased assets',
  14: 'Franchises',
  15: 'Investments',
};
export const SCOPE3_CATEGORIES = Array.from({ length: 15 }, (_, index) => index + 1);

export const scope3CategorySchema = z
  .number({ error: 'Category is a number from 1 to 15' })
  .int('Category is a number from 1 to 15')
  .min(1, 'Category is a number from 1 to 15')
  .max(15, 'Category is a number from 1 to 15');

export const SCOPE3_METHODS = [
  'spend',
  'average-data',
  'distance',
  'waste',
  'supplier-specific',
  'use-phase',
] as const;
export const scope3MethodSchema = z.enum(SCOPE3_METHODS, {
  error: () => `Method is one of ${SCOPE3_METHODS.join(', ')}`,
});
export type Scope3Method = z.infer<typeof scope3MethodSchema>;
export const SCOPE3_METHOD_LABELS: Readonly<Record<Scope3Method, string>> = {
  spend: 'Spend-based (EEIO)',
  'average-data': 'Average data (mass or units × factor)',
  distance: 'Distance-based (passenger-km, tonne-km)',
  waste: 'Waste by type and treatment',
  'supplier-specific': 'Supplier-specific',
  'use-phase': 'Use phase of sold products',
};

export const PRICE_BASES = ['purchaser', 'producer'] as const;
export const priceBasisSchema = z.enum(PRICE_BASES, {
  error: () => 'Price basis is purchaser (factor with margins) or producer (without margins)',
});
export type PriceBasisValue = z.infer<typeof priceBasisSchema>;

export const WASTE_TREATMENTS = [
  'landfill',
  'incineration',
  'recycling',
  'composting',
  'anaerobic-digestion',
  'anaerobic-digestion-dry',
  'anaerobic-digestion-wet',
  'other',
] as const;
export type WasteTreatment = (typeof WASTE_TREATMENTS)[number];
export const WASTE_TREATMENT_LABELS: Readonly<Record<WasteTreatment, string>> = {
  landfill: 'Landfill',
  incineration: 'Incineration (combustion)',
  recycling: 'Recycling',
  composting: 'Composting',
  'anaerobic-digestion': 'Anaerobic digestion (digestate not given)',
  'anaerobic-digestion-dry': 'Anaerobic digestion, dry digestate with curing',
  'anaerobic-digestion-wet': 'Anaerobic digestion, wet digestate with curing',
  other: 'Other',
};
/**
 * The coarse modes first (as lines store them since decision 029), then the vehicle types of EPA Hub Table 10 a
 * trip can name, so the mode alone can pick a factor (`packages/domain/src/scope3/library-factor-defaults.ts`).
 */
export const TRANSPORT_MODES = [
  'air',
  'rail',
  'road',
  'sea',
  'car',
  'bus',
  'other',
  'air-short-haul',
  'air-medium-haul',
  'air-long-haul',
  'intercity-rail-northeast-corridor',
  'intercity-rail-other-routes',
  'commuter-rail',
  'transit-rail',
  'light-duty-truck',
  'motorcycle',
] as const;
export type TransportMode = (typeof TRANSPORT_MODES)[number];
export const TRANSPORT_MODE_LABELS: Readonly<Record<TransportMode, string>> = {
  air: 'Air (haul not given)',
  rail: 'Rail',
  road: 'Road (truck)',
  sea: 'Sea (waterborne craft)',
  car: 'Passenger car',
  bus: 'Bus',
  other: 'Other',
  'air-short-haul': 'Air, short haul (< 300 miles)',
  'air-medium-haul': 'Air, medium haul (300 to 2,300 miles)',
  'air-long-haul': 'Air, long haul (2,300 miles or more)',
  'intercity-rail-northeast-corridor': 'Intercity rail, Northeast Corridor',
  'intercity-rail-other-routes': 'Intercity rail, other routes',
  'commuter-rail': 'Commuter rail',
  'transit-rail': 'Transit rail (subway, tram)',
  'light-duty-truck': 'Light-duty truck (SUV, minivan)',
  motorcycle: 'Motorcycle',
};
export const DATA_QUALITY_INDICATOR_LABELS = {
  technological: 'Technological',
  temporal: 'Temporal',
  geographical: 'Geographical',
  completeness: 'Completeness',
  reliability: 'Reliability',
} as const;

const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
const dateSchema = z
  .string()
  .regex(DATE_PATTERN, 'Must be a date as YYYY-MM-DD')
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), 'Must be a date as YYYY-MM-DD');
const yearSchema = z
  .number({ error: 'Year is a number' })
  .int('Year is a whole number')
  .min(MIN_REPORTING_YEAR, `Year must be ${MIN_REPORTING_YEAR} or later`)
  .max(MAX_REPORTING_YEAR, `Year must be ${MAX_REPORTING_YEAR} or earlier`);
export const currencySchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z]{3}$/, 'Currency is a three-letter ISO 4217 code such as USD')
  .transform((value) => value.toUpperCase());
const scoreSchema = z
  .number({ error: 'A score is a whole number from 1 to 5' })
  .int('A score is a whole number from 1 to 5')
  .min(1, 'A score is a whole number from 1 to 5')
  .max(5, 'A score is a whole number from 1 to 5');
export const dataQualityScoresSchema = z.object({
  technological: scoreSchema,
  temporal: scoreSchema,
  geographical: scoreSchema,
  completeness: scoreSchema,
  reliability: scoreSchema,
});
export type DataQualityScoresValue = z.infer<typeof dataQualityScoresSchema>;
const optionalText = (max: number) => z.string().trim().max(max).nullable().optional();
const positiveOrZero = (label: string) =>
  z.number({ error: `${label} is a number` }).min(0, `${label} must be zero or more`);

/** A line as its author writes it; which fields a method needs is checked below, each on its own field. */
export const scope3LineInputSchema = z
  .object({
    facilityId: uuidSchema,
    category: scope3CategorySchema,
    method: scope3MethodSchema,
    description: z.string().trim().min(1, 'Description is required').max(500),
    supplier: optionalText(200),
    periodStart: dateSchema,
    periodEnd: dateSchema,
    spendAmount: positiveOrZero('Spend').nullable().optional(),
    spendCurrency: currencySchema.nullable().optional(),
    spendYear: yearSchema.nullable().optional(),
    priceBasis: priceBasisSchema.nullable().optional(),
    naicsCode: z
      .string()
      .trim()
      .regex(/^\d{2,6}$/, 'NAICS code is 2 to 6 digits')
      .nullable()
      .optional(),
    quantity: positiveOrZero('Quantity').nullable().optional(),
    unit: optionalText(40),
    factorKey: optionalText(200),
    mode: z.enum(TRANSPORT_MODES).nullable().optional(),
    wasteType: optionalText(100),
    wasteTreatment: z.enum(WASTE_TREATMENTS).nullable().optional(),
    unitsSold: positiveOrZero('Units sold').nullable().optional(),
    lifetimeEnergyKwh: positiveOrZero('Lifetime energy').nullable().optional(),
    dataQuality: dataQualityScoresSchema.nullable().optional(),
  })
  .superRefine((line, context) => {
    const need = (field: keyof typeof line, message: string) => {
      const value = line[field];
      if (value === null || value === undefined || value === '') {
        context.addIssue({ code: 'custom', path: [field], message });
      }
    };
    if (line.periodEnd < line.periodStart) {
      context.addIssue({
        code: 'custom',
        path: ['periodEnd'],
        message: 'Period end must not be before period start',
      });
    }
    if (line.method === 'spend') {
      need('spendAmount', 'Spend is required for a spend-based line');
      need('spendCurrency', 'Currency is required for a spend-based line');
      need('spendYear', 'The year of the spend is required');
      need('priceBasis', 'Price basis is required: purchaser or producer price');
      need('naicsCode', 'NAICS code of the EEIO factor is required');
      return;
    }
    // A distance or waste line without a factor takes the library factor its mode or treatment picks (server).
    if (line.method !== 'distance' && line.method !== 'waste') need('factorKey', 'Factor is required');
    if (line.method === 'use-phase') {
      need('unitsSold', 'Units sold are required for the use phase');
      need('lifetimeEnergyKwh', 'Lifetime energy per unit (kWh) is required for the use phase');
      return;
    }
    need('quantity', 'Quantity is required');
    need('unit', 'Unit is required');
    if (line.method === 'distance') need('mode', 'Mode is required for a distance-based line');
    if (line.method === 'waste') {
      need('wasteType', 'Waste type is required');
      need('wasteTreatment', 'Treatment is required');
    }
    if (line.method === 'supplier-specific') need('supplier', 'Supplier is required');
  });
export type Scope3LineInput = z.input<typeof scope3LineInputSchema>;
export type Scope3LineValues = z.output<typeof scope3LineInputSchema>;

/** A change is the whole line again, made on `version` (409 when someone changed it since). */
export const scope3LinePatchSchema = z.object({
  version: z.number().int().min(1),
  line: scope3LineInputSchema,
});

export const scope3LineSchema = z.object({
  id: z.string(),
  version: z.number().int(),
  facilityId: z.string(),
  facilityName: z.string(),
  category: z.number().int(),
  method: scope3MethodSchema,
  description: z.string(),
  supplier: z.string().nullable(),
  periodStart: z.string(),
  periodEnd: z.string(),
  spendAmount: z.number().nullable(),
  spendCurrency: z.string().nullable(),
  spendYear: z.number().int().nullable(),
  priceBasis: priceBasisSchema.nullable(),
  naicsCode: z.string().nullable(),
  /** Spend × index ratio × exchange rate, when the line is spend-based. */
  indexRatio: z.number().nullable(),
  exchangeRate: z.number().nullable(),
  mode: z.string().nullable(),
  wasteType: z.string().nullable(),
  wasteTreatment: z.string().nullable(),
  unitsSold: z.number().nullable(),
  lifetimeEnergyKwh: z.number().nullable(),
  /** What the engine calculated: the quantity in the factor's unit and the factor. */
  quantity: z.number(),
  unit: z.string(),
  factorKey: z.string(),
  co2eKg: z.number().nullable(),
  dataQuality: dataQualityScoresSchema.nullable(),
  dataQualityScore: z.number().nullable(),
});
export type Scope3LineDto = z.infer<typeof scope3LineSchema>;

export const scope3LineListQuerySchema = z.object({
  year: z.coerce.number().int().min(MIN_REPORTING_YEAR).max(MAX_REPORTING_YEAR).optional(),
  category: z.coerce.number().int().min(1).max(15).optional(),
});
export const scope3LineListResponseSchema = z.object({ results: z.array(scope3LineSchema) });
export const scope3LineParamsSchema = z.object({ id: uuidSchema });
export const scope3LineDeleteQuerySchema = z.object({ version: z.coerce.number().int().min(1).optional() });

export const RELEVANCE_CRITERIA = ['size', 'influence', 'risk', 'stakeholders', 'outsourcing'] as const;
export const RELEVANCE_CRITERION_LABELS: Readonly<Record<(typeof RELEVANCE_CRITERIA)[number], string>> = {
  size: 'Size: large compared with the other categories',
  influence: 'Influence: the company can reduce it',
  risk: 'Risk: it exposes the company to risk',
  stakeholders: 'Stakeholders: they deem it critical',
  outsourcing: 'Outsourcing: activities once done in-house',
};
export const relevanceSchema = z.object({
  size: z.boolean(),
  influence: z.boolean(),
  risk: z.boolean(),
  stakeholders: z.boolean(),
  outsourcing: z.boolean(),
});

export const scope3ScreeningInputSchema = z
  .object({
    isIncluded: z.boolean(),
    relevance: relevanceSchema,
    exclusionReason: z.string().trim().max(2000).nullable().optional(),
  })
  .superRefine((screening, context) => {
    if (!screening.isIncluded && !screening.exclusionReason) {
      context.addIssue({
        code: 'custom',
        path: ['exclusionReason'],
        message: 'Give the reason this category is excluded',
      });
    }
  });
export type Scope3ScreeningInput = z.input<typeof scope3ScreeningInputSchema>;
export const scope3ScreeningParamsSchema = z.object({ category: z.coerce.number().int().min(1).max(15) });

export const scope3CategorySummarySchema = z.object({
  category: z.number().int(),
  name: z.string(),
  /** Not screened yet: null. */
  isIncluded: z.boolean().nullable(),
  relevance: relevanceSchema.nullable(),
  exclusionReason: z.string().nullable(),
  co2eKg: z.number(),
  lineCount: z.number().int(),
  /** The CO2e-weighted mean of the scored lines' data-quality scores (1 best, 5 worst); null when none. */
  dataQualityScore: z.number().nullable(),
});
export const scope3HotspotSchema = z.object({
  category: z.number().int(),
  supplier: z.string(),
  co2eKg: z.number(),
});
export const scope3SummarySchema = z.object({
  year: z.number().int(),
  years: z.array(z.number().int()),
  gwpSetId: z.string(),
  co2eKg: z.number(),
  categories: z.array(scope3CategorySummarySchema),
  hotspots: z.array(scope3HotspotSchema),
});
export type Scope3Summary = z.infer<typeof scope3SummarySchema>;
export const scope3SummaryQuerySchema = z.object({
  year: z.coerce.number().int().min(MIN_REPORTING_YEAR).max(MAX_REPORTING_YEAR).optional(),
});

export const priceIndexInputSchema = z.object({
  currency: currencySchema,
  year: yearSchema,
  indexValue: z.number({ error: 'Index value is a number' }).positive('Index value must be more than zero'),
  /** US dollars per one unit of `currency` that year; needed to use spend in a currency other than USD. */
  exchangeRate: z
    .number({ error: 'Exchange rate is a number' })
    .positive('Exchange rate must be more than zero')
    .nullable()
    .optional(),
});
export type PriceIndexInput = z.input<typeof priceIndexInputSchema>;
export const priceIndexSchema = z.object({
  id: z.string(),
  currency: z.string(),
  year: z.number().int(),
  indexValue: z.number(),
  exchangeRate: z.number().nullable(),
});
export type PriceIndexDto = z.infer<typeof priceIndexSchema>;
export const priceIndexListResponseSchema = z.object({ results: z.array(priceIndexSchema) });
export const priceIndexParamsSchema = z.object({ id: uuidSchema });

export const GWP_SETS_OF_PUBLISHED_CO2E = ['AR4', 'AR5', 'AR6'] as const;
export const eeioImportInputSchema = z.object({
  fileName: z.string().trim().min(1).max(255),
  /** The CSV as text (EPA's file is a few hundred kB). */
  csv: z.string().min(1, 'The file is empty'),
  /** The GWP set EPA's CO2e was computed with, which the release notes of the edition name. */
  gwpSetId: z.enum(GWP_SETS_OF_PUBLISHED_CO2E),
});
export type EeioImportInput = z.input<typeof eeioImportInputSchema>;
export const eeioFactorSchema = z.object({
  key: z.string(),
  naicsCode: z.string(),
  title: z.string(),
  priceBasis: priceBasisSchema,
  currency: z.string(),
  dollarYear: z.number().int(),
  kgCo2ePerUnit: z.number(),
  useeioCode: z.string(),
  source: z.string(),
});
export type EeioFactorDto = z.infer<typeof eeioFactorSchema>;
export const eeioFactorListResponseSchema = z.object({ results: z.array(eeioFactorSchema) });
export const eeioImportResponseSchema = z.object({ naicsCodes: z.number().int(), factors: z.number().int() });
/** The columns of a spend file (the server reads them with `readSpendRows` of the domain). */
export const SPEND_COLUMNS = [
  'Facility',
  'Category',
  'Description',
  'Supplier',
  'Period start',
  'Period end',
  'Spend',
  'Currency',
  'Spend year',
  'Price basis',
  'NAICS code',
] as const;

/**
 * A spend file, columns Facility, Category, Description, Supplier, Period start, Period end, Spend, Currency, Spend
 * year, Price basis, NAICS code: a CSV as text, or an XLSX workbook (its first sheet) in base64. Exactly one.
 */
export const spendImportInputSchema = z
  .object({
    fileName: z.string().trim().min(1).max(255),
    csv: z.string().min(1, 'The file is empty').optional(),
    xlsx: z.base64('The workbook is not base64').min(1, 'The file is empty').optional(),
  })
  .superRefine((input, context) => {
    if ((input.csv === undefined) === (input.xlsx === undefined))
      context.addIssue({
        code: 'custom',
        path: ['csv'],
        message: 'Send the file as csv or as xlsx, not both',
      });
  });
export type SpendImportInput = z.input<typeof spendImportInputSchema>;

export const scope3Endpoints = {
  summary: defineEndpoint({
    method: 'GET',
    path: '/api/scope3/summary',
    query: scope3SummaryQuerySchema,
    responses: { 200: scope3SummarySchema },
  }),
  listLines: defineEndpoint({
    method: 'GET',
    path: '/api/scope3/lines',
    query: scope3LineListQuerySchema,
    responses: { 200: scope3LineListResponseSchema },
  }),
  /** The lines of the list's filters as a CSV or XLSX download (a file, not JSON). */
  exportLines: defineEndpoint({
    method: 'GET',
    path: '/api/exports/scope3/lines',
    query: scope3LineListQuerySchema.extend({ format: exportFormatSchema }),
    responses: { 200: z.unknown() },
  }),
  /** The year's 15 categories with their screening (the summary's `categories`) as a CSV or XLSX download. */
  exportCategories: defineEndpoint({
    method: 'GET',
    path: '/api/exports/scope3/categories',
    query: scope3SummaryQuerySchema.extend({ format: exportFormatSchema }),
    responses: { 200: z.unknown() },
  }),
  /** The year's CO2e by category and supplier (the summary's `hotspots`) as a CSV or XLSX download. */
  exportHotspots: defineEndpoint({
    method: 'GET',
    path: '/api/exports/scope3/hotspots',
    query: scope3SummaryQuerySchema.extend({ format: exportFormatSchema }),
    responses: { 200: z.unknown() },
  }),
  /** 422 naming the field when spend cannot be converted (no index for the currency or year) or no factor fits. */
  createLine: defineEndpoint({
    method: 'POST',
    path: '/api/scope3/lines',
    body: scope3LineInputSchema,
    responses: { 201: scope3LineSchema },
  }),
  updateLine: defineEndpoint({
    method: 'PUT',
    path: '/api/scope3/lines/:id',
    params: scope3LineParamsSchema,
    body: scope3LinePatchSchema,
    responses: { 200: scope3LineSchema },
  }),
  /** Answers the line as it was, so the page can offer undo. */
  deleteLine: defineEndpoint({
    method: 'DELETE',
    path: '/api/scope3/lines/:id',
    params: scope3LineParamsSchema,
    query: scope3LineDeleteQuerySchema,
    responses: { 200: scope3LineSchema },
  }),
  updateScreening: defineEndpoint({
    method: 'PUT',
    path: '/api/scope3/screenings/:category',
    params: scope3ScreeningParamsSchema,
    body: scope3ScreeningInputSchema,
    responses: {
      200: scope3CategorySummarySchema.pick({
        category: true,
        isIncluded: true,
        relevance: true,
        exclusionReason: true,
      }),
    },
  }),
  listPriceIndexes: defineEndpoint({
    method: 'GET',
    path: '/api/scope3/price-indexes',
    responses: { 200: priceIndexListResponseSchema },
  }),
  /** Sets the value of a currency and year, replacing the one there was. */
  upsertPriceIndex: defineEndpoint({
    method: 'PUT',
    path: '/api/scope3/price-indexes',
    body: priceIndexInputSchema,
    responses: { 200: priceIndexSchema },
  }),
  deletePriceIndex: defineEndpoint({
    method: 'DELETE',
    path: '/api/scope3/price-indexes/:id',
    params: priceIndexParamsSchema,
    responses: { 204: noContentSchema },
  }),
  listEeioFactors: defineEndpoint({
    method: 'GET',
    path: '/api/scope3/eeio-factors',
    responses: { 200: eeioFactorListResponseSchema },
  }),
  /** 422 with `errors` by row and column for a bad file; nothing is written then. */
  importEeioFactors: defineEndpoint({
    method: 'POST',
    path: '/api/scope3/eeio-factors/import',
    body: eeioImportInputSchema,
    responses: { 201: eeioImportResponseSchema, 422: importFailureSchema },
  }),
  /** All rows or none: 422 with `errors` by row and column. */
  importSpendLines: defineEndpoint({
    method: 'POST',
    path: '/api/scope3/lines/import',
    body: spendImportInputSchema,
    responses: { 201: z.object({ lineCount: z.number().int() }), 422: importFailureSchema },
  }),
};
