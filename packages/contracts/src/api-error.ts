import { z } from './zod.ts';

/** Every API error is this JSON shape. */
export const apiErrorSchema = z.object({
  statusCode: z.number().int(),
  error: z.string(),
  message: z.string(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

/** The paged list envelope (spec section 3) with its rows. */
export function pagedSchema<T extends z.ZodType>(row: T) {
  return z.object({
    results: z.array(row),
    count: z.number().int(),
    total: z.number().int(),
    offset: z.number().int(),
  });
}
