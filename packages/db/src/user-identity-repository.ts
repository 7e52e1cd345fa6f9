import { and, count, eq, gt, TransactionRollbackError } from 'drizzle-orm';
import type { Database } from './create-database.ts';
import { invitations, userIdentities, users, type UserRole, type UserRow } from './schema.ts';
import { normalizeEmail } from './user-repository.ts';

/** A subject as one of the realm's sign-in strategies vouched for it; `issuer` is recorded, not matched. */
export interface ProviderIdentity {
  strategyKey: string;
  issuer: string;
  subject: string;
}

export interface NewIdentityUser {
  email: string;
  /** A hash of a password nobody knows: the account signs in through its provider only, until one is set. */
  passwordHash: string;
  role: UserRole;
  properties?: Record<string, unknown>;
}

/** The identity's columns only: callers may pass a richer object, such as one with the e-mail. */
function identityColumnsOf({ strategyKey, issuer, subject }: ProviderIdentity): ProviderIdentity {
  return { strategyKey, issuer, subject };
}

/** OpenID Connect identities; every function takes the realm id first and touches only that realm's rows. */
export function createUserIdentityRepository(db: Database) {
  return {
    /**
     * The user linked to this (strategy, subject) in the realm, if any. Never by issuer alone: a second strategy
     * given the same issuer does not sign in the first one's users. The issuer must still be the one the identity
     * was linked from, so a link never outlives a change of its strategy's issuer.
     */
    async findUser(realmId: string, identity: ProviderIdentity): Promise<UserRow | undefined> {
      const rows = await db
        .select({ user: users })
        .from(userIdentities)
        .innerJoin(users, and(eq(users.realmId, userIdentities.realmId), eq(users.id, userIdentities.userId)))
        .where(
          and(
            eq(userIdentities.realmId, realmId),
            eq(userIdentities.strategyKey, identity.strategyKey),
            eq(userIdentities.subject, identity.subject),
            eq(userIdentities.issuer, identity.issuer),
          ),
        )
        .limit(1);
      return rows[0]?.user;
    },

    /**
     * Creates the user and links the identity in one transaction. Undefined when the realm already has a user
     * with this e-mail: the identity is not linked to them, since e-mail is no proof of who signs in.
     */
    async createUser(
      realmId: string,
      identity: ProviderIdentity,
      user: NewIdentityUser,
    ): Promise<UserRow | undefined> {
      return db.transaction(async (transaction) => {
        const inserted = await transaction
          .insert(users)
          .values({
            realmId,
            email: normalizeEmail(user.email),
            passwordHash: user.passwordHash,
            role: user.role,
            properties: user.properties ?? {},
          })
          .onConflictDoNothing({ target: [users.realmId, users.email] })
          .returning();
        const created = inserted[0];
        if (!created) return undefined;
        await transaction
          .insert(userIdentities)
          .values({ realmId, userId: created.id, ...identityColumnsOf(identity) });
        return created;
      });
    },

    /**
     * Accepts the pending invitation of the user's e-mail address: creates the user with the invitation's role and
     * links the identity, in one transaction. 'not-invited' without a usable invitation; 'taken' when the realm
     * already has a user with this e-mail (nothing is written then).
     */
    async createInvitedUser(
      realmId: string,
      identity: ProviderIdentity,
      user: Omit<NewIdentityUser, 'role'>,
      now: Date,
    ): Promise<UserRow | 'not-invited' | 'taken'> {
      const email = normalizeEmail(user.email);
      try {
        return await db.transaction(async (transaction) => {
          // Claiming the invitation first makes it single-use even when two sign-ins race.
          const [invitation] = await transaction
            .update(invitations)
            .set({ status: 'accepted', modifiedOn: now })
            .where(
              and(
                eq(invitations.realmId, realmId),
                eq(invitations.email, email),
                eq(invitations.status, 'pending'),
                gt(invitations.expiresAt, now),
              ),
            )
            .returning();
          if (!invitation) return 'not-invited';
          const [created] = await transaction
            .insert(users)
            .values({
              realmId,
              email,
              passwordHash: user.passwordHash,
              role: invitation.role,
              properties: user.properties ?? {},
            })
            .onConflictDoNothing({ target: [users.realmId, users.email] })
            .returning();
          if (!created) return transaction.rollback();
          await transaction
            .insert(userIdentities)
            .values({ realmId, userId: created.id, ...identityColumnsOf(identity) });
          await transaction
            .update(invitations)
            .set({ acceptedUserId: created.id })
            .where(and(eq(invitations.realmId, realmId), eq(invitations.id, invitation.id)));
          return created;
        });
      } catch (error) {
        if (error instanceof TransactionRollbackError) return 'taken';
        throw error;
      }
    },

    /** How many identities the strategy links. */
    async countForStrategy(realmId: string, strategyKey: string): Promise<number> {
      const [row] = await db
        .select({ total: count() })
        .from(userIdentities)
        .where(and(eq(userIdentities.realmId, realmId), eq(userIdentities.strategyKey, strategyKey)));
      return row?.total ?? 0;
    },

    /** Unlinks every identity of the strategy (it is being deleted); answers how many there were. */
    async deleteForStrategy(realmId: string, strategyKey: string): Promise<number> {
      const deleted = await db
        .delete(userIdentities)
        .where(and(eq(userIdentities.realmId, realmId), eq(userIdentities.strategyKey, strategyKey)))
        .returning({ id: userIdentities.id });
      return deleted.length;
    },

    /** Moves the strategy's identities to its new key (a strategy without an id is keyed by its name). */
    async changeStrategyKey(realmId: string, from: string, to: string): Promise<void> {
      await db
        .update(userIdentities)
        .set({ strategyKey: to })
        .where(and(eq(userIdentities.realmId, realmId), eq(userIdentities.strategyKey, from)));
    },
  };
}

export type UserIdentityRepository = ReturnType<typeof createUserIdentityRepository>;
