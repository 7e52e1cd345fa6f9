import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import type { Database } from './create-database.ts';
import { activityRecords, emissionResults, type EmissionResultRow } from './schema.ts';

export type NewEmissionResult = Omit<typeof emissionResults.$inferInsert, 'realmId' | 'calculatedOn'>;

/** A result with the fields of its record that the facility summary groups by. */
export interface FacilityResultRow {
  activityRecordId: string;
  periodStart: string;
  scope: number;
  scope3Category: number | null;
  scope2Method: string;
  gases: Record<string, number>;
  co2eKg: number;
  gwpSetId: string;
  factorKey: string;
  activityType: string;
  equipmentId: string | null;
}

/** Above this many records, their results are read by facility rather than by id. */
const ID_LIST_LIMIT = 1000;

/** Rows per insert statement: well under PostgreSQL's 65,535 bind parameters. */
const INSERT_CHUNK = 2000;

/** Every function takes the realm id first and touches only that realm's results. */
export function createEmissionResultRepository(db: Database) {
  return {
    /** Replaces the results of one record (call in the transaction that wrote the record). */
    async replaceForRecord(
      realmId: string,
      activityRecordId: string,
      rows: readonly NewEmissionResult[],
    ): Promise<void> {
      await db
        .delete(emissionResults)
        .where(
          and(eq(emissionResults.realmId, realmId), eq(emissionResults.activityRecordId, activityRecordId)),
        );
      await this.insertMany(realmId, rows);
    },

    async insertMany(realmId: string, rows: readonly NewEmissionResult[]): Promise<void> {
      for (let start = 0; start < rows.length; start += INSERT_CHUNK) {
        await db
          .insert(emissionResults)
          .values(rows.slice(start, start + INSERT_CHUNK).map((row) => ({ ...row, realmId })));
      }
    },

    /** Whether any of the realm's results was calculated with another GWP set than this one (stops at the first). */
    async hasResultsOutsideGwpSet(realmId: string, gwpSetId: string): Promise<boolean> {
      const rows = await db
        .select({ activityRecordId: emissionResults.activityRecordId })
        .from(emissionResults)
        .where(and(eq(emissionResults.realmId, realmId), ne(emissionResults.gwpSetId, gwpSetId)))
        .limit(1);
      return rows.length > 0;
    },

    async deleteForRecord(realmId: string, activityRecordId: string): Promise<void> {
      await db
        .delete(emissionResults)
        .where(
          and(eq(emissionResults.realmId, realmId), eq(emissionResults.activityRecordId, activityRecordId)),
        );
    },

    /** The results of these records; with the facility given, many records are read by facility instead. */
    async listForRecords(
      realmId: string,
      activityRecordIds: readonly string[],
      facilityId?: string,
    ): Promise<EmissionResultRow[]> {
      if (activityRecordIds.length === 0) return [];
      if (facilityId !== undefined && activityRecordIds.length > ID_LIST_LIMIT) {
        const wanted = new Set(activityRecordIds);
        const rows = await db
          .select()
          .from(emissionResults)
          .where(and(eq(emissionResults.realmId, realmId), eq(emissionResults.facilityId, facilityId)));
        return rows.filter((row) => wanted.has(row.activityRecordId));
      }
      return db
        .select()
        .from(emissionResults)
        .where(
          and(
            eq(emissionResults.realmId, realmId),
            inArray(emissionResults.activityRecordId, [...activityRecordIds]),
          ),
        );
    },

    /**
     * Every result of a facility with its record's activity type and equipment. Read apart and merged here: a
     * join per result row degrades to nested loops on tables without fresh planner statistics.
     */
    async listForFacility(realmId: string, facilityId: string): Promise<FacilityResultRow[]> {
      const [results, records] = await Promise.all([
        db
          .select({
            activityRecordId: emissionResults.activityRecordId,
            periodStart: emissionResults.periodStart,
            scope: emissionResults.scope,
            scope3Category: emissionResults.scope3Category,
            scope2Method: emissionResults.scope2Method,
            gases: emissionResults.gases,
            co2eKg: emissionResults.co2eKg,
            gwpSetId: emissionResults.gwpSetId,
            factorKey: emissionResults.factorKey,
          })
          .from(emissionResults)
          .where(and(eq(emissionResults.realmId, realmId), eq(emissionResults.facilityId, facilityId)))
          .orderBy(asc(emissionResults.periodStart)),
        db
          .select({
            id: activityRecords.id,
            activityType: activityRecords.activityType,
            equipmentId: activityRecords.equipmentId,
          })
          .from(activityRecords)
          .where(and(eq(activityRecords.realmId, realmId), eq(activityRecords.facilityId, facilityId))),
      ]);
      const recordById = new Map(records.map((record) => [record.id, record]));
      return results.flatMap((result) => {
        const record = recordById.get(result.activityRecordId);
        return record
          ? [{ ...result, activityType: record.activityType, equipmentId: record.equipmentId }]
          : [];
      });
    },
  };
}

export type EmissionResultRepository = ReturnType<typeof createEmissionResultRepository>;
