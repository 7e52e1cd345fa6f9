import { defineEndpoint, noContentSchema } from './endpoint.ts';
import { exportFormatSchema } from './exports.ts';
import { intensityDenominatorKindSchema } from './organisation.ts';
import { uuidSchema } from './validation.ts';
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

/** What the optimizer and a plan's export both take: the horizon, baseline, trajectory, discount rate and budgets. */
const optimizerHorizonShape = {
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
};
type OptimizerHorizon = z.infer<z.ZodObject<typeof optimizerHorizonShape>>;

/**
 * The horizon's rules, each broken one reported through `issue`; false when the target year is not after the base
 * year, so that nothing is checked against a horizon that does not exist.
 */
function isOptimizerHorizonValid(
  request: OptimizerHorizon,
  issue: (path: (string | number)[], message: string) => void,
): boolean {
  if (request.targetYear <= request.baseYear) {
    issue(['targetYear'], 'The target year must be after the base year');
    return false;
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
  return true;
}

export const optimizeRequestSchema = z
  .object({
    ...optimizerHorizonShape,
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
    if (!isOptimizerHorizonValid(request, issue)) return;
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

/** `unsolved`: the time limit passed before any plan was found, so nothing is proved (the plan starts no measure). */
export const OPTIMIZER_STATUSES = ['optimal', 'feasible', 'infeasible', 'unsolved'] as const;
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

/** A measure of the plan to export: which of the realm's library measures starts in which year. */
export const plannedStartSchema = z.object({
  id: z.string({ error: 'Give the measure id' }).trim().min(1, 'Give the measure id'),
  startYear: pathwayYearSchema,
});
export type PlannedStartInput = z.infer<typeof plannedStartSchema>;

/**
 * A solved plan to export: the optimizer's inputs (horizon, baseline, trajectory, discount rate, budgets) and the
 * chosen starts, never its numbers. The server takes each measure's figures from the realm's library and evaluates
 * the plan again, so a download cannot carry figures the browser made up.
 */
export const planExportRequestSchema = z
  .object({
    ...optimizerHorizonShape,
    plan: z
      .array(plannedStartSchema)
      .max(MAX_OPTIMIZER_MEASURES, `At most ${MAX_OPTIMIZER_MEASURES} measures`),
  })
  .superRefine((request, context) => {
    isOptimizerHorizonValid(request, (path, message) => context.addIssue({ code: 'custom', path, message }));
  });
export type PlanExportRequest = z.infer<typeof planExportRequestSchema>;

/** The plan's two tables: a row per measure started, or a row per year of the horizon. */
export const PLAN_EXPORT_TABLES = ['measures', 'years'] as const;
export type PlanExportTable = (typeof PLAN_EXPORT_TABLES)[number];

/** The plan's download: the request as JSON text in the query string (a link the browser follows). */
export const planExportQuerySchema = z.object({
  request: z
    .string()
    .transform((text, context) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        context.addIssue({ code: 'custom', message: 'The plan is not JSON' });
        return z.NEVER;
      }
    })
    .pipe(planExportRequestSchema),
  table: z.enum(PLAN_EXPORT_TABLES, { error: 'Must be measures or years' }).default('measures'),
  format: exportFormatSchema,
});
export type PlanExportQuery = z.infer<typeof planExportQuerySchema>;

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

// Targets (issue 12, item 2) --------------------------------------------------------------------------------

export const TARGET_KINDS = ['absolute', 'intensity'] as const;
export type TargetKind = (typeof TARGET_KINDS)[number];
export const TARGET_TERMS = ['near-term', 'long-term', 'net-zero'] as const;
export type TargetTerm = (typeof TARGET_TERMS)[number];
/**
 * `1.5C` and `well-below-2C`: the SBTi cross-sector contraction rates; `long-term-90`: 90 % below the base year by
 * 2050; `custom`: the target's own reduction by its target year.
 */
export const TARGET_AMBITIONS = ['1.5C', 'well-below-2C', 'long-term-90', 'custom'] as const;
export type TargetAmbition = (typeof TARGET_AMBITIONS)[number];
/** How the business-as-usual projection continues the actual years. */
export const PROJECTION_METHODS = ['linear-trend', 'compound-growth'] as const;
export type ProjectionMethod = (typeof PROJECTION_METHODS)[number];
export const TARGET_SCOPES = [1, 2, 3] as const;
export type TargetScope = (typeof TARGET_SCOPES)[number];
export const TARGET_SCOPE2_METHODS = ['location', 'market'] as const;
export type TargetScope2Method = (typeof TARGET_SCOPE2_METHODS)[number];
export const TARGET_STATUSES = ['on-track', 'off-track', 'no-data'] as const;
export type TargetStatus = (typeof TARGET_STATUSES)[number];

export const TARGET_KIND_LABELS: Readonly<Record<TargetKind, string>> = {
  absolute: 'Absolute',
  intensity: 'Intensity',
};
export const TARGET_TERM_LABELS: Readonly<Record<TargetTerm, string>> = {
  'near-term': 'Near-term',
  'long-term': 'Long-term',
  'net-zero': 'Net-zero',
};
export const TARGET_AMBITION_LABELS: Readonly<Record<TargetAmbition, string>> = {
  '1.5C': '1.5 °C (4.2 % a year)',
  'well-below-2C': 'Well-below 2 °C (2.5 % a year)',
  'long-term-90': 'Long-term: 90 % by 2050',
  custom: 'Custom reduction',
};
export const PROJECTION_METHOD_LABELS: Readonly<Record<ProjectionMethod, string>> = {
  'linear-trend': 'Linear trend (least squares)',
  'compound-growth': 'Compound growth',
};
export const TARGET_STATUS_LABELS: Readonly<Record<TargetStatus, string>> = {
  'on-track': 'On track',
  'off-track': 'Off track',
  'no-data': 'No data',
};

export const MAX_TARGET_NAME_LENGTH = 200;
/** A yearly growth assumption of the projection, in percent: from a halving to a doubling a year. */
export const MIN_GROWTH_PERCENT = -50;
export const MAX_GROWTH_PERCENT = 100;

export const TARGET_NOT_FOUND = 'Target not found';
export const SECTOR_PATHWAY_NOT_FOUND = 'No sector pathway of this realm has this id';
export const SECTOR_PATHWAY_IN_USE =
  'This sector pathway is used by a target: change or delete the target first';
export const SECTOR_PATHWAY_DENOMINATOR_MISMATCH =
  "The sector pathway's intensity is per another denominator than the target's";

const percentMessage = 'Must be a percentage from 0 to 100';
const growthMessage = `Must be a percentage from ${MIN_GROWTH_PERCENT} to ${MAX_GROWTH_PERCENT} a year`;
const scopeMessage = 'Must be scope 1, 2 or 3';
const categoryMessage = 'Must be a Scope 3 category from 1 to 15';

const targetScopeSchema = z.union(
  TARGET_SCOPES.map((scope) => z.literal(scope)),
  { error: scopeMessage },
);

/**
 * A target as written: what it covers (scopes; Scope 2 by one method; Scope 3 by all categories or the ones
 * listed), its years, its ambition and the projection's assumption. Intensity targets name the realm's
 * denominator kind, and may follow a sector pathway of the realm (SDA-style convergence).
 */
export const targetInputSchema = z
  .object({
    name: z
      .string({ error: 'Give the target a name' })
      .trim()
      .min(1, 'Give the target a name')
      .max(MAX_TARGET_NAME_LENGTH, `Must be at most ${MAX_TARGET_NAME_LENGTH} characters`),
    kind: z.enum(TARGET_KINDS, { error: 'Kind is absolute or intensity' }),
    denominatorKind: intensityDenominatorKindSchema.nullable().optional(),
    scopes: z.array(targetScopeSchema, { error: scopeMessage }).min(1, 'Cover at least one scope'),
    scope2Method: z.enum(TARGET_SCOPE2_METHODS, { error: 'Scope 2 method is location or market' }),
    /** The Scope 3 categories covered; empty covers all of Scope 3. */
    scope3Categories: z
      .array(
        z
          .number({ error: categoryMessage })
          .int(categoryMessage)
          .min(1, categoryMessage)
          .max(15, categoryMessage),
      )
      .max(15, categoryMessage),
    baseYear: pathwayYearSchema,
    targetYear: pathwayYearSchema,
    term: z.enum(TARGET_TERMS, { error: 'Term is near-term, long-term or net-zero' }),
    ambition: z.enum(TARGET_AMBITIONS, { error: 'Ambition is 1.5C, well-below-2C, long-term-90 or custom' }),
    /** The reduction by the target year, in percent of the base year, for a `custom` ambition. */
    customReductionPercent: z
      .number({ error: percentMessage })
      .min(0, percentMessage)
      .max(100, percentMessage)
      .nullable()
      .optional(),
    projectionMethod: z.enum(PROJECTION_METHODS, { error: 'Projection is linear-trend or compound-growth' }),
    /** The yearly growth of `compound-growth`, in percent (negative for a decline). */
    growthPercent: z
      .number({ error: growthMessage })
      .min(MIN_GROWTH_PERCENT, growthMessage)
      .max(MAX_GROWTH_PERCENT, growthMessage)
      .nullable()
      .optional(),
    sectorPathwayId: uuidSchema.nullable().optional(),
  })
  .superRefine((target, context) => {
    const issue = (path: string, message: string) =>
      context.addIssue({ code: 'custom', path: [path], message });
    if (target.targetYear <= target.baseYear)
      issue('targetYear', 'The target year must be after the base year');
    if (target.ambition === 'long-term-90' && target.baseYear >= LONG_TERM_TARGET_YEAR) {
      issue('baseYear', `A long-term target needs a base year before ${LONG_TERM_TARGET_YEAR}`);
    }
    if (new Set(target.scopes).size !== target.scopes.length) issue('scopes', 'Name each scope once');
    if (target.scope3Categories.length > 0 && !target.scopes.includes(3)) {
      issue('scope3Categories', 'Scope 3 categories need Scope 3 among the scopes');
    }
    if (new Set(target.scope3Categories).size !== target.scope3Categories.length) {
      issue('scope3Categories', 'Name each category once');
    }
    if (target.kind === 'intensity' && !target.denominatorKind) {
      issue('denominatorKind', 'An intensity target needs a denominator');
    }
    if (target.kind === 'absolute' && target.sectorPathwayId) {
      issue('sectorPathwayId', 'Only intensity targets follow a sector pathway');
    }
    if (target.ambition === 'custom' && (target.customReductionPercent ?? null) === null) {
      issue('customReductionPercent', 'Give the reduction by the target year');
    }
    if (target.projectionMethod === 'compound-growth' && (target.growthPercent ?? null) === null) {
      issue('growthPercent', 'Give the yearly growth of the projection');
    }
  })
  .transform((target) => ({
    ...target,
    denominatorKind: target.kind === 'intensity' ? (target.denominatorKind ?? null) : null,
    customReductionPercent: target.ambition === 'custom' ? (target.customReductionPercent ?? null) : null,
    growthPercent: target.projectionMethod === 'compound-growth' ? (target.growthPercent ?? null) : null,
    sectorPathwayId: target.kind === 'intensity' ? (target.sectorPathwayId ?? null) : null,
    scopes: [...target.scopes].sort(),
    scope3Categories: target.scopes.includes(3) ? [...target.scope3Categories].sort((a, b) => a - b) : [],
  }));
export type TargetInput = z.input<typeof targetInputSchema>;
export type TargetValues = z.output<typeof targetInputSchema>;

export const targetSchema = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(TARGET_KINDS),
  denominatorKind: intensityDenominatorKindSchema.nullable(),
  scopes: z.array(z.number().int()),
  scope2Method: z.enum(TARGET_SCOPE2_METHODS),
  scope3Categories: z.array(z.number().int()),
  baseYear: z.number().int(),
  targetYear: z.number().int(),
  term: z.enum(TARGET_TERMS),
  ambition: z.enum(TARGET_AMBITIONS),
  customReductionPercent: z.number().nullable(),
  projectionMethod: z.enum(PROJECTION_METHODS),
  growthPercent: z.number().nullable(),
  sectorPathwayId: z.string().nullable(),
  /** The linear contraction a year the ambition means, as a fraction of the base year (0.042 is 4.2 %). */
  annualReductionRate: z.number(),
  modifiedOn: z.string(),
});
export type TargetDto = z.infer<typeof targetSchema>;

