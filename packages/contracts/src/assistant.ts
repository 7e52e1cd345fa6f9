import { defineEndpoint, noContentSchema } from './endpoint.ts';
import { apiErrorSchema } from './api-error.ts';
import { uuidSchema } from './validation.ts';
import { z } from './zod.ts';

/*
 * The assistant on `/context-ai` (issue 14, items 4–5; decision 038). A question becomes tool calls that read the
 * realm's own figures as the user; the answer is written from templates, every number of it a fact with the
 * records, facilities and pages it came from. Masses are kg CO2e unless a fact names another unit.
 */

/** Questions are short prose: 10 kB is far more than any question and keeps a paste of a file out. */
export const ASSISTANT_QUESTION_MAX_BYTES = 10_000;
export const ASSISTANT_QUESTION_EMPTY = 'Type a question about your emissions';
export const ASSISTANT_QUESTION_TOO_LONG = 'A question is at most 10 kB; ask about one thing at a time';
export const ASSISTANT_QUESTION_BINARY = 'A question is text; it cannot hold control characters';

// Control characters other than tab and line breaks mark binary content pasted or sent by mistake.
// eslint-disable-next-line no-control-regex
const BINARY_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F\uFFFD]/;

export const assistantQuestionSchema = z
  .string({ error: ASSISTANT_QUESTION_EMPTY })
  .refine((question) => question.trim().length > 0, ASSISTANT_QUESTION_EMPTY)
  .refine(
    (question) => new TextEncoder().encode(question).length <= ASSISTANT_QUESTION_MAX_BYTES,
    ASSISTANT_QUESTION_TOO_LONG,
  )
  .refine((question) => !BINARY_CHARACTERS.test(question), ASSISTANT_QUESTION_BINARY);

export const assistantAskSchema = z.object({
  question: assistantQuestionSchema,
  conversationId: uuidSchema.optional(),
});
export type AssistantAsk = z.infer<typeof assistantAskSchema>;

/** A reporting year of the realm, or a range of calendar months (`YYYY-MM`, both ends included). */
export const assistantPeriodSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('year'), year: z.number().int() }),
  z.object({
    kind: z.literal('months'),
    from: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/),
    to: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/),
  }),
]);
export type AssistantPeriod = z.infer<typeof assistantPeriodSchema>;

export const ASSISTANT_GASES = ['CO2', 'CH4', 'N2O', 'HFCs', 'PFCs', 'SF6', 'NF3'] as const;
export type AssistantGas = (typeof ASSISTANT_GASES)[number];

export const ASSISTANT_BREAKDOWNS = ['scope', 'category', 'gas', 'facility', 'business-unit'] as const;
export type AssistantBreakdown = (typeof ASSISTANT_BREAKDOWNS)[number];

/** What narrows a total: a scope (Scope 2 location-based unless market), a Scope 3 category, a gas, a place. */
const filterShape = {
  scope: z.union([z.literal(1), z.literal(2), z.literal(3)]).optional(),
  scope2Method: z.enum(['location', 'market']).optional(),
  category: z.number().int().min(1).max(15).optional(),
  gas: z.enum(ASSISTANT_GASES).optional(),
  facilityId: uuidSchema.optional(),
  businessUnitId: uuidSchema.optional(),
};

/** Each tool's input: what the offline parser produces and what a model may ask for. */
export const assistantToolInputSchemas = {
  totals: z.object({ period: assistantPeriodSchema, ...filterShape }),
  top_contributors: z.object({
    period: assistantPeriodSchema,
    by: z.enum(ASSISTANT_BREAKDOWNS),
    limit: z.number().int().min(1).max(50),
    ...filterShape,
  }),
  compare_periods: z.object({ from: assistantPeriodSchema, to: assistantPeriodSchema, ...filterShape }),
  trail: z.object({ period: assistantPeriodSchema, ...filterShape }),
  facility_search: z.object({ query: z.string() }),
  target_status: z.object({}),
};

export const assistantToolCallSchema = z.discriminatedUnion('name', [
  z.object({ name: z.literal('totals'), input: assistantToolInputSchemas.totals }),
  z.object({ name: z.literal('top_contributors'), input: assistantToolInputSchemas.top_contributors }),
  z.object({ name: z.literal('compare_periods'), input: assistantToolInputSchemas.compare_periods }),
  z.object({ name: z.literal('trail'), input: assistantToolInputSchemas.trail }),
  z.object({ name: z.literal('facility_search'), input: assistantToolInputSchemas.facility_search }),
  z.object({ name: z.literal('target_status'), input: assistantToolInputSchemas.target_status }),
]);
export type AssistantToolCall = z.infer<typeof assistantToolCallSchema>;
export type AssistantToolName = AssistantToolCall['name'];

