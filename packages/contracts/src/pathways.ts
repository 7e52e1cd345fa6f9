import { defineEndpoint } from './endpoint.ts';
import { z } from './zod.ts';

/*
 * Decarbonisation pathways (issue 12, item 2) and the pathway optimizer (item 4). A trajectory is the SBTi
 * cross-sector absolute contraction, `E(t) = E(base) × (1 − rate × (t − base))`, linear and never below zero;
 * rates are fractions a year (0.042 is 4.2 %/yr). Masses are kg CO2e; money is in whatever currency the caller
 * uses, the same for every measure and budget. The math is `packages/domain/src/pathways`.
 */

export const MIN_PATHWAY_YEAR = 1990;
export const MAX_PATHWAY_YEAR = 2100;
/** The longest horizon the optimizer plans over: decisions grow with measures × years. */
export const MAX_OPTIMIZER_HORIZON_YEARS = 50;
export const MAX_OPTIMIZER_MEASURES = 2000;
export const MAX_OPTIMIZER_TIME_LIMIT_SECONDS = 60;
export const DEFAULT_OPTIMIZER_TIME_LIMIT_SECONDS = 10;
const MAX_MEASURE_ID_LENGTH = 100;
const MAX_MEASURE_LIFETIME_YEARS = 100;
const MAX_PREREQUISITES = 50;

/** SBTi cross-sector absolute contraction rates a year: 1.5 °C and well-below 2 °C. */
export const SBTI_CONTRACTION_RATES = { '1.5C': 0.042, 'well-below-2C': 0.025 } as const;
/** SBTi long-term target: 90 % below the base year by 2050. */
export const LONG_TERM_REDUCTION = 0.9;
export const LONG_TERM_TARGET_YEAR = 2050;

const yearMessage = `Must be a whole year from ${MIN_PATHWAY_YEAR} to ${MAX_PATHWAY_YEAR}`;
const rateMessage = 'Must be a rate from 0 to 1 (0.042 is 4.2 % a year)';

const pathwayYearSchema = z
  .number({ error: yearMessage })
  .int(yearMessage)
  .min(MIN_PATHWAY_YEAR, yearMessage)
  .max(MAX_PATHWAY_YEAR, yearMessage);
const contractionRateSchema = z.number({ error: rateMessage }).min(0, rateMessage).max(1, rateMessage);
const massSchema = z.number({ error: 'Must be a number of kg CO2e' }).min(0, 'Must be zero or more kg CO2e');

export const trajectoryQuerySchema = z
  .object({
    baseYear: z.coerce.number({ error: yearMessage }).pipe(pathwayYearSchema),
    targetYear: z.coerce.number({ error: yearMessage }).pipe(pathwayYearSchema),
    /** Base-year emissions, kg CO2e. */
    base: z.coerce.number({ error: 'Must be a number of kg CO2e' }).pipe(massSchema),
    rate: z.coerce.number({ error: rateMessage }).pipe(contractionRateSchema),
  })
  .superRefine((query, context) => {
    if (query.targetYear < query.baseYear) {
      context.addIssue({
        code: 'custom',
        path: ['targetYear'],
        message: 'The target year must not be before the base year',
      });
    }
  });
export type TrajectoryQuery = z.infer<typeof trajectoryQuerySchema>;

export const trajectoryYearSchema = z.object({ year: z.number().int(), emissions: z.number() });
export type TrajectoryYear = z.infer<typeof trajectoryYearSchema>;

export const trajectoryResponseSchema = z.object({
  baseYear: z.number().int(),
  targetYear: z.number().int(),
  base: z.number(),
  rate: z.number(),
  /** Every year from the base year to the target year, kg CO2e. */
  years: z.array(trajectoryYearSchema),
});
export type TrajectoryResponse = z.infer<typeof trajectoryResponseSchema>;

/** `{"2024": 1200, …}`: a value a year; a year left out takes the value of the year before it. */
const yearValuesSchema = (value: z.ZodNumber) =>
  z.record(z.string().regex(/^\d{4}$/, 'Each key must be a year of four digits'), value);