/** The scopes a target covers as its list shows them: `Scope 1, 2 (market-based), 3 (categories 1, 6)`. */
export function targetScopesText(
  target: Pick<TargetDto, 'scopes' | 'scope2Method' | 'scope3Categories'>,
): string {
  const parts = target.scopes.map((scope) => {
    if (scope === 2) return `2 (${target.scope2Method}-based)`;
    if (scope === 3 && target.scope3Categories.length > 0)
      return `3 (categories ${target.scope3Categories.join(', ')})`;
    return String(scope);
  });
  return `Scope ${parts.join(', ')}`;
}

export const targetListResponseSchema = z.object({ results: z.array(targetSchema) });
export type TargetListResponse = z.infer<typeof targetListResponseSchema>;
export const targetParamsSchema = z.object({ id: uuidSchema });

const targetGapQueryShape = {
  projectionMethod: z
    .enum(PROJECTION_METHODS, { error: 'Projection is linear-trend or compound-growth' })
    .optional(),
  growthPercent: z.coerce
    .number({ error: growthMessage })
    .min(MIN_GROWTH_PERCENT, growthMessage)
    .max(MAX_GROWTH_PERCENT, growthMessage)
    .optional(),
};

function checkGapQuery(
  query: { projectionMethod?: ProjectionMethod | undefined; growthPercent?: number | undefined },
  context: z.RefinementCtx,
): void {
  if (query.projectionMethod === 'compound-growth' && query.growthPercent === undefined) {
    context.addIssue({
      code: 'custom',
      path: ['growthPercent'],
      message: 'Give the yearly growth of the projection',
    });
  }
}

