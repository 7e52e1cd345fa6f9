import { and, desc, eq, gt, lte, sql, TransactionRollbackError } from 'drizzle-orm';
import type { Database } from './create-database.ts';
import {
  invitations,
  outboxEmails,
  users,
  type InvitationRow,
  type InvitationStatus,
  type OutboxEmailRow,
  type UserRole,
  type UserRow,
} from './schema.ts';
import { normalizeEmail } from './user-repository.ts';
import { isUniqueViolation } from './is-unique-violation.ts';

export interface NewInvitation {
  email: string;
  role: UserRole;
  tokenHash: string;
  expiresAt: Date;
  invitedBy: string;
}

export interface NewOutboxEmail {
  to: string;
  subject: string;
  text: string;
}

/** A pending invitation past its expiry reads as expired, whether or not a write has marked it so yet. */
export function invitationStatusAt(
  row: Pick<InvitationRow, 'status' | 'expiresAt'>,
  now: Date,
): InvitationStatus {
  return row.status === 'pending' && row.expiresAt <= now ? 'expired' : row.status;
}

/**
 * Serialises, until the transaction ends, what decides whether an address becomes a user of the realm: inviting
 * it (is it a user already?) and accepting an invitation for it (which makes it one).
 */
async function lockAddress(transaction: Database, realmId: string, email: string): Promise<void> {
  await transaction.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`user-email:${realmId}:${normalizeEmail(email)}`}, 0))`,
  );
}

/** Every function takes the realm id first and touches only that realm's invitations and mails. */
export function createInvitationRepository(db: Database) {
  /** Marks the realm's pending invitations for this address that are past their expiry as expired. */
  async function expireStale(
    transaction: Database,
    realmId: string,
    email: string,
    now: Date,
  ): Promise<void> {
    await transaction
      .update(invitations)
      .set({ status: 'expired', modifiedOn: now })
      .where(
        and(
          eq(invitations.realmId, realmId),
          eq(invitations.email, normalizeEmail(email)),
          eq(invitations.status, 'pending'),
          lte(invitations.expiresAt, now),
        ),
      );
  }

  return {
    async list(realmId: string): Promise<InvitationRow[]> {
      return db
        .select()
        .from(invitations)
        .where(eq(invitations.realmId, realmId))
        .orderBy(desc(invitations.createdOn), desc(invitations.id));
    },

    async findById(realmId: string, id: string): Promise<InvitationRow | undefined> {
      const rows = await db
        .select()
        .from(invitations)
        .where(and(eq(invitations.realmId, realmId), eq(invitations.id, id)))
        .limit(1);
      return rows[0];
    },

    /** The realm's invitation with this token hash, only while it is pending and unexpired. */
    async findUsable(realmId: string, tokenHash: string, now: Date): Promise<InvitationRow | undefined> {
      const rows = await db
        .select()
        .from(invitations)
        .where(
          and(
            eq(invitations.realmId, realmId),
            eq(invitations.tokenHash, tokenHash),
            eq(invitations.status, 'pending'),
            gt(invitations.expiresAt, now),
          ),
        )
        .limit(1);
      return rows[0];
    },

    /**
     * Inserts a pending invitation; 'user-exists' when the address is a user of the realm already, undefined when
     * it has a pending, unexpired invitation. Decided in the transaction that writes, with the address locked
     * against an acceptance making it a user meanwhile.
     */
    async insert(
      realmId: string,
      invitation: NewInvitation,
      now: Date,
    ): Promise<InvitationRow | 'user-exists' | undefined> {
      const email = normalizeEmail(invitation.email);
      return db.transaction(async (transaction) => {
        await lockAddress(transaction, realmId, email);
        const existing = await transaction
          .select({ id: users.id })
          .from(users)
          .where(and(eq(users.realmId, realmId), eq(users.email, email)))
          .limit(1);
        if (existing.length > 0) return 'user-exists';
        await expireStale(transaction, realmId, email, now);
        const rows = await transaction
          .insert(invitations)
          .values({
            realmId,
            email,
            role: invitation.role,
            tokenHash: invitation.tokenHash,
            expiresAt: invitation.expiresAt,
            invitedBy: invitation.invitedBy,
            createdOn: now,
            modifiedOn: now,
          })
          .onConflictDoNothing()
          .returning();
        return rows[0];
      });
    },

    /**
     * Gives a pending or expired invitation a new token and expiry, so the old link stops working; undefined when
     * it is accepted or revoked (or another pending invitation for the address now exists).
     */
    async renew(
      realmId: string,
      id: string,
      renewal: { tokenHash: string; expiresAt: Date },
      now: Date,
    ): Promise<InvitationRow | undefined> {
      const existing = await this.findById(realmId, id);
      if (!existing || (existing.status !== 'pending' && existing.status !== 'expired')) return undefined;
      try {
        const rows = await db
          .update(invitations)
          .set({ ...renewal, status: 'pending', modifiedOn: now })
          .where(
            and(
              eq(invitations.realmId, realmId),
              eq(invitations.id, id),
              eq(invitations.status, existing.status),
            ),
          )
          .returning();
        return rows[0];
      } catch (error) {
        // The partial unique index: the address was invited again meanwhile.
        if (isUniqueViolation(error)) return undefined;
        throw error;
      }
    },

    /** Revokes a pending or expired invitation; undefined when it is accepted or already revoked. */
    async revoke(realmId: string, id: string, now: Date): Promise<InvitationRow | undefined> {
      const existing = await this.findById(realmId, id);
      if (!existing || (existing.status !== 'pending' && existing.status !== 'expired')) return undefined;
      const rows = await db
        .update(invitations)
        .set({ status: 'revoked', modifiedOn: now })
        .where(
          and(
            eq(invitations.realmId, realmId),
            eq(invitations.id, id),
            eq(invitations.status, existing.status),
          ),
        )
        .returning();
      return rows[0];
    },

    /**
     * Creates the invited user and marks the invitation accepted, in one transaction; undefined when the
     * invitation is no longer usable or the realm already has a user with its address.
     */
    async accept(
      realmId: string,
      tokenHash: string,
      passwordHash: string,
      now: Date,
    ): Promise<{ invitation: InvitationRow; user: UserRow } | undefined> {
      try {
        return await db.transaction(async (transaction) => {
          const [invited] = await transaction
            .select({ email: invitations.email })
            .from(invitations)
            .where(and(eq(invitations.realmId, realmId), eq(invitations.tokenHash, tokenHash)))
            .limit(1);
          if (!invited) return undefined;
          // The address is locked before the claim, as an invitation of it locks it before its check: the two
          // serialise, in the one order that cannot deadlock.
          await lockAddress(transaction, realmId, invited.email);
          // Claiming the row first makes the token single-use even when two requests race.
          const claimed = await transaction
            .update(invitations)
            .set({ status: 'accepted', modifiedOn: now })
            .where(
              and(
                eq(invitations.realmId, realmId),
                eq(invitations.tokenHash, tokenHash),
                eq(invitations.status, 'pending'),
                gt(invitations.expiresAt, now),
              ),
            )
            .returning();
          const invitation = claimed[0];
          if (!invitation) return undefined;
          const inserted = await transaction
            .insert(users)
            .values({ realmId, email: invitation.email, passwordHash, role: invitation.role })
            .onConflictDoNothing({ target: [users.realmId, users.email] })
            .returning();
          const user = inserted[0];
          if (!user) {
            transaction.rollback();
            return undefined;
          }
          const accepted = await transaction
            .update(invitations)
            .set({ acceptedUserId: user.id })
            .where(and(eq(invitations.realmId, realmId), eq(invitations.id, invitation.id)))
            .returning();
          return { invitation: accepted[0] ?? invitation, user };
        });
      } catch (error) {
        if (error instanceof TransactionRollbackError) return undefined;
        throw error;
      }
    },

    async recordEmail(realmId: string, email: NewOutboxEmail, now: Date): Promise<OutboxEmailRow> {
      const rows = await db
        .insert(outboxEmails)
        .values({ realmId, ...email, createdOn: now })
        .returning();
      const row = rows[0];
      if (!row) throw new Error('The outbox insert returned no row');
      return row;
    },

    async markEmailSent(realmId: string, id: string, sentOn: Date): Promise<void> {
      await db
        .update(outboxEmails)
        .set({ sentOn, error: null })
        .where(and(eq(outboxEmails.realmId, realmId), eq(outboxEmails.id, id)));
    },

    async markEmailFailed(realmId: string, id: string, error: string): Promise<void> {
      await db
        .update(outboxEmails)
        .set({ error })
        .where(and(eq(outboxEmails.realmId, realmId), eq(outboxEmails.id, id)));
    },

    async listEmails(realmId: string): Promise<OutboxEmailRow[]> {
      return db
        .select()
        .from(outboxEmails)
        .where(eq(outboxEmails.realmId, realmId))
        .orderBy(desc(outboxEmails.createdOn));
    },
  };
}

export type InvitationRepository = ReturnType<typeof createInvitationRepository>;
