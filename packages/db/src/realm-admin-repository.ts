import { and, asc, count, eq, inArray, isNull } from 'drizzle-orm';
import type { PermissionRow, PermissionType } from '@ecc/contracts';
import type { Database } from './create-database.ts';
import { permissions, rights, roles, users, type RoleRow, type UserRole, type UserRow } from './schema.ts';

export interface RoleWithGrants {
  readonly role: RoleRow;
  readonly grants: PermissionRow[];
}

export interface NewRoleGrant {
  readonly type: PermissionType;
  readonly data: Record<string, unknown>;
  readonly rightId: string;
  readonly active: boolean;
}

function toPermissionRow(row: typeof permissions.$inferSelect): PermissionRow {
  return { id: row.id, active: row.active, type: row.type, data: row.data, right: row.rightId };
}

/**
 * The realm administration's reads and writes (issue 3, item 11): users and their default role, roles and the
 * grants they hold. Every function takes the realm id first and filters by it inside the query.
 */
export function createRealmAdminRepository(db: Database) {
  return {
    async listUsers(realmId: string): Promise<UserRow[]> {
      return db.select().from(users).where(eq(users.realmId, realmId)).orderBy(asc(users.email));
    },

    /**
     * Locks the realm's active administrators until the transaction ends, so two demotions or deactivations cannot
     * both pass; answers how many there are.
     */
    async lockAdministrators(realmId: string): Promise<number> {
      const rows = await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.realmId, realmId), eq(users.role, 'admin'), isNull(users.deactivatedOn)))
        .for('update');
      return rows.length;
    },

    async setUserRole(realmId: string, userId: string, role: UserRole): Promise<UserRow | undefined> {
      const rows = await db
        .update(users)
        .set({ role, modifiedOn: new Date() })
        .where(and(eq(users.realmId, realmId), eq(users.id, userId)))
        .returning();
      return rows[0];
    },

    async listRolesWithGrants(realmId: string): Promise<RoleWithGrants[]> {
      const roleRows = await db
        .select()
        .from(roles)
        .where(eq(roles.realmId, realmId))
        .orderBy(asc(roles.name));
      if (roleRows.length === 0) return [];
      const grantRows = await db
        .select()
        .from(permissions)
        .where(
          and(
            eq(permissions.realmId, realmId),
            eq(permissions.principalType, 'role'),
            inArray(
              permissions.principalId,
              roleRows.map((role) => role.id),
            ),
          ),
        )
        .orderBy(asc(permissions.createdOn), asc(permissions.id));
      return roleRows.map((role) => ({
        role,
        grants: grantRows.filter((grant) => grant.principalId === role.id).map(toPermissionRow),
      }));
    },

    async findRole(realmId: string, roleId: string): Promise<RoleRow | undefined> {
      const rows = await db
        .select()
        .from(roles)
        .where(and(eq(roles.realmId, realmId), eq(roles.id, roleId)))
        .limit(1);
      return rows[0];
    },

    async hasRight(rightId: string): Promise<boolean> {
      const rows = await db.select({ total: count() }).from(rights).where(eq(rights.id, rightId));
      return (rows[0]?.total ?? 0) > 0;
    },

    async insertRoleGrant(realmId: string, roleId: string, grant: NewRoleGrant): Promise<PermissionRow> {
      const rows = await db
        .insert(permissions)
        .values({ realmId, principalType: 'role', principalId: roleId, ...grant })
        .returning();
      const inserted = rows[0];
      if (!inserted) throw new Error('The grant was not written');
      return toPermissionRow(inserted);
    },

    /** A grant held by one of the realm's roles. */
    async findRoleGrant(realmId: string, grantId: string): Promise<PermissionRow | undefined> {
      const rows = await db
        .select()
        .from(permissions)
        .where(
          and(
            eq(permissions.realmId, realmId),
            eq(permissions.principalType, 'role'),
            eq(permissions.id, grantId),
          ),
        )
        .limit(1);
      return rows[0] ? toPermissionRow(rows[0]) : undefined;
    },

    async setGrantActive(
      realmId: string,
      grantId: string,
      active: boolean,
    ): Promise<PermissionRow | undefined> {
      const rows = await db
        .update(permissions)
        .set({ active, modifiedOn: new Date() })
        .where(and(eq(permissions.realmId, realmId), eq(permissions.id, grantId)))
        .returning();
      return rows[0] ? toPermissionRow(rows[0]) : undefined;
    },

    async deleteGrant(realmId: string, grantId: string): Promise<boolean> {
      const rows = await db
        .delete(permissions)
        .where(and(eq(permissions.realmId, realmId), eq(permissions.id, grantId)))
        .returning({ id: permissions.id });
      return rows.length > 0;
    },
  };
}

export type RealmAdminRepository = ReturnType<typeof createRealmAdminRepository>;