/** Scenario overrides of the projection for one answer, the saved target unchanged. */
export const targetGapQuerySchema = z.object(targetGapQueryShape).superRefine(checkGapQuery);
export type TargetGapQuery = z.infer<typeof targetGapQuerySchema>;
export const targetGapExportQuerySchema = z
  .object({ ...targetGapQueryShape, format: exportFormatSchema })
  .superRefine(checkGapQuery);
export type TargetGapExportQuery = z.infer<typeof targetGapExportQuerySchema>;

/**
 * One year of a target: `actual` only when the covered scopes have results that year (and, for an intensity, the
 * realm's denominator); `projected` is the actual year itself up to the latest actual year, the projection after
 * it; `gap` = projected − trajectory. Null where it cannot be said (no base-year data, a year before the base).
 */
export const targetGapYearSchema = z.object({
  year: z.number().int(),
  actual: z.number().optional(),
  projected: z.number().nullable(),
  trajectory: z.number().nullable(),
  gap: z.number().nullable(),
});
export type TargetGapYear = z.infer<typeof targetGapYearSchema>;

export const projectionMethodDetailSchema = z.discriminatedUnion('method', [
  z.object({
    method: z.literal('linear-trend'),
    /** Least squares on the actual years: value = intercept + slope × year. */
    slope: z.number(),
    intercept: z.number(),
    fittedYears: z.array(z.number().int()),
    /** The projection continues the latest actual year with the fitted slope. */
    fromYear: z.number().int(),
  }),
  z.object({
    method: z.literal('compound-growth'),
    growthPercent: z.number(),
    fromYear: z.number().int(),
  }),
]);
export type ProjectionMethodDetail = z.infer<typeof projectionMethodDetailSchema>;

