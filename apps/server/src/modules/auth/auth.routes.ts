import {
  accountEndpoints,
  authEndpoints,
  CURRENT_PASSWORD_WRONG_MESSAGE,
  DEFAULT_LOGOUT_URL,
  INVALID_CREDENTIALS_MESSAGE,
  messages,
} from '@ecc/contracts';
import { hashPassword, userRowToUser, verifyPassword, type Database } from '@ecc/db';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '#platform/app-context.ts';
import { endpointRoute } from '#platform/endpoint-route.ts';
import { fieldRefusal, HttpError, sendApiError } from '#platform/errors.ts';
import { tooManyAttemptsMessage, type LoginThrottle } from '#platform/login-throttle.ts';
import { PUBLIC_ACCESS, requireSession, SESSION_ACCESS } from '#platform/route-access.ts';
import { CROSS_ORIGIN_SIGN_OUT_MESSAGE, isSameOriginRequest } from '#platform/same-origin.ts';
import { authenticate, endEverySession, storeChangedPassword } from './auth.service.ts';

/**
 * Sign-in, the session and sign-out (spec section 7), a password change and signing out everywhere (issue 16
 * item 5). Sign-in attempts, and the current password of a change, are throttled alike.
 */
export function registerAuthRoutes(
  app: FastifyInstance,
  context: AppContext,
  db: Database,
  loginThrottle: LoginThrottle,
): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.route({
    ...endpointRoute(authEndpoints.login),
    config: { access: PUBLIC_ACCESS },
    handler: async (request, reply) => {
      const realm = await context.realms.resolve(request);
      if (!realm) throw new HttpError(404, messages.realmNotFound);
      // Behind a proxy, request.ip is the client's address only when ECC_TRUST_PROXY lets it read X-Forwarded-For.
      const attempt = { realmId: realm.id, username: request.body.username, address: request.ip };
      // From here the attempt counts as a failure, for unknown users too, until the password proves right.
      const retryAfterSeconds = loginThrottle.admit(attempt);
      if (retryAfterSeconds !== undefined) {
        reply.header('retry-after', String(retryAfterSeconds));
        return sendApiError(reply, 429, tooManyAttemptsMessage(retryAfterSeconds));
      }
      const user = await authenticate(context.repositories.users, realm, request.body);
      if (!user) throw new HttpError(401, INVALID_CREDENTIALS_MESSAGE);
      loginThrottle.recordSuccess(attempt);
      await context.sessions.start(request, reply, realm, user);
      return userRowToUser(user, realm.key);
    },
  });

  api.route({
    ...endpointRoute(authEndpoints.session),
    config: { access: SESSION_ACCESS },
    handler: async (request) => {
      const session = requireSession(request);
      return { email: session.user.email, tokenExpr: Math.floor(session.expiresAt.getTime() / 1000) };
    },
  });

  // Public on purpose: signing out must work with an expired or missing session too. A GET, as the specification
  // has it, so only the app's own pages may use it: a cross-site image or link cannot sign the user out.
  api.route({
    ...endpointRoute(authEndpoints.logout),
    config: { access: PUBLIC_ACCESS },
    handler: async (request, reply) => {
      if (!isSameOriginRequest(request)) throw new HttpError(403, CROSS_ORIGIN_SIGN_OUT_MESSAGE);
      await context.sessions.end(request, reply, await context.realms.resolve(request));
      return { url: DEFAULT_LOGOUT_URL };
    },
  });

  api.route({
    ...endpointRoute(accountEndpoints.changePassword),
    config: { access: SESSION_ACCESS },
    handler: async (request, reply) => {
      const session = requireSession(request);
      // The current password is a credential like sign-in's: guessed no faster than sign-in allows.
      const attempt = { realmId: session.realm.id, username: session.user.email, address: request.ip };
      const retryAfterSeconds = loginThrottle.admit(attempt);
      if (retryAfterSeconds !== undefined) {
        reply.header('retry-after', String(retryAfterSeconds));
        return sendApiError(reply, 429, tooManyAttemptsMessage(retryAfterSeconds));
      }
      if (!(await verifyPassword(session.user.passwordHash, request.body.currentPassword))) {
        throw fieldRefusal(400, { 'body/currentPassword': CURRENT_PASSWORD_WRONG_MESSAGE });
      }
      loginThrottle.recordSuccess(attempt);
      const passwordHash = await hashPassword(request.body.newPassword);
      const sessionsEnded = await storeChangedPassword(
        db,
        session.user,
        passwordHash,
        context.sessions.tokenHashOf(request),
      );
      // This device stays signed in, under a new session id.
      await context.sessions.start(request, reply, session.realm, { ...session.user, passwordHash });
      return { sessionsEnded };
    },
  });

  api.route({
    ...endpointRoute(accountEndpoints.signOutEverywhere),
    config: { access: SESSION_ACCESS },
    handler: async (request, reply) => {
      const session = requireSession(request);
      const sessionsEnded = await endEverySession(db, session.user);
      await context.sessions.end(request, reply, session.realm);
      return { url: DEFAULT_LOGOUT_URL, sessionsEnded };
    },
  });
}
