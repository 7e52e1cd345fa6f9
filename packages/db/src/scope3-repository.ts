import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Database } from './create-database.ts';
import { REALM_FACTOR_KEY_PREFIX } from './emission-factor-repository.ts';
import {
  activityRecords,
  emissionFactorSources,
  emissionFactorVersions,
  emissionFactors,
  emissionResults,
  facilities,
  priceIndexes,
  scope3Lines,
  scope3Screenings,
  type ActivityRecordRow,
  type PriceIndexRow,
  type Scope3LineRow,
  type Scope3ScreeningRow,
} from './schema.ts';

/**
 * Scope 3 (decision 029): the lines' method details beside their activity records, the realm's screening of the
 * 15 categories, its price indexes and its EEIO factors (realm factors of the source `eeio-factors`, each with
 * an `eeio` entry in its definition naming the NAICS code, price basis and dollar year). Every function takes the
 * realm first and touches only its rows.
 */

export const EEIO_SOURCE_KEY = 'eeio-factors';
/** Rows per insert statement: well under PostgreSQL's 65,535 bind parameters. */
const FACTOR_CHUNK = 500;

export type NewScope3Line = Omit<Scope3LineRow, 'realmId' | 'activityRecordId'>;

export interface Scope3LineWithRecord {
  readonly line: Scope3LineRow;
  readonly record: ActivityRecordRow;
  readonly facilityName: string;
  /** On the realm's own GWP set; null when the record has no result (never, once saved). */
  readonly co2eKg: number | null;
}

export interface EeioFactorMetadata {
  readonly naicsCode: string;
  readonly title: string;
  readonly priceBasis: 'purchaser' | 'producer';
  readonly currency: string;
  readonly dollarYear: number;
  readonly useeioCode: string;
}

export interface NewEeioFactor {
  readonly name: string;
  readonly definition: Record<string, unknown> & { readonly eeio: EeioFactorMetadata };
}

export interface StoredEeioFactor {
  readonly key: string;
  readonly name: string;
  readonly definition: Record<string, unknown> & { readonly eeio: EeioFactorMetadata };
}

export interface Scope3CategoryTotal {
  readonly category: number;
  readonly co2eKg: number;
  readonly lineCount: number;
}

export interface Scope3Hotspot {
  readonly category: number;
  readonly supplier: string;
  readonly co2eKg: number;
}

function yearRange(year: number): { from: string; to: string } {
  return { from: `${year}-01-01`, to: `${year + 1}-01-01` };
}

