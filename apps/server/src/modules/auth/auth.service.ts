import type { LoginRequest, Realm } from '@ecc/contracts';
import {
  auditActorOf,
  createAuditLogRepository,
  createSessionRepository,
  createUserRepository,
  verifyPassword,
  type Database,
  type UserRepository,
  type UserRow,
} from '@ecc/db';

/**
 * The user these credentials sign in, in this realm only. An unknown user, a wrong password and a deactivated
 * user take the same path (a password check, against a throwaway hash for an unknown user) and end in the same
 * undefined, so the answer does not tell them apart.
 */
export async function authenticate(
  users: UserRepository,
  realm: Realm,
  credentials: LoginRequest,
): Promise<UserRow | undefined> {
  const user = await users.findByEmail(realm.id, credentials.username);
  const isPasswordValid = await verifyPassword(user?.passwordHash, credentials.password);
  return isPasswordValid && user?.deactivatedOn === null ? user : undefined;
}

/** What the audit log says of a user's own session and password changes. */
async function auditOwnChange(
  transaction: Database,
  user: UserRow,
  after: Record<string, unknown>,
): Promise<void> {
  await createAuditLogRepository(transaction).append(user.realmId, {
    ...auditActorOf(user),
    action: 'update',
    entityType: 'user',
    entityId: user.id,
    before: null,
    after,
  });
}

/**
 * Stores the user's new password (hashed by the caller) and ends their other sessions, with its audit entry, in one
 * transaction; `keptTokenHash` is the session the change was made in.
 */
export async function storeChangedPassword(
  db: Database,
  user: UserRow,
  passwordHash: string,
  keptTokenHash: string | undefined,
): Promise<number> {
  return db.transaction(async (transaction) => {
    await createUserRepository(transaction).setPasswordHash(user.realmId, user.id, passwordHash);
    const sessionsEnded = await createSessionRepository(transaction).deleteAllOfUser(
      user.realmId,
      user.id,
      keptTokenHash,
    );
    await auditOwnChange(transaction, user, { password: 'changed', sessionsEnded });
    return sessionsEnded;
  });
}

/** Ends every session of the user, with its audit entry. */
export async function endEverySession(db: Database, user: UserRow): Promise<number> {
  return db.transaction(async (transaction) => {
    const sessionsEnded = await createSessionRepository(transaction).deleteAllOfUser(user.realmId, user.id);
    await auditOwnChange(transaction, user, { signedOutEverywhere: true, sessionsEnded });
    return sessionsEnded;
  });
}
