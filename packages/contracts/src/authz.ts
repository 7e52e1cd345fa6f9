import { pagedSchema } from './api-error.ts';
import { PERMISSION_PAGE_LIMIT, RIGHTS_PAGE_LIMIT } from './constants.ts';
import { PLAN_LABELS, type Plan } from './plans.ts';
import { z } from './zod.ts';
import { defineEndpoint } from './endpoint.ts';

/** Grant kinds of spec section 6; script grants are stored but never converted into abilities. */
export const PERMISSION_TYPES = ['REGEX_GRANT', 'PLAINTEXT_GRANT', 'SCRIPT_GRANT'] as const;
export type PermissionType = (typeof PERMISSION_TYPES)[number];

/** The roles every realm has; `users.role` names the one each user holds by default. */
export const DEFAULT_ROLE_KEYS = ['admin', 'member'] as const;
export type DefaultRoleKey = (typeof DEFAULT_ROLE_KEYS)[number];

/**
 * A permission as stored and as the authz API answers it (spec section 3: id, active, type, data, right). `data`
 * is answered as stored: a grant that does not parse is listed too, and grants nothing.
 */
export const permissionRowSchema = z.object({
  id: z.string(),
  active: z.boolean(),
  type: z.enum(PERMISSION_TYPES),
  data: z.record(z.string(), z.unknown()),
  /** Id of the right the grant belongs to. */
  right: z.string(),
});
export type PermissionRow = z.infer<typeof permissionRowSchema>;

/** A right (spec section 3: id, name): the area of the product a grant is about. */
export const rightRowSchema = z.object({ id: z.string(), name: z.string() });
export type RightRow = z.infer<typeof rightRowSchema>;

/** Query-string values arrive as text: numbers are coerced, `inherited` is the text `true` or `false`. */
export const principalPermissionsQuerySchema = z.object({
  inherited: z.enum(['true', 'false']).default('false'),
  limit: z.coerce.number().int().min(1).max(PERMISSION_PAGE_LIMIT).default(PERMISSION_PAGE_LIMIT),
  offset: z.coerce.number().int().min(0).default(0),
});
export type PrincipalPermissionsQuery = z.infer<typeof principalPermissionsQuerySchema>;

export const principalParamsSchema = z.object({ id: z.uuid() });

export const rightsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(RIGHTS_PAGE_LIMIT).default(RIGHTS_PAGE_LIMIT),
  offset: z.coerce.number().int().min(0).default(0),
});
export type RightsQuery = z.infer<typeof rightsQuerySchema>;

export const permissionListResponseSchema = pagedSchema(permissionRowSchema);
export type PermissionListResponse = z.infer<typeof permissionListResponseSchema>;
export const rightListResponseSchema = pagedSchema(rightRowSchema);
export type RightListResponse = z.infer<typeof rightListResponseSchema>;

/** The permission and right lists the browser builds its abilities from (spec section 7). */
export const authzEndpoints = {
  rights: defineEndpoint({
    method: 'GET',
    path: '/api/immutably/authz/rights',
    query: rightsQuerySchema,
    responses: { 200: rightListResponseSchema },
  }),
  principalPermissions: defineEndpoint({
    method: 'GET',
    path: '/api/immutably/authz/principals/:id/permissions',
    params: principalParamsSchema,
    query: principalPermissionsQuerySchema,
    responses: { 200: permissionListResponseSchema },
  }),
};

const planList = new Intl.ListFormat('en', { style: 'long', type: 'disjunction' });

/**
 * What the plan guard says when the realm's plan lacks a feature, in the browser (a toast's title and
 * description) and on the server (the 403 message): the feature, and the plans that include it.
 */
export function planNotIncludedText(
  featureTitle: string,
  plans: readonly Plan[],
): { title: string; description: string } {
  const labels = plans.map((plan) => PLAN_LABELS[plan]);
  return {
    title: `${featureTitle} is not part of your plan`,
    description: `It is included in the ${planList.format(labels)} plan${labels.length === 1 ? '' : 's'}.`,
  };
}

/** The 403 message of an API request whose realm's plan lacks the feature. */
export function planNotIncludedMessage(featureTitle: string, plans: readonly Plan[]): string {
  const { title, description } = planNotIncludedText(featureTitle, plans);
  return `${title}. ${description}`;
}
