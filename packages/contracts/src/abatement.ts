import { defineEndpoint, noContentSchema } from './endpoint.ts';
import { exportFormatSchema } from './exports.ts';
import { MAX_PATHWAY_YEAR, MIN_PATHWAY_YEAR } from './pathways.ts';
import { uuidSchema } from './validation.ts';
import { z } from './zod.ts';

/*
 * The realm's library of abatement measures (issue 12, item 3): what a measure abates (kg CO2e a year, or a share
 * of an emission source converted with the source's latest year), what it costs, how long it lasts, and how it
 * combines with others (exclusive groups, prerequisites). The marginal abatement cost curve (MACC) and the pathway
 * optimizer read it; the math is `packages/domain/src/pathways/{measures,macc}.ts`. Money is in the realm's
 * currency, the same for every measure.
 */

export const MAX_MEASURE_NAME_LENGTH = 200;
export const MAX_MEASURE_DESCRIPTION_LENGTH = 4000;
export const MAX_MEASURE_PREREQUISITES = 50;
export const MAX_MEASURE_LIFETIME = 100;
export const MAX_LIBRARY_MEASURES = 2000;
/** The discount rate the MACC and the optimizer page start from (a fraction a year). */
export const DEFAULT_ABATEMENT_DISCOUNT_RATE = 0.06;

export const MEASURE_NOT_FOUND = 'Abatement measure not found';
export const MEASURE_NAME_TAKEN = 'Another measure of the realm has this name';
export const MEASURE_SOURCE_NEEDED =
  'A share needs an emission source: choose a facility with a scope, or an equipment type';

export const MEASURE_SCOPES = [1, 2, 3] as const;
export const measureScopeSchema = z.union([z.literal(1), z.literal(2), z.literal(3)], {
  error: 'Choose Scope 1, 2 or 3',
});
export type MeasureScope = z.infer<typeof measureScopeSchema>;

/** What a measure applies to; each part optional. A share's emission source is the same selection. */
export const measureAppliesToSchema = z.object({
  facilityId: uuidSchema.nullable().default(null),
  equipmentTypeId: uuidSchema.nullable().default(null),
  scope: measureScopeSchema.nullable().default(null),
});
export type MeasureAppliesTo = z.output<typeof measureAppliesToSchema>;

const amountMessage = 'Must be an amount';
const wholeYearsMessage = 'Must be a whole number of years';
const yearMessage = `Must be a whole year from ${MIN_PATHWAY_YEAR} to ${MAX_PATHWAY_YEAR}`;

/** Either kg CO2e a year, or a percentage of the emission source's latest-year emissions. */
export const measureAbatementSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({
      kind: z.literal('absolute'),
      kgPerYear: z.number({ error: 'Must be a number of kg CO2e' }).min(0, 'Must be zero or more kg CO2e'),
    }),
    z.object({
      kind: z.literal('share'),
      percent: z
        .number({ error: 'Must be a percentage' })
        .gt(0, 'Must be more than 0 %')
        .max(100, 'Must be at most 100 %'),
    }),
  ],
  { error: 'Choose kg CO2e a year or a share of a source' },
);
export type MeasureAbatement = z.infer<typeof measureAbatementSchema>;

export const measureSourceCitationSchema = z.object({
  /** Publisher, document and the figure taken from it. */
  citation: z.string().trim().max(1000, 'Must be at most 1000 characters').default(''),
  url: z
    .union([z.literal(''), z.url({ message: 'Must be a web address (https://…)' })])
    .default('')
    .transform((value) => value.trim()),
});

export const measureInputSchema = z
  .object({
    name: z
      .string({ error: 'Give the measure a name' })
      .trim()
      .min(1, 'Give the measure a name')
      .max(MAX_MEASURE_NAME_LENGTH, `Must be at most ${MAX_MEASURE_NAME_LENGTH} characters`),
    description: z
      .string()
      .trim()
      .max(MAX_MEASURE_DESCRIPTION_LENGTH, `Must be at most ${MAX_MEASURE_DESCRIPTION_LENGTH} characters`)
      .default(''),
    appliesTo: measureAppliesToSchema.default({ facilityId: null, equipmentTypeId: null, scope: null }),
    abatement: measureAbatementSchema,
    capex: z.number({ error: amountMessage }).min(0, 'Must be zero or more'),
    /** The yearly cost change while the measure runs; negative for savings. */
    annualCost: z.number({ error: 'Must be an amount (negative for savings)' }),
    lifetime: z
      .number({ error: wholeYearsMessage })
      .int(wholeYearsMessage)
      .min(1, 'Must be at least 1 year')
      .max(MAX_MEASURE_LIFETIME, `Must be at most ${MAX_MEASURE_LIFETIME} years`),
    earliestYear: z
      .number({ error: yearMessage })
      .int(yearMessage)
      .min(MIN_PATHWAY_YEAR, yearMessage)
      .max(MAX_PATHWAY_YEAR, yearMessage)
      .nullable()
      .default(null),
    /** Measures of one exclusive group: at most one of them is done. */
    exclusiveGroup: z
      .string()
      .trim()
      .max(100, 'Must be at most 100 characters')
      .nullable()
      .default(null)
      .transform((value) => (value === '' ? null : value)),
    /** Ids of the realm's measures that must start no later than this one. */
    prerequisites: z
      .array(uuidSchema)
      .max(MAX_MEASURE_PREREQUISITES, `At most ${MAX_MEASURE_PREREQUISITES} prerequisites`)
      .default([]),
    source: measureSourceCitationSchema.default({ citation: '', url: '' }),
  })
  .superRefine((measure, context) => {
    const { facilityId, equipmentTypeId, scope } = measure.appliesTo;
    const hasSource = equipmentTypeId !== null || (facilityId !== null && scope !== null);
    if (measure.abatement.kind === 'share' && !hasSource) {
      context.addIssue({ code: 'custom', path: ['appliesTo'], message: MEASURE_SOURCE_NEEDED });
    }
  });
