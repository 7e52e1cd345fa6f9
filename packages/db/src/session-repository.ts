import { and, eq, lte, ne } from 'drizzle-orm';
import type { Database } from './create-database.ts';
import { sessions, users, type SessionRow, type UserRow } from './schema.ts';

export interface NewSession {
  tokenHash: string;
  userId: string;
  expiresAt: Date;
  /** The moment of sign-in, by the server's clock (the database's when absent): the absolute lifetime counts from it. */
  createdOn?: Date;
}

/** Every function takes the realm id first: a session only ever opens its own realm. */
export function createSessionRepository(db: Database) {
  return {
    async insert(realmId: string, session: NewSession): Promise<void> {
      await db.insert(sessions).values({ ...session, realmId });
    },

    /** The session with its user, both of this realm, whether or not it has expired. */
    async findWithUser(
      realmId: string,
      tokenHash: string,
    ): Promise<{ session: SessionRow; user: UserRow } | undefined> {
      const rows = await db
        .select({ session: sessions, user: users })
        .from(sessions)
        .innerJoin(users, and(eq(users.id, sessions.userId), eq(users.realmId, realmId)))
        .where(and(eq(sessions.realmId, realmId), eq(sessions.tokenHash, tokenHash)))
        .limit(1);
      return rows[0];
    },

    async extend(realmId: string, tokenHash: string, expiresAt: Date): Promise<void> {
      await db
        .update(sessions)
        .set({ expiresAt })
        .where(and(eq(sessions.realmId, realmId), eq(sessions.tokenHash, tokenHash)));
    },

    async delete(realmId: string, tokenHash: string): Promise<void> {
      await db.delete(sessions).where(and(eq(sessions.realmId, realmId), eq(sessions.tokenHash, tokenHash)));
    },

    /** Ends every session of the user but the one with `keptTokenHash`, if given; answers how many ended. */
    async deleteAllOfUser(realmId: string, userId: string, keptTokenHash?: string): Promise<number> {
      const rows = await db
        .delete(sessions)
        .where(
          and(
            eq(sessions.realmId, realmId),
            eq(sessions.userId, userId),
            keptTokenHash === undefined ? undefined : ne(sessions.tokenHash, keptTokenHash),
          ),
        )
        .returning({ tokenHash: sessions.tokenHash });
      return rows.length;
    },

    async deleteExpiredOfUser(realmId: string, userId: string, now: Date): Promise<void> {
      await db
        .delete(sessions)
        .where(and(eq(sessions.realmId, realmId), eq(sessions.userId, userId), lte(sessions.expiresAt, now)));
    },
  };
}

export type SessionRepository = ReturnType<typeof createSessionRepository>;
