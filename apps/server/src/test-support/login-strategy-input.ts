/**
 * A sign-in strategy's create body at a public address, which the rule sign-in applies accepts without resolving
 * anything; the secret is given because tests check it is never shown or exported.
 */
export function loginStrategyInput(
  name: string,
  clientSecret: string,
  overrides: Record<string, unknown> = {},
) {
  return {
    active: true,
    authorizationEndpoint: 'https://93.184.216.34/authorize',
    tokenEndpoint: 'https://93.184.216.34/token',
    jwksURI: 'https://93.184.216.34/jwks',
    issuer: 'https://idp.example.com',
    clientId: 'ecc-client',
    clientSecret,
    domain: 'example.com',
    name,
    organizationId: 'org-1',
    provider: 'okta',
    service: 'oidc',
    type: 'oidc',
    ...overrides,
  };
}