export const optimizerMeasureSchema = z.object({
  id: z
    .string({ error: 'Give the measure an id' })
    .trim()
    .min(1, 'Give the measure an id')
    .max(MAX_MEASURE_ID_LENGTH, `Must be at most ${MAX_MEASURE_ID_LENGTH} characters`),
  /** kg CO2e abated every year the measure is active. */
  abatement: massSchema,
  capex: z.number({ error: 'Must be an amount' }).min(0, 'Must be zero or more'),
  /** The yearly cost change while active; negative for savings. */
  annualCost: z.number({ error: 'Must be an amount (negative for savings)' }),
  lifetime: z
    .number({ error: 'Must be a whole number of years' })
    .int('Must be a whole number of years')
    .min(0, 'A lifetime cannot be negative')
    .max(MAX_MEASURE_LIFETIME_YEARS, `Must be at most ${MAX_MEASURE_LIFETIME_YEARS} years`),
  earliestYear: pathwayYearSchema.optional(),
  /** Measures of one exclusive group: at most one of them starts. */
  group: z.string().trim().min(1).max(MAX_MEASURE_ID_LENGTH).optional(),
  /** Ids of measures that must start no later than this one. */
  requires: z.array(z.string().trim().min(1)).max(MAX_PREREQUISITES).optional(),
});
export type OptimizerMeasure = z.infer<typeof optimizerMeasureSchema>;

export const optimizeRequestSchema = z
  .object({
    baseYear: pathwayYearSchema,
    targetYear: pathwayYearSchema,
    /** kg CO2e a year without any measure; must hold the base year. */
    baseline: yearValuesSchema(massSchema),
    /** kg CO2e a year, or `{rate}`: `baseline(base) × (1 − rate × (t − base))`. */
    trajectory: z.union([z.strictObject({ rate: contractionRateSchema }), yearValuesSchema(massSchema)]),
    discountRate: z
      .number({ error: 'Must be a rate from 0 to 1' })
      .min(0, 'Must be a rate from 0 to 1')
      .max(1, 'Must be a rate from 0 to 1'),
    /** The most capex that measures starting in a year may spend; a year left out has no limit. */
    budget: yearValuesSchema(z.number().min(0, 'A budget cannot be negative')).optional(),
    measures: z
      .array(optimizerMeasureSchema)
      .max(MAX_OPTIMIZER_MEASURES, `At most ${MAX_OPTIMIZER_MEASURES} measures`),
    /** Measures that must start: in the year given, else in whichever year is best. */
    pinned: z
      .array(z.object({ id: z.string().trim().min(1), startYear: pathwayYearSchema.optional() }))
      .max(MAX_OPTIMIZER_MEASURES, `At most ${MAX_OPTIMIZER_MEASURES} pins`)
      .optional(),
    /** Measures that must not start. */
    banned: z
      .array(z.string().trim().min(1))
      .max(MAX_OPTIMIZER_MEASURES, `At most ${MAX_OPTIMIZER_MEASURES} bans`)
      .optional(),
    /** How long the solver may run and the relative optimality gap it may stop at (0: prove optimality). */
    solver: z
      .object({
        timeLimitSeconds: z.number().positive().max(MAX_OPTIMIZER_TIME_LIMIT_SECONDS).optional(),
        mipGap: z.number().min(0).max(1).optional(),
      })
      .optional(),
  })
  .superRefine((request, context) => {
    const issue = (path: (string | number)[], message: string) =>
      context.addIssue({ code: 'custom', path, message });
    if (request.targetYear <= request.baseYear) {
      issue(['targetYear'], 'The target year must be after the base year');
      return;
    }
    if (request.targetYear - request.baseYear > MAX_OPTIMIZER_HORIZON_YEARS) {
      issue(['targetYear'], `Plan over at most ${MAX_OPTIMIZER_HORIZON_YEARS} years`);
    }
    const baseKey = String(request.baseYear);
    if (request.baseline[baseKey] === undefined) issue(['baseline'], `Give the base year ${baseKey}`);
    if (!('rate' in request.trajectory) && request.trajectory[baseKey] === undefined) {
      issue(['trajectory'], `Give the base year ${baseKey}, or a rate`);
    }
    for (const year of Object.keys(request.budget ?? {})) {
      if (Number(year) <= request.baseYear || Number(year) > request.targetYear) {
        issue(
          ['budget', year],
          `A budget year must be from ${request.baseYear + 1} to ${request.targetYear}, when measures can start`,
        );
      }
    }
    const indexById = new Map<string, number>();
    request.measures.forEach((measure, index) => {
      if (indexById.has(measure.id)) issue(['measures', index, 'id'], `The id ${measure.id} is taken`);
      else indexById.set(measure.id, index);
    });
    request.measures.forEach((measure, index) => {
      const unknown = (measure.requires ?? []).filter((id) => !indexById.has(id));
      if (unknown.length > 0) {
        issue(['measures', index, 'requires'], `Requires unknown measures: ${unknown.join(', ')}`);
      }
    });
    const pinnedIds = new Set<string>();
    (request.pinned ?? []).forEach((pin, index) => {
      const measure = request.measures[indexById.get(pin.id) ?? -1];
      if (!measure) return issue(['pinned', index, 'id'], `No measure has the id ${pin.id}`);
      if (pinnedIds.has(pin.id)) return issue(['pinned', index, 'id'], `${pin.id} is pinned twice`);
      pinnedIds.add(pin.id);
      const first = Math.max(request.baseYear + 1, measure.earliestYear ?? request.baseYear + 1);
      if (first > request.targetYear) {
        issue(['pinned', index, 'id'], `${pin.id} cannot start by the target year ${request.targetYear}`);
      } else if (
        pin.startYear !== undefined &&
        (pin.startYear < first || pin.startYear > request.targetYear)
      ) {
        issue(['pinned', index, 'startYear'], `${pin.id} can start from ${first} to ${request.targetYear}`);
      }
    });
    (request.banned ?? []).forEach((id, index) => {
      if (!indexById.has(id)) issue(['banned', index], `No measure has the id ${id}`);
      else if (pinnedIds.has(id)) issue(['banned', index], `${id} is pinned: a measure cannot be both`);
    });
  });