export const ASSISTANT_CITATION_TYPES = [
  'inventory-year',
  'facility',
  'trail',
  'analysis',
  'target',
  'business-unit',
] as const;

/** A link to the product page that shows the number: a facility view, a trail, an inventory year, a target. */
export const assistantCitationSchema = z.object({
  type: z.enum(ASSISTANT_CITATION_TYPES),
  id: z.string(),
  label: z.string(),
  href: z.string(),
});
export type AssistantCitation = z.infer<typeof assistantCitationSchema>;

export const assistantFactSchema = z.object({
  label: z.string(),
  value: z.number(),
  unit: z.string(),
  citations: z.array(assistantCitationSchema),
});
export type AssistantFact = z.infer<typeof assistantFactSchema>;

export const ASSISTANT_MODES = ['offline', 'model'] as const;
export type AssistantMode = (typeof ASSISTANT_MODES)[number];

export const assistantAnswerSchema = z.object({
  answer: z.string(),
  facts: z.array(assistantFactSchema),
  citations: z.array(assistantCitationSchema),
  toolCalls: z.array(assistantToolCallSchema),
  /** Who wrote the text: the offline templates, or a language model whose answer the server checked. */
  mode: z.enum(ASSISTANT_MODES),
  /**
   * Set when the model mode's answer was corrected (sentences with a number or link the tools did not give were
   * removed) or replaced by the offline answer (the model failed, was too slow, or nothing checked out).
   */
  note: z.string().optional(),
});
export type AssistantAnswer = z.infer<typeof assistantAnswerSchema>;

export const assistantAskResponseSchema = assistantAnswerSchema.extend({
  conversationId: uuidSchema,
  messageId: uuidSchema,
});
export type AssistantAskResponse = z.infer<typeof assistantAskResponseSchema>;

export const assistantMessageSchema = z.object({
  id: uuidSchema,
  role: z.enum(['user', 'assistant']),
  text: z.string(),
  /** The answer's facts, citations and tool calls; null on the user's questions. */
  answer: assistantAnswerSchema.nullable(),
  createdAt: z.string(),
});
export type AssistantMessage = z.infer<typeof assistantMessageSchema>;

export const assistantConversationSummarySchema = z.object({
  id: uuidSchema,
  title: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AssistantConversationSummary = z.infer<typeof assistantConversationSummarySchema>;

export const assistantConversationListSchema = z.object({
  conversations: z.array(assistantConversationSummarySchema),
});
export type AssistantConversationList = z.infer<typeof assistantConversationListSchema>;

export const assistantConversationSchema = assistantConversationSummarySchema.extend({
  messages: z.array(assistantMessageSchema),
});
export type AssistantConversation = z.infer<typeof assistantConversationSchema>;

export const assistantConversationParamsSchema = z.object({ id: uuidSchema });

/**
 * The streamed answer is newline-delimited JSON (`application/x-ndjson`): `{type: "text", text}` pieces of the
 * answer in order, then one `{type: "done", …answer}`, or `{type: "error", message}`.
 */
export const assistantStreamEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('text'), text: z.string() }),
  assistantAskResponseSchema.extend({ type: z.literal('done') }),
  z.object({ type: z.literal('error'), message: z.string() }),
]);
export type AssistantStreamEvent = z.infer<typeof assistantStreamEventSchema>;

export const assistantEndpoints = {
  ask: defineEndpoint({
    method: 'POST',
    path: '/api/assistant/ask',
    body: assistantAskSchema,
    responses: { 200: assistantAskResponseSchema, 404: apiErrorSchema },
  }),
  /** The same answer streamed as newline-delimited JSON events (`assistantStreamEventSchema`). */
  askStream: defineEndpoint({
    method: 'POST',
    path: '/api/assistant/ask/stream',
    body: assistantAskSchema,
    responses: { 200: z.string(), 404: apiErrorSchema },
  }),
  conversations: defineEndpoint({
    method: 'GET',
    path: '/api/assistant/conversations',
    responses: { 200: assistantConversationListSchema },
  }),
  conversation: defineEndpoint({
    method: 'GET',
    path: '/api/assistant/conversations/:id',
    params: assistantConversationParamsSchema,
    responses: { 200: assistantConversationSchema, 404: apiErrorSchema },
  }),
  removeConversation: defineEndpoint({
    method: 'DELETE',
    path: '/api/assistant/conversations/:id',
    params: assistantConversationParamsSchema,
    responses: { 204: noContentSchema, 404: apiErrorSchema },
  }),
};
