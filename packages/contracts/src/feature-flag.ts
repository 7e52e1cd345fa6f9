import { z } from './zod.ts';
import { defineEndpoint, noContentSchema } from './endpoint.ts';
import { messages } from './messages.ts';

/**
 * Operators a flag's targeting may use: JsonLogic's, as flagd's engine (json-logic-engine) registers them, plus
 * flagd's own (`fractional`, `starts_with`, `ends_with`, `sem_ver`). The server evaluates with that engine; the
 * list lets the browser's form reject what the server would refuse, before sending it.
 */
export const JSON_LOGIC_OPERATORS: ReadonlySet<string> = new Set([
  ...['+', '*', '/', '-', '%', 'max', 'min', 'in', 'cat', 'substr', 'length'],
  ...['if', '?:', '<', '<=', '>', '>=', '==', '===', '!=', '!==', '!', '!!', 'not', 'or', 'and', '??'],
  ...['var', 'val', 'get', 'exists', 'missing', 'missing_some', 'keys', 'merge', 'preserve', 'try', 'throw'],
  ...['map', 'filter', 'reduce', 'all', 'some', 'none', 'every', 'eachKey', 'pipe'],
  ...['fractional', 'starts_with', 'ends_with', 'sem_ver'],
]);

export interface JsonLogicIssue {
  /** Where in the targeting the problem is, as keys and indexes. */
  path: (string | number)[];
  message: string;
}

/** The first problem of a JsonLogic expression: an operation must be an object with one known operator. */
export function findJsonLogicIssue(
  logic: unknown,
  path: (string | number)[] = [],
): JsonLogicIssue | undefined {
  if (logic === null || typeof logic !== 'object') return undefined;
  if (Array.isArray(logic)) {
    for (const [index, item] of logic.entries()) {
      const issue = findJsonLogicIssue(item, [...path, index]);
      if (issue) return issue;
    }
    return undefined;
  }
  const keys = Object.keys(logic);
  if (keys.length === 0) return undefined;
  const [operator = ''] = keys;
  if (keys.length > 1)
    return { path, message: `A JsonLogic operation has one operator; found ${keys.join(', ')}` };
  if (!JSON_LOGIC_OPERATORS.has(operator))
    return { path, message: `Unknown JsonLogic operator '${operator}'` };
  return findJsonLogicIssue((logic as Record<string, unknown>)[operator], [...path, operator]);
}

/** flagd's targeting: a JsonLogic rule whose result names the variant (none or an unknown one: the default). */
export const featureFlagTargetingSchema = z.record(z.string(), z.unknown()).superRefine((logic, context) => {
  const issue = findJsonLogicIssue(logic);
  if (issue) context.addIssue({ code: 'custom', path: issue.path, message: issue.message });
});

export const FEATURE_FLAG_STATES = ['ENABLED', 'DISABLED'] as const;
export type FeatureFlagState = (typeof FEATURE_FLAG_STATES)[number];

const featureFlagFieldsSchema = z.object({
  type: z.literal('boolean').default('boolean'),
  state: z.enum(FEATURE_FLAG_STATES).optional(),
  variants: z
    .record(z.string().min(1), z.boolean())
    .refine((variants) => Object.keys(variants).length > 0, 'At least one variant is required'),
  defaultVariant: z.string().min(1, messages.required),
  targeting: featureFlagTargetingSchema.optional(),
});

function hasDefaultVariant(flag: { variants: Record<string, boolean>; defaultVariant: string }): boolean {
  return Object.hasOwn(flag.variants, flag.defaultVariant);
}
const DEFAULT_VARIANT_ISSUE = { message: messages.invalidDefaultVariant, path: ['defaultVariant'] };

/** A feature flag definition in flagd's format (spec section 3). */
export const featureFlagSchema = featureFlagFieldsSchema.refine(hasDefaultVariant, DEFAULT_VARIANT_ISSUE);
export type FeatureFlag = z.infer<typeof featureFlagSchema>;

