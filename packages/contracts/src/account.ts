import { defineEndpoint } from './endpoint.ts';
import { z } from './zod.ts';

/*
 * The lifecycle of users and sessions (issue 16 item 5): a user changes their password or signs out everywhere.
 * What an administrator does to a user of their realm (deactivate, reactivate, reset the password) is in
 * `realm-admin.ts`.
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
};
