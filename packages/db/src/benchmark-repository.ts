import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Database } from './create-database.ts';
import {
  referenceDatasetLoads,
  referenceGhgrpFacilityYears,
  type ReferenceDatasetLoadRow,
} from './schema.ts';

/*
 * Benchmarks (issue 12, item 1; decision 033). Public reference data (EPA GHGRP facility-years) belongs to no
 * realm: every realm reads it, only the owner role writes it (the command line and start-up). A realm's own
 * facilities and their yearly CO2e are read realm first, from the yearly totals the triggers keep
 * (`facility_emission_years`, decision 026): calculated where the facility has results that year, else reported.
 */

type Row = Record<string, unknown>;

async function rowsOf(db: Database, query: SQL): Promise<Row[]> {
  return ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
}

/**
 * The rows of `query` as one JSON array in one text value: for answers of thousands of rows (every peer), PGlite
 * hands one value over far faster than it decodes thousands of rows field by field (674 → 284 ms for the realm's
 * 6,575 facility-years, bench/benchmarks.bench.ts). Numbers come back as JSON numbers, the same doubles.
 */
async function jsonRowsOf(db: Database, query: SQL): Promise<Row[]> {
  const [row] = await rowsOf(
    db,
    sql`select coalesce(json_agg(answer), '[]')::text as rows from (${query}) answer`,
  );
  return JSON.parse(String(row?.rows ?? '[]')) as Row[];
}

const nullableText = (value: unknown): string | null =>
  value === null || value === undefined ? null : String(value);

/** The source key of GHGRP facility-years in the reference tables. */
export const GHGRP_REFERENCE_SOURCE = 'EPA GHGRP';

/** One GHGRP facility-year as loaded from a workbook. */
export interface ReferenceGhgrpValues {
  ghgrpId: string;
  name: string;
  city: string | null;
  state: string | null;
  naics: string | null;
  sector: string;
  reportedCo2eKg: number;
  reportedGwpSetId: string;
  gasKg: Record<string, number>;
  mixturesCo2eKg: Record<string, number>;
  co2eKgByGwpSet: Record<string, number>;
  biogenicCo2Kg: number | null;
}

export interface ReferenceLoad {
  source: string;
  year: number;
  fileName: string;
  fileSha256: string;
}

/** A public peer's CO2e of one year on one GWP set. */
export interface ReferencePeerRow {
  year: number;
  ghgrpId: string;
  name: string;
  state: string | null;
  naics: string | null;
  co2eKg: number;
  reportedCo2eKg: number;
  reportedGwpSetId: string;
}

export interface BenchmarkFacilityRow {
  id: string;
  slug: string;
  name: string;
  naics: string | null;
  state: string | null;
  ghgrpId: string | null;
}

/** A realm facility's CO2e of one year: calculated where it has results that year, else reported. */
export interface RealmFacilityYearRow extends BenchmarkFacilityRow {
  year: number;
  co2eKg: number;
  source: 'calculated' | 'reported';
}

export interface ProductionRow {
  facilityId: string;
  year: number;
  amount: number;
  unit: string;
}

/** Rows a single INSERT carries: well under PostgreSQL's 65,535 parameters at 14 columns. */
const INSERT_BATCH = 1000;

