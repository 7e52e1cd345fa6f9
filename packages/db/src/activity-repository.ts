import { and, asc, count, desc, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from './create-database.ts';
import { likePattern } from './facility-repository.ts';
import { activityRecords, emissionResults, equipment, facilities, type ActivityRecordRow } from './schema.ts';

export type NewActivityRecord = Omit<
  typeof activityRecords.$inferInsert,
  'id' | 'realmId' | 'createdOn' | 'modifiedOn'
> & { id?: string };

export type ActivityRecordChanges = Partial<
  Omit<typeof activityRecords.$inferInsert, 'id' | 'realmId' | 'facilityId' | 'version' | 'createdOn'>
>;

/**
 * A record with its results on the realm's GWP set: location-based (or the only) CO2e, and the market-based one
 * for Scope 2; `gwpSetId` null when the record has no results.
 */
export interface ActivityRecordWithEmissions {
  record: ActivityRecordRow;
  co2eKg: number;
  co2eKgMarket: number | null;
  gwpSetId: string | null;
}

interface RecordEmissions {
  location: number | null;
  market: number | null;
  gwpSetId: string;
}

export type ActivityRecordSortField =
  | 'periodStart'
  | 'activityType'
  | 'quantity'
  | 'unit'
  | 'factorKey'
  | 'co2eKg'
  | 'scope'
  | 'isEstimated'
  | 'modifiedOn';

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
  /** `YYYY-MM`: records whose period starts in that month. */
  month?: string;
  /** An equipment id, or `none` for records linked to no equipment. */
  equipmentId?: string;
}

/** Above this many records, their results are read by facility rather than by id. */
const ID_LIST_LIMIT = 1000;

