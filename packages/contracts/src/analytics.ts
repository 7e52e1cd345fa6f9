import { z } from './zod.ts';
import { defineEndpoint } from './endpoint.ts';
import { isoDateSchema } from './validation.ts';

/**
 * Analytics settings of an application (spec section 7), public like the rest of the config: a RudderStack
 * write key is meant to be seen by browsers. The client loads only when both switches are on and both the write
 * key and the proxy path are set; it checks them itself so a bad value yields the specification's message.
 */
export const analyticsSettingsSchema = z.object({
  trackingEnabled: z.boolean().default(false),
  providerEnabled: z.boolean().default(false),
  writeKey: z.string().optional(),
  /** Where the browser sends events: `{proxyPath}/v1/{type}` and `{proxyPath}/sourceConfig`. */
  proxyPath: z.string().optional(),
});
export type AnalyticsSettings = z.infer<typeof analyticsSettingsSchema>;

/** The proxy path this server serves (spec section 7); realms point their `proxyPath` here. */
export const ANALYTICS_PROXY_PATH = '/api/analytics';
/** Events one batch request may carry. */
export const ANALYTICS_MAX_BATCH_SIZE = 100;
/** Largest analytics request body the proxy reads. */
export const ANALYTICS_MAX_BODY_BYTES = 256 * 1024;

export const ANALYTICS_EVENT_TYPES = ['identify', 'page', 'track', 'group', 'alias'] as const;
export const analyticsEventTypeSchema = z.enum(ANALYTICS_EVENT_TYPES);
export type AnalyticsEventType = z.infer<typeof analyticsEventTypeSchema>;

const identifierSchema = z.string().min(1).max(200);
const jsonObjectSchema = z.record(z.string(), z.unknown());

/** One event in the shape of the RudderStack HTTP API. */
export const analyticsEventSchema = z
  .object({
    type: analyticsEventTypeSchema,
    messageId: identifierSchema,
    anonymousId: identifierSchema.optional(),
    userId: identifierSchema.optional(),
    event: identifierSchema.optional(),
    name: z.string().max(200).optional(),
    category: z.string().max(200).optional(),
    groupId: identifierSchema.optional(),
    previousId: identifierSchema.optional(),
    properties: jsonObjectSchema.optional(),
    traits: jsonObjectSchema.optional(),
    context: jsonObjectSchema.optional(),
    originalTimestamp: isoDateSchema,
    sentAt: isoDateSchema.optional(),
  })
  .superRefine((event, context) => {
    if (event.anonymousId === undefined && event.userId === undefined) {
      context.addIssue({
        code: 'custom',
        path: ['anonymousId'],
        message: 'anonymousId or userId is required',
      });
    }
    const required: Partial<Record<AnalyticsEventType, 'event' | 'groupId' | 'previousId'>> = {
      track: 'event',
      group: 'groupId',
      alias: 'previousId',
    };
    const field = required[event.type];
    if (field && event[field] === undefined) {
      context.addIssue({ code: 'custom', path: [field], message: `${field} is required for ${event.type}` });
    }
  });
export type AnalyticsEvent = z.infer<typeof analyticsEventSchema>;

export const analyticsBatchSchema = z.object({
  batch: z.array(analyticsEventSchema).min(1).max(ANALYTICS_MAX_BATCH_SIZE),
  sentAt: isoDateSchema.optional(),
});
export type AnalyticsBatch = z.infer<typeof analyticsBatchSchema>;

export const analyticsAcceptedSchema = z.object({ accepted: z.number().int().nonnegative() });

/** `GET {proxyPath}/sourceConfig`: the source the write key names, in RudderStack's shape. */
export const analyticsSourceConfigSchema = z.object({
  source: z.object({
    id: z.string(),
    name: z.string(),
    writeKey: z.string(),
    enabled: z.boolean(),
    destinations: z.array(z.unknown()),
  }),
});
export type AnalyticsSourceConfig = z.infer<typeof analyticsSourceConfigSchema>;

function analyticsEventEndpoint(type: AnalyticsEventType) {
  return defineEndpoint({
    method: 'POST',
    path: `${ANALYTICS_PROXY_PATH}/v1/${type}`,
    body: analyticsEventSchema,
    responses: { 200: analyticsAcceptedSchema },
  });
}

/**
 * The proxy path's calls (spec section 7), each demanding the host realm's write key. The browser's analytics
 * client calls them at the realm's `proxyPath`, which may be another host, so it builds its own URLs.
 */
export const analyticsEndpoints = {
  sourceConfig: defineEndpoint({
    method: 'GET',
    path: `${ANALYTICS_PROXY_PATH}/sourceConfig`,
    responses: { 200: analyticsSourceConfigSchema },
  }),
  identify: analyticsEventEndpoint('identify'),
  page: analyticsEventEndpoint('page'),
  track: analyticsEventEndpoint('track'),
  group: analyticsEventEndpoint('group'),
  alias: analyticsEventEndpoint('alias'),
  batch: defineEndpoint({
    method: 'POST',
    path: `${ANALYTICS_PROXY_PATH}/v1/batch`,
    body: analyticsBatchSchema,
    responses: { 200: analyticsAcceptedSchema },
  }),
} satisfies Record<AnalyticsEventType, unknown> & Record<string, unknown>;
