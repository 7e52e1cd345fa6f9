import { pagedSchema } from './api-error.ts';
import { PERMISSION_PAGE_LIMIT, RIGHTS_PAGE_LIMIT } from './constants.ts';
import { PLAN_LABELS, type Plan } from './plans.ts';
import { z } from './zod.ts';
import { defineEndpoint, noContentSchema } from './endpoint.ts';

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

// Realm administration (issue 3, item 11): users and their default role, roles and their grants.

/** The realm patterns an administrator picks from: exactly their realm, or it and every realm below. */
export const GRANT_REALM_PATTERNS = ['\\own', '\\cascade'] as const;

/** A grant's data as an administrator writes it; the server checks subject and action against the domain's lists. */
export const grantDataInputSchema = z.strictObject({
  realm: z.string().trim().min(1),
  subject: z.string().trim().min(1),
  id: z.string().trim().min(1),
  action: z.string().trim().min(1),
});
export type GrantDataInput = z.infer<typeof grantDataInputSchema>;

/** `POST /api/realm-admin/roles/:roleId/grants`: a new grant held by the role. */
export const newGrantRequestSchema = z.object({
  type: z.enum(PERMISSION_TYPES),
  data: grantDataInputSchema,
  /** Id of a right of `GET /api/immutably/authz/rights`. */
  right: z.string().trim().min(1),
  active: z.boolean().default(true),
});
export type NewGrantRequest = z.input<typeof newGrantRequestSchema>;

export const grantActiveRequestSchema = z.object({ active: z.boolean() });
export type GrantActiveRequest = z.infer<typeof grantActiveRequestSchema>;

export const userRoleRequestSchema = z.object({ role: z.enum(DEFAULT_ROLE_KEYS) });
export type UserRoleRequest = z.infer<typeof userRoleRequestSchema>;

export const realmAdminIdParamsSchema = z.object({ id: z.uuid() });
export const realmAdminRoleParamsSchema = z.object({ roleId: z.uuid() });

export const realmUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: z.enum(DEFAULT_ROLE_KEYS),
  name: z.string().nullable(),
  createdOn: z.string(),
  /** False once an administrator deactivated the user: they cannot sign in. */
  isActive: z.boolean(),
});
export type RealmUser = z.infer<typeof realmUserSchema>;
export const realmUserListResponseSchema = z.object({ results: z.array(realmUserSchema) });
export type RealmUserListResponse = z.infer<typeof realmUserListResponseSchema>;

export const realmRoleSchema = z.object({
  id: z.string(),
  key: z.string(),
  name: z.string(),
  grants: z.array(permissionRowSchema),
});
export type RealmRole = z.infer<typeof realmRoleSchema>;
export const realmRoleListResponseSchema = z.object({ results: z.array(realmRoleSchema) });
export type RealmRoleListResponse = z.infer<typeof realmRoleListResponseSchema>;

/** Realm administration's calls: the users and their role, the roles and their grants. */
export const realmAdminEndpoints = {
  users: defineEndpoint({
    method: 'GET',
    path: '/api/realm-admin/users',
    responses: { 200: realmUserListResponseSchema },
  }),
  changeUserRole: defineEndpoint({
    method: 'PUT',
    path: '/api/realm-admin/users/:id/role',
    params: realmAdminIdParamsSchema,
    body: userRoleRequestSchema,
    responses: { 200: realmUserSchema },
  }),
  roles: defineEndpoint({
    method: 'GET',
    path: '/api/realm-admin/roles',
    responses: { 200: realmRoleListResponseSchema },
  }),
  addGrant: defineEndpoint({
    method: 'POST',
    path: '/api/realm-admin/roles/:roleId/grants',
    params: realmAdminRoleParamsSchema,
    body: newGrantRequestSchema,
    responses: { 201: permissionRowSchema },
  }),
  setGrantActive: defineEndpoint({
    method: 'PATCH',
    path: '/api/realm-admin/grants/:id',
    params: realmAdminIdParamsSchema,
    body: grantActiveRequestSchema,
    responses: { 200: permissionRowSchema },
  }),
  deleteGrant: defineEndpoint({
    method: 'DELETE',
    path: '/api/realm-admin/grants/:id',
    params: realmAdminIdParamsSchema,
    responses: { 204: noContentSchema },
  }),
};
