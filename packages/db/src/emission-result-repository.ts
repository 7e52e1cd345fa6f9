import { and, eq, inArray, sql } from 'drizzle-orm';
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

    async deleteForRecord(realmId: string, activityRecordId: string): Promise<void> {
      await db
        .delete(emissionResults)
        .where(
          and(eq(emissionResults.realmId, realmId), eq(emissionResults.activityRecordId, activityRecordId)),
        );
    },

    async listForRecords(
      realmId: string,
      activityRecordIds: readonly string[],
    ): Promise<EmissionResultRow[]> {
      if (activityRecordIds.length === 0) return [];
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

    /** Every result of a facility with its record's activity type and equipment. */
    async listForFacility(realmId: string, facilityId: string): Promise<FacilityResultRow[]> {
      return db
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
          activityType: activityRecords.activityType,
          equipmentId: activityRecords.equipmentId,
        })
        .from(emissionResults)
        .innerJoin(
          activityRecords,
          and(
            eq(activityRecords.realmId, emissionResults.realmId),
            eq(activityRecords.id, emissionResults.activityRecordId),
          ),
        )
        .where(and(eq(emissionResults.realmId, realmId), eq(emissionResults.facilityId, facilityId)))
        .orderBy(emissionResults.periodStart, sql`${emissionResults.activityRecordId}`);
    },
  };
}

export type EmissionResultRepository = ReturnType<typeof createEmissionResultRepository>;