export function createReferenceDataRepository(db: Database) {
  return {
    /** The data sets loaded, by source and year. */
    async loads(): Promise<ReferenceDatasetLoadRow[]> {
      return db
        .select()
        .from(referenceDatasetLoads)
        .orderBy(referenceDatasetLoads.source, referenceDatasetLoads.year);
    },

    /**
     * Replaces one source-year of GHGRP facility-years with `rows`, in one transaction: a reload of the same year
     * leaves exactly the new file's rows, and a failure leaves the old ones.
     */
    async replaceGhgrpYear(load: ReferenceLoad, rows: readonly ReferenceGhgrpValues[]): Promise<void> {
      await db.transaction(async (transaction) => {
        await transaction
          .delete(referenceGhgrpFacilityYears)
          .where(
            and(
              eq(referenceGhgrpFacilityYears.source, load.source),
              eq(referenceGhgrpFacilityYears.year, load.year),
            ),
          );
        for (let start = 0; start < rows.length; start += INSERT_BATCH) {
          await transaction
            .insert(referenceGhgrpFacilityYears)
            .values(
              rows
                .slice(start, start + INSERT_BATCH)
                .map((row) => ({ ...row, source: load.source, year: load.year })),
            );
        }
        const values = { ...load, rowCount: rows.length, loadedOn: new Date() };
        await transaction
          .insert(referenceDatasetLoads)
          .values(values)
          .onConflictDoUpdate({
            target: [referenceDatasetLoads.source, referenceDatasetLoads.year],
            set: {
              fileName: values.fileName,
              fileSha256: values.fileSha256,
              rowCount: values.rowCount,
              loadedOn: values.loadedOn,
            },
          });
      });
    },

    /**
     * Every year's GHGRP facility-years whose NAICS code starts with `naicsPrefix` (the widest basis, 3 digits),
     * optionally in one state, with CO2e on `gwpSetId`.
     */
    async ghgrpPeers(filter: {
      naicsPrefix: string;
      state?: string | undefined;
      gwpSetId: string;
    }): Promise<ReferencePeerRow[]> {
      const rows = await jsonRowsOf(
        db,
        sql`select year, ghgrp_id, name, state, naics,
              (co2e_kg_by_gwp_set ->> ${filter.gwpSetId})::float8 as co2e_kg,
              reported_co2e_kg::float8 as reported_co2e_kg, reported_gwp_set_id
            from reference_ghgrp_facility_years
            where source = ${GHGRP_REFERENCE_SOURCE} and naics like ${`${filter.naicsPrefix}%`}
              ${filter.state === undefined ? sql`` : sql`and upper(state) = upper(${filter.state})`}`,
      );
      return rows.map((row) => ({
        year: Number(row.year),
        ghgrpId: String(row.ghgrp_id),
        name: String(row.name),
        state: nullableText(row.state),
        naics: nullableText(row.naics),
        co2eKg: Number(row.co2e_kg),
        reportedCo2eKg: Number(row.reported_co2e_kg),
        reportedGwpSetId: String(row.reported_gwp_set_id),
      }));
    },
  };
}

/** Every function takes the realm id first and reads only that realm's rows. */
export function createBenchmarkRepository(db: Database) {
  return {
    async facility(realmId: string, facilityId: string): Promise<BenchmarkFacilityRow | undefined> {
      const rows = await rowsOf(
        db,
        sql`select id, slug, name, naics, state, ghgrp_id from facilities
            where realm_id = ${realmId} and id = ${facilityId}`,
      );
      const row = rows[0];
      return row === undefined ? undefined : facilityOf(row);
    },

    /**
     * Each facility's CO2e by year on one set (one facility's, or every unarchived facility's and always the one
     * asked about): calculated where it has results that year, else reported; optionally in one state.
     */
    async facilityYears(
      realmId: string,
      gwpSetId: string,
      filter: { facilityId?: string; state?: string | undefined; includeFacilityId?: string } = {},
    ): Promise<RealmFacilityYearRow[]> {
      const facilityFilter =
        filter.facilityId === undefined
          ? sql`and (f.archived_on is null or f.id = ${filter.includeFacilityId ?? null})
                ${filter.state === undefined ? sql`` : sql`and (upper(f.state) = upper(${filter.state}) or f.id = ${filter.includeFacilityId ?? null})`}`
          : sql`and f.id = ${filter.facilityId}`;
      const rows = await jsonRowsOf(
        db,
        sql`select f.id, f.slug, f.name, f.naics, f.state, f.ghgrp_id, y.year,
              coalesce(sum(y.co2e_kg) filter (where y.source = 'calculated'),
                       sum(y.co2e_kg) filter (where y.source = 'reported'))::float8 as co2e_kg,
              case when bool_or(y.source = 'calculated') then 'calculated' else 'reported' end as source
            from facility_emission_years y
            join facilities f on f.realm_id = y.realm_id and f.id = y.facility_id
            where y.realm_id = ${realmId} and y.gwp_set_id = ${gwpSetId} ${facilityFilter}
            group by f.id, f.slug, f.name, f.naics, f.state, f.ghgrp_id, y.year`,
      );
      return rows.map((row) => ({
        ...facilityOf(row),
        year: Number(row.year),
        co2eKg: Number(row.co2e_kg),
        source: row.source === 'calculated' ? 'calculated' : 'reported',
      }));
    },

    /** Facilities' production figures (intensity denominators of kind production) by year. */
    async production(realmId: string): Promise<ProductionRow[]> {
      const rows = await rowsOf(
        db,
        sql`select facility_id, year, amount::float8 as amount, unit from intensity_denominators
            where realm_id = ${realmId} and kind = 'production' and facility_id is not null`,
      );
      return rows.map((row) => ({
        facilityId: String(row.facility_id),
        year: Number(row.year),
        amount: Number(row.amount),
        unit: String(row.unit),
      }));
    },
  };
}

function facilityOf(row: Row): BenchmarkFacilityRow {
  return {
    id: String(row.id),
    slug: String(row.slug),
    name: String(row.name),
    naics: nullableText(row.naics),
    state: nullableText(row.state),
    ghgrpId: nullableText(row.ghgrp_id),
  };
}
