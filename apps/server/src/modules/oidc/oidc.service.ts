import { randomBytes } from 'node:crypto';
import { currentApplication, strategyKeyOf, type AuthenticationStrategy, type Realm } from '@ecc/contracts';
import { hashPassword, type UserIdentityRepository, type UserRepository, type UserRow } from '@ecc/db';
import * as client from 'openid-client';
import type { ProviderFetch } from '#platform/provider-url-safety.ts';

/** The realm's active strategy of this key, if any. */
export function findActiveStrategy(realm: Realm, strategyKey: string): AuthenticationStrategy | undefined {
  return (currentApplication(realm).authentication?.strategies ?? []).find(
    (strategy) => strategy.active && strategyKeyOf(strategy) === strategyKey,
  );
}

/**
 * The openid-client configuration of a strategy, from its own endpoints (no discovery). Every request the
 * server makes to the provider (token, JWKS, UserInfo) goes through the provider fetch, which checks the address it
 * connects to.
 */
export function createClientConfiguration(
  strategy: AuthenticationStrategy,
  providerFetch: ProviderFetch,
  isInsecureAllowed: boolean,
): client.Configuration {
  const configuration = new client.Configuration(
    {
      issuer: strategy.issuer,
      authorization_endpoint: strategy.authorizationEndpoint,
      token_endpoint: strategy.tokenEndpoint,
      jwks_uri: strategy.jwksURI,
      ...(strategy.userinfoEndpoint ? { userinfo_endpoint: strategy.userinfoEndpoint } : {}),
    },
    strategy.clientId,
    undefined,
    strategy.clientSecret ? client.ClientSecretPost(strategy.clientSecret) : client.None(),
  );
  configuration[client.customFetch] = (url, options) => providerFetch(url, options as RequestInit);
  if (isInsecureAllowed) client.allowInsecureRequests(configuration);
  // Also checks the ID token's signature against the provider's JWKS, not only its claims.
  client.enableNonRepudiationChecks(configuration);
  return configuration;
}

export const DEACTIVATED_ACCOUNT_MESSAGE =
  'Your account has been deactivated. Ask an administrator of your realm.';

export class OidcSignInError extends Error {
  constructor(readonly userMessage: string) {
    super(userMessage);
    this.name = 'OidcSignInError';
  }
}

export interface VerifiedIdentity {
  issuer: string;
  subject: string;
  email: string | undefined;
  name: string | undefined;
}

export const EMAIL_TAKEN_MESSAGE =
  'An account with this e-mail address already exists. Sign in with your password instead.';
export const NOT_INVITED_MESSAGE =
  'You need an invitation to join this realm. Ask one of its administrators to invite your e-mail address.';

/**
 * The user of this provider identity in the realm: the linked one; else the one a pending invitation for the
 * verified e-mail creates (with its role); else, only when the strategy `createsMembers`, a new member. Never
 * matched by e-mail: an address already taken in the realm refuses the sign-in instead of joining the accounts.
 */
export async function userForIdentity(
  repositories: { users: UserRepository; userIdentities: UserIdentityRepository },
  realm: Realm,
  strategy: Pick<AuthenticationStrategy, 'createsMembers'>,
  identity: VerifiedIdentity,
  now: Date,
): Promise<UserRow> {
  const linked = await repositories.userIdentities.findUser(realm.id, identity);
  if (linked?.deactivatedOn) throw new OidcSignInError(DEACTIVATED_ACCOUNT_MESSAGE);
  if (linked) return linked;
  if (!identity.email) {
    throw new OidcSignInError('The sign-in provider did not share an e-mail address for your account.');
  }
  const newUser = {
    email: identity.email,
    // A hash of random bytes nobody knows: the password form cannot sign this account in.
    passwordHash: await hashPassword(randomBytes(32).toString('base64url')),
    properties: identity.name ? { name: identity.name } : {},
  };
  const invited = await repositories.userIdentities.createInvitedUser(realm.id, identity, newUser, now);
  if (invited === 'taken') throw new OidcSignInError(EMAIL_TAKEN_MESSAGE);
  if (invited !== 'not-invited') return invited;
  if (strategy.createsMembers !== true) throw new OidcSignInError(NOT_INVITED_MESSAGE);
  const created = await repositories.userIdentities.createUser(realm.id, identity, {
    ...newUser,
    role: 'member',
  });
  if (!created) throw new OidcSignInError(EMAIL_TAKEN_MESSAGE);
  return created;
}