export type MeasureInput = z.input<typeof measureInputSchema>;
export type MeasureValues = z.output<typeof measureInputSchema>;

export const measureSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  appliesTo: measureAppliesToSchema,
  /** The names of `appliesTo`'s facility and equipment type, so a table names them whatever the realm's size. */
  appliesToNames: z.object({ facility: z.string().nullable(), equipmentType: z.string().nullable() }),
  abatement: measureAbatementSchema,
  /**
   * kg CO2e a year: the absolute figure, or the share of the source's emissions in `sourceYear`; null for a share
   * whose source has no emissions yet.
   */
  annualAbatementKg: z.number().nullable(),
  /** The emission source's latest-year emissions (kg CO2e) and that year, for a share. */
  sourceEmissionsKg: z.number().nullable(),
  sourceYear: z.number().int().nullable(),
  capex: z.number(),
  annualCost: z.number(),
  lifetime: z.number().int(),
  earliestYear: z.number().int().nullable(),
  exclusiveGroup: z.string().nullable(),
  prerequisites: z.array(z.string()),
  source: z.object({ citation: z.string(), url: z.string() }),
  /** The starter-set entry this measure was added from, if any. */
  starterKey: z.string().nullable(),
  modifiedOn: z.string(),
});
export type MeasureDto = z.infer<typeof measureSchema>;

export const measureListResponseSchema = z.object({ results: z.array(measureSchema) });
export type MeasureListResponse = z.infer<typeof measureListResponseSchema>;

export const measureParamsSchema = z.object({ id: uuidSchema });

export const starterSetResponseSchema = z.object({
  /** How many starter measures were added (those the realm already has are left as they are). */
  added: z.number().int(),
  results: z.array(measureSchema),
});
export type StarterSetResponse = z.infer<typeof starterSetResponseSchema>;

const discountRateMessage = 'Must be a rate from 0 to 1 (0.06 is 6 %)';
export const maccQuerySchema = z.object({
  discountRate: z.coerce
    .number({ error: discountRateMessage })
    .min(0, discountRateMessage)
    .max(1, discountRateMessage)
    .default(DEFAULT_ABATEMENT_DISCOUNT_RATE),
});
export type MaccQuery = z.infer<typeof maccQuerySchema>;

const fileDownloadSchema = z.unknown();

export const abatementEndpoints = {
  listMeasures: defineEndpoint({
    method: 'GET',
    path: '/api/abatement/measures',
    responses: { 200: measureListResponseSchema },
  }),
  /** 400 naming the field; 422 on `body/prerequisites` for a cycle; 409 on `body/name` for a taken name. */
  createMeasure: defineEndpoint({
    method: 'POST',
    path: '/api/abatement/measures',
    body: measureInputSchema,
    responses: { 201: measureSchema },
  }),
  readMeasure: defineEndpoint({
    method: 'GET',
    path: '/api/abatement/measures/:id',
    params: measureParamsSchema,
    responses: { 200: measureSchema },
  }),
  updateMeasure: defineEndpoint({
    method: 'PUT',
    path: '/api/abatement/measures/:id',
    params: measureParamsSchema,
    body: measureInputSchema,
    responses: { 200: measureSchema },
  }),
  /** 409 when other measures require it (they are named). */
  deleteMeasure: defineEndpoint({
    method: 'DELETE',
    path: '/api/abatement/measures/:id',
    params: measureParamsSchema,
    responses: { 204: noContentSchema },
  }),
  /** Adds the starter set's measures the realm does not have yet. */
  addStarterSet: defineEndpoint({
    method: 'POST',
    path: '/api/abatement/starter-set',
    responses: { 200: starterSetResponseSchema },
  }),
  /** The MACC's table as CSV or XLSX. */
  exportMacc: defineEndpoint({
    method: 'GET',
    path: '/api/exports/abatement/macc',
    query: maccQuerySchema.extend({ format: exportFormatSchema }),
    responses: { 200: fileDownloadSchema },
  }),
};
