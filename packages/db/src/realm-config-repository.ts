import { eq, sql } from 'drizzle-orm';
import { realmConfigSchema, type FeatureFlag, type RealmConfig } from '@ecc/contracts';
import type { Database } from './create-database.ts';
import { realms } from './schema.ts';

export type FeatureFlagDefinitions = Record<string, FeatureFlag>;

/** A realm row as its settings are changed: its id and key, its properties as stored and its parsed config. */
export interface RealmPropertiesRow {
  id: string;
  key: string;
  properties: Record<string, unknown>;
  config: RealmConfig;
}

/** What a flag change decides: the definitions to store (undefined: store nothing) and what to answer. */
export interface FeatureFlagChange<Result> {
  flags?: FeatureFlagDefinitions;
  result: Result;
}

/**
 * Parts of a realm's `properties` that change on their own (the flag definitions of its application, its themes,
 * legal texts and GWP set), read and written in one transaction with the realm row locked, so two administrators
 * editing different parts at once both keep their change.
 */
export function createRealmConfigRepository(db: Database) {
  async function selectRealm(realmId: string, isLocked: boolean): Promise<RealmPropertiesRow | undefined> {
    const query = db
      .select({ key: realms.key, properties: realms.properties })
      .from(realms)
      .where(eq(realms.id, realmId));
    const rows = await (isLocked ? query.for('update') : query).limit(1);
    const row = rows[0];
    if (!row) return undefined;
    return {
      id: realmId,
      key: row.key,
      properties: row.properties,
      config: realmConfigSchema.parse(row.properties.config),
    };
  }

  return {
    /** Replaces the realm's whole config (already validated by the caller); false when the realm is missing. */
    async replaceConfig(realmId: string, config: RealmConfig): Promise<boolean> {
      const updated = await db
        .update(realms)
        .set({
          properties: sql`jsonb_set(${realms.properties}, '{config}', ${JSON.stringify(config)}::jsonb)`,
          modifiedOn: sql`now()`,
        })
        .where(eq(realms.id, realmId))
        .returning({ id: realms.id });
      return updated.length > 0;
    },

    async findFeatureFlags(realmId: string): Promise<FeatureFlagDefinitions | undefined> {
      const realm = await selectRealm(realmId, false);
      return realm ? currentApplicationFlags(realm.config) : undefined;
    },

    /** The realm's key, properties and parsed config; undefined when the realm does not exist. */
    async findConfig(realmId: string): Promise<RealmPropertiesRow | undefined> {
      return selectRealm(realmId, false);
    },

    /**
     * The same, with the realm row locked until the caller's transaction ends: call it inside `db.transaction`
     * and write through this repository in that transaction.
     */
    async findForUpdate(realmId: string): Promise<RealmPropertiesRow | undefined> {
      return selectRealm(realmId, true);
    },

    /** Stores the realm's whole properties (already validated by the caller). */
    async updateProperties(realmId: string, properties: Record<string, unknown>): Promise<void> {
      await db
        .update(realms)
        .set({ properties, modifiedOn: sql`now()` })
        .where(eq(realms.id, realmId));
    },

    /** Stores `config` as the realm's `properties.config`, keeping its other properties. */
    async updateConfig(realm: RealmPropertiesRow, config: RealmConfig): Promise<void> {
      await this.updateProperties(realm.id, { ...realm.properties, config });
    },

    /**
     * Runs `change` on the current definitions of the realm's application and stores what it returns. Answers
     * undefined when the realm does not exist.
     */
    async changeFeatureFlags<Result>(
      realmId: string,
      change: (flags: FeatureFlagDefinitions) => FeatureFlagChange<Result>,
    ): Promise<{ result: Result } | undefined> {
      return db.transaction(async (transaction) => {
        const repository = createRealmConfigRepository(transaction);
        const realm = await repository.findForUpdate(realmId);
        if (!realm) return undefined;
        const outcome = change(currentApplicationFlags(realm.config));
        if (outcome.flags) {
          const [application, ...others] = realm.config.applications;
          if (!application) throw new Error(`Realm ${realmId} has no application`);
          await repository.updateConfig(realm, {
            ...realm.config,
            applications: [{ ...application, flags: outcome.flags }, ...others],
          });
        }
        return { result: outcome.result };
      });
    },
  };
}

function currentApplicationFlags(config: RealmConfig): FeatureFlagDefinitions {
  return config.applications[0]?.flags ?? {};
}

export type RealmConfigRepository = ReturnType<typeof createRealmConfigRepository>;
