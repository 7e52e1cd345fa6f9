import { and, asc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { Database } from './create-database.ts';
import {
  activityRecords,
  emissionResults,
  emissionResultsAllSets,
  type EmissionResultRow,
} from './schema.ts';

export type NewEmissionResult = Omit<typeof emissionResultsAllSets.$inferInsert, 'realmId' | 'calculatedOn'>;

/** A facility's result as its view reads it. */
export interface FacilityResult {
  activityRecordId: string;
  periodStart: string;
  scope: number;
  scope3Category: number | null;
  scope2Method: string;
  gases: Record<string, number>;
  co2eKg: number;
  gwpSetId: string;
  factorKey: string;
}

/** A result with the fields of its record that the facility summary groups by. */
export interface FacilityResultRow extends FacilityResult {
  activityType: string;
  equipmentId: string | null;
}

/** The record fields a result is grouped by, keyed by the record's id. */
export interface ResultRecordFields {
  id: string;
  activityType: string;
  equipmentId: string | null;
}

/** Each result with its record's activity type and equipment; a result whose record is not given is left out. */
export function withRecordFields(
  results: readonly FacilityResult[],
  records: readonly ResultRecordFields[],
): FacilityResultRow[] {
  const recordById = new Map(records.map((record) => [record.id, record]));
  return results.flatMap((result) => {
    const record = recordById.get(result.activityRecordId);
    return record ? [{ ...result, activityType: record.activityType, equipmentId: record.equipmentId }] : [];
  });
}

/** Above this many records, their results are read by facility rather than by id. */
const ID_LIST_LIMIT = 1000;

/** Rows per insert statement: well under PostgreSQL's 65,535 bind parameters. */
const INSERT_CHUNK = 2000;

/**
 * Every function takes the realm id first and touches only that realm's results. Reads see the realm's own GWP
 * set only (the `emission_results` view); writes go to every set the caller calculated (`lockResultGwpSets`).
 */
export function createEmissionResultRepository(db: Database) {
  return {
    /** Replaces the results of one record on every set (call in the transaction that wrote the record). */
    async replaceForRecord(
      realmId: string,
      activityRecordId: string,
      rows: readonly NewEmissionResult[],
    ): Promise<void> {
      await db
        .delete(emissionResultsAllSets)
        .where(
          and(
            eq(emissionResultsAllSets.realmId, realmId),
            eq(emissionResultsAllSets.activityRecordId, activityRecordId),
          ),
        );
      await this.insertMany(realmId, rows);
    },

    async insertMany(realmId: string, rows: readonly NewEmissionResult[]): Promise<void> {
      for (let start = 0; start < rows.length; start += INSERT_CHUNK) {
        await db
          .insert(emissionResultsAllSets)
          .values(rows.slice(start, start + INSERT_CHUNK).map((row) => ({ ...row, realmId })));
      }
    },

    /**
     * The GWP sets the realm's results are stored on, in order: its own, and a recalculation's target while one
     * moves the realm to another set. A few index probes, however many results the realm has.
     */
    async storedGwpSetIds(realmId: string): Promise<string[]> {
      const result = await db.execute(
        sql`select gwp_set_id from ecc_realm_result_gwp_set_ids(${realmId}::uuid) as present(gwp_set_id)`,
      );
      return (result as unknown as { rows: { gwp_set_id: string }[] }).rows.map((row) => row.gwp_set_id);
    },

    /** Whether any of the realm's results is stored on another GWP set than this one. */
    async hasResultsOutsideGwpSet(realmId: string, gwpSetId: string): Promise<boolean> {
      return (await this.storedGwpSetIds(realmId)).some((stored) => stored !== gwpSetId);
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
     * Every result of a facility on the GWP set `gwpSetId` (of one year, when given), by period. The set is the
     * caller's reading of the realm's, so the rows come from the results of all sets filtered by it: the
     * `emission_results` view would find the realm's set again by joining `realms`, one probe per result row
     * under row-level security.
     */
    async listFacilityResults(
      realmId: string,
      facilityId: string,
      gwpSetId: string,
      year?: number,
    ): Promise<FacilityResult[]> {
      const inYear =
        year === undefined
          ? undefined
          : and(
              gte(emissionResultsAllSets.periodStart, `${year}-01-01`),
              lt(emissionResultsAllSets.periodStart, `${year + 1}-01-01`),
            );
      return db
        .select({
          activityRecordId: emissionResultsAllSets.activityRecordId,
          periodStart: emissionResultsAllSets.periodStart,
          scope: emissionResultsAllSets.scope,
          scope3Category: emissionResultsAllSets.scope3Category,
          scope2Method: emissionResultsAllSets.scope2Method,
          gases: emissionResultsAllSets.gases,
          co2eKg: emissionResultsAllSets.co2eKg,
          gwpSetId: emissionResultsAllSets.gwpSetId,
          factorKey: emissionResultsAllSets.factorKey,
        })
        .from(emissionResultsAllSets)
        .where(
          and(
            eq(emissionResultsAllSets.realmId, realmId),
            eq(emissionResultsAllSets.facilityId, facilityId),
            eq(emissionResultsAllSets.gwpSetId, gwpSetId),
            inYear,
          ),
        )
        .orderBy(asc(emissionResultsAllSets.periodStart));
    },

    /**
     * As `listFacilityResults`, each with its record's activity type and equipment. Results and records are read
     * apart and merged here: a join per result row degrades to nested loops on tables without fresh planner
     * statistics. One after the other: inside a transaction both would share one connection, and pg refuses
     * (deprecates) a second query on a client still running one.
     */
    async listForFacility(
      realmId: string,
      facilityId: string,
      gwpSetId: string,
      year?: number,
    ): Promise<FacilityResultRow[]> {
      const results = await this.listFacilityResults(realmId, facilityId, gwpSetId, year);
      const records = await db
        .select({
          id: activityRecords.id,
          activityType: activityRecords.activityType,
          equipmentId: activityRecords.equipmentId,
        })
        .from(activityRecords)
        .where(and(eq(activityRecords.realmId, realmId), eq(activityRecords.facilityId, facilityId)));
      return withRecordFields(results, records);
    },
  };
}

export type EmissionResultRepository = ReturnType<typeof createEmissionResultRepository>;