/** Every function takes the realm id first and touches only that realm's records. */
export function createActivityRepository(db: Database) {
  /** The CO2e of each record among `recordIds` (all of the facility's when there are many). */
  async function emissionsOf(
    realmId: string,
    facilityId: string | undefined,
    recordIds: readonly string[],
  ): Promise<Map<string, RecordEmissions>> {
    const totals = new Map<string, RecordEmissions>();
    if (recordIds.length === 0) return totals;
    // A long id list costs more to send and plan than reading the facility's few narrow result rows.
    const byRecords = facilityId === undefined || recordIds.length <= ID_LIST_LIMIT;
    const rows = await db
      .select({
        activityRecordId: emissionResults.activityRecordId,
        scope2Method: emissionResults.scope2Method,
        co2eKg: emissionResults.co2eKg,
        gwpSetId: emissionResults.gwpSetId,
      })
      .from(emissionResults)
      .where(
        and(
          eq(emissionResults.realmId, realmId),
          byRecords
            ? inArray(emissionResults.activityRecordId, [...recordIds])
            : eq(emissionResults.facilityId, facilityId),
        ),
      );
    for (const row of rows) {
      const entry = totals.get(row.activityRecordId) ?? {
        location: null,
        market: null,
        gwpSetId: row.gwpSetId,
      };
      if (row.scope2Method === 'market') entry.market = (entry.market ?? 0) + row.co2eKg;
      else entry.location = (entry.location ?? 0) + row.co2eKg;
      totals.set(row.activityRecordId, entry);
    }
    return totals;
  }

  /**
   * Records with their CO2e: location-based (or the only result), and market-based for Scope 2. Read apart and
   * merged here: a join per result row degrades to nested loops on tables without fresh planner statistics.
   */
  async function withEmissions(
    realmId: string,
    facilityId: string | undefined,
    records: readonly ActivityRecordRow[],
  ): Promise<ActivityRecordWithEmissions[]> {
    const totals = await emissionsOf(
      realmId,
      facilityId,
      records.map((record) => record.id),
    );
    return records.map((record) => {
      const found = totals.get(record.id);
      return {
        record,
        co2eKg: found?.location ?? found?.market ?? 0,
        co2eKgMarket: found?.market ?? null,
        gwpSetId: found?.gwpSetId ?? null,
      };
    });
  }

  const sortColumns: Record<Exclude<ActivityRecordSortField, 'co2eKg'>, SQL> = {
    periodStart: sql`${activityRecords.periodStart}`,
    activityType: sql`${activityRecords.activityType}`,
    quantity: sql`${activityRecords.quantity}`,
    unit: sql`${activityRecords.unit}`,
    factorKey: sql`${activityRecords.factorKey}`,
    scope: sql`${activityRecords.scope}`,
    isEstimated: sql`${activityRecords.isEstimated}`,
    modifiedOn: sql`${activityRecords.modifiedOn}`,
  };

  /**
   * Every word of `q` in one of the record's texts (activity type, unit, factor, notes, period start as
   * YYYY-MM-DD, equipment name), ignoring case: the records table's filter, so an export matches what it shows.
   */
  const searchOf = (q: string | undefined): SQL | undefined => {
    const words = (q ?? '').trim().split(/\s+/).filter(Boolean);
    if (words.length === 0) return undefined;
    return and(
      ...words.map((word) => {
        const pattern = likePattern(word);
        return or(
          ilike(activityRecords.activityType, pattern),
          ilike(activityRecords.unit, pattern),
          ilike(activityRecords.factorKey, pattern),
          ilike(activityRecords.notes, pattern),
          sql`to_char(${activityRecords.periodStart}, 'YYYY-MM-DD') ilike ${pattern}`,
          sql`exists (select 1 from ${equipment} where ${equipment.realmId} = ${activityRecords.realmId}
            and ${equipment.id} = ${activityRecords.equipmentId} and ${equipment.name} ilike ${pattern})`,
        );
      }),
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
    if (filter.month !== undefined) {
      conditions.push(sql`to_char(${activityRecords.periodStart}, 'YYYY-MM') = ${filter.month}`);
    }
    if (filter.equipmentId === 'none') conditions.push(isNull(activityRecords.equipmentId));
    else if (filter.equipmentId !== undefined) {
      conditions.push(eq(activityRecords.equipmentId, filter.equipmentId));
    }
    return conditions;
  };

  return {
    async listForFacility(
      realmId: string,
      facilityId: string,
      filter: ActivityRecordListFilter,
    ): Promise<{ rows: ActivityRecordWithEmissions[]; total: number }> {
      const isDescending = filter.sort.startsWith('-');
      const field = isDescending ? filter.sort.slice(1) : filter.sort;
      const where = and(
        eq(activityRecords.realmId, realmId),
        eq(activityRecords.facilityId, facilityId),
        searchOf(filter.q),
      );
      const counts = await db.select({ total: count() }).from(activityRecords).where(where);
      const total = counts[0]?.total ?? 0;
      if (field === 'co2eKg') {
        // CO2e lives in the results: sort the facility's records here, then take the page.
        const all = await withEmissions(
          realmId,
          facilityId,
          await db.select().from(activityRecords).where(where),
        );
        const direction = isDescending ? -1 : 1;
        all.sort(
          (left, right) =>
            direction * (left.co2eKg - right.co2eKg) || left.record.id.localeCompare(right.record.id),
        );
        return { rows: all.slice(filter.offset, filter.offset + filter.limit), total };
      }
      const column = sortColumns[field as keyof typeof sortColumns] ?? sortColumns.periodStart;
      const records = await db
        .select()
        .from(activityRecords)
        .where(where)
        .orderBy(isDescending ? desc(column) : asc(column), asc(activityRecords.id))
        .limit(filter.limit)
        .offset(filter.offset);
      return { rows: await withEmissions(realmId, facilityId, records), total };
    },

    /**
     * The id of the facility with this slug. Inside a transaction its row stays share-locked until the end, so
     * records added to it cannot outlive a concurrent deletion of the facility.
     */
    async findFacilityIdForRecords(realmId: string, slug: string): Promise<string | undefined> {
      const rows = await db
        .select({ id: facilities.id })
        .from(facilities)
        .where(and(eq(facilities.realmId, realmId), eq(facilities.slug, slug)))
        .for('key share')
        .limit(1);
      return rows[0]?.id;
    },

    /** The record as stored, locked until the caller's transaction ends (call inside `db.transaction`). */
    async findForUpdate(realmId: string, id: string): Promise<ActivityRecordRow | undefined> {
      const rows = await db
        .select()
        .from(activityRecords)
        .where(and(eq(activityRecords.realmId, realmId), eq(activityRecords.id, id)))
        .for('update')
        .limit(1);
      return rows[0];
    },

    async findById(realmId: string, id: string): Promise<ActivityRecordWithEmissions | undefined> {
      const rows = await db
        .select()
        .from(activityRecords)
        .where(and(eq(activityRecords.realmId, realmId), eq(activityRecords.id, id)))
        .limit(1);
      return (await withEmissions(realmId, undefined, rows))[0];
    },

    /** The records a total is made of, latest first. */
    async listForTrail(
      realmId: string,
      facilityId: string,
      filter: ActivityRecordTrailFilter,
    ): Promise<ActivityRecordWithEmissions[]> {
      const records = await db
        .select()
        .from(activityRecords)
        .where(and(...trailConditions(realmId, facilityId, filter)))
        .orderBy(desc(activityRecords.periodStart), asc(activityRecords.id));
      return withEmissions(realmId, facilityId, records);
    },

    /**
     * The fields data-quality checks read, for every record of a facility, by period, with each record's id and
     * equipment: the facility view groups its results by the same read (`withRecordFields`).
     */
    async listQualityInputs(realmId: string, facilityId: string) {
      return db
        .select({
          id: activityRecords.id,
          equipmentId: activityRecords.equipmentId,
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

    /** Writes the changes as the record's next version. */
    async update(
      realmId: string,
      id: string,
      changes: ActivityRecordChanges,
    ): Promise<ActivityRecordRow | undefined> {
      const rows = await db
        .update(activityRecords)
        .set({ ...changes, version: sql`${activityRecords.version} + 1`, modifiedOn: new Date() })
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

    /**
     * Whether the equipment is at the facility; inside a transaction it stays so until the end (its row is
     * share-locked, so a concurrent deletion waits and then finds the record pointing at it).
     */
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
        .for('key share')
        .limit(1);
      return rows.length > 0;
    },
  };
}

export type ActivityRepository = ReturnType<typeof createActivityRepository>;
