import { apiErrorSchema } from './api-error.ts';
import { gwpSetIdSchema } from './gwp-set.ts';
import { defineEndpoint } from './endpoint.ts';
import { z } from './zod.ts';

/** Bulk recalculation of a realm's emission results (issue 4, item 3). */

export const RECALCULATION_RUN_STATUSES = ['queued', 'running', 'completed', 'failed'] as const;

export const recalculationStartSchema = z.object({
  /**
   * The GWP set the results are calculated on; the realm's set if not given. Another set than the realm's moves
   * the realm to it when the run completes, with every result at once (decision 020).
   */
  gwp: gwpSetIdSchema.optional(),
});
export type RecalculationStartBody = z.infer<typeof recalculationStartSchema>;

export const recalculationRunSchema = z.object({
  id: z.string(),
  status: z.enum(RECALCULATION_RUN_STATUSES),
  gwp: gwpSetIdSchema,
  /** Records handled so far (calculated or failed) of `total`, the records the realm had at the start. */
  processed: z.number().int(),
  total: z.number().int(),
  failed: z.number().int(),
  /** processed ÷ total, 0..1 (1 when there was nothing to do). */
  fraction: z.number(),
  /** The first records that could not be calculated, with the field and the engine's message. */
  failures: z.array(z.object({ id: z.string(), path: z.string(), message: z.string() })),
  error: z.string().nullable(),
  createdOn: z.string(),
  startedOn: z.string().nullable(),
  finishedOn: z.string().nullable(),
});
export type RecalculationRunDto = z.infer<typeof recalculationRunSchema>;

export const recalculationIdParamsSchema = z.object({ id: z.uuid() });

/** Bulk recalculation of the signed-in user's realm. */
export const recalculationEndpoints = {
  start: defineEndpoint({
    method: 'POST',
    path: '/api/recalculations',
    body: recalculationStartSchema.nullish(),
    responses: { 202: recalculationRunSchema, 409: apiErrorSchema },
  }),
  detail: defineEndpoint({
    method: 'GET',
    path: '/api/recalculations/:id',
    params: recalculationIdParamsSchema,
    responses: { 200: recalculationRunSchema },
  }),
};
