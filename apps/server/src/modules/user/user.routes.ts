import { userEndpoints } from '@ecc/contracts';
import { userRowToUser } from '@ecc/db';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '#platform/app-context.ts';
import { endpointRoute } from '#platform/endpoint-route.ts';
import { HttpError } from '#platform/errors.ts';
import { requireSession, SESSION_ACCESS, UNAUTHORIZED_MESSAGE } from '#platform/route-access.ts';

/** The signed-in user (spec section 7). A user changes their own properties and nothing else. */
export function registerUserRoutes(app: FastifyInstance, context: AppContext): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.route({
    ...endpointRoute(userEndpoints.get),
    config: { access: SESSION_ACCESS },
    handler: async (request) => {
      const session = requireSession(request);
      return userRowToUser(session.user, session.realm.key);
    },
  });

  api.route({
    ...endpointRoute(userEndpoints.update),
    config: { access: SESSION_ACCESS },
    handler: async (request) => {
      const session = requireSession(request);
      // Only properties are read from the body: an id or realm in it never reaches the database.
      const updated = await context.repositories.users.updateProperties(
        session.realm.id,
        session.user.id,
        request.body.user.properties,
      );
      if (!updated) throw new HttpError(401, UNAUTHORIZED_MESSAGE);
      return userRowToUser(updated, session.realm.key);
    },
  });
}
