import { newPasswordSchema, type DefaultRoleKey, type RealmUser, type SessionsEnded } from '@ecc/contracts';
import {
  auditActorOf,
  createAuditLogRepository,
  createRealmAdminRepository,
  createRealmRepository,
  createSessionRepository,
  createUserRepository,
  hashPassword,
  type Database,
  type UserRow,
} from '@ecc/db';
import { HttpError, InvalidInputError, zodProblems } from '#platform/errors.ts';
import { LAST_ADMIN_MESSAGE, REALM_USER_NOT_FOUND, toRealmUser } from './realm-admin.service.ts';

export const SELF_DEACTIVATION_MESSAGE = 'You cannot deactivate yourself';

const USER_ENTITY = 'user';

/** Who acts: the user (or, from the command line, nobody: both null), and the roles whose holders they may act on. */
export interface LifecycleActor {
  readonly user: Pick<UserRow, 'id' | 'email'> | { readonly id: null; readonly email: null };
  /** Why the actor may not act on a holder of this role (see `roleRefusalsOf`), or undefined. */
  refusalFor(role: DefaultRoleKey): string | undefined;
}

/** The command line acts on any user. */
export const COMMAND_LINE_ACTOR: LifecycleActor = {
  user: { id: null, email: null },
  refusalFor: () => undefined,
};

/**
 * Reads the target user in the write's transaction and checks the actor may act on them: another realm's or an
 * unknown user is 404, a holder of a role the actor may not give is 403.
 */
async function lockTarget(transaction: Database, realmId: string, userId: string, actor: LifecycleActor) {
  const target = await createUserRepository(transaction).findByIdForUpdate(realmId, userId);
  if (!target) throw new HttpError(404, REALM_USER_NOT_FOUND);
  const refusal = actor.refusalFor(target.role);
  if (refusal) throw new HttpError(403, refusal);
  return target;
}

/**
 * Deactivates a user: they cannot sign in (by password or a provider) and every session of theirs ends at once.
 * Not oneself, and not the realm's last active administrator. Deactivating a deactivated user changes nothing.
 */
export async function deactivateUser(
  db: Database,
  realmId: string,
  actor: LifecycleActor,
  userId: string,
  now: Date,
): Promise<RealmUser> {
  return db.transaction(async (transaction) => {
    if (userId === actor.user.id) throw new HttpError(409, SELF_DEACTIVATION_MESSAGE);
    const administrators = await createRealmAdminRepository(transaction).lockAdministrators(realmId);
    const target = await lockTarget(transaction, realmId, userId, actor);
    if (target.deactivatedOn !== null) return toRealmUser(target);
    if (target.role === 'admin' && administrators <= 1) throw new HttpError(409, LAST_ADMIN_MESSAGE);
    const after = await createUserRepository(transaction).setDeactivatedOn(realmId, userId, now);
    if (!after) throw new HttpError(404, REALM_USER_NOT_FOUND);
    const sessionsEnded = await createSessionRepository(transaction).deleteAllOfUser(realmId, userId);
    await createAuditLogRepository(transaction).append(realmId, {
      ...auditActorOf(actor.user),
      action: 'update',
      entityType: USER_ENTITY,
      entityId: userId,
      before: { isActive: true },
      after: { isActive: false, sessionsEnded },
    });
    return toRealmUser(after);
  });
}

/** Lets a deactivated user sign in again; reactivating an active user changes nothing. */
export async function reactivateUser(
  db: Database,
  realmId: string,
  actor: LifecycleActor,
  userId: string,
): Promise<RealmUser> {
  return db.transaction(async (transaction) => {
    const target = await lockTarget(transaction, realmId, userId, actor);
    if (target.deactivatedOn === null) return toRealmUser(target);
    const after = await createUserRepository(transaction).setDeactivatedOn(realmId, userId, null);
    if (!after) throw new HttpError(404, REALM_USER_NOT_FOUND);
    await createAuditLogRepository(transaction).append(realmId, {
      ...auditActorOf(actor.user),
      action: 'update',
      entityType: USER_ENTITY,
      entityId: userId,
      before: { isActive: false },
      after: { isActive: true },
    });
    return toRealmUser(after);
  });
}

/**
 * Sets a new password for a user (`passwordHash` made by the caller, outside the transaction: hashing is slow)
 * and ends every session of theirs; the audit entry says so, never the password.
 */
export async function resetUserPassword(
  db: Database,
  realmId: string,
  actor: LifecycleActor,
  userId: string,
  passwordHash: string,
): Promise<SessionsEnded> {
  return db.transaction(async (transaction) => {
    await lockTarget(transaction, realmId, userId, actor);
    await createUserRepository(transaction).setPasswordHash(realmId, userId, passwordHash);
    const sessionsEnded = await createSessionRepository(transaction).deleteAllOfUser(realmId, userId);
    await createAuditLogRepository(transaction).append(realmId, {
      ...auditActorOf(actor.user),
      action: 'update',
      entityType: USER_ENTITY,
      entityId: userId,
      before: null,
      after: { password: 'reset', sessionsEnded },
    });
    return { sessionsEnded };
  });
}

/** The command line names a user by realm key and e-mail. */
export async function findUserForCommand(
  db: Database,
  realmKey: string,
  email: string,
): Promise<{ realmId: string; userId: string }> {
  const realm = await createRealmRepository(db).findByKey(realmKey);
  if (!realm) throw new InvalidInputError([{ path: 'realm', message: `No realm has the key ${realmKey}` }]);
  const user = await createUserRepository(db).findByEmail(realm.id, email);
  if (!user) {
    throw new InvalidInputError([
      { path: 'email', message: `Realm ${realmKey} has no user ${email.trim().toLowerCase()}` },
    ]);
  }
  return { realmId: realm.id, userId: user.id };
}

/** `user password`: the operator sets a user's password (checked like any new password); their sessions end. */
export async function setPasswordForCommand(
  db: Database,
  input: { realmKey: string; email: string; password: string },
): Promise<SessionsEnded> {
  const parsed = newPasswordSchema.safeParse(input.password);
  if (!parsed.success) {
    throw new InvalidInputError(
      zodProblems(parsed.error.issues).map(({ message }) => ({ path: 'password', message })),
    );
  }
  const { realmId, userId } = await findUserForCommand(db, input.realmKey, input.email);
  return resetUserPassword(db, realmId, COMMAND_LINE_ACTOR, userId, await hashPassword(parsed.data));
}
