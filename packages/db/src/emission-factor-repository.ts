import { randomUUID } from 'node:crypto';
import { and, asc, count, desc, eq } from 'drizzle-orm';
import type { EmissionFactor } from '@ecc/domain';
import type { Database } from './create-database.ts';
import { emissionFactorSources, emissionFactorVersions, emissionFactors } from './schema.ts';

/**
 * Realm factors (supplier-specific or custom) beside the shipped library. A realm factor's key, the id callers
 * use in records and estimates, is `realm:<uuid of its row>`: it can never collide with a library id, and the
 * prefix tells at a glance that only one realm can resolve it. Each realm factor is the only factor of its own
 * version under the realm's "Realm factors" source, so publishing one factor (the version) freezes exactly it:
 * the triggers of migration 0002 then refuse any UPDATE or DELETE.
 */

export const REALM_FACTOR_KEY_PREFIX = 'realm:';
const REALM_SOURCE_KEY = 'realm-factors';
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export type RealmFactorStatus = 'draft' | 'published';

/** The factor as the engine reads it, without the id (the key) and scope, which the row holds. */
export type RealmFactorDefinition = Omit<EmissionFactor, 'id' | 'name' | 'scope'> & {
  readonly scope?: EmissionFactor['scope'];
};

export interface NewRealmFactor extends RealmFactorDefinition {
  readonly name: string;
}

export interface RealmFactor {
  readonly factor: EmissionFactor | (Omit<EmissionFactor, 'scope'> & { scope?: EmissionFactor['scope'] });
  readonly status: RealmFactorStatus;
  readonly publishedOn: Date | null;
}

export function isRealmFactorKey(key: string): boolean {
  return key.startsWith(REALM_FACTOR_KEY_PREFIX);
}

/** The row id inside a realm factor key, or undefined when the key cannot be one (so no query is needed). */
function rowIdOf(key: string): string | undefined {
  if (!isRealmFactorKey(key)) return undefined;
  const id = key.slice(REALM_FACTOR_KEY_PREFIX.length);
  return UUID_PATTERN.test(id) ? id : undefined;
}

function toFactor(key: string, name: string, definition: Record<string, unknown>): RealmFactor['factor'] {
  return { ...(definition as unknown as RealmFactorDefinition), id: key, name };
}

function definitionOf(input: NewRealmFactor): Record<string, unknown> {
  const { name: _name, ...definition } = input;
  return JSON.parse(JSON.stringify(definition)) as Record<string, unknown>;
}

