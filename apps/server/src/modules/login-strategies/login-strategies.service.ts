import { randomUUID } from 'node:crypto';
import {
  currentApplication,
  loginStrategySchema,
  strategyKeyOf,
  type AuthenticationStrategy,
  type LoginStrategy,
  type LoginStrategyUpdateRequest,
  type NewLoginStrategyRequest,
  type Realm,
} from '@ecc/contracts';
import {
  createAuditLogRepository,
  createRealmConfigRepository,
  createUserIdentityRepository,
  type Database,
  type LoginStrategyChange,
  type UserRow,
  auditActorOf,
} from '@ecc/db';
import { fieldRefusal, HttpError } from '#platform/errors.ts';
import {
  assertSafeProviderUrl,
  UnsafeProviderUrlError,
  type ProviderUrlPolicy,
} from '#platform/provider-url-safety.ts';
import { REALM_NOT_FOUND } from '#platform/target-realm.ts';

export const STRATEGY_NOT_FOUND = 'Sign-in strategy not found';
const STRATEGY_ENTITY = 'login-strategy';

/** The URLs the server calls (token, JWKS, UserInfo) or sends browsers to (authorization): the sign-in rule applies. */
const PROVIDER_URL_FIELDS = [
  'authorizationEndpoint',
  'tokenEndpoint',
  'jwksURI',
  'userinfoEndpoint',
] as const;

/** A strategy as the API and the audit log show it: the client secret is replaced by whether there is one. */
export function toLoginStrategy(strategy: AuthenticationStrategy): LoginStrategy {
  // The schema has no clientSecret field, so parsing drops it.
  return loginStrategySchema.parse({
    ...strategy,
    key: strategyKeyOf(strategy),
    hasClientSecret: strategy.clientSecret !== undefined && strategy.clientSecret !== '',
  });
}

export function listLoginStrategies(realm: Realm): LoginStrategy[] {
  return (currentApplication(realm).authentication?.strategies ?? []).map(toLoginStrategy);
}

/**
 * The provider URLs must pass the rule sign-in applies (https, public addresses unless ECC_OIDC_ALLOW_INSECURE):
 * a strategy that could never sign anyone in is refused when it is saved, naming each field. Checked before the
 * realm row is locked, since it may wait for DNS.
 */
export async function assertSafeStrategyUrls(
  strategy: Pick<AuthenticationStrategy, (typeof PROVIDER_URL_FIELDS)[number]>,
  policy: ProviderUrlPolicy,
): Promise<void> {
  const fieldErrors: Record<string, string> = {};
  for (const field of PROVIDER_URL_FIELDS) {
    const url = strategy[field];
    if (url === undefined) continue;
    try {
      await assertSafeProviderUrl(url, policy);
    } catch (error) {
      if (!(error instanceof UnsafeProviderUrlError)) throw error;
      fieldErrors[`body/${field}`] = `This address is not allowed for a sign-in provider (${error.message})`;
    }
  }
  if (Object.keys(fieldErrors).length > 0) throw fieldRefusal(400, fieldErrors);
}

const sameName = (left: string, right: string) => left.trim().toLowerCase() === right.trim().toLowerCase();

function assertNameFree(strategies: readonly AuthenticationStrategy[], name: string): void {
  if (strategies.some((strategy) => sameName(strategy.name, name))) {
    throw fieldRefusal(409, { 'body/name': `The realm already has a sign-in strategy named ${name}` });
  }
}

/** What one change did: for its audit entry, and `after` for its answer. */
interface StrategyChangeOutcome<After extends AuthenticationStrategy | undefined> {
  before: AuthenticationStrategy | undefined;
  after: After;
  /** Added to the audit entry's `after`, such as whether the secret was replaced. */
  auditNote?: Record<string, unknown>;
}

/**
 * Runs a strategy change on the realm's application with the realm row locked and appends its audit entry (in
 * the target realm's log) in the same transaction: either both are stored or neither.
 */
async function changeStrategies<After extends AuthenticationStrategy | undefined>(
  db: Database,
  realmId: string,
  actor: UserRow,
  action: 'create' | 'update' | 'delete',
  change: (
    strategies: readonly AuthenticationStrategy[],
  ) => LoginStrategyChange<StrategyChangeOutcome<After>>,
): Promise<After> {
  return db.transaction(async (transaction) => {
    const outcome = await createRealmConfigRepository(transaction).changeLoginStrategies(realmId, change);
    if (!outcome) throw new HttpError(404, REALM_NOT_FOUND);
    const { before, after, auditNote } = outcome.result;
    const changed = after ?? before;
    if (!changed) throw new Error('A strategy change names no strategy');
    const unlinkedIdentities = await keepIdentitiesBound(transaction, realmId, before, after);
    await createAuditLogRepository(transaction).append(realmId, {
      ...auditActorOf(actor),
      action,
      entityType: STRATEGY_ENTITY,
      entityId: strategyKeyOf(changed),
      before: before ? toLoginStrategy(before) : null,
      // A deleted strategy's entry says how many accounts lost their link to it.
      after: after
        ? { ...toLoginStrategy(after), ...auditNote }
        : unlinkedIdentities === undefined
          ? null
          : { unlinkedIdentities },
    });
    return after;
  });
}

