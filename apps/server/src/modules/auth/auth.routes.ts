import {
  DEFAULT_LOGOUT_URL,
  INVALID_CREDENTIALS_MESSAGE,
  loginRequestSchema,
  logoutResponseSchema,
  messages,
  sessionSchema,
  userSchema,
} from '@ecc/contracts';
import { userRowToUser } from '@ecc/db';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '#platform/app-context.ts';
import { HttpError } from '#platform/errors.ts';
import { PUBLIC_ACCESS, requireSession, SESSION_ACCESS } from '#platform/route-access.ts';
import { authenticate } from './auth.service.ts';

/** Sign-in, the session and sign-out (spec section 7). */
export function registerAuthRoutes(app: FastifyInstance, context: AppContext): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/api/auth/login',
    {
      config: { access: PUBLIC_ACCESS },
      schema: { body: loginRequestSchema, response: { 200: userSchema } },
    },
    async (request, reply) => {
      const realm = await context.realms.resolve(request);
      if (!realm) throw new HttpError(404, messages.realmNotFound);
      const user = await authenticate(context.repositories.users, realm, request.body);
      if (!user) throw new HttpError(401, INVALID_CREDENTIALS_MESSAGE);
      await context.sessions.start(request, reply, realm, user);
      return userRowToUser(user, realm.key);
    },
  );

  api.get(
    '/api/auth/session',
    { config: { access: SESSION_ACCESS }, schema: { response: { 200: sessionSchema } } },
    async (request) => {
      const session = requireSession(request);
      return { email: session.user.email, tokenExpr: Math.floor(session.expiresAt.getTime() / 1000) };
    },
  );

  // Public on purpose: signing out must work with an expired or missing session too.
  api.get(
    '/api/auth/logout',
    { config: { access: PUBLIC_ACCESS }, schema: { response: { 200: logoutResponseSchema } } },
    async (request, reply) => {
      await context.sessions.end(request, reply, await context.realms.resolve(request));
      return { url: DEFAULT_LOGOUT_URL };
    },
  );
}
