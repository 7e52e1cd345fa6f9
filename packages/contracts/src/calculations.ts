import { defineEndpoint } from './endpoint.ts';
import { gwpSetIdSchema } from './gwp-set.ts';
import { z } from './zod.ts';

/*
 * Calculations (issue 13): formulas in the calculation language of packages/domain/src/calculations
 * (docs/calculation-language.md), run by the engine on parameters. Masses are kg; a result is kg CO2e.
 */

/**
 * The longest formula the language reads, in characters: a 200-line method is about 10,000, so this leaves
 * room while keeping a parse of the largest formula in milliseconds.
 */
export const MAX_FORMULA_LENGTH = 100_000;
/** The longest text a formula may hold or be given: a literal, a parameter's value. */
export const MAX_CALCULATION_STRING_LENGTH = 1000;
export const MAX_CALCULATION_PARAMETERS = 500;
const MAX_PARAMETER_NAME_LENGTH = 100;

const formulaTooLongMessage = `The formula is too long: it may have at most ${MAX_FORMULA_LENGTH.toLocaleString('en-US')} characters`;

export const calculationFormulaSchema = z
  .string({ error: 'Give the formula as text' })
  .max(MAX_FORMULA_LENGTH, formulaTooLongMessage);

/** What a formula computes with: numbers, text, true/false, or nothing (null, which COALESCE replaces). */
export const calculationValueSchema = z.union([
  z.number(),
  z
    .string()
    .max(MAX_CALCULATION_STRING_LENGTH, `Must be at most ${MAX_CALCULATION_STRING_LENGTH} characters`),
  z.boolean(),
  z.null(),
]);
export type CalculationValue = z.infer<typeof calculationValueSchema>;

/** `{name: value}`, each name as the formula writes it after its colon (`:fuel` is `fuel`). */
export const calculationParametersSchema = z
  .record(
    z
      .string()
      .max(
        MAX_PARAMETER_NAME_LENGTH,
        `A parameter's name may have at most ${MAX_PARAMETER_NAME_LENGTH} characters`,
      ),
    calculationValueSchema,
  )
  .refine((parameters) => Object.keys(parameters).length <= MAX_CALCULATION_PARAMETERS, {
    message: `At most ${MAX_CALCULATION_PARAMETERS} parameters`,
  });
export type CalculationParameters = z.infer<typeof calculationParametersSchema>;

export const calculationDryRunRequestSchema = z.object({
  formula: calculationFormulaSchema,
  parameters: calculationParametersSchema.default({}),
  /** The GWP set that weighs EMIT lines and answers GWP(); the realm's set when absent. */
  gwp: gwpSetIdSchema.optional(),
});
export type CalculationDryRunRequest = z.infer<typeof calculationDryRunRequestSchema>;

/** A problem of a formula at its place: `line` and `column` count from 1; the end, when known, is exclusive. */
export const calculationErrorSchema = z.object({
  line: z.number().int(),
  column: z.number().int(),
  endLine: z.number().int().optional(),
  endColumn: z.number().int().optional(),
  message: z.string(),
});
export type CalculationError = z.infer<typeof calculationErrorSchema>;

/** The value of one statement of the formula, in the order they ran. */
export const calculationTraceEntrySchema = z.object({
  line: z.number().int(),
  /** The parameter a `set` line gave a value. */
  name: z.string().optional(),
  /** The gas of an `EMIT` line, whose value is its mass in kg. */
  gas: z.string().optional(),
  value: z.union([z.number(), z.string(), z.boolean(), z.null()]),
});
export type CalculationTraceEntry = z.infer<typeof calculationTraceEntrySchema>;

export const calculationDryRunResponseSchema = z.object({
  /** kg CO2e: the last line's value, or the EMIT lines' masses weighted by the GWP set. */
  value: z.union([z.number(), z.string(), z.boolean(), z.null()]),
  /** kg of each gas the EMIT lines emitted, when there are any. */
  gases: z.record(z.string(), z.number()).optional(),
  gwp: gwpSetIdSchema,
  trace: z.array(calculationTraceEntrySchema),
  errors: z.array(calculationErrorSchema),
});
export type CalculationDryRunResponse = z.infer<typeof calculationDryRunResponseSchema>;

/** 422: the formula does not read, or stopped while running; `trace` holds the lines that ran before. */
export const calculationFailureSchema = z.object({
  statusCode: z.literal(422),
  error: z.string(),
  message: z.string(),
  errors: z.array(calculationErrorSchema),
  trace: z.array(calculationTraceEntrySchema),
});
export type CalculationFailure = z.infer<typeof calculationFailureSchema>;

export const calculationEndpoints = {
  /** Runs a formula once on the parameters given; nothing is stored. 400 for a malformed request. */
  dryRun: defineEndpoint({
    method: 'POST',
    path: '/api/calculations/dry-run',
    body: calculationDryRunRequestSchema,
    responses: { 200: calculationDryRunResponseSchema, 422: calculationFailureSchema },
  }),
};