/** Every function takes the realm id first and reads or writes only that realm's factors. */
export function createEmissionFactorRepository(db: Database) {
  const columns = {
    key: emissionFactors.key,
    name: emissionFactors.name,
    definition: emissionFactors.definition,
    status: emissionFactorVersions.status,
    publishedOn: emissionFactorVersions.publishedOn,
    versionId: emissionFactors.versionId,
  };
  const toRealmFactor = (row: {
    key: string;
    name: string;
    definition: Record<string, unknown>;
    status: RealmFactorStatus;
    publishedOn: Date | null;
  }): RealmFactor => ({
    factor: toFactor(row.key, row.name, row.definition),
    status: row.status,
    publishedOn: row.publishedOn,
  });

  async function findRow(realmId: string, key: string) {
    const id = rowIdOf(key);
    if (id === undefined) return undefined;
    const [row] = await db
      .select(columns)
      .from(emissionFactors)
      .innerJoin(emissionFactorVersions, eq(emissionFactorVersions.id, emissionFactors.versionId))
      .where(and(eq(emissionFactors.realmId, realmId), eq(emissionFactors.id, id)))
      .limit(1);
    return row;
  }

  /**
   * The factor's row with its version locked until the transaction ends, so its status (draft or published)
   * cannot change between this read and the caller's write.
   */
  async function lockRow(transaction: Database, realmId: string, key: string) {
    const id = rowIdOf(key);
    if (id === undefined) return undefined;
    const [row] = await transaction
      .select(columns)
      .from(emissionFactors)
      .innerJoin(emissionFactorVersions, eq(emissionFactorVersions.id, emissionFactors.versionId))
      .where(and(eq(emissionFactors.realmId, realmId), eq(emissionFactors.id, id)))
      .for('update', { of: emissionFactorVersions })
      .limit(1);
    return row;
  }

  return {
    /** The realm's published factors, oldest first. */
    async listRealmFactors(realmId: string): Promise<RealmFactor[]> {
      const rows = await db
        .select(columns)
        .from(emissionFactors)
        .innerJoin(emissionFactorVersions, eq(emissionFactorVersions.id, emissionFactors.versionId))
        .where(and(eq(emissionFactors.realmId, realmId), eq(emissionFactorVersions.status, 'published')))
        .orderBy(asc(emissionFactors.createdOn), asc(emissionFactors.key));
      return rows.map(toRealmFactor);
    },

    /** One page of the realm's drafts, newest first (the one just saved is on top), and how many there are. */
    async listDrafts(
      realmId: string,
      page: { limit: number; offset: number },
    ): Promise<{ rows: RealmFactor[]; total: number }> {
      const isDraftOfRealm = and(
        eq(emissionFactors.realmId, realmId),
        eq(emissionFactorVersions.status, 'draft'),
      );
      const [rows, totals] = await Promise.all([
        db
          .select(columns)
          .from(emissionFactors)
          .innerJoin(emissionFactorVersions, eq(emissionFactorVersions.id, emissionFactors.versionId))
          .where(isDraftOfRealm)
          .orderBy(desc(emissionFactors.createdOn), desc(emissionFactors.key))
          .limit(page.limit)
          .offset(page.offset),
        db
          .select({ total: count() })
          .from(emissionFactors)
          .innerJoin(emissionFactorVersions, eq(emissionFactorVersions.id, emissionFactors.versionId))
          .where(isDraftOfRealm),
      ]);
      return { rows: rows.map(toRealmFactor), total: totals[0]?.total ?? 0 };
    },

    async findRealmFactor(realmId: string, key: string): Promise<RealmFactor | undefined> {
      const row = await findRow(realmId, key);
      return row && toRealmFactor(row);
    },

    /** A new draft factor; its key is returned in `factor.id`. */
    async createDraft(realmId: string, input: NewRealmFactor): Promise<RealmFactor> {
      const id = randomUUID();
      const key = `${REALM_FACTOR_KEY_PREFIX}${id}`;
      const definition = definitionOf(input);
      await db.transaction(async (transaction) => {
        await transaction
          .insert(emissionFactorSources)
          .values({ realmId, key: REALM_SOURCE_KEY, name: 'Realm factors', publisher: 'Realm' })
          .onConflictDoNothing();
        const [source] = await transaction
          .select({ id: emissionFactorSources.id })
          .from(emissionFactorSources)
          .where(
            and(eq(emissionFactorSources.realmId, realmId), eq(emissionFactorSources.key, REALM_SOURCE_KEY)),
          );
        if (!source) throw new Error(`The realm factor source of realm ${realmId} is missing`);
        const [version] = await transaction
          .insert(emissionFactorVersions)
          .values({ sourceId: source.id, label: key, year: input.year, status: 'draft' })
          .returning({ id: emissionFactorVersions.id });
        if (!version) throw new Error('The realm factor version was not created');
        await transaction
          .insert(emissionFactors)
          .values({ id, versionId: version.id, realmId, key, name: input.name, definition });
      });
      return { factor: toFactor(key, input.name, definition), status: 'draft', publishedOn: null };
    },

    /**
     * Replaces a draft's content; a published factor is left as it is and reported. The status is read and the
     * draft written in one transaction, so a publication in between cannot be overwritten.
     */
    async updateDraft(
      realmId: string,
      key: string,
      input: NewRealmFactor,
    ): Promise<RealmFactor | 'not-found' | 'published'> {
      const definition = definitionOf(input);
      return db.transaction(async (transaction) => {
        const row = await lockRow(transaction, realmId, key);
        if (!row) return 'not-found';
        if (row.status === 'published') return 'published';
        await transaction
          .update(emissionFactors)
          .set({ name: input.name, definition, modifiedOn: new Date() })
          .where(and(eq(emissionFactors.realmId, realmId), eq(emissionFactors.key, key)));
        await transaction
          .update(emissionFactorVersions)
          .set({ year: input.year, modifiedOn: new Date() })
          .where(eq(emissionFactorVersions.id, row.versionId));
        return { factor: toFactor(key, input.name, definition), status: 'draft', publishedOn: null };
      });
    },

    /** Deletes a draft (its version goes with it); a published factor is immutable and stays. */
    async deleteDraft(realmId: string, key: string): Promise<'deleted' | 'not-found' | 'published'> {
      return db.transaction(async (transaction) => {
        const row = await lockRow(transaction, realmId, key);
        if (!row) return 'not-found';
        if (row.status === 'published') return 'published';
        // The version's foreign key cascades to the factor row.
        await transaction.delete(emissionFactorVersions).where(eq(emissionFactorVersions.id, row.versionId));
        return 'deleted';
      });
    },

    /** Publishes a draft; from then on the factor is immutable. Publishing twice answers the factor as it is. */
    async publish(realmId: string, key: string): Promise<RealmFactor | undefined> {
      return db.transaction(async (transaction) => {
        const row = await lockRow(transaction, realmId, key);
        if (!row) return undefined;
        if (row.status === 'published') return toRealmFactor(row);
        const publishedOn = new Date();
        await transaction
          .update(emissionFactorVersions)
          .set({ status: 'published', publishedOn, modifiedOn: publishedOn })
          .where(eq(emissionFactorVersions.id, row.versionId));
        return toRealmFactor({ ...row, status: 'published', publishedOn });
      });
    },
  };
}

export type EmissionFactorRepository = ReturnType<typeof createEmissionFactorRepository>;
