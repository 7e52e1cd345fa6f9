import { pagedSchema } from './api-error.ts';
import { defineEndpoint } from './endpoint.ts';
import { featureFlagKeySchema } from './feature-flag.ts';
import { messages } from './messages.ts';
import { planSchema } from './plans.ts';
import { realmParamsSchema } from './realm-settings.ts';
import { hostNameSchema, realmKeySchema } from './validation.ts';
import { z } from './zod.ts';

/*
 * Realm management (issue 3): `GET /api/realms` for anyone who may read realms; `POST /api/realms` and
 * `PATCH /api/realms/:realmId` for the platform operator's administrators only.
 */

export const MANAGED_REALM_PAGE_LIMIT = 200;

/** A realm as the realm list answers it, with what an operator needs to tell realms apart. */
export const managedRealmSchema = z.object({
  id: z.string(),
  key: z.string(),
  name: z.string(),
  plan: planSchema.nullable(),
  parentId: z.string().nullable(),
  parentKey: z.string().nullable(),
  domains: z.array(z.string()),
  active: z.boolean(),
  /** The keys of the application's comma-separated `feature-flags` list. */
  featureFlags: z.array(z.string()),
  createdOn: z.string(),
  userCount: z.number().int(),
});
export type ManagedRealm = z.infer<typeof managedRealmSchema>;

/** Query-string values arrive as text, so the numbers are coerced. */
export const managedRealmListQuerySchema = z.object({
  q: z.string().trim().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(MANAGED_REALM_PAGE_LIMIT).default(50),
  offset: z.coerce.number().int().min(0).default(0),
});
export type ManagedRealmListQuery = z.infer<typeof managedRealmListQuerySchema>;

export const managedRealmListResponseSchema = pagedSchema(managedRealmSchema);
export type ManagedRealmListResponse = z.infer<typeof managedRealmListResponseSchema>;

function hasNoRepeats(values: readonly string[]): boolean {
  return new Set(values).size === values.length;
}

export const realmDomainListSchema = z
  .array(hostNameSchema)
  .max(20)
  .refine(hasNoRepeats, 'Each domain may be listed only once');

export const realmFeatureFlagListSchema = z
  .array(featureFlagKeySchema)
  .max(50)
  .refine(hasNoRepeats, 'Each feature flag may be listed only once');

export const realmNameSchema = z.string().trim().min(1, messages.required).max(120);

/** `POST /api/realms`: a realm with one application on the plan, the default theme and the default roles. */
export const newRealmRequestSchema = z.object({
  key: realmKeySchema,
  name: realmNameSchema,
  parentKey: realmKeySchema.optional(),
  plan: planSchema,
  domains: realmDomainListSchema.default([]),
  featureFlags: realmFeatureFlagListSchema.default([]),
});
export type NewRealmRequest = z.infer<typeof newRealmRequestSchema>;

/** `PATCH /api/realms/:realmId`: only the fields sent change. */
export const realmUpdateRequestSchema = z.object({
  name: realmNameSchema.optional(),
  plan: planSchema.optional(),
  domains: realmDomainListSchema.optional(),
  active: z.boolean().optional(),
  featureFlags: realmFeatureFlagListSchema.optional(),
});
export type RealmUpdateRequest = z.infer<typeof realmUpdateRequestSchema>;

/** Realms as tenants (issue 3): the list for whoever may read realms; creation and changes for operators. */
export const managedRealmEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/realms',
    query: managedRealmListQuerySchema,
    responses: { 200: managedRealmListResponseSchema },
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/api/realms',
    body: newRealmRequestSchema,
    responses: { 201: managedRealmSchema },
  }),
  update: defineEndpoint({
    method: 'PATCH',
    path: '/api/realms/:realmId',
    params: realmParamsSchema,
    body: realmUpdateRequestSchema,
    responses: { 200: managedRealmSchema },
  }),
};
