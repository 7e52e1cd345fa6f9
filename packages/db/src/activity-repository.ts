import { and, asc, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from './create-database.ts';
import { likePattern } from './facility-repository.ts';
import { activityRecords, emissionResults, equipment, type ActivityRecordRow } from './schema.ts';

export type NewActivityRecord = Omit<
  typeof activityRecords.$inferInsert,
  'id' | 'realmId' | 'createdOn' | 'modifiedOn'
> & { id?: string };

export type ActivityRecordChanges = Partial<
  Omit<typeof activityRecords.$inferInsert, 'id' | 'realmId' | 'facilityId' | 'createdOn'>
>;

/** A record with its results: location-based (or the only) CO2e, and the market-based one for Scope 2. */
export interface ActivityRecordWithEmissions {
  record: ActivityRecordRow;
  co2eKg: number;
  co2eKgMarket: number | null;
}

export type ActivityRecordSortField =
  'periodStart' | 'activityType' | 'quantity' | 'co2eKg' | 'scope' | 'modifiedOn';

export interface ActivityRecordListFilter {
  q?: string;
  /** A field, descending with a leading `-`. */
  sort: string;
  limit: number;
  offset: number;
}

export interface ActivityRecordTrailFilter {
  year?: number;
  scope?: number;
  activityType?: string;
}

/** Every function takes the realm id first and touches only that realm's records. */
export function createActivityRepository(db: Database) {
  const location = alias(emissionResults, 'location_result');
  const market = alias(emissionResults, 'market_result');
  const co2eKg = sql<number>`coalesce(${location.co2eKg}, ${market.co2eKg}, 0)`.mapWith(Number);

  const selectWithEmissions = () =>
    db
      .select({ record: activityRecords, co2eKg, co2eKgMarket: market.co2eKg })
      .from(activityRecords)
      .leftJoin(
        location,
        and(
          eq(location.realmId, activityRecords.realmId),
          eq(location.activityRecordId, activityRecords.id),
          sql`${location.scope2Method} <> 'market'`,
        ),
      )
      .leftJoin(
        market,
        and(
          eq(market.realmId, activityRecords.realmId),
          eq(market.activityRecordId, activityRecords.id),
          eq(market.scope2Method, 'market'),
        ),
      );

  const sortColumns: Record<ActivityRecordSortField, SQL | typeof activityRecords.periodStart> = {
    periodStart: sql`${activityRecords.periodStart}`,
    activityType: sql`${activityRecords.activityType}`,
    quantity: sql`${activityRecords.quantity}`,
    co2eKg: sql`coalesce(${location.co2eKg}, ${market.co2eKg}, 0)`,
    scope: sql`${activityRecords.scope}`,
    modifiedOn: sql`${activityRecords.modifiedOn}`,
  };

  const searchOf = (q: string | undefined): SQL | undefined => {
    const needle = q?.trim();
    if (!needle) return undefined;
    const pattern = likePattern(needle);
    return or(
      ilike(activityRecords.activityType, pattern),
      ilike(activityRecords.unit, pattern),
      ilike(activityRecords.factorKey, pattern),
      ilike(activityRecords.notes, pattern),
    );
  };

  const trailConditions = (realmId: string, facilityId: string, filter: ActivityRecordTrailFilter): SQL[] => {
    const conditions: SQL[] = [
      eq(activityRecords.realmId, realmId),
      eq(activityRecords.facilityId, facilityId),
    ];
    if (filter.year !== undefined) {
      conditions.push(sql`extract(year from ${activityRecords.periodStart}) = ${filter.year}`);
    }
    if (filter.scope !== undefined) conditions.push(eq(activityRecords.scope, filter.scope));
    if (filter.activityType) conditions.push(eq(activityRecords.activityType, filter.activityType));
    return conditions;
  };

  return {
    async listForFacility(
      realmId: string,
      facilityId: string,
      filter: ActivityRecordListFilter,
    ): Promise<{ rows: ActivityRecordWithEmissions[]; total: number }> {
      const isDescending = filter.sort.startsWith('-');
      const field = (isDescending ? filter.sort.slice(1) : filter.sort) as ActivityRecordSortField;
      const column = sortColumns[field] ?? sortColumns.periodStart;
      const where = and(
        eq(activityRecords.realmId, realmId),
        eq(activityRecords.facilityId, facilityId),
        searchOf(filter.q),
      );
      const [rows, totals] = await Promise.all([
        selectWithEmissions()
          .where(where)
          .orderBy(isDescending ? desc(column) : asc(column), asc(activityRecords.id))
          .limit(filter.limit)
          .offset(filter.offset),
        db.select({ total: count() }).from(activityRecords).where(where),
      ]);
      return { rows, total: totals[0]?.total ?? 0 };
    },

    async findById(realmId: string, id: string): Promise<ActivityRecordWithEmissions | undefined> {
      const rows = await selectWithEmissions()
        .where(and(eq(activityRecords.realmId, realmId), eq(activityRecords.id, id)))
        .limit(1);
      return rows[0];
    },

    /** The records a total is made of (first `limit`, latest first) and how many there are. */
    async listForTrail(
      realmId: string,
      facilityId: string,
      filter: ActivityRecordTrailFilter,
    ): Promise<ActivityRecordWithEmissions[]> {
      return selectWithEmissions()
        .where(and(...trailConditions(realmId, facilityId, filter)))
        .orderBy(desc(activityRecords.periodStart), asc(activityRecords.id));
    },

    /** The fields data-quality checks read, for every record of a facility. */
    async listQualityInputs(realmId: string, facilityId: string) {
      return db
        .select({
          activityType: activityRecords.activityType,
          periodStart: activityRecords.periodStart,
          quantity: activityRecords.quantity,
          unit: activityRecords.unit,
          factorKey: activityRecords.factorKey,
          isEstimated: activityRecords.isEstimated,
        })
        .from(activityRecords)
        .where(and(eq(activityRecords.realmId, realmId), eq(activityRecords.facilityId, facilityId)))
        .orderBy(asc(activityRecords.periodStart));
    },

    async insert(realmId: string, values: NewActivityRecord): Promise<ActivityRecordRow> {
      const rows = await db
        .insert(activityRecords)
        .values({ ...values, realmId })
        .returning();
      const inserted = rows[0];
      if (!inserted) throw new Error('The activity record was not written');
      return inserted;
    },

    async insertMany(realmId: string, values: readonly NewActivityRecord[]): Promise<ActivityRecordRow[]> {
      const inserted: ActivityRecordRow[] = [];
      // Rows per statement stay well under PostgreSQL's 65,535 bind parameters.
      for (let start = 0; start < values.length; start += 2000) {
        const chunk = values.slice(start, start + 2000).map((value) => ({ ...value, realmId }));
        inserted.push(...(await db.insert(activityRecords).values(chunk).returning()));
      }
      return inserted;
    },

    async update(
      realmId: string,
      id: string,
      changes: ActivityRecordChanges,
    ): Promise<ActivityRecordRow | undefined> {
      const rows = await db
        .update(activityRecords)
        .set({ ...changes, modifiedOn: new Date() })
        .where(and(eq(activityRecords.realmId, realmId), eq(activityRecords.id, id)))
        .returning();
      return rows[0];
    },

    async delete(realmId: string, id: string): Promise<ActivityRecordRow | undefined> {
      const rows = await db
        .delete(activityRecords)
        .where(and(eq(activityRecords.realmId, realmId), eq(activityRecords.id, id)))
        .returning();
      return rows[0];
    },

    async isEquipmentOfFacility(realmId: string, facilityId: string, equipmentId: string): Promise<boolean> {
      const rows = await db
        .select({ id: equipment.id })
        .from(equipment)
        .where(
          and(
            eq(equipment.realmId, realmId),
            eq(equipment.facilityId, facilityId),
            eq(equipment.id, equipmentId),
          ),
        )
        .limit(1);
      return rows.length > 0;
    },
  };
}

export type ActivityRepository = ReturnType<typeof createActivityRepository>;
