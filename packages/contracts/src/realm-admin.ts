import { newPasswordSchema, PASSWORDS_DIFFER_MESSAGE, sessionsEndedSchema } from './account.ts';
import { DEFAULT_ROLE_KEYS, PERMISSION_TYPES, permissionRowSchema } from './authz.ts';
import { defineEndpoint, noContentSchema } from './endpoint.ts';
import { z } from './zod.ts';

/*
 * Realm administration (issue 3, item 11): users and their default role, roles and their grants. Apart from
 * `authz.ts`, whose rights and permissions every signed-in page loads, so the first page does not carry these.
 */

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

export const resetPasswordRequestSchema = z.object({ password: newPasswordSchema });
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequestSchema>;

/** The reset dialog's form: the new password typed twice. */
export const resetPasswordFormSchema = resetPasswordRequestSchema
  .extend({ confirmPassword: z.string() })
  .refine((form) => form.password === form.confirmPassword, {
    message: PASSWORDS_DIFFER_MESSAGE,
    path: ['confirmPassword'],
  });
export type ResetPasswordForm = z.infer<typeof resetPasswordFormSchema>;

/** Realm administration's calls: the users with their role, activation and password; the roles and their grants. */
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
  /** An administrator deactivates a user of their realm: no sign-in, and their sessions end at once. */
  deactivateUser: defineEndpoint({
    method: 'POST',
    path: '/api/realm-admin/users/:id/deactivate',
    params: realmAdminIdParamsSchema,
    responses: { 200: realmUserSchema },
  }),
  reactivateUser: defineEndpoint({
    method: 'POST',
    path: '/api/realm-admin/users/:id/reactivate',
    params: realmAdminIdParamsSchema,
    responses: { 200: realmUserSchema },
  }),
  /** An administrator sets a new password for a user of their realm: all of that user's sessions end. */
  resetPassword: defineEndpoint({
    method: 'PUT',
    path: '/api/realm-admin/users/:id/password',
    params: realmAdminIdParamsSchema,
    body: resetPasswordRequestSchema,
    responses: { 200: sessionsEndedSchema },
  }),
};
