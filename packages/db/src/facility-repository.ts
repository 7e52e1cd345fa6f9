import { and, asc, count, eq, ilike, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from './create-database.ts';
import {
  equipment,
  facilities,
  facilityEmissionYears,
  type EquipmentRow,
  type FacilityEmissionSource,
  type FacilityRow,
} from './schema.ts';

export type NewFacility = Omit<
  typeof facilities.$inferInsert,
  'id' | 'realmId' | 'createdOn' | 'modifiedOn' | 'archivedOn'
>;

/** What an edit may change: the managed fields and whether (since when) the facility is archived. */
export type FacilityChanges = Partial<
  Pick<
    FacilityRow,
    | 'name'
    | 'sector'
    | 'naics'
    | 'address'
    | 'city'
    | 'state'
    | 'postalCode'
    | 'country'
    | 'latitude'
    | 'longitude'
    | 'archivedOn'
    | 'businessUnitId'
    | 'ownershipSharePercent'
    | 'isInBoundary'
    | 'boundaryExclusionReason'
  >
>;

/** The orders the list offers: a field, descending with a leading `-`. */
export type FacilitySortKey = 'name' | '-name' | 'co2e' | '-co2e' | 'state' | '-state' | 'naics' | '-naics';

export interface FacilityFilter {
  q?: string | undefined;
  sector?: string | undefined;
  state?: string | undefined;
  /** `false`: facilities in use; `true`: archived ones too; `only`: archived ones alone. */
  archived: 'false' | 'true' | 'only';
  /** The year whose CO2e is shown; without it, each facility's latest. */
  year?: number | undefined;
}

export interface FacilityListFilter extends FacilityFilter {
  sort: FacilitySortKey;
  limit: number;
  offset: number;
}

/** A facility's CO2e (kg) of one year on one GWP set, and whether it was calculated or reported. */
export interface FacilityCo2e {
  co2eKg: number;
  source: FacilityEmissionSource;
  year: number;
}

export interface FacilityWithCo2e {
  facility: FacilityRow;
  co2e: FacilityCo2e | null;
}

/** A facility on the map: what its point and tip show. */
export interface FacilityMapRow {
  slug: string;
  name: string;
  latitude: number | null;
  longitude: number | null;
  co2eKg: number | null;
  source: FacilityEmissionSource | null;
}

/** `%`, `_` and `\` are wildcards to ILIKE: escaped, a search for "50%" finds "50%". */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/** Every function takes the realm id first and touches only that realm's facilities. */
export function createFacilityRepository(db: Database) {
  const filterOf = (realmId: string, filter: FacilityFilter): SQL | undefined => {
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
    if (filter.state) conditions.push(eq(facilities.state, filter.state));
    if (filter.archived === 'false') conditions.push(isNull(facilities.archivedOn));
    if (filter.archived === 'only') conditions.push(isNotNull(facilities.archivedOn));
    return and(...conditions);
  };

  /**
   * Each facility's CO2e on the GWP set: of `year`, or of its latest year, taking calculated results where the
   * facility has any ('calculated' sorts before 'reported') and what it reported otherwise. A lateral subquery,
   * one primary-key probe per facility: PGlite keeps no planner statistics (no autovacuum), and a join of the
   * two tables it cannot estimate turns into nested loops that rescan the totals for every facility.
   */
  const co2eOf = (gwpSetId: string, year: number | undefined) =>
    db
      .select({
        source: facilityEmissionYears.source,
        year: facilityEmissionYears.year,
        co2eKg: sql<number | null>`${facilityEmissionYears.co2eKg}::float8`.as('co2e_kg'),
      })
      .from(facilityEmissionYears)
      .where(
        and(
          eq(facilityEmissionYears.realmId, facilities.realmId),
          eq(facilityEmissionYears.facilityId, facilities.id),
          eq(facilityEmissionYears.gwpSetId, gwpSetId),
          year === undefined ? undefined : eq(facilityEmissionYears.year, year),
        ),
      )
      .orderBy(facilityEmissionYears.source, sql`${facilityEmissionYears.year} desc`)
      .limit(1)
      .as('facility_co2e');

  function withCo2e(
    facility: FacilityRow,
    found: { source: FacilityEmissionSource | null; year: number | null; co2eKg: number | null },
  ): FacilityWithCo2e {
    return {
      facility,
      co2e:
        found.source === null || found.year === null || found.co2eKg === null
          ? null
          : { co2eKg: Number(found.co2eKg), source: found.source, year: found.year },
    };
  }

  return {
    /**
     * A page of the realm's facilities matching the filter, in the database's order over all of them. Without
     * CO2e a facility sorts last in both directions; ties go by name, then id, so pages never overlap.
     */
    async list(
      realmId: string,
      gwpSetId: string,
      filter: FacilityListFilter,
    ): Promise<{ rows: FacilityWithCo2e[]; total: number }> {
      const co2e = co2eOf(gwpSetId, filter.year);
      const isDescending = filter.sort.startsWith('-');
      const direction = isDescending ? sql.raw('desc') : sql.raw('asc');
      const field = isDescending ? filter.sort.slice(1) : filter.sort;
      const sortColumn =
        field === 'co2e'
          ? sql`${co2e.co2eKg}`
          : field === 'state'
            ? sql`${facilities.state}`
            : field === 'naics'
              ? sql`${facilities.naics}`
              : undefined;
      const order: SQL[] = [
        ...(sortColumn ? [sql`${sortColumn} ${direction} nulls last`] : []),
        sql`${facilities.name} ${sortColumn ? sql.raw('asc') : direction}`,
        sql`${facilities.id} ${sortColumn ? sql.raw('asc') : direction}`,
      ];
      const where = filterOf(realmId, filter);
      // The order is decided over narrow rows, reading CO2e only when it is the order; the page's facilities are
      // then read whole with theirs.
      const ordering = db
        .select({
          id: facilities.id,
          // Counted in the same pass as the sort, which reads every matching row anyway.
          total: sql<number>`count(*) over ()`.mapWith(Number),
        })
        .from(facilities)
        .$dynamic();
      const page = await (field === 'co2e' ? ordering.leftJoinLateral(co2e, sql`true`) : ordering)
        .where(where)
        .orderBy(...order)
        .limit(filter.limit)
        .offset(filter.offset);
      if (page.length === 0) {
        const counted = await db.select({ total: count() }).from(facilities).where(where);
        return { rows: [], total: counted[0]?.total ?? 0 };
      }
      const rows = await db
        .select({ facility: facilities, source: co2e.source, year: co2e.year, co2eKg: co2e.co2eKg })
        .from(facilities)
        .leftJoinLateral(co2e, sql`true`)
        .where(
          and(
            eq(facilities.realmId, realmId),
            inArray(
              facilities.id,
              page.map((entry) => entry.id),
            ),
          ),
        );
      const byId = new Map(rows.map((row) => [row.facility.id, row]));
      return {
        rows: page.flatMap((entry) => {
          const found = byId.get(entry.id);
          return found ? [withCo2e(found.facility, found)] : [];
        }),
        total: page[0]?.total ?? 0,
      };
    },

    /** Every matching facility's place and CO2e, for the map. */
    async listForMap(realmId: string, gwpSetId: string, filter: FacilityFilter): Promise<FacilityMapRow[]> {
      const co2e = co2eOf(gwpSetId, filter.year);
      const rows = await db
        .select({
          slug: facilities.slug,
          name: facilities.name,
          latitude: facilities.latitude,
          longitude: facilities.longitude,
          co2eKg: co2e.co2eKg,
          source: co2e.source,
        })
        .from(facilities)
        .leftJoinLateral(co2e, sql`true`)
        .where(filterOf(realmId, filter))
        .orderBy(asc(facilities.name), asc(facilities.id));
      return rows.map((row) => ({ ...row, co2eKg: row.co2eKg === null ? null : Number(row.co2eKg) }));
    },

    /** The sectors of the realm's facilities in use, with their counts. */
    async sectors(realmId: string): Promise<{ sector: string; count: number }[]> {
      return db
        .select({ sector: facilities.sector, count: count() })
        .from(facilities)
        .where(and(eq(facilities.realmId, realmId), isNull(facilities.archivedOn)))
        .groupBy(facilities.sector)
        .orderBy(asc(facilities.sector));
    },

    /** The states of the realm's facilities in use, with their counts; facilities without one are left out. */
    async states(realmId: string): Promise<{ state: string; count: number }[]> {
      const rows = await db
        .select({ state: facilities.state, count: count() })
        .from(facilities)
        .where(
          and(eq(facilities.realmId, realmId), isNull(facilities.archivedOn), isNotNull(facilities.state)),
        )
        .groupBy(facilities.state)
        .orderBy(asc(facilities.state));
      return rows.flatMap((row) => (row.state === null ? [] : [{ state: row.state, count: row.count }]));
    },

    /** The facility with its CO2e as the list shows it (latest year, on the GWP set). Archived ones too. */
    async findWithCo2e(
      realmId: string,
      gwpSetId: string,
      slug: string,
    ): Promise<FacilityWithCo2e | undefined> {
      const co2e = co2eOf(gwpSetId, undefined);
      const rows = await db
        .select({ facility: facilities, source: co2e.source, year: co2e.year, co2eKg: co2e.co2eKg })
        .from(facilities)
        .leftJoinLateral(co2e, sql`true`)
        .where(and(eq(facilities.realmId, realmId), eq(facilities.slug, slug)))
        .limit(1);
      const found = rows[0];
      return found ? withCo2e(found.facility, found) : undefined;
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

    /** The facility by slug (archived ones too). */
    async findBySlug(realmId: string, slug: string): Promise<FacilityRow | undefined> {
      const rows = await db
        .select()
        .from(facilities)
        .where(and(eq(facilities.realmId, realmId), eq(facilities.slug, slug)))
        .limit(1);
      return rows[0];
    },

    async findById(realmId: string, facilityId: string): Promise<FacilityRow | undefined> {
      const rows = await db
        .select()
        .from(facilities)
        .where(and(eq(facilities.realmId, realmId), eq(facilities.id, facilityId)))
        .limit(1);
      return rows[0];
    },

    /** A new facility; undefined when the realm has a facility of that slug already. */
    async insert(realmId: string, values: NewFacility): Promise<FacilityRow | undefined> {
      const rows = await db
        .insert(facilities)
        .values({ ...values, realmId })
        .onConflictDoNothing({ target: [facilities.realmId, facilities.slug] })
        .returning();
      return rows[0];
    },

    /** The facility by slug, locked until the transaction ends: call inside the transaction that changes it. */
    async lockBySlug(realmId: string, slug: string): Promise<FacilityRow | undefined> {
      const rows = await db
        .select()
        .from(facilities)
        .where(and(eq(facilities.realmId, realmId), eq(facilities.slug, slug)))
        .limit(1)
        .for('update');
      return rows[0];
    },

    async update(realmId: string, id: string, changes: FacilityChanges): Promise<FacilityRow | undefined> {
      const rows = await db
        .update(facilities)
        .set({ ...changes, modifiedOn: new Date() })
        .where(and(eq(facilities.realmId, realmId), eq(facilities.id, id)))
        .returning();
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
