import type { Realm } from '@ecc/contracts';

/**
 * The realm as anyone may read it before signing in: what the shell needs for the host's realm (spec section 7),
 * no more. Left out: the realm's other domains (the host's own name is enough), who created and changed it,
 * the attestation defaults (`proofworks`), the sign-in strategies' client secrets and their domain and
 * organisation allow-lists, which only the server's OIDC exchange needs, and the feature-flag definitions, whose
 * targeting may name users' e-mail addresses (signed-in users get their evaluated flags from
 * `GET /api/feature-flags`).
 */
export function toPublicRealm(realm: Realm, hostname: string): Realm {
  const host = hostname.toLowerCase();
  return {
    ...realm,
    domains: realm.domains.filter((domain) => domain.toLowerCase() === host),
    'created-by': null,
    'modified-by': null,
    properties: {
      config: {
        ...realm.properties.config,
        applications: realm.properties.config.applications.map(
          ({ flags: _flags, proofworks: _proofworks, ...application }) =>
            application.authentication
              ? {
                  ...application,
                  authentication: {
                    ...application.authentication,
                    strategies: application.authentication.strategies.map(
                      ({
                        clientSecret: _clientSecret,
                        allowedDomains: _allowedDomains,
                        organizationClaim: _organizationClaim,
                        allowedOrganizations: _allowedOrganizations,
                        ...strategy
                      }) => ({
                        ...strategy,
                        domain: '',
                        organizationId: '',
                      }),
                    ),
                  },
                }
              : application,
        ),
      },
    },
  };
}
