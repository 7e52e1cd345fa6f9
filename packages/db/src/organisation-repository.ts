import { and, asc, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from './create-database.ts';
import {
  businessUnits,
  facilities,
  intensityDenominators,
  realmBoundaries,
  type BusinessUnitRow,
  type IntensityDenominatorRow,
  type RealmBoundaryRow,
} from './schema.ts';

export interface BusinessUnitWithCount {
  unit: BusinessUnitRow;
  facilityCount: number;
}

export type NewBusinessUnit = Pick<BusinessUnitRow, 'name' | 'code' | 'parentId'>;
export type BoundaryValues = Pick<
  RealmBoundaryRow,
  'consolidationApproach' | 'reportingYearStartMonth' | 'baseYear' | 'recalculationThresholdPercent'
>;
export type DenominatorValues = Pick<
  IntensityDenominatorRow,
  'facilityId' | 'year' | 'kind' | 'amount' | 'unit'
>;

export interface DenominatorWithFacility {
  denominator: IntensityDenominatorRow;
  facilitySlug: string | null;
  facilityName: string | null;
}

/**
 * Business units, the realm's boundary settings and its intensity denominators (decision 024). Every function
 * takes the realm id first and touches only that realm's rows.
 */
export function createOrganisationRepository(db: Database) {
  return {
    /** The realm's units with how many facilities each holds itself. */
    async listBusinessUnits(realmId: string): Promise<BusinessUnitWithCount[]> {
      const counts = db
        .select({ businessUnitId: facilities.businessUnitId, facilityCount: count().as('facility_count') })
        .from(facilities)
        .where(eq(facilities.realmId, realmId))
        .groupBy(facilities.businessUnitId)
        .as('counts');
      const rows = await db
        .select({ unit: businessUnits, facilityCount: counts.facilityCount })
        .from(businessUnits)
        .leftJoin(counts, eq(counts.businessUnitId, businessUnits.id))
        .where(eq(businessUnits.realmId, realmId))
        .orderBy(asc(businessUnits.name), asc(businessUnits.id));
      return rows.map((row) => ({ unit: row.unit, facilityCount: Number(row.facilityCount ?? 0) }));
    },

    /**
     * Every unit's id and parent, with the realm's tree locked until the transaction ends: two writes at once
     * cannot each pass the checks (a cycle, a sibling of the same name, a code in use) and together break them.
     * The advisory lock also covers units being inserted, which no row lock can.
     */
    async lockTree(realmId: string): Promise<{ id: string; parentId: string | null }[]> {
      await db.execute(
        sql`select pg_advisory_xact_lock(hashtextextended(${`business-units:${realmId}`}, 0))`,
      );
      return db
        .select({ id: businessUnits.id, parentId: businessUnits.parentId })
        .from(businessUnits)
        .where(eq(businessUnits.realmId, realmId))
        .for('update');
    },

    async findBusinessUnit(realmId: string, id: string): Promise<BusinessUnitRow | undefined> {
      const rows = await db
        .select()
        .from(businessUnits)
        .where(and(eq(businessUnits.realmId, realmId), eq(businessUnits.id, id)))
        .limit(1);
      return rows[0];
    },

    /** The unit, locked until the transaction ends: call inside the transaction that changes it. */
    async lockBusinessUnit(realmId: string, id: string): Promise<BusinessUnitRow | undefined> {
      const rows = await db
        .select()
        .from(businessUnits)
        .where(and(eq(businessUnits.realmId, realmId), eq(businessUnits.id, id)))
        .limit(1)
        .for('update');
      return rows[0];
    },

    /** Another unit of the same parent with this name (case-insensitive), other than `exceptId`. */
    async findSiblingByName(
      realmId: string,
      parentId: string | null,
      name: string,
      exceptId?: string,
    ): Promise<BusinessUnitRow | undefined> {
      const rows = await db
        .select()
        .from(businessUnits)
        .where(
          and(
            eq(businessUnits.realmId, realmId),
            parentId === null ? isNull(businessUnits.parentId) : eq(businessUnits.parentId, parentId),
            sql`lower(${businessUnits.name}) = lower(${name})`,
            exceptId ? sql`${businessUnits.id} <> ${exceptId}` : undefined,
          ),
        )
        .limit(1);
      return rows[0];
    },

    /** A unit with this code, other than `exceptId`. */
    async findByCode(realmId: string, code: string, exceptId?: string): Promise<BusinessUnitRow | undefined> {
      const rows = await db
        .select()
        .from(businessUnits)
        .where(
          and(
            eq(businessUnits.realmId, realmId),
            eq(businessUnits.code, code),
            exceptId ? sql`${businessUnits.id} <> ${exceptId}` : undefined,
          ),
        )
        .limit(1);
      return rows[0];
    },

    async insertBusinessUnit(realmId: string, values: NewBusinessUnit): Promise<BusinessUnitRow> {
      const rows = await db
        .insert(businessUnits)
        .values({ ...values, realmId })
        .returning();
      return rows[0]!;
    },

    async updateBusinessUnit(
      realmId: string,
      id: string,
      changes: Partial<NewBusinessUnit>,
    ): Promise<BusinessUnitRow | undefined> {
      const rows = await db
        .update(businessUnits)
        .set({ ...changes, modifiedOn: new Date() })
        .where(and(eq(businessUnits.realmId, realmId), eq(businessUnits.id, id)))
        .returning();
      return rows[0];
    },

    async deleteBusinessUnit(realmId: string, id: string): Promise<void> {
      await db.delete(businessUnits).where(and(eq(businessUnits.realmId, realmId), eq(businessUnits.id, id)));
    },

    /** The names of the units directly below `id`, by name. */
    async childNames(realmId: string, id: string): Promise<string[]> {
      const rows = await db
        .select({ name: businessUnits.name })
        .from(businessUnits)
        .where(and(eq(businessUnits.realmId, realmId), eq(businessUnits.parentId, id)))
        .orderBy(asc(businessUnits.name));
      return rows.map((row) => row.name);
    },

    /** The names of the facilities (archived ones too) assigned to unit `id`, by name. */
    async facilityNames(realmId: string, id: string): Promise<string[]> {
      const rows = await db
        .select({ name: facilities.name })
        .from(facilities)
        .where(and(eq(facilities.realmId, realmId), eq(facilities.businessUnitId, id)))
        .orderBy(asc(facilities.name));
      return rows.map((row) => row.name);
    },

    /** The realm's boundary settings row; undefined while the realm has the defaults. */
    async findBoundary(realmId: string): Promise<RealmBoundaryRow | undefined> {
      const rows = await db
        .select()
        .from(realmBoundaries)
        .where(eq(realmBoundaries.realmId, realmId))
        .limit(1);
      return rows[0];
    },

    /** The settings row locked (created with the defaults first when missing), for a change in this transaction. */
    async lockBoundary(realmId: string): Promise<RealmBoundaryRow> {
      await db.insert(realmBoundaries).values({ realmId }).onConflictDoNothing();
      const rows = await db
        .select()
        .from(realmBoundaries)
        .where(eq(realmBoundaries.realmId, realmId))
        .limit(1)
        .for('update');
      return rows[0]!;
    },

    async updateBoundary(realmId: string, values: BoundaryValues): Promise<RealmBoundaryRow> {
      const rows = await db
        .update(realmBoundaries)
        .set({ ...values, modifiedOn: new Date() })
        .where(eq(realmBoundaries.realmId, realmId))
        .returning();
      return rows[0]!;
    },

    /** The realm's denominators, latest year first, the realm's before facilities', then by kind. */
    async listDenominators(
      realmId: string,
      filter: { year?: number | undefined; scope?: 'realm' | 'facility' | undefined } = {},
    ): Promise<DenominatorWithFacility[]> {
      return db
        .select({
          denominator: intensityDenominators,
          facilitySlug: facilities.slug,
          facilityName: facilities.name,
        })
        .from(intensityDenominators)
        .leftJoin(
          facilities,
          and(
            eq(facilities.realmId, intensityDenominators.realmId),
            eq(facilities.id, intensityDenominators.facilityId),
          ),
        )
        .where(
          and(
            eq(intensityDenominators.realmId, realmId),
            filter.year === undefined ? undefined : eq(intensityDenominators.year, filter.year),
            filter.scope === undefined
              ? undefined
              : filter.scope === 'realm'
                ? isNull(intensityDenominators.facilityId)
                : sql`${intensityDenominators.facilityId} is not null`,
          ),
        )
        .orderBy(
          desc(intensityDenominators.year),
          sql`${facilities.name} asc nulls first`,
          asc(intensityDenominators.kind),
        );
    },

    async findDenominator(realmId: string, id: string): Promise<IntensityDenominatorRow | undefined> {
      const rows = await db
        .select()
        .from(intensityDenominators)
        .where(and(eq(intensityDenominators.realmId, realmId), eq(intensityDenominators.id, id)))
        .limit(1);
      return rows[0];
    },

    /**
     * The year's figure of this kind for the realm (no facility) or the facility, locked; the advisory lock on the
     * key also covers a figure not yet there, so two first settings at once replace one another, not collide.
     */
    async lockDenominatorOf(
      realmId: string,
      key: Pick<DenominatorValues, 'facilityId' | 'year' | 'kind'>,
    ): Promise<IntensityDenominatorRow | undefined> {
      const lockKey = `intensity-denominator:${realmId}:${key.facilityId ?? 'realm'}:${key.year}:${key.kind}`;
      await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${lockKey}, 0))`);
      const rows = await db
        .select()
        .from(intensityDenominators)
        .where(
          and(
            eq(intensityDenominators.realmId, realmId),
            key.facilityId === null
              ? isNull(intensityDenominators.facilityId)
              : eq(intensityDenominators.facilityId, key.facilityId),
            eq(intensityDenominators.year, key.year),
            eq(intensityDenominators.kind, key.kind),
          ),
        )
        .limit(1)
        .for('update');
      return rows[0];
    },

    async insertDenominator(realmId: string, values: DenominatorValues): Promise<IntensityDenominatorRow> {
      const rows = await db
        .insert(intensityDenominators)
        .values({ ...values, realmId })
        .returning();
      return rows[0]!;
    },

    async updateDenominator(
      realmId: string,
      id: string,
      values: Pick<DenominatorValues, 'amount' | 'unit'>,
    ): Promise<IntensityDenominatorRow | undefined> {
      const rows = await db
        .update(intensityDenominators)
        .set({ ...values, modifiedOn: new Date() })
        .where(and(eq(intensityDenominators.realmId, realmId), eq(intensityDenominators.id, id)))
        .returning();
      return rows[0];
    },

    async deleteDenominator(realmId: string, id: string): Promise<IntensityDenominatorRow | undefined> {
      const rows = await db
        .delete(intensityDenominators)
        .where(and(eq(intensityDenominators.realmId, realmId), eq(intensityDenominators.id, id)))
        .returning();
      return rows[0];
    },
  };
}

export type OrganisationRepository = ReturnType<typeof createOrganisationRepository>;