export type OptimizeRequest = z.infer<typeof optimizeRequestSchema>;

export const OPTIMIZER_STATUSES = ['optimal', 'feasible', 'infeasible'] as const;
export type OptimizerStatus = (typeof OPTIMIZER_STATUSES)[number];

export const optimizerYearSchema = z.object({
  year: z.number().int(),
  baseline: z.number(),
  abated: z.number(),
  /** `baseline − abated`. */
  emissions: z.number(),
  trajectory: z.number(),
  /** How much emissions exceed the trajectory (0 when on or under it). */
  shortfall: z.number(),
});
export type OptimizerYear = z.infer<typeof optimizerYearSchema>;

export const optimizeResponseSchema = z.object({
  /**
   * `optimal`: proved best (within `gap`); `feasible`: the best plan found before the time limit; `infeasible`:
   * no plan meets the trajectory every year, and this one misses it by the least in total.
   */
  status: z.enum(OPTIMIZER_STATUSES),
  /** The plan's discounted cost, the objective of docs/optimizer.md. */
  cost: z.number(),
  plan: z.array(z.object({ id: z.string(), startYear: z.number().int() })),
  years: z.array(optimizerYearSchema),
  /** The relative optimality gap of the last solve (0 when proved optimal). */
  gap: z.number(),
  solveMs: z.number(),
});
export type OptimizeResponse = z.infer<typeof optimizeResponseSchema>;

export const pathwayEndpoints = {
  /** 400 naming `querystring/<field>` for a target before the base, a rate outside 0–1 or a non-number. */
  trajectory: defineEndpoint({
    method: 'GET',
    path: '/api/pathways/trajectory',
    query: trajectoryQuerySchema,
    responses: { 200: trajectoryResponseSchema },
  }),
  /** 400 naming the field for bad input; 422 on `body/measures/<i>/requires` for a prerequisite cycle. */
  optimize: defineEndpoint({
    method: 'POST',
    path: '/api/pathways/optimize',
    body: optimizeRequestSchema,
    responses: { 200: optimizeResponseSchema },
  }),
};
