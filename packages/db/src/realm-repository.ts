import { and, arrayContains, arrayOverlaps, asc, count, eq, inArray, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Realm } from '@ecc/contracts';
import { createAuthzRepository } from './authz-repository.ts';
import type { Database } from './create-database.ts';
import { normalizeDomain, realmRowToRealm, type RealmValues } from './realm-mapping.ts';
import { realms, users } from './schema.ts';

/**
 * Realms are the tenants themselves, so their functions are keyed by realm key, id or host name rather than
 * scoped by a realm id.
 */
export function createRealmRepository(db: Database) {
  const parent = alias(realms, 'parent');
  const selectRealms = () =>
    db
      .select({ row: realms, parentKey: parent.key })
      .from(realms)
      .leftJoin(parent, eq(realms.parentId, parent.id));

  const first = (
    rows: { row: typeof realms.$inferSelect; parentKey: string | null }[],
  ): Realm | undefined => {
    const found = rows[0];
    return found ? realmRowToRealm(found.row, found.parentKey) : undefined;
  };

  const toColumns = (values: RealmValues) => ({
    key: values.key,
    parentId: values.parentId,
    active: values.active,
    realm: values.realm,
    name: values.name,
    type: values.type,
    domains: [...new Set(values.domains.map(normalizeDomain))],
    properties: values.properties,
    modifiedBy: values.modifiedBy ?? null,
  });

  return {
    async findByKey(key: string): Promise<Realm | undefined> {
      return first(await selectRealms().where(eq(realms.key, key)).limit(1));
    },

    async findById(id: string): Promise<Realm | undefined> {
      return first(await selectRealms().where(eq(realms.id, id)).limit(1));
    },

    /**
     * The realm a request to this host name is for: the active realm whose `domains` list it (the oldest, should
     * two claim it), else the active realm with the fallback key. One query, as it runs on every request.
     */
    async findActiveForHost(hostName: string, fallbackKey: string): Promise<Realm | undefined> {
      const isHostListed = arrayContains(realms.domains, [normalizeDomain(hostName)]);
      const rows = await selectRealms()
        .where(and(eq(realms.active, true), or(isHostListed, eq(realms.key, fallbackKey))))
        .orderBy(sql`case when ${isHostListed} then 0 else 1 end`, asc(realms.createdOn), asc(realms.key))
        .limit(1);
      return first(rows);
    },

    async list(): Promise<Realm[]> {
      const rows = await selectRealms().orderBy(asc(realms.key));
      return rows.map(({ row, parentKey }) => realmRowToRealm(row, parentKey));
    },

    /** Keys of other realms that already claim any of these host names. */
    async findDomainOwners(domains: readonly string[], exceptRealmId?: string): Promise<Map<string, string>> {
      const wanted = domains.map(normalizeDomain);
      if (wanted.length === 0) return new Map();
      const rows = await db
        .select({ id: realms.id, key: realms.key, domains: realms.domains })
        .from(realms)
        .where(arrayOverlaps(realms.domains, wanted));
      const owners = new Map<string, string>();
      for (const row of rows) {
        if (row.id === exceptRealmId) continue;
        for (const domain of row.domains) if (wanted.includes(domain)) owners.set(domain, row.key);
      }
      return owners;
    },

    /** Ids of this realm and every realm above it, nearest first (trees are shallow: one query a level). */
    async findAncestorIds(realmId: string): Promise<string[]> {
      const ids: string[] = [];
      let currentId: string | null = realmId;
      while (currentId !== null && !ids.includes(currentId)) {
        ids.push(currentId);
        const rows: { parentId: string | null }[] = await db
          .select({ parentId: realms.parentId })
          .from(realms)
          .where(eq(realms.id, currentId))
          .limit(1);
        currentId = rows[0]?.parentId ?? null;
      }
      return ids;
    },

    /**
     * Inserts a realm with its default roles and their grants (the only time they are seeded); returns undefined
     * when the key is taken (so concurrent seeds stay harmless).
     */
    async insert(
      values: RealmValues & { id?: string; createdBy?: string | null; createdOn?: Date; modifiedOn?: Date },
    ): Promise<Realm | undefined> {
      const id = await db.transaction(async (transaction) => {
        const inserted = await transaction
          .insert(realms)
          .values({
            ...toColumns(values),
            ...(values.id ? { id: values.id } : {}),
            createdBy: values.createdBy ?? null,
            ...(values.createdOn ? { createdOn: values.createdOn } : {}),
            ...(values.modifiedOn ? { modifiedOn: values.modifiedOn } : {}),
          })
          .onConflictDoNothing({ target: realms.key })
          .returning({ id: realms.id });
        const insertedId = inserted[0]?.id;
        if (insertedId) await createAuthzRepository(transaction).seedDefaultRoles(insertedId);
        return insertedId;
      });
      return id ? this.findById(id) : undefined;
    },

    /**
     * Serialises the writes that check realm keys and domains before they store them (realm creation, domain
     * changes) until the caller's transaction ends: neither column has a constraint that catches a race on
     * its own (domains are an array).
     */
    async lockKeysAndDomains(): Promise<void> {
      await db.execute(sql`select pg_advisory_xact_lock(hashtextextended('realms:keys-and-domains', 0))`);
    },

    /** The realm with this id, its row locked until the caller's transaction ends. */
    async findByIdForUpdate(id: string): Promise<Realm | undefined> {
      return first(await selectRealms().where(eq(realms.id, id)).for('update', { of: realms }).limit(1));
    },

    /** How many users each of these realms has (realms without users are absent). */
    async countUsers(realmIds: readonly string[]): Promise<Map<string, number>> {
      if (realmIds.length === 0) return new Map();
      const rows = await db
        .select({ realmId: users.realmId, users: count() })
        .from(users)
        .where(inArray(users.realmId, [...realmIds]))
        .groupBy(users.realmId);
      return new Map(rows.map((row) => [row.realmId, row.users]));
    },

    /** Changes only the columns given (an operator's edit), and the modification stamp. */
    async updateSettings(
      realmId: string,
      settings: {
        name?: string;
        domains?: readonly string[];
        active?: boolean;
        modifiedBy: string | null;
      },
      modifiedOn = new Date(),
    ): Promise<Realm | undefined> {
      const updated = await db
        .update(realms)
        .set({
          ...(settings.name === undefined ? {} : { name: settings.name }),
          ...(settings.domains === undefined
            ? {}
            : { domains: [...new Set(settings.domains.map(normalizeDomain))] }),
          ...(settings.active === undefined ? {} : { active: settings.active }),
          modifiedBy: settings.modifiedBy,
          modifiedOn,
        })
        .where(eq(realms.id, realmId))
        .returning({ id: realms.id });
      return updated[0] ? this.findById(realmId) : undefined;
    },

    async update(realmId: string, values: RealmValues, modifiedOn = new Date()): Promise<Realm | undefined> {
      const updated = await db
        .update(realms)
        .set({ ...toColumns(values), modifiedOn })
        .where(eq(realms.id, realmId))
        .returning({ id: realms.id });
      return updated[0] ? this.findById(realmId) : undefined;
    },
  };
}

export type RealmRepository = ReturnType<typeof createRealmRepository>;
