import { and, asc, count, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { DEFAULT_ROLE_KEYS, type DefaultRoleKey, type PermissionRow, type RightRow } from '@ecc/contracts';
import type { Database } from './create-database.ts';
import { DEFAULT_RIGHTS, DEFAULT_ROLES, defaultRoleGrants } from './default-roles.ts';
import {
  groupMembers,
  groups,
  permissions,
  realms,
  rights,
  roleAssignments,
  roles,
  users,
  type PrincipalType,
} from './schema.ts';

export interface PrincipalReference {
  readonly type: PrincipalType;
  readonly id: string;
}

export interface Page {
  readonly limit: number;
  readonly offset: number;
}

export interface RealmTreeEntry {
  readonly key: string;
  readonly parentKey: string | null;
}

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function isDefaultRoleKey(value: string): value is DefaultRoleKey {
  return (DEFAULT_ROLE_KEYS as readonly string[]).includes(value);
}

function toPermissionRow(row: typeof permissions.$inferSelect): PermissionRow {
  return { id: row.id, active: row.active, type: row.type, data: row.data, right: row.rightId };
}

/**
 * Rights, roles, groups and grants (spec sections 3 and 6). Every realm-owned lookup takes the realm id first
 * and filters by it inside the query; rights are shared by all realms.
 */
export function createAuthzRepository(db: Database) {
  /** Ids of the realms above this one, nearest first (trees are shallow: one query a level). */
  async function ancestorIdsOf(realmId: string): Promise<string[]> {
    const ids: string[] = [];
    const seen = new Set([realmId]);
    let currentId: string | null = realmId;
    while (currentId !== null) {
      const rows: { parentId: string | null }[] = await db
        .select({ parentId: realms.parentId })
        .from(realms)
        .where(eq(realms.id, currentId))
        .limit(1);
      currentId = rows[0]?.parentId ?? null;
      if (currentId === null || seen.has(currentId)) break;
      seen.add(currentId);
      ids.push(currentId);
    }
    return ids;
  }

  /** The groups and roles a principal holds in its realm (a user's default role through `users.role`). */
  async function holdingsOf(
    realmId: string,
    principal: PrincipalReference,
  ): Promise<{ userIds: string[]; groupIds: string[]; roleIds: string[] }> {
    if (principal.type === 'role') return { userIds: [], groupIds: [], roleIds: [principal.id] };
    const userIds = principal.type === 'user' ? [principal.id] : [];
    const groupIds =
      principal.type === 'group'
        ? [principal.id]
        : (
            await db
              .select({ groupId: groupMembers.groupId })
              .from(groupMembers)
              .where(and(eq(groupMembers.realmId, realmId), eq(groupMembers.userId, principal.id)))
          ).map((row) => row.groupId);
    const holders: SQL[] = [];
    if (userIds.length > 0) {
      holders.push(
        and(eq(roleAssignments.principalType, 'user'), inArray(roleAssignments.principalId, userIds)) as SQL,
      );
    }
    if (groupIds.length > 0) {
      holders.push(
        and(
          eq(roleAssignments.principalType, 'group'),
          inArray(roleAssignments.principalId, groupIds),
        ) as SQL,
      );
    }
    const assigned =
      holders.length === 0
        ? []
        : await db
            .select({ roleId: roleAssignments.roleId })
            .from(roleAssignments)
            .where(and(eq(roleAssignments.realmId, realmId), or(...holders)));
    const roleIds = new Set(assigned.map((row) => row.roleId));
    if (principal.type === 'user') {
      // `users.role` stays authoritative for the default roles: a user created after the last sync holds it too.
      const defaultRole = await db
        .select({ roleId: roles.id })
        .from(users)
        .innerJoin(roles, and(eq(roles.realmId, users.realmId), eq(roles.key, users.role)))
        .where(and(eq(users.realmId, realmId), eq(users.id, principal.id)));
      for (const row of defaultRole) roleIds.add(row.roleId);
    }
    return { userIds, groupIds, roleIds: [...roleIds] };
  }

  /** Roles with the same keys as these, in the realms above: a parent realm's role extends its children's. */
  async function inheritedRoleIds(realmId: string, roleIds: readonly string[]): Promise<string[]> {
    if (roleIds.length === 0) return [];
    const ancestorIds = await ancestorIdsOf(realmId);
    if (ancestorIds.length === 0) return [];
    const keys = (
      await db
        .select({ key: roles.key })
        .from(roles)
        .where(and(eq(roles.realmId, realmId), inArray(roles.id, [...roleIds])))
    ).map((row) => row.key);
    if (keys.length === 0) return [];
    const rows = await db
      .select({ id: roles.id })
      .from(roles)
      .where(and(inArray(roles.realmId, ancestorIds), inArray(roles.key, keys)));
    return rows.map((row) => row.id);
  }

  async function ensureRights(): Promise<void> {
    await db
      .insert(rights)
      .values([...DEFAULT_RIGHTS])
      .onConflictDoNothing({ target: rights.id });
  }

  return {
    async listRights(page: Page): Promise<{ rows: RightRow[]; total: number }> {
      const [rows, totals] = await Promise.all([
        db
          .select({ id: rights.id, name: rights.name })
          .from(rights)
          .orderBy(asc(rights.id))
          .limit(page.limit)
          .offset(page.offset),
        db.select({ total: count() }).from(rights),
      ]);
      return { rows, total: totals[0]?.total ?? 0 };
    },

    /** The id of the realm's role with this key (`admin`, `member`), if it has one. */
    async findRoleIdByKey(realmId: string, key: string): Promise<string | undefined> {
      const rows = await db
        .select({ id: roles.id })
        .from(roles)
        .where(and(eq(roles.realmId, realmId), eq(roles.key, key)))
        .limit(1);
      return rows[0]?.id;
    },

    /** The user, group or role with this id in this realm; undefined when there is none (or it is another's). */
    async findPrincipal(realmId: string, id: string): Promise<PrincipalReference | undefined> {
      const lookups = [
        { type: 'user' as const, table: users },
        { type: 'group' as const, table: groups },
        { type: 'role' as const, table: roles },
      ];
      for (const { type, table } of lookups) {
        const rows = await db
          .select({ id: table.id })
          .from(table)
          .where(and(eq(table.realmId, realmId), eq(table.id, id)))
          .limit(1);
        if (rows[0]) return { type, id: rows[0].id };
      }
      return undefined;
    },

    /**
     * The grants a principal holds itself, or with `isInherited` also those of its groups and roles (a user's
     * default role included) and of the same-key roles of the realms above. Oldest first.
     */
    async listPermissions(
      realmId: string,
      principal: PrincipalReference,
      { isInherited }: { isInherited: boolean },
    ): Promise<PermissionRow[]> {
      const holders: SQL[] = [];
      const holds = (type: PrincipalType, ids: readonly string[]) => {
        if (ids.length > 0) {
          holders.push(
            and(eq(permissions.principalType, type), inArray(permissions.principalId, [...ids])) as SQL,
          );
        }
      };
      let inheritedRoles: string[] = [];
      if (!isInherited) holds(principal.type, [principal.id]);
      else {
        const { userIds, groupIds, roleIds } = await holdingsOf(realmId, principal);
        holds('user', userIds);
        holds('group', groupIds);
        holds('role', roleIds);
        inheritedRoles = await inheritedRoleIds(realmId, roleIds);
      }
      const ownRealm = and(eq(permissions.realmId, realmId), or(...holders));
      const condition =
        inheritedRoles.length === 0
          ? ownRealm
          : or(
              ownRealm,
              and(eq(permissions.principalType, 'role'), inArray(permissions.principalId, inheritedRoles)),
            );
      const rows = await db
        .select()
        .from(permissions)
        .where(condition)
        .orderBy(asc(permissions.createdOn), asc(permissions.id));
      return rows.map(toPermissionRow);
    },

    /** The key of the realm with this id; undefined for an unknown id or a text that is no uuid. */
    async realmKeyOf(realmId: string): Promise<string | undefined> {
      if (!UUID_PATTERN.test(realmId)) return undefined;
      const rows = await db.select({ key: realms.key }).from(realms).where(eq(realms.id, realmId)).limit(1);
      return rows[0]?.key;
    },

    /** The realm's id and the ids of every realm below it, at any depth (realms are few: read them all). */
    async realmAndBelowIds(realmId: string): Promise<string[]> {
      const all = await db.select({ id: realms.id, parentId: realms.parentId }).from(realms);
      const found = all.some((realm) => realm.id === realmId) ? [realmId] : [];
      for (let index = 0; index < found.length; index += 1) {
        for (const realm of all) {
          if (realm.parentId === found[index] && !found.includes(realm.id)) found.push(realm.id);
        }
      }
      return found;
    },

    /** Every realm's key and its parent's key: what regex realm patterns and `\cascade` resolve against. */
    async realmTree(): Promise<RealmTreeEntry[]> {
      const parent = alias(realms, 'parent');
      return db
        .select({ key: realms.key, parentKey: parent.key })
        .from(realms)
        .leftJoin(parent, eq(realms.parentId, parent.id));
    },

    /**
     * Gives a realm its default roles, each with its default grants, and the rights they need. Run when the realm
     * is created (`realmRepository.insert`); a role that exists already is left as it is, so a default grant an
     * administrator deleted stays deleted across restarts. Idempotent.
     */
    async seedDefaultRoles(realmId: string): Promise<void> {
      await db.transaction(async (transaction) => {
        const realm = (
          await transaction.select({ key: realms.key }).from(realms).where(eq(realms.id, realmId)).limit(1)
        )[0];
        if (!realm) return;
        // Rights are shared reference data that requests may only read: written here only while missing (a
        // fresh database before start-up has synced them), never by a realm-scoped caller once they exist.
        const presentRights = await transaction.select({ id: rights.id }).from(rights);
        const missingRights = DEFAULT_RIGHTS.filter(
          (right) => !presentRights.some((present) => present.id === right.id),
        );
        if (missingRights.length > 0) {
          await transaction.insert(rights).values(missingRights).onConflictDoNothing({ target: rights.id });
        }
        // Only the roles created now get grants: the grants of an existing role are its administrators' to keep.
        const createdRoles = await transaction
          .insert(roles)
          .values(DEFAULT_ROLES.map((role) => ({ realmId, key: role.key, name: role.name })))
          .onConflictDoNothing({ target: [roles.realmId, roles.key] })
          .returning({ id: roles.id, key: roles.key });
        const grants = createdRoles.flatMap((role) =>
          isDefaultRoleKey(role.key)
            ? defaultRoleGrants(role.key, realm.key).map((grant) => ({
                realmId,
                principalType: 'role' as const,
                principalId: role.id,
                type: 'REGEX_GRANT' as const,
                data: { ...grant.data },
                rightId: grant.right,
              }))
            : [],
        );
        if (grants.length > 0) await transaction.insert(permissions).values(grants);
      });
    },

    /**
     * Makes the role assignments of the realm's users mirror `users.role`: each user holds the default role its
     * column names and not the other one. Idempotent.
     */
    async syncDefaultRoleAssignments(realmId: string): Promise<void> {
      await db.transaction(async (transaction) => {
        await transaction.execute(sql`
          insert into role_assignments (realm_id, role_id, principal_type, principal_id)
          select holder.realm_id, role.id, 'user', holder.id
          from users as holder join roles as role on role.realm_id = holder.realm_id and role.key = holder.role
          where holder.realm_id = ${realmId}
          on conflict do nothing`);
        const defaultKeys = sql.join(
          DEFAULT_ROLE_KEYS.map((key) => sql`${key}`),
          sql`, `,
        );
        await transaction.execute(sql`
          delete from role_assignments as assignment
          using roles as role, users as holder
          where assignment.realm_id = ${realmId} and assignment.principal_type = 'user'
            and role.realm_id = assignment.realm_id and role.id = assignment.role_id and role.key in (${defaultKeys})
            and holder.realm_id = assignment.realm_id and holder.id = assignment.principal_id
            and holder.role <> role.key`);
      });
    },

    /**
     * At start-up: the shared rights, the default roles of a realm that has none (a database from before roles
     * existed; never the grants of a role that exists), and the users' default role assignments, in every realm.
     */
    async syncDefaultRoles(): Promise<void> {
      await ensureRights();
      const all = await db.select({ id: realms.id }).from(realms).orderBy(asc(realms.key));
      for (const realm of all) {
        await this.seedDefaultRoles(realm.id);
        await this.syncDefaultRoleAssignments(realm.id);
      }
    },
  };
}

export type AuthzRepository = ReturnType<typeof createAuthzRepository>;
