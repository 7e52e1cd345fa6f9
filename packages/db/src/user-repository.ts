import { and, eq } from 'drizzle-orm';
import type { User } from '@ecc/contracts';
import type { Database } from './create-database.ts';
import { users, type UserRole, type UserRow } from './schema.ts';

/** E-mail addresses are compared case-insensitively: stored and looked up lowercased. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** The user as the API shows it (spec section 3): id, realm key, properties. */
export function userRowToUser(row: Pick<UserRow, 'id' | 'properties'>, realmKey: string): User {
  return { id: row.id, realm: realmKey, properties: row.properties };
}

export interface NewUser {
  email: string;
  passwordHash: string;
  role: UserRole;
  properties?: Record<string, unknown>;
}

/** Every function takes the realm id first and touches only that realm's users. */
export function createUserRepository(db: Database) {
  return {
    async findByEmail(realmId: string, email: string): Promise<UserRow | undefined> {
      const rows = await db
        .select()
        .from(users)
        .where(and(eq(users.realmId, realmId), eq(users.email, normalizeEmail(email))))
        .limit(1);
      return rows[0];
    },

    async findById(realmId: string, userId: string): Promise<UserRow | undefined> {
      const rows = await db
        .select()
        .from(users)
        .where(and(eq(users.realmId, realmId), eq(users.id, userId)))
        .limit(1);
      return rows[0];
    },

    /** Inserts a user; returns undefined when the realm already has one with this e-mail. */
    async insert(realmId: string, user: NewUser): Promise<UserRow | undefined> {
      const rows = await db
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
      return rows[0];
    },

    /** The user, their row locked until the caller's transaction ends. */
    async findByIdForUpdate(realmId: string, userId: string): Promise<UserRow | undefined> {
      const rows = await db
        .select()
        .from(users)
        .where(and(eq(users.realmId, realmId), eq(users.id, userId)))
        .for('update')
        .limit(1);
      return rows[0];
    },

    /** Deactivates (a date) or reactivates (null) the user; undefined when the realm has no such user. */
    async setDeactivatedOn(
      realmId: string,
      userId: string,
      deactivatedOn: Date | null,
    ): Promise<UserRow | undefined> {
      const rows = await db
        .update(users)
        .set({ deactivatedOn, modifiedOn: new Date() })
        .where(and(eq(users.realmId, realmId), eq(users.id, userId)))
        .returning();
      return rows[0];
    },

    async setPasswordHash(
      realmId: string,
      userId: string,
      passwordHash: string,
    ): Promise<UserRow | undefined> {
      const rows = await db
        .update(users)
        .set({ passwordHash, modifiedOn: new Date() })
        .where(and(eq(users.realmId, realmId), eq(users.id, userId)))
        .returning();
      return rows[0];
    },

    async updateProperties(
      realmId: string,
      userId: string,
      properties: Record<string, unknown>,
    ): Promise<UserRow | undefined> {
      const rows = await db
        .update(users)
        .set({ properties, modifiedOn: new Date() })
        .where(and(eq(users.realmId, realmId), eq(users.id, userId)))
        .returning();
      return rows[0];
    },
  };
}

export type UserRepository = ReturnType<typeof createUserRepository>;
