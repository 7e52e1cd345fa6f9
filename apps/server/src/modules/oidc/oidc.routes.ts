import { authEndpoints, strategyKeyOf, type AuthenticationStrategy } from '@ecc/contracts';
import { createOidcFlowRepository, createUserIdentityRepository, type Database } from '@ecc/db';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as client from 'openid-client';
import type { AppContext } from '#platform/app-context.ts';
import { endpointRoute } from '#platform/endpoint-route.ts';
import { hostCookieName, hostCookieOptions, readHostCookie } from '#platform/host-cookies.ts';
import { PUBLIC_ACCESS } from '#platform/route-access.ts';
import { createOidcFlowStore, OIDC_FLOW_COOKIE_NAME, OIDC_FLOW_LIFETIME_MS } from './oidc-flow-store.ts';
import {
  assertSafeProviderUrl,
  createProviderFetch,
  UnsafeProviderUrlError,
} from '#platform/provider-url-safety.ts';
import {
  assertAllowedByStrategy,
  createClientConfiguration,
  findActiveStrategy,
  OidcSignInError,
  userForIdentity,
} from './oidc.service.ts';

export const OIDC_CALLBACK_PATH = authEndpoints.oidcCallback.path;
const SCOPE = 'openid email profile';

/** Where the e-mail came from: the ID token, or UserInfo when the token had none. */
type EmailClaims = Record<string, unknown> & { email?: unknown; email_verified?: unknown; name?: unknown };

const messages = {
  unavailable: 'This sign-in method is not available.',
  unsafeProvider: "This sign-in method's provider address is not allowed.",
  expired: 'Your sign-in expired or was started elsewhere. Try again.',
  refused: 'The sign-in provider did not sign you in.',
  unverified: "The sign-in provider's answer could not be verified. Try again.",
  unverifiedEmail: 'The sign-in provider has not verified your e-mail address.',
};

function callbackUrlOf(request: FastifyRequest): string {
  // request.protocol and request.host honour X-Forwarded-* only when ECC_TRUST_PROXY is set.
  return `${request.protocol}://${request.host}${OIDC_CALLBACK_PATH}`;
}

/** To the login page with a message it shows; no session is made. */
function redirectToLogin(reply: FastifyReply, message: string) {
  return reply.redirect(`/login?error=${encodeURIComponent(message)}`, 302);
}

/** Logs why a sign-in failed: the reason and strategy name only, never the strategy (its client secret). */
function logFailure(request: FastifyRequest, strategyName: string | undefined, error: unknown) {
  const reason = error instanceof Error ? error.message : String(error);
  const code = (error as { code?: unknown } | undefined)?.code;
  request.log.warn({ strategy: strategyName, reason, code }, 'OIDC sign-in failed');
}

/**
 * OpenID Connect sign-in (spec section 3 strategies): authorization code with PKCE, state and nonce. Both routes
 * are GET, since the browser arrives by navigation (from the login page, then from the provider).
 */
