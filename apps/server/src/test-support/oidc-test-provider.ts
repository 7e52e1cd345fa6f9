import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AuthenticationStrategy } from '@ecc/contracts';
import { exportJWK, generateKeyPair } from 'jose';
import Provider, { type KoaContextWithOIDC } from 'oidc-provider';

export const TEST_OIDC_CLIENT_ID = 'ecc-test-client';
export const TEST_OIDC_CLIENT_SECRET = 'ecc-test-client-secret';

export interface TestOidcProvider {
  issuer: string;
  /** An active sign-in strategy of this provider, for a realm's application config. */
  strategy(overrides?: Partial<AuthenticationStrategy>): AuthenticationStrategy;
  close(): Promise<void>;
}

export interface TestOidcProviderOptions {
  /** 0 picks a free port. */
  port: number;
  redirectUris: string[];
}

/**
 * A real OpenID provider (oidc-provider) on 127.0.0.1 over http: one confidential client that must use PKCE, and
 * its development login form, where any login name signs in as the account of that id with the e-mail
 * `{login}@oidc.example`, or the login itself when it is an address (the password is not checked), and that
 * address's domain as its `hd` claim. Consent is granted without asking.
 */
export async function startTestOidcProvider(options: TestOidcProviderOptions): Promise<TestOidcProvider> {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const signingJwk = { ...(await exportJWK(privateKey)), alg: 'RS256', use: 'sig', kid: 'test-key' };
  const placeholderIssuer = `http://127.0.0.1:${options.port}`;
  const configure = (issuer: string) =>
    new Provider(issuer, {
      clients: [
        {
          client_id: TEST_OIDC_CLIENT_ID,
          client_secret: TEST_OIDC_CLIENT_SECRET,
          redirect_uris: options.redirectUris,
          grant_types: ['authorization_code'],
          response_types: ['code'],
          token_endpoint_auth_method: 'client_secret_post',
        },
      ],
      pkce: { required: () => true },
      jwks: { keys: [signingJwk] },
      // `hd` (the hosted domain, as Google names the account's organisation) comes with the profile scope.
      claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'hd'] },
      features: { devInteractions: { enabled: true } },
      findAccount: (_context, id) => {
        const email = id.includes('@') ? id : `${id}@oidc.example`;
        return {
          accountId: id,
          claims: () => ({
            sub: id,
            email,
            email_verified: true,
            name: `Test ${id}`,
            hd: email.slice(email.lastIndexOf('@') + 1),
          }),
        };
      },
      loadExistingGrant: async (context: KoaContextWithOIDC) => {
        const grant = new context.oidc.provider.Grant({
          clientId: context.oidc.client?.clientId,
          accountId: context.oidc.session?.accountId,
        });
        grant.addOIDCScope('openid email profile');
        await grant.save();
        return grant;
      },
      cookies: { keys: ['ecc-test-provider-cookie-key'] },
    });

  let provider = configure(placeholderIssuer);
  let server: Server = provider.listen(options.port, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  if (options.port === 0) {
    // The issuer names the port, which is known only now: listen again on it with the right issuer.
    const { port } = server.address() as AddressInfo;
    await new Promise<void>((resolve) => server.close(() => resolve()));
    provider = configure(`http://127.0.0.1:${port}`);
    server = provider.listen(port, '127.0.0.1');
    await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  }
  const issuer = provider.issuer;
  return {
    issuer,
    strategy: (overrides = {}) => ({
      active: true,
      authorizationEndpoint: `${issuer}/auth`,
      clientId: TEST_OIDC_CLIENT_ID,
      clientSecret: TEST_OIDC_CLIENT_SECRET,
      domain: '127.0.0.1',
      issuer,
      jwksURI: `${issuer}/jwks`,
      // oidc-provider's defaults: the ID token carries only `sub` when an access token is issued; the e-mail and
      // name come from UserInfo (its path is /me).
      userinfoEndpoint: `${issuer}/me`,
      // Anyone the provider signs in joins as a member; the invitation-only default is tested on its own.
      createsMembers: true,
      name: 'Test Provider',
      organizationId: 'test',
      service: 'oidc',
      tokenEndpoint: `${issuer}/token`,
      type: 'oidc',
      ...overrides,
    }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
