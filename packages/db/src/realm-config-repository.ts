import { eq, sql } from 'drizzle-orm';
import { realmConfigSchema, type FeatureFlag, type RealmConfig } from '@ecc/contracts';
import type { Database } from './create-database.ts';
import { realms } from './schema.ts';

export type FeatureFlagDefinitions = Record<string, FeatureFlag>;

/** What a flag change decides: the definitions to store (undefined: store nothing) and what to answer. */
export interface FeatureFlagChange<Result> {
  flags?: FeatureFlagDefinitions;
  result: Result;
}

/**
 * Parts of a realm's `properties.config` that change on their own (today: the flag definitions of its
 * application), read and written in one transaction with the realm row locked, so two administrators editing
 * different flags at once both keep their change.
 */
export function createRealmConfigRepository(db: Database) {
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
      const rows = await db
        .select({ properties: realms.properties })
        .from(realms)
        .where(eq(realms.id, realmId))
        .limit(1);
      const row = rows[0];
      if (!row) return undefined;
      return currentApplicationFlags(realmConfigSchema.parse(row.properties.config));
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
        const rows = await transaction
          .select({ properties: realms.properties })
          .from(realms)
          .where(eq(realms.id, realmId))
          .for('update')
          .limit(1);
        const row = rows[0];
        if (!row) return undefined;
        const config = realmConfigSchema.parse(row.properties.config);
        const outcome = change(currentApplicationFlags(config));
        if (outcome.flags) {
          const [application, ...others] = config.applications;
          if (!application) throw new Error(`Realm ${realmId} has no application`);
          const updated: RealmConfig = {
            ...config,
            applications: [{ ...application, flags: outcome.flags }, ...others],
          };
          await transaction
            .update(realms)
            .set({ properties: { ...row.properties, config: updated }, modifiedOn: sql`now()` })
            .where(eq(realms.id, realmId));
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