export function registerOidcRoutes(
  app: FastifyInstance,
  context: AppContext,
  db: Database,
  options: { isInsecureAllowed: boolean; now: () => Date },
): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const repositories = {
    users: context.repositories.users,
    userIdentities: createUserIdentityRepository(db),
  };
  const policy = { isInsecureAllowed: options.isInsecureAllowed };
  const providerFetch = createProviderFetch(policy);
  const configurationOf = (strategy: AuthenticationStrategy) =>
    createClientConfiguration(strategy, providerFetch, policy.isInsecureAllowed);
  const flows = createOidcFlowStore(createOidcFlowRepository(db), options.now);

  api.route({
    ...endpointRoute(authEndpoints.oidcStart),
    config: { access: PUBLIC_ACCESS },
    handler: async (request, reply) => {
      const realm = await context.realms.resolve(request);
      const strategy = realm ? findActiveStrategy(realm, request.params.strategyId) : undefined;
      if (!realm || !strategy) return redirectToLogin(reply, messages.unavailable);
      try {
        const urls = [strategy.authorizationEndpoint, strategy.tokenEndpoint, strategy.jwksURI];
        if (strategy.userinfoEndpoint) urls.push(strategy.userinfoEndpoint);
        for (const url of urls) {
          await assertSafeProviderUrl(url, policy);
        }
      } catch (error) {
        logFailure(request, strategy.name, error);
        return redirectToLogin(reply, messages.unsafeProvider);
      }
      const codeVerifier = client.randomPKCECodeVerifier();
      const flow = {
        realmId: realm.id,
        strategyKey: strategyKeyOf(strategy),
        redirectUri: callbackUrlOf(request),
        state: client.randomState(),
        nonce: client.randomNonce(),
        codeVerifier,
      };
      const authorizationUrl = client.buildAuthorizationUrl(configurationOf(strategy), {
        redirect_uri: flow.redirectUri,
        scope: SCOPE,
        state: flow.state,
        nonce: flow.nonce,
        code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
      });
      // Lax: the provider sends the browser back with a top-level GET, which carries Lax cookies. Path `/`, as
      // the `__Host-` prefix over https demands.
      reply.setCookie(hostCookieName(request, OIDC_FLOW_COOKIE_NAME), await flows.save(flow), {
        ...hostCookieOptions(request),
        maxAge: OIDC_FLOW_LIFETIME_MS / 1000,
      });
      return reply.redirect(authorizationUrl.href, 302);
    },
  });

  api.route({
    ...endpointRoute(authEndpoints.oidcCallback),
    config: { access: PUBLIC_ACCESS },
    handler: async (request, reply) => {
      const flowId = readHostCookie(request, OIDC_FLOW_COOKIE_NAME);
      reply.clearCookie(hostCookieName(request, OIDC_FLOW_COOKIE_NAME), hostCookieOptions(request));
      const realm = await context.realms.resolve(request);
      // A flow finishes only on the realm (looked up within it) and the host it started on.
      const flow = flowId && realm ? await flows.take(realm.id, flowId) : undefined;
      if (!flow || !realm || callbackUrlOf(request) !== flow.redirectUri) {
        return redirectToLogin(reply, messages.expired);
      }
      const strategy = findActiveStrategy(realm, flow.strategyKey);
      if (!strategy) return redirectToLogin(reply, messages.unavailable);

      const currentUrl = new URL(flow.redirectUri);
      currentUrl.search = new URL(request.url, currentUrl).search;
      if (currentUrl.searchParams.has('error')) {
        logFailure(
          request,
          strategy.name,
          new Error(`provider answered ${currentUrl.searchParams.get('error')}`),
        );
        return redirectToLogin(reply, messages.refused);
      }
      let claims: client.IDToken | undefined;
      let userInfo: client.UserInfoResponse | undefined;
      try {
        const configuration = configurationOf(strategy);
        const tokens = await client.authorizationCodeGrant(configuration, currentUrl, {
          pkceCodeVerifier: flow.codeVerifier,
          expectedState: flow.state,
          expectedNonce: flow.nonce,
          idTokenExpected: true,
        });
        claims = tokens.claims();
        // A provider at its defaults puts the e-mail (and claims such as Google's `hd`) in UserInfo, not the ID
        // token (OpenID Connect Core 5.4); fetchUserInfo checks that it answers for the ID token's subject.
        const { organizationClaim } = strategy;
        const isUserInfoNeeded =
          typeof claims?.email !== 'string' ||
          (organizationClaim !== undefined && claims[organizationClaim] === undefined);
        if (claims && isUserInfoNeeded && strategy.userinfoEndpoint) {
          userInfo = await client.fetchUserInfo(configuration, tokens.access_token, claims.sub);
        }
      } catch (error) {
        logFailure(request, strategy.name, error);
        return redirectToLogin(
          reply,
          error instanceof UnsafeProviderUrlError ? messages.unsafeProvider : messages.unverified,
        );
      }
      if (!claims) return redirectToLogin(reply, messages.unverified);
      // The e-mail and its verification are read together: from the ID token when it carries one.
      const emailClaims: EmailClaims = typeof claims.email === 'string' ? claims : (userInfo ?? claims);
      const email = typeof emailClaims.email === 'string' ? emailClaims.email : undefined;
      // An address is used only when the provider vouches for it: a missing email_verified is not a yes.
      if (email !== undefined && emailClaims.email_verified !== true) {
        return redirectToLogin(reply, messages.unverifiedEmail);
      }
      try {
        const identity = {
          strategyKey: flow.strategyKey,
          issuer: claims.iss,
          subject: claims.sub,
          email,
          name: typeof emailClaims.name === 'string' ? emailClaims.name : undefined,
        };
        // Signed claims win over UserInfo's.
        await assertAllowedByStrategy(db, realm, strategy, identity, { ...userInfo, ...claims });
        const user = await userForIdentity(repositories, realm, strategy, identity, options.now());
        await context.sessions.start(request, reply, realm, user);
      } catch (error) {
        if (!(error instanceof OidcSignInError)) throw error;
        logFailure(request, strategy.name, error);
        return redirectToLogin(reply, error.userMessage);
      }
      return reply.redirect('/', 302);
    },
  });
}
