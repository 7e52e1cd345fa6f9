import type { Database } from './create-database.ts';
import { createEmissionFactorRepository, isRealmFactorKey } from './emission-factor-repository.ts';
import { FACTOR_LIBRARY_BY_ID, type EmissionFactor, type FactorLookup } from '@ecc/domain';

/**
 * The factors one realm may use: the shipped library and the realm's own published factors, never another
 * realm's. One lookup object per realm lives as long as the process, because the engine keeps its compiled
 * factor plans per lookup object. Published factors never change (a trigger refuses it), so refreshing only
 * adds the ones published since the last refresh (by any process) and drops the ones gone with their realm.
 */
class RealmFactorLookup implements FactorLookup {
  private realmFactors = new Map<string, EmissionFactor>();

  get(id: string): EmissionFactor | undefined {
    return isRealmFactorKey(id) ? this.realmFactors.get(id) : FACTOR_LIBRARY_BY_ID.get(id);
  }

  replace(published: readonly EmissionFactor[]): void {
    const next = new Map<string, EmissionFactor>();
    // Keeping the known objects keeps the engine's plans for them.
    for (const factor of published) next.set(factor.id, this.realmFactors.get(factor.id) ?? factor);
    this.realmFactors = next;
  }
}

export interface RealmFactorLookups {
  /** The realm's lookup, refreshed from the database. */
  lookupFor(realmId: string): Promise<FactorLookup>;
}

const lookupsByDatabase = new WeakMap<Database, RealmFactorLookups>();

/** One set of realm lookups per database (tests run several apps in one process). */
export function realmFactorLookupsOf(db: Database): RealmFactorLookups {
  let lookups = lookupsByDatabase.get(db);
  if (lookups === undefined) {
    const repository = createEmissionFactorRepository(db);
    const byRealm = new Map<string, RealmFactorLookup>();
    lookups = {
      async lookupFor(realmId) {
        let lookup = byRealm.get(realmId);
        if (lookup === undefined) {
          lookup = new RealmFactorLookup();
          byRealm.set(realmId, lookup);
        }
        const published = await repository.listRealmFactors(realmId);
        lookup.replace(published.map((entry) => entry.factor as EmissionFactor));
        return lookup;
      },
    };
    lookupsByDatabase.set(db, lookups);
  }
  return lookups;
}