export const FEATURE_FLAG_KEY_PATTERN = /^[a-z][a-z0-9-]*$/;
export const featureFlagKeySchema = z
  .string()
  .max(64, 'Flag key must be at most 64 characters')
  .regex(
    FEATURE_FLAG_KEY_PATTERN,
    'Flag key must be lowercase letters, digits and hyphens, starting with a letter',
  );

/** A definition with its key: what the definitions API lists and what `POST` creates. */
export const featureFlagDefinitionSchema = featureFlagFieldsSchema
  .extend({ key: featureFlagKeySchema })
  .refine(hasDefaultVariant, DEFAULT_VARIANT_ISSUE);
export type FeatureFlagDefinition = z.infer<typeof featureFlagDefinitionSchema>;

export const featureFlagDefinitionListSchema = z.object({
  definitions: z.array(featureFlagDefinitionSchema),
});
export const featureFlagKeyParamsSchema = z.object({ key: featureFlagKeySchema });

/** What targeting can look at: the signed-in user's realm (key), e-mail, id and the application's plan. */
export interface FeatureFlagEvaluationContext {
  targetingKey: string;
  realm: string;
  email: string;
  id: string;
  plan: string;
}

/** One flag as evaluated for the signed-in user. */
export const evaluatedFeatureFlagSchema = z.object({
  key: featureFlagKeySchema,
  value: z.boolean(),
  variant: z.string().optional(),
  /** flagd's reason: STATIC, TARGETING_MATCH, DEFAULT, DISABLED or ERROR. */
  reason: z.string(),
});
export type EvaluatedFeatureFlag = z.infer<typeof evaluatedFeatureFlagSchema>;

export const evaluatedFeatureFlagsResponseSchema = z.object({
  flags: z.array(evaluatedFeatureFlagSchema),
  /** Whether this user may change the definitions (the server checks again on every change). */
  canManageDefinitions: z.boolean(),
});
export type EvaluatedFeatureFlagsResponse = z.infer<typeof evaluatedFeatureFlagsResponseSchema>;

/** The signed-in user's evaluated flags, and the realm's definitions for those who manage them. */
export const featureFlagEndpoints = {
  evaluated: defineEndpoint({
    method: 'GET',
    path: '/api/feature-flags',
    responses: { 200: evaluatedFeatureFlagsResponseSchema },
  }),
  definitions: defineEndpoint({
    method: 'GET',
    path: '/api/feature-flags/definitions',
    responses: { 200: featureFlagDefinitionListSchema },
  }),
  createDefinition: defineEndpoint({
    method: 'POST',
    path: '/api/feature-flags/definitions',
    body: featureFlagDefinitionSchema,
    responses: { 201: featureFlagDefinitionSchema },
  }),
  updateDefinition: defineEndpoint({
    method: 'PUT',
    path: '/api/feature-flags/definitions/:key',
    params: featureFlagKeyParamsSchema,
    body: featureFlagSchema,
    responses: { 200: featureFlagDefinitionSchema },
  }),
  deleteDefinition: defineEndpoint({
    method: 'DELETE',
    path: '/api/feature-flags/definitions/:key',
    params: featureFlagKeyParamsSchema,
    responses: { 204: noContentSchema },
  }),
};

/** The application's comma-separated `feature-flags` list as a set of keys. */
export function parseFeatureFlagList(list: string | undefined): Set<string> {
  return new Set(
    (list ?? '')
      .split(',')
      .map((key) => key.trim())
      .filter((key) => key.length > 0),
  );
}

/** Flags a route guard counts as present: those listed, and those whose definition evaluates true for the user. */
export function presentFeatureFlags(
  list: string | undefined,
  evaluated: readonly Pick<EvaluatedFeatureFlag, 'key' | 'value'>[],
): Set<string> {
  const present = parseFeatureFlagList(list);
  for (const flag of evaluated) if (flag.value) present.add(flag.key);
  return present;
}
