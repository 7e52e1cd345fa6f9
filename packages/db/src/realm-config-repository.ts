import { eq, sql } from 'drizzle-orm';
import {
  realmConfigSchema,
  type ApplicationConfig,
  type AuthenticationStrategy,
  type FeatureFlag,
  type RealmConfig,
} from '@ecc/contracts';
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

/** What a sign-in strategy change decides: the strategies to store (undefined: store nothing) and what to answer. */
export interface LoginStrategyChange<Result> {
  strategies?: AuthenticationStrategy[];
  result: Result;
}

/** What a change of the realm's application decides: the application to store (undefined: none) and the answer. */
interface ApplicationChange<Result> {
  application?: ApplicationConfig;
  result: Result;
}

/**
 * Parts of a realm's `properties` that change on their own (its application's flag definitions and sign-in
 * strategies, its themes, legal texts and GWP set), read and written in one transaction with the realm row
 * locked, so two administrators editing different parts at once both keep their change.
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

  /**
   * Runs `change` on the realm's current application (its first) with the realm row locked and stores the
   * application it returns. Undefined when the realm does not exist. Inside a caller's transaction this is a
   * savepoint, so the caller's other writes (its audit entry) commit or roll back with it.
   */
  async function changeApplication<Result>(
    realmId: string,
    change: (application: ApplicationConfig) => ApplicationChange<Result>,
  ): Promise<{ result: Result } | undefined> {
    return db.transaction(async (transaction) => {
      const repository = createRealmConfigRepository(transaction);
      const realm = await repository.findForUpdate(realmId);
      if (!realm) return undefined;
      const [application, ...others] = realm.config.applications;
      if (!application) throw new Error(`Realm ${realmId} has no application`);
      const outcome = change(application);
      if (outcome.application) {
        await repository.updateConfig(realm, {
          ...realm.config,
          applications: [outcome.application, ...others],
        });
      }
      return { result: outcome.result };
    });
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
      return changeApplication(realmId, (application) => {
        const outcome = change(application.flags ?? {});
        if (!outcome.flags) return { result: outcome.result };
        return { application: { ...application, flags: outcome.flags }, result: outcome.result };
      });
    },

    /**
     * Runs `change` on the sign-in strategies of the realm's application (spec section 3
     * `authentication.strategies`) and stores what it returns. Undefined when the realm does not exist.
     */
    async changeLoginStrategies<Result>(
      realmId: string,
      change: (strategies: readonly AuthenticationStrategy[]) => LoginStrategyChange<Result>,
    ): Promise<{ result: Result } | undefined> {
      return changeApplication(realmId, (application) => {
        const outcome = change(application.authentication?.strategies ?? []);
        if (!outcome.strategies) return { result: outcome.result };
        return {
          application: {
            ...application,
            authentication: { ...application.authentication, strategies: outcome.strategies },
          },
          result: outcome.result,
        };
      });
    },
  };
}

function currentApplicationFlags(config: RealmConfig): FeatureFlagDefinitions {
  return config.applications[0]?.flags ?? {};
}

export type RealmConfigRepository = ReturnType<typeof createRealmConfigRepository>;