export const trajectoryMethodDetailSchema = z.discriminatedUnion('method', [
  z.object({
    method: z.literal('absolute-contraction'),
    /** `trajectory(t) = base × (1 − rate × (t − baseYear))`, floored at zero. */
    rate: z.number(),
    base: z.number(),
  }),
  z.object({
    method: z.literal('sector-convergence'),
    sectorPathwayId: z.string(),
    sectorPathwayName: z.string(),
    /** The pathway's last year, where the target's intensity meets the sector's. */
    convergenceYear: z.number().int(),
    base: z.number(),
  }),
]);
export type TrajectoryMethodDetail = z.infer<typeof trajectoryMethodDetailSchema>;

export const targetGapResponseSchema = z.object({
  target: targetSchema,
  /** `kg CO2e`, or for an intensity `kg CO2e per <denominator unit>`. */
  unit: z.string(),
  years: z.array(targetGapYearSchema),
  /** The latest actual year against the trajectory; `no-data` when the base year or every later year lacks data. */
  status: z.enum(TARGET_STATUSES),
  statusYear: z.number().int().nullable(),
  method: z.object({
    /** Null without actual years to project from. */
    projection: projectionMethodDetailSchema.nullable(),
    /** Null without base-year data. */
    trajectory: trajectoryMethodDetailSchema.nullable(),
    /** The method in a sentence, for the page. */
    description: z.string(),
  }),
  /** Years of the range without actual data, each with why, so that none is mistaken for zero. */
  missingYears: z.array(z.object({ year: z.number().int(), reason: z.string() })),
});
export type TargetGapResponse = z.infer<typeof targetGapResponseSchema>;

