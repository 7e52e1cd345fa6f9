import type { Realm } from '@ecc/contracts';

/**
 * The realm as anyone may read it before signing in: everything but the sign-in strategies' client secrets,
 * which only the server's OIDC exchange needs.
 */
export function toPublicRealm(realm: Realm): Realm {
  return {
    ...realm,
    properties: {
      config: {
        ...realm.properties.config,
        applications: realm.properties.config.applications.map((application) =>
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
