import { authEndpoints, DEFAULT_LOGOUT_URL, INVALID_CREDENTIALS_MESSAGE, messages } from '@ecc/contracts';
import { userRowToUser } from '@ecc/db';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '#platform/app-context.ts';
import { endpointRoute } from '#platform/endpoint-route.ts';
import { HttpError, sendApiError } from '#platform/errors.ts';
import { tooManyAttemptsMessage, type LoginThrottle } from '#platform/login-throttle.ts';
import { PUBLIC_ACCESS, requireSession, SESSION_ACCESS } from '#platform/route-access.ts';
import { CROSS_ORIGIN_SIGN_OUT_MESSAGE, isSameOriginRequest } from '#platform/same-origin.ts';
import { authenticate } from './auth.service.ts';

/** Sign-in, the session and sign-out (spec section 7); sign-in attempts are throttled. */
export function registerAuthRoutes(
  app: FastifyInstance,
  context: AppContext,
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
}
