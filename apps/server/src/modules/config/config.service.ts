import type { Realm } from '@ecc/contracts';

/**
 * The realm as anyone may read it before signing in: everything but the sign-in strategies' client secrets,
 * which only the server's OIDC exchange needs, and the feature-flag definitions, whose targeting may name
 * users' e-mail addresses (signed-in users get their evaluated flags from `GET /api/feature-flags`).
 */
export function toPublicRealm(realm: Realm): Realm {
  return {
    ...realm,
    properties: {
      config: {
        ...realm.properties.config,
        applications: realm.properties.config.applications.map(({ flags: _flags, ...application }) =>
          application.authentication
            ? {
                ...application,
                authentication: {
                  ...application.authentication,
                  strategies: application.authentication.strategies.map(
                    ({ clientSecret: _clientSecret, ...strategy }) => strategy,
                  ),
                },
              }
            : application,
        ),
      },
    },
  };
}