export const ISSUER_LOCKED_MESSAGE =
  'People have signed in with this strategy, so its issuer cannot change: their accounts are linked to subjects of this issuer. Add a new strategy for the other issuer.';

/**
 * Keeps linked identities bound to their strategy (decision 023) in the strategy change's transaction: a deleted
 * strategy's identities are deleted with it (answers how many), an issuer cannot change while the strategy has
 * any, and a strategy keyed by its name (no id) takes its identities along when renamed.
 */
async function keepIdentitiesBound(
  transaction: Database,
  realmId: string,
  before: AuthenticationStrategy | undefined,
  after: AuthenticationStrategy | undefined,
): Promise<number | undefined> {
  if (!before) return undefined;
  const identities = createUserIdentityRepository(transaction);
  const beforeKey = strategyKeyOf(before);
  if (!after) return identities.deleteForStrategy(realmId, beforeKey);
  if (after.issuer !== before.issuer && (await identities.countForStrategy(realmId, beforeKey)) > 0) {
    throw fieldRefusal(409, { 'body/issuer': ISSUER_LOCKED_MESSAGE });
  }
  const afterKey = strategyKeyOf(after);
  if (afterKey !== beforeKey) await identities.changeStrategyKey(realmId, beforeKey, afterKey);
  return undefined;
}

export async function createLoginStrategy(
  db: Database,
  realmId: string,
  actor: UserRow,
  input: NewLoginStrategyRequest,
): Promise<LoginStrategy> {
  const created = await changeStrategies(db, realmId, actor, 'create', (strategies) => {
    assertNameFree(strategies, input.name);
    const id = input.id ?? randomUUID();
    if (strategies.some((strategy) => strategyKeyOf(strategy) === id)) {
      throw fieldRefusal(409, { 'body/id': `The realm already has a sign-in strategy with the id ${id}` });
    }
    const strategy: AuthenticationStrategy = { ...input, id };
    return { strategies: [...strategies, strategy], result: { before: undefined, after: strategy } };
  });
  return toLoginStrategy(created);
}

/**
 * Replaces the strategy's fields but its id. Without `clientSecret` the stored secret stays; `null` removes it;
 * text replaces it.
 */
export async function updateLoginStrategy(
  db: Database,
  realmId: string,
  actor: UserRow,
  strategyKey: string,
  input: LoginStrategyUpdateRequest,
): Promise<LoginStrategy> {
  const updated = await changeStrategies(db, realmId, actor, 'update', (strategies) => {
    const before = strategies.find((strategy) => strategyKeyOf(strategy) === strategyKey);
    if (!before) throw new HttpError(404, STRATEGY_NOT_FOUND);
    assertNameFree(
      strategies.filter((strategy) => strategy !== before),
      input.name,
    );
    const { clientSecret, ...fields } = input;
    const secret = clientSecret === undefined ? before.clientSecret : (clientSecret ?? undefined);
    const after: AuthenticationStrategy = {
      ...fields,
      ...(before.id === undefined ? {} : { id: before.id }),
      ...(secret === undefined ? {} : { clientSecret: secret }),
    };
    return {
      strategies: strategies.map((strategy) => (strategy === before ? after : strategy)),
      // A replaced secret leaves `hasClientSecret` as it was: the audit entry says so itself.
      result: { before, after, auditNote: { isClientSecretReplaced: typeof clientSecret === 'string' } },
    };
  });
  return toLoginStrategy(updated);
}

export async function deleteLoginStrategy(
  db: Database,
  realmId: string,
  actor: UserRow,
  strategyKey: string,
): Promise<void> {
  await changeStrategies(db, realmId, actor, 'delete', (strategies) => {
    const before = strategies.find((strategy) => strategyKeyOf(strategy) === strategyKey);
    if (!before) throw new HttpError(404, STRATEGY_NOT_FOUND);
    return {
      strategies: strategies.filter((strategy) => strategy !== before),
      result: { before, after: undefined },
    };
  });
}
