import { z } from './zod.ts';
import { defineEndpoint, noContentSchema } from './endpoint.ts';
import { uuidSchema } from './validation.ts';

export const loginRequestSchema = z.object({
  username: z.string().trim().min(1, 'Required').max(320),
  password: z.string().min(1, 'Required').max(1024),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

/** The 401 message of a failed sign-in: the same for an unknown user and a wrong password. */
export const INVALID_CREDENTIALS_MESSAGE = 'Invalid username or password';

export const userPropertiesSchema = z.record(z.string(), z.unknown());

/** The user as the API returns it (spec section 3): id, realm (key), properties. */
export const userSchema = z.object({
  id: uuidSchema,
  realm: z.string(),
  properties: userPropertiesSchema,
});
export type User = z.infer<typeof userSchema>;

/** `PUT /api/user` body: the user as a JSON object or a JSON string (spec section 7); only properties are kept. */
export const updateUserRequestSchema = z.object({
  user: z
    .union([
      z.string().transform((text, context) => {
        try {
          return JSON.parse(text) as unknown;
        } catch {
          context.addIssue({ code: 'custom', message: 'user must be valid JSON' });
          return z.NEVER;
        }
      }),
      z.record(z.string(), z.unknown()),
    ])
    .pipe(z.object({ properties: userPropertiesSchema })),
});
export type UpdateUserRequest = z.infer<typeof updateUserRequestSchema>;

/** The signed-in user (spec section 7): they read themself and change their own properties, nothing else. */
export const userEndpoints = {
  get: defineEndpoint({ method: 'GET', path: '/api/user', responses: { 200: userSchema } }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/api/user',
    body: updateUserRequestSchema,
    responses: { 200: userSchema },
  }),
};

export const sessionSchema = z.object({
  email: z.string(),
  tokenExpr: z.number().int(),
});
export type Session = z.infer<typeof sessionSchema>;

export const logoutResponseSchema = z.object({ url: z.string().default('/login') });

/** Logged in: the session has an email and its expiry (seconds × 1000) has not passed (spec section 4). */
export function isSessionActive(session: Partial<Session> | null | undefined, now = Date.now()): boolean {
  return Boolean(session?.email) && typeof session?.tokenExpr === 'number' && session.tokenExpr * 1000 > now;
}

export const oidcStartParamsSchema = z.object({ strategyId: z.string().min(1) });

/**
 * Sign-in, the session and sign-out (spec section 7). The OpenID Connect routes are navigations, not calls: the
 * login page links to `oidcStart` and the provider sends the browser back to `oidcCallback`; both answer with a
 * redirect.
 */
export const authEndpoints = {
  login: defineEndpoint({
    method: 'POST',
    path: '/api/auth/login',
    body: loginRequestSchema,
    responses: { 200: userSchema },
  }),
  session: defineEndpoint({
    method: 'GET',
    path: '/api/auth/session',
    responses: { 200: sessionSchema },
  }),
  logout: defineEndpoint({
    method: 'GET',
    path: '/api/auth/logout',
    responses: { 200: logoutResponseSchema },
  }),
  oidcStart: defineEndpoint({
    method: 'GET',
    path: '/api/auth/oidc/:strategyId/start',
    params: oidcStartParamsSchema,
    responses: { 302: noContentSchema },
  }),
  oidcCallback: defineEndpoint({
    method: 'GET',
    path: '/api/auth/oidc/callback',
    responses: { 302: noContentSchema },
  }),
};
