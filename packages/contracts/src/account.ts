import { realmAdminIdParamsSchema, realmUserSchema } from './authz.ts';
import { defineEndpoint } from './endpoint.ts';
import { z } from './zod.ts';

/*
 * The lifecycle of users and sessions (issue 16 item 5): a user changes their password or signs out everywhere;
 * an administrator deactivates, reactivates or resets the password of a user of their realm.
 */

/** Shortest password anyone may choose (sign-up by invitation, change, reset, the command line). */
export const MIN_PASSWORD_LENGTH = 8;
export const MAX_PASSWORD_LENGTH = 200;

export const newPasswordSchema = z
  .string()
  .min(MIN_PASSWORD_LENGTH, `Must be at least ${MIN_PASSWORD_LENGTH} characters`)
  .max(MAX_PASSWORD_LENGTH, `Must be at most ${MAX_PASSWORD_LENGTH} characters`);

export const CURRENT_PASSWORD_WRONG_MESSAGE = 'Your current password is not right';
export const PASSWORDS_DIFFER_MESSAGE = 'Must match the new password';

export const changePasswordRequestSchema = z.object({
  currentPassword: z.string().min(1, 'Required').max(MAX_PASSWORD_LENGTH),
  newPassword: newPasswordSchema,
});
export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>;

/** The profile page's form: the new password typed twice. */
export const changePasswordFormSchema = changePasswordRequestSchema
  .extend({ confirmPassword: z.string() })
  .refine((form) => form.newPassword === form.confirmPassword, {
    message: PASSWORDS_DIFFER_MESSAGE,
    path: ['confirmPassword'],
  });
export type ChangePasswordForm = z.infer<typeof changePasswordFormSchema>;

/** What ending sessions did: how many of the user's other sessions (devices) were signed out. */
export const sessionsEndedSchema = z.object({ sessionsEnded: z.number().int().nonnegative() });
export type SessionsEnded = z.infer<typeof sessionsEndedSchema>;

export const signOutEverywhereResponseSchema = sessionsEndedSchema.extend({ url: z.string() });
export type SignOutEverywhereResponse = z.infer<typeof signOutEverywhereResponseSchema>;

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

export const accountEndpoints = {
  /** The signed-in user's new password: their other sessions end, this one continues under a new id. */
  changePassword: defineEndpoint({
    method: 'POST',
    path: '/api/auth/password',
    body: changePasswordRequestSchema,
    responses: { 200: sessionsEndedSchema },
  }),
  /** Ends every session of the signed-in user, this one included. */
  signOutEverywhere: defineEndpoint({
    method: 'POST',
    path: '/api/auth/logout-everywhere',
    responses: { 200: signOutEverywhereResponseSchema },
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
