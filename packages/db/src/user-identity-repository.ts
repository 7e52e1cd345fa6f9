import { and, eq, gt, TransactionRollbackError } from 'drizzle-orm';
import type { Database } from './create-database.ts';
import { invitations, userIdentities, users, type UserRole, type UserRow } from './schema.ts';
import { normalizeEmail } from './user-repository.ts';

export interface ProviderIdentity {
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

/** OpenID Connect identities; every function takes the realm id first and touches only that realm's rows. */
export function createUserIdentityRepository(db: Database) {
  return {
    /** The user linked to this (issuer, subject) in the realm, if any. */
    async findUser(realmId: string, identity: ProviderIdentity): Promise<UserRow | undefined> {
      const rows = await db
        .select({ user: users })
        .from(userIdentities)
        .innerJoin(users, and(eq(users.realmId, userIdentities.realmId), eq(users.id, userIdentities.userId)))
        .where(
          and(
            eq(userIdentities.realmId, realmId),
            eq(userIdentities.issuer, identity.issuer),
            eq(userIdentities.subject, identity.subject),
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
          .values({ realmId, userId: created.id, issuer: identity.issuer, subject: identity.subject });
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
            .values({ realmId, userId: created.id, issuer: identity.issuer, subject: identity.subject });
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
  };
}

export type UserIdentityRepository = ReturnType<typeof createUserIdentityRepository>;
