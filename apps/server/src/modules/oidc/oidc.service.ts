import { randomBytes } from 'node:crypto';
import { currentApplication, strategyKeyOf, type AuthenticationStrategy, type Realm } from '@ecc/contracts';
import {
  createAuditLogRepository,
  hashPassword,
  type Database,
  type UserIdentityRepository,
  type UserRepository,
  type UserRow,
} from '@ecc/db';
import * as client from 'openid-client';
import type { ProviderFetch } from '#platform/provider-url-safety.ts';
import { allowListRefusalOf, type AllowListRefusal } from './sign-in-allow-list.ts';

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
  /** The key of the strategy the person signed in through: their identity is linked to it. */
  strategyKey: string;
  issuer: string;
  subject: string;
  email: string | undefined;
  name: string | undefined;
}

export const EMAIL_TAKEN_MESSAGE =
  'An account with this e-mail address already exists. Sign in with your password instead.';
export const NOT_INVITED_MESSAGE =
  'You need an invitation to join this realm. Ask one of its administrators to invite your e-mail address.';
export const NO_EMAIL_MESSAGE = 'The sign-in provider did not share an e-mail address for your account.';
export const DOMAIN_NOT_ALLOWED_MESSAGE =
  'People with an e-mail address of your domain cannot sign in with this provider. Ask an administrator of your realm.';
export const ORGANIZATION_NOT_ALLOWED_MESSAGE =
  'Your organisation at the sign-in provider cannot sign in to this realm. Ask an administrator of your realm.';

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
  if (!identity.email) throw new OidcSignInError(NO_EMAIL_MESSAGE);
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

/** The audit log's entity type of sign-ins a strategy's allow-lists refused. */
export const REFUSED_SIGN_IN_ENTITY = 'oidc-sign-in-refusal';

const ALLOW_LIST_MESSAGES: Record<AllowListRefusal, string> = {
  domain: DOMAIN_NOT_ALLOWED_MESSAGE,
  organization: ORGANIZATION_NOT_ALLOWED_MESSAGE,
};

/**
 * Applies the strategy's domain and organisation allow-lists to a verified identity, linked user or not. A
 * refusal is written to the realm's audit log (by the system: the person is nobody's session) and thrown as the
 * message the login page shows.
 */
export async function assertAllowedByStrategy(
  db: Database,
  realm: Pick<Realm, 'id'>,
  strategy: AuthenticationStrategy,
  identity: VerifiedIdentity,
  claims: Readonly<Record<string, unknown>>,
): Promise<void> {
  const refusal = allowListRefusalOf(strategy, identity.email, claims);
  if (!refusal) return;
  const organization = strategy.organizationClaim ? claims[strategy.organizationClaim] : undefined;
  await db.transaction(async (transaction) => {
    await createAuditLogRepository(transaction).append(realm.id, {
      actorId: null,
      actorEmail: null,
      action: 'create',
      entityType: REFUSED_SIGN_IN_ENTITY,
      entityId: identity.strategyKey,
      before: null,
      after: {
        reason: refusal === 'domain' ? 'e-mail domain not allowed' : 'organisation not allowed',
        strategy: strategy.name,
        issuer: identity.issuer,
        subject: identity.subject,
        email: identity.email ?? null,
        ...(strategy.organizationClaim ? { [strategy.organizationClaim]: organization ?? null } : {}),
      },
    });
  });
  // Without an address the domain list cannot be met: say what is missing.
  throw new OidcSignInError(
    refusal === 'domain' && identity.email === undefined ? NO_EMAIL_MESSAGE : ALLOW_LIST_MESSAGES[refusal],
  );
}
