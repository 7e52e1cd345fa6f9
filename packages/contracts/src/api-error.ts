import { z } from './zod.ts';

/**
 * A refusal's messages by the place of the request they name: the request part first, then the dotted path in it
 * (`body.gases.CO2.unit`, `query.sort`, `params.slug`). Forms show each on the field of that path.
 */
export const fieldErrorsSchema = z.record(z.string(), z.string());
export type FieldErrors = z.infer<typeof fieldErrorsSchema>;

/**
 * Every API error is this JSON shape. `message` says in a sentence what was refused (with each field's problem,
 * for people and logs); `fieldErrors`, when the refusal is about fields, gives each field's message by its path.
 */
export const apiErrorSchema = z.object({
  statusCode: z.number().int(),
  error: z.string(),
  message: z.string(),
  fieldErrors: fieldErrorsSchema.optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

/** The estimate engine's refusal (422): every bad item of the request, each with its path and problem. */
export const estimateFailureSchema = z.object({
  message: z.string(),
  items: z.array(z.object({ id: z.string().nullable(), path: z.string(), message: z.string() })),
});
export type EstimateFailureResponse = z.infer<typeof estimateFailureSchema>;

/** The paged list envelope (spec section 3) with its rows. */
export function pagedSchema<T extends z.ZodType>(row: T) {
  return z.object({
    results: z.array(row),
    count: z.number().int(),
    total: z.number().int(),
    offset: z.number().int(),
  });
}
