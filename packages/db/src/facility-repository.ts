import { and, asc, count, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from './create-database.ts';
import { equipment, facilities, type EquipmentRow, type FacilityRow } from './schema.ts';

export type NewFacility = Omit<typeof facilities.$inferInsert, 'id' | 'realmId' | 'createdOn' | 'modifiedOn'>;

export interface FacilityListFilter {
  q?: string;
  sector?: string;
  limit: number;
  offset: number;
}

/** A facility with the CO2e (kg, Scope 2 location-based) of the latest year it has results for. */
export interface FacilityWithLatestYear {
  facility: FacilityRow;
  latestYear: number | null;
  co2eKgLatestYear: number | null;
}

/** `%`, `_` and `\` are wildcards to ILIKE: escaped, a search for "50%" finds "50%". */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/**
 * The latest year with results of each facility and its total, location-based: market-based Scope 2 rows are
 * left out so that electricity is not counted twice.
 */
function latestYearTotals(realmId: string, facilityIds: readonly string[]): SQL {
  return sql`
    select distinct on (facility_id) facility_id, year, co2e_kg from (
      select facility_id, extract(year from period_start)::int as year, sum(co2e_kg) as co2e_kg
      from emission_results
      where realm_id = ${realmId} and scope2_method <> 'market'
        and facility_id in (${sql.join(
          facilityIds.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})
      group by facility_id, extract(year from period_start)
    ) yearly
    order by facility_id, year desc`;
}

/** Every function takes the realm id first and touches only that realm's facilities. */
export function createFacilityRepository(db: Database) {
  const filterOf = (realmId: string, filter: Pick<FacilityListFilter, 'q' | 'sector'>): SQL | undefined => {
    const conditions: (SQL | undefined)[] = [eq(facilities.realmId, realmId)];
    const needle = filter.q?.trim();
    if (needle) {
      const pattern = likePattern(needle);
      conditions.push(
        or(
          ilike(facilities.name, pattern),
          ilike(facilities.city, pattern),
          ilike(facilities.state, pattern),
          ilike(facilities.naics, pattern),
        ),
      );
    }
    if (filter.sector) conditions.push(eq(facilities.sector, filter.sector));
    return and(...conditions);
  };

  async function latestYearOf(
    realmId: string,
    facilityIds: readonly string[],
  ): Promise<Map<string, { year: number; co2eKg: number }>> {
    if (facilityIds.length === 0) return new Map();
    const result = await db.execute(latestYearTotals(realmId, facilityIds));
    const rows = (
      result as unknown as { rows: { facility_id: string; year: number; co2e_kg: number | string }[] }
    ).rows;
    return new Map(
      rows.map((row) => [row.facility_id, { year: Number(row.year), co2eKg: Number(row.co2e_kg) }]),
    );
  }

  return {
    async list(
      realmId: string,
      filter: FacilityListFilter,
    ): Promise<{ rows: FacilityWithLatestYear[]; total: number }> {
      const where = filterOf(realmId, filter);
      const [rows, totals] = await Promise.all([
        db
          .select()
          .from(facilities)
          .where(where)
          .orderBy(asc(facilities.name), asc(facilities.id))
          .limit(filter.limit)
          .offset(filter.offset),
        db.select({ total: count() }).from(facilities).where(where),
      ]);
      const latest = await latestYearOf(
        realmId,
        rows.map((row) => row.id),
      );
      return {
        rows: rows.map((facility) => {
          const found = latest.get(facility.id);
          return { facility, latestYear: found?.year ?? null, co2eKgLatestYear: found?.co2eKg ?? null };
        }),
        total: totals[0]?.total ?? 0,
      };
    },

    async sectors(realmId: string): Promise<{ sector: string; count: number }[]> {
      return db
        .select({ sector: facilities.sector, count: count() })
        .from(facilities)
        .where(eq(facilities.realmId, realmId))
        .groupBy(facilities.sector)
        .orderBy(asc(facilities.sector));
    },

    /** The id of the realm's facility with this slug (access checks need no more). */
    async findIdBySlug(realmId: string, slug: string): Promise<string | undefined> {
      const rows = await db
        .select({ id: facilities.id })
        .from(facilities)
        .where(and(eq(facilities.realmId, realmId), eq(facilities.slug, slug)))
        .limit(1);
      return rows[0]?.id;
    },

    async findBySlug(realmId: string, slug: string): Promise<FacilityWithLatestYear | undefined> {
      const rows = await db
        .select()
        .from(facilities)
        .where(and(eq(facilities.realmId, realmId), eq(facilities.slug, slug)))
        .limit(1);
      const facility = rows[0];
      if (!facility) return undefined;
      const found = (await latestYearOf(realmId, [facility.id])).get(facility.id);
      return { facility, latestYear: found?.year ?? null, co2eKgLatestYear: found?.co2eKg ?? null };
    },

    async findById(realmId: string, facilityId: string): Promise<FacilityRow | undefined> {
      const rows = await db
        .select()
        .from(facilities)
        .where(and(eq(facilities.realmId, realmId), eq(facilities.id, facilityId)))
        .limit(1);
      return rows[0];
    },

    async insertMany(realmId: string, values: readonly NewFacility[]): Promise<FacilityRow[]> {
      if (values.length === 0) return [];
      return db
        .insert(facilities)
        .values(values.map((value) => ({ ...value, realmId })))
        .returning();
    },

    async equipmentOf(realmId: string, facilityId: string): Promise<EquipmentRow[]> {
      return db
        .select()
        .from(equipment)
        .where(and(eq(equipment.realmId, realmId), eq(equipment.facilityId, facilityId)))
        .orderBy(asc(equipment.name));
    },
  };
}

export type FacilityRepository = ReturnType<typeof createFacilityRepository>;
