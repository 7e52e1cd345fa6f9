import { authenticationStrategySchema } from './application-config.ts';
import { defineEndpoint, noContentSchema } from './endpoint.ts';
import { messages } from './messages.ts';
import { realmParamsSchema } from './realm-settings.ts';
import { uuidSchema } from './validation.ts';
import { z } from './zod.ts';

/*
 * Sign-in strategies administration (issue 3, item 11): `/api/realms/:realmId/login-strategies`. The client
 * secret is write-only: no answer carries it, only whether the strategy has one.
 */

/** A strategy as the API answers it. `key` is what `:strategyId` takes: the id, else the name. */
export const loginStrategySchema = authenticationStrategySchema.omit({ clientSecret: true }).extend({
  key: z.string(),
  hasClientSecret: z.boolean(),
});
export type LoginStrategy = z.infer<typeof loginStrategySchema>;

export const loginStrategyListResponseSchema = z.object({ results: z.array(loginStrategySchema) });
export type LoginStrategyListResponse = z.infer<typeof loginStrategyListResponseSchema>;

const loginStrategyFieldsSchema = authenticationStrategySchema.omit({ clientSecret: true, id: true }).extend({
  name: z.string().trim().min(1, messages.required).max(120),
  clientId: z.string().trim().min(1, messages.required),
});

export const ORGANIZATION_CLAIM_REQUIRED = 'Name the claim that carries the organisation';

/** An organisation allow-list means nothing without the claim it is checked against. */
function refuseOrganizationsWithoutClaim(
  strategy: { organizationClaim?: string | undefined; allowedOrganizations?: string[] | undefined },
  context: z.RefinementCtx,
): void {
  if ((strategy.allowedOrganizations?.length ?? 0) > 0 && !strategy.organizationClaim) {
    context.addIssue({ code: 'custom', path: ['organizationClaim'], message: ORGANIZATION_CLAIM_REQUIRED });
  }
}

/** `POST`: a new strategy; the server gives it an id unless one is sent. */
export const newLoginStrategyRequestSchema = loginStrategyFieldsSchema
  .extend({
    id: uuidSchema.optional(),
    clientSecret: z.string().min(1, messages.required).optional(),
  })
  .superRefine(refuseOrganizationsWithoutClaim);
export type NewLoginStrategyRequest = z.infer<typeof newLoginStrategyRequestSchema>;

/** `PUT`: the whole strategy but its id; `clientSecret` absent keeps the stored one, null removes it. */
export const loginStrategyUpdateRequestSchema = loginStrategyFieldsSchema
  .extend({
    clientSecret: z.string().min(1, messages.required).nullable().optional(),
  })
  .superRefine(refuseOrganizationsWithoutClaim);
export type LoginStrategyUpdateRequest = z.infer<typeof loginStrategyUpdateRequestSchema>;

export const loginStrategyParamsSchema = realmParamsSchema.extend({
  strategyId: z.string().min(1).max(200),
});

/** A realm's OpenID Connect sign-in strategies (issue 3, item 11), addressed by the realm's id. */
export const loginStrategyEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/realms/:realmId/login-strategies',
    params: realmParamsSchema,
    responses: { 200: loginStrategyListResponseSchema },
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/api/realms/:realmId/login-strategies',
    params: realmParamsSchema,
    body: newLoginStrategyRequestSchema,
    responses: { 201: loginStrategySchema },
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/api/realms/:realmId/login-strategies/:strategyId',
    params: loginStrategyParamsSchema,
    body: loginStrategyUpdateRequestSchema,
    responses: { 200: loginStrategySchema },
  }),
  delete: defineEndpoint({
    method: 'DELETE',
    path: '/api/realms/:realmId/login-strategies/:strategyId',
    params: loginStrategyParamsSchema,
    responses: { 204: noContentSchema },
  }),
};