export const targetEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/pathways/targets',
    responses: { 200: targetListResponseSchema },
  }),
  /** 400 naming the field for bad input (a target year before the base year, a rate outside 0–100 %). */
  create: defineEndpoint({
    method: 'POST',
    path: '/api/pathways/targets',
    body: targetInputSchema,
    responses: { 201: targetSchema },
  }),
  read: defineEndpoint({
    method: 'GET',
    path: '/api/pathways/targets/:id',
    params: targetParamsSchema,
    responses: { 200: targetSchema },
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/api/pathways/targets/:id',
    params: targetParamsSchema,
    body: targetInputSchema,
    responses: { 200: targetSchema },
  }),
  delete: defineEndpoint({
    method: 'DELETE',
    path: '/api/pathways/targets/:id',
    params: targetParamsSchema,
    responses: { 204: noContentSchema },
  }),
  /** The target's years: actual, projection, trajectory and gap; the query may try another projection. */
  gap: defineEndpoint({
    method: 'GET',
    path: '/api/pathways/targets/:id/gap',
    params: targetParamsSchema,
    query: targetGapQuerySchema,
    responses: { 200: targetGapResponseSchema },
  }),
  /** The gap's year table as a CSV or XLSX file, with the same scenario overrides. */
  gapExport: defineEndpoint({
    method: 'GET',
    path: '/api/exports/pathways/targets/:id/gap',
    params: targetParamsSchema,
    query: targetGapExportQuerySchema,
    responses: { 200: z.unknown() },
  }),
};

// Sector pathways: the realm's year → intensity tables that intensity targets converge to -----------------------

export const MAX_SECTOR_PATHWAY_POINTS = 100;
const intensityMessage = 'Must be zero or more kg CO2e per unit';

export const sectorPathwayPointSchema = z.object({
  year: pathwayYearSchema,
  /** The sector's intensity that year, kg CO2e per unit of the denominator. */
  intensity: z.number({ error: intensityMessage }).min(0, intensityMessage),
});
export type SectorPathwayPoint = z.infer<typeof sectorPathwayPointSchema>;

/** A sector's intensity by year (e.g. from the SBTi SDA tool); years between two points are interpolated. */
export const sectorPathwayInputSchema = z
  .object({
    name: z
      .string({ error: 'Give the pathway a name' })
      .trim()
      .min(1, 'Give the pathway a name')
      .max(MAX_TARGET_NAME_LENGTH, `Must be at most ${MAX_TARGET_NAME_LENGTH} characters`),
    denominatorKind: intensityDenominatorKindSchema,
    points: z
      .array(sectorPathwayPointSchema)
      .min(2, 'Give at least two years')
      .max(MAX_SECTOR_PATHWAY_POINTS, `At most ${MAX_SECTOR_PATHWAY_POINTS} years`),
  })
  .superRefine((pathway, context) => {
    const seen = new Set<number>();
    pathway.points.forEach((point, index) => {
      if (seen.has(point.year)) {
        context.addIssue({ code: 'custom', path: ['points', index, 'year'], message: 'Give each year once' });
      }
      seen.add(point.year);
    });
  })
  .transform((pathway) => ({
    ...pathway,
    points: [...pathway.points].sort((left, right) => left.year - right.year),
  }));
export type SectorPathwayInput = z.input<typeof sectorPathwayInputSchema>;
export type SectorPathwayValues = z.output<typeof sectorPathwayInputSchema>;

export const sectorPathwaySchema = z.object({
  id: z.string(),
  name: z.string(),
  denominatorKind: intensityDenominatorKindSchema,
  points: z.array(sectorPathwayPointSchema),
});
export type SectorPathwayDto = z.infer<typeof sectorPathwaySchema>;
export const sectorPathwayListResponseSchema = z.object({ results: z.array(sectorPathwaySchema) });
export type SectorPathwayListResponse = z.infer<typeof sectorPathwayListResponseSchema>;

export const sectorPathwayEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/pathways/sector-pathways',
    responses: { 200: sectorPathwayListResponseSchema },
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/api/pathways/sector-pathways',
    body: sectorPathwayInputSchema,
    responses: { 201: sectorPathwaySchema },
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/api/pathways/sector-pathways/:id',
    params: targetParamsSchema,
    body: sectorPathwayInputSchema,
    responses: { 200: sectorPathwaySchema },
  }),
  /** 409 while a target follows the pathway. */
  delete: defineEndpoint({
    method: 'DELETE',
    path: '/api/pathways/sector-pathways/:id',
    params: targetParamsSchema,
    responses: { 204: noContentSchema },
  }),
};