export function createScope3Repository(db: Database) {
  const lineColumns = {
    line: scope3Lines,
    record: activityRecords,
    facilityName: facilities.name,
    co2eKg: emissionResults.co2eKg,
  };

  function linesQuery(realmId: string) {
    return db
      .select(lineColumns)
      .from(scope3Lines)
      .innerJoin(
        activityRecords,
        and(
          eq(activityRecords.realmId, scope3Lines.realmId),
          eq(activityRecords.id, scope3Lines.activityRecordId),
        ),
      )
      .innerJoin(
        facilities,
        and(eq(facilities.realmId, activityRecords.realmId), eq(facilities.id, activityRecords.facilityId)),
      )
      .leftJoin(
        emissionResults,
        and(
          eq(emissionResults.realmId, activityRecords.realmId),
          eq(emissionResults.activityRecordId, activityRecords.id),
          eq(emissionResults.scope2Method, ''),
        ),
      )
      .$dynamic()
      .where(eq(scope3Lines.realmId, realmId));
  }

  return {
    /** The realm's facilities by id, slug and name, for files that name them. */
    async listFacilityKeys(realmId: string): Promise<{ id: string; slug: string; name: string }[]> {
      return db
        .select({ id: facilities.id, slug: facilities.slug, name: facilities.name })
        .from(facilities)
        .where(eq(facilities.realmId, realmId));
    },

    /** Whether the facility is the realm's; share-locked until the transaction ends (a line is added to it). */
    async lockFacility(realmId: string, facilityId: string): Promise<boolean> {
      if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(facilityId)) return false;
      const rows = await db
        .select({ id: facilities.id })
        .from(facilities)
        .where(and(eq(facilities.realmId, realmId), eq(facilities.id, facilityId)))
        .for('share')
        .limit(1);
      return rows.length > 0;
    },

    async insertLine(realmId: string, activityRecordId: string, values: NewScope3Line): Promise<void> {
      await db.insert(scope3Lines).values({ ...values, realmId, activityRecordId });
    },

    async updateLine(realmId: string, activityRecordId: string, values: NewScope3Line): Promise<void> {
      await db
        .update(scope3Lines)
        .set(values)
        .where(and(eq(scope3Lines.realmId, realmId), eq(scope3Lines.activityRecordId, activityRecordId)));
    },

    /** Whether the record is a Scope 3 line, whose details only the Scope 3 service keeps in step with it. */
    async isLine(realmId: string, activityRecordId: string): Promise<boolean> {
      const rows = await db
        .select({ activityRecordId: scope3Lines.activityRecordId })
        .from(scope3Lines)
        .where(and(eq(scope3Lines.realmId, realmId), eq(scope3Lines.activityRecordId, activityRecordId)))
        .limit(1);
      return rows.length > 0;
    },

    async findLine(realmId: string, activityRecordId: string): Promise<Scope3LineWithRecord | undefined> {
      const rows = await linesQuery(realmId)
        .where(and(eq(scope3Lines.realmId, realmId), eq(scope3Lines.activityRecordId, activityRecordId)))
        .limit(1);
      return rows[0];
    },

    /** The lines of a year (by period start) and category, newest period first. */
    async listLines(
      realmId: string,
      filter: { year?: number; category?: number },
    ): Promise<Scope3LineWithRecord[]> {
      const conditions = [eq(scope3Lines.realmId, realmId)];
      if (filter.year !== undefined) {
        const { from, to } = yearRange(filter.year);
        conditions.push(
          sql`${activityRecords.periodStart} >= ${from}`,
          sql`${activityRecords.periodStart} < ${to}`,
        );
      }
      if (filter.category !== undefined) conditions.push(eq(activityRecords.scope3Category, filter.category));
      return linesQuery(realmId)
        .where(and(...conditions))
        .orderBy(desc(activityRecords.periodStart), asc(scope3Lines.description), asc(activityRecords.id));
    },

    /** Every Scope 3 result of the year by category, lines with method details or not (imports, the API). */
    async categoryTotals(realmId: string, year: number): Promise<Scope3CategoryTotal[]> {
      const { from, to } = yearRange(year);
      const rows = await db
        .select({
          category: emissionResults.scope3Category,
          co2eKg: sql<number>`coalesce(sum(${emissionResults.co2eKg}), 0)`.mapWith(Number),
          lineCount: sql<number>`count(*)`.mapWith(Number),
        })
        .from(emissionResults)
        .where(
          and(
            eq(emissionResults.realmId, realmId),
            eq(emissionResults.scope, 3),
            sql`${emissionResults.periodStart} >= ${from}`,
            sql`${emissionResults.periodStart} < ${to}`,
          ),
        )
        .groupBy(emissionResults.scope3Category);
      return rows.flatMap((row) => (row.category === null ? [] : [{ ...row, category: row.category }]));
    },

    /** CO2e by category and supplier (lines without a supplier as ''), largest first. */
    async hotspots(realmId: string, year: number): Promise<Scope3Hotspot[]> {
      const { from, to } = yearRange(year);
      const rows = await db
        .select({
          category: emissionResults.scope3Category,
          supplier: sql<string>`coalesce(${scope3Lines.supplier}, '')`,
          co2eKg: sql<number>`sum(${emissionResults.co2eKg})`.mapWith(Number),
        })
        .from(emissionResults)
        .innerJoin(
          scope3Lines,
          and(
            eq(scope3Lines.realmId, emissionResults.realmId),
            eq(scope3Lines.activityRecordId, emissionResults.activityRecordId),
          ),
        )
        .where(
          and(
            eq(emissionResults.realmId, realmId),
            eq(emissionResults.scope, 3),
            sql`${emissionResults.periodStart} >= ${from}`,
            sql`${emissionResults.periodStart} < ${to}`,
          ),
        )
        .groupBy(emissionResults.scope3Category, sql`coalesce(${scope3Lines.supplier}, '')`)
        .orderBy(sql`3 desc`);
      return rows.flatMap((row) => (row.category === null ? [] : [{ ...row, category: row.category }]));
    },

    /** Years with Scope 3 results, latest first. */
    async years(realmId: string): Promise<number[]> {
      const rows = await db
        .selectDistinct({
          year: sql<number>`extract(year from ${emissionResults.periodStart})::int`.mapWith(Number),
        })
        .from(emissionResults)
        .where(and(eq(emissionResults.realmId, realmId), eq(emissionResults.scope, 3)))
        .orderBy(sql`1 desc`);
      return rows.map((row) => row.year);
    },

    async listScreenings(realmId: string): Promise<Scope3ScreeningRow[]> {
      return db
        .select()
        .from(scope3Screenings)
        .where(eq(scope3Screenings.realmId, realmId))
        .orderBy(asc(scope3Screenings.category));
    },

    async upsertScreening(
      realmId: string,
      category: number,
      values: Pick<Scope3ScreeningRow, 'isIncluded' | 'relevance' | 'exclusionReason'>,
    ): Promise<Scope3ScreeningRow> {
      const [row] = await db
        .insert(scope3Screenings)
        .values({ ...values, realmId, category })
        .onConflictDoUpdate({
          target: [scope3Screenings.realmId, scope3Screenings.category],
          set: { ...values, modifiedOn: new Date() },
        })
        .returning();
      if (!row) throw new Error('The screening was not written');
      return row;
    },

    async listPriceIndexes(realmId: string): Promise<PriceIndexRow[]> {
      return db
        .select()
        .from(priceIndexes)
        .where(eq(priceIndexes.realmId, realmId))
        .orderBy(asc(priceIndexes.currency), desc(priceIndexes.year));
    },

    async upsertPriceIndex(
      realmId: string,
      values: Pick<PriceIndexRow, 'currency' | 'year' | 'indexValue' | 'exchangeRate'>,
    ): Promise<PriceIndexRow> {
      const [row] = await db
        .insert(priceIndexes)
        .values({ ...values, realmId })
        .onConflictDoUpdate({
          target: [priceIndexes.realmId, priceIndexes.currency, priceIndexes.year],
          set: { indexValue: values.indexValue, exchangeRate: values.exchangeRate, modifiedOn: new Date() },
        })
        .returning();
      if (!row) throw new Error('The price index was not written');
      return row;
    },

    async deletePriceIndex(realmId: string, id: string): Promise<PriceIndexRow | undefined> {
      const [row] = await db
        .delete(priceIndexes)
        .where(and(eq(priceIndexes.realmId, realmId), eq(priceIndexes.id, id)))
        .returning();
      return row;
    },

    /**
     * One published version of the realm's EEIO source holding every factor of the file; run inside the caller's
     * transaction, so a failure leaves nothing. Keys are realm factor keys, which the engine's realm lookup knows.
     */
    async importEeioFactors(
      realmId: string,
      edition: { label: string; year: number },
      factors: readonly NewEeioFactor[],
    ): Promise<string[]> {
      await db
        .insert(emissionFactorSources)
        .values({ realmId, key: EEIO_SOURCE_KEY, name: 'EEIO factors (imported)', publisher: 'Realm import' })
        .onConflictDoNothing();
      const [source] = await db
        .select({ id: emissionFactorSources.id })
        .from(emissionFactorSources)
        .where(
          and(eq(emissionFactorSources.realmId, realmId), eq(emissionFactorSources.key, EEIO_SOURCE_KEY)),
        );
      if (!source) throw new Error(`The EEIO factor source of realm ${realmId} is missing`);
      const [version] = await db
        .insert(emissionFactorVersions)
        .values({
          sourceId: source.id,
          label: edition.label,
          year: edition.year,
          status: 'published',
          publishedOn: new Date(),
        })
        .returning({ id: emissionFactorVersions.id });
      if (!version) throw new Error('The EEIO factor version was not created');
      const rows = factors.map((factor) => {
        const id = randomUUID();
        return {
          id,
          versionId: version.id,
          realmId,
          key: `${REALM_FACTOR_KEY_PREFIX}${id}`,
          name: factor.name,
          definition: factor.definition,
        };
      });
      for (let start = 0; start < rows.length; start += FACTOR_CHUNK) {
        await db.insert(emissionFactors).values(rows.slice(start, start + FACTOR_CHUNK));
      }
      return rows.map((row) => row.key);
    },

    /** The realm's EEIO factors, the latest import of each NAICS code and basis first. */
    async listEeioFactors(realmId: string): Promise<StoredEeioFactor[]> {
      const rows = await db
        .select({
          key: emissionFactors.key,
          name: emissionFactors.name,
          definition: emissionFactors.definition,
        })
        .from(emissionFactors)
        .where(and(eq(emissionFactors.realmId, realmId), sql`${emissionFactors.definition} ? 'eeio'`))
        .orderBy(
          sql`${emissionFactors.definition}->'eeio'->>'naicsCode'`,
          sql`${emissionFactors.definition}->'eeio'->>'priceBasis' desc`,
          desc(emissionFactors.createdOn),
        );
      return rows as StoredEeioFactor[];
    },

    /** The latest imported factor of a NAICS code at a price basis. */
    async findEeioFactor(
      realmId: string,
      naicsCode: string,
      priceBasis: string,
    ): Promise<StoredEeioFactor | undefined> {
      const [row] = await db
        .select({
          key: emissionFactors.key,
          name: emissionFactors.name,
          definition: emissionFactors.definition,
        })
        .from(emissionFactors)
        .where(
          and(
            eq(emissionFactors.realmId, realmId),
            sql`${emissionFactors.definition}->'eeio'->>'naicsCode' = ${naicsCode}`,
            sql`${emissionFactors.definition}->'eeio'->>'priceBasis' = ${priceBasis}`,
          ),
        )
        .orderBy(desc(emissionFactors.createdOn), desc(emissionFactors.id))
        .limit(1);
      return row as StoredEeioFactor | undefined;
    },
  };
}

export type Scope3Repository = ReturnType<typeof createScope3Repository>;
