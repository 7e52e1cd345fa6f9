import { facilityReportedYearSchema } from '@ecc/contracts';
import type { ReportedFacilityYear } from '@ecc/domain';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Database } from './create-database.ts';
import { inventoryChangeReasons, type InventoryChangeReasonRow } from './schema.ts';

/*
 * The GHG inventory's reads (issue 11, item 2), summed by the database from the yearly totals the triggers keep
 * (`emission_year_totals`, decision 034: by the realm's reporting year, facility, scope, Scope 2 method, Scope 3
 * category, factor, method and gas), never from the results. Every function takes the realm first and filters by
 * it; every sum reads one GWP set (the realm's) and one reporting year. The domain's `assembleInventory`
 * consolidates and adds up.
 */

type Row = Record<string, unknown>;

async function rowsOf(db: Database, query: SQL): Promise<Row[]> {
  return ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
}

const text = (value: unknown): string => String(value ?? '');
const nullableText = (value: unknown): string | null =>
  value === null || value === undefined ? null : String(value);
const number = (value: unknown): number => Number(value ?? 0);

export interface InventoryAmountRow {
  facilityId: string;
  scope: number;
  scope2Method: string;
  gas: string;
  gasKg: number;
  co2eKg: number;
}

export interface InventoryFacilityRow {
  id: string;
  slug: string;
  name: string;
  country: string;
  businessUnitId: string | null;
  ownershipSharePercent: number;
  isInBoundary: boolean;
  boundaryExclusionReason: string | null;
}

export interface InventoryCategoryRow {
  facilityId: string;
  category: number | null;
  co2eKg: number;
}

export interface InventoryFactorSourceRow {
  factorKey: string;
  factorVersion: string;
  calculationMethodId: string;
  resultCount: number;
  fallbackCount: number;
}

export type ChangeReasonValues = Pick<InventoryChangeReasonRow, 'reason' | 'co2eKg' | 'direction' | 'note'>;

export function createInventoryRepository(db: Database) {
  return {
    /** The year's recorded reasons of change (CDP C7.9a). */
    async changeReasons(realmId: string, year: number): Promise<InventoryChangeReasonRow[]> {
      return db
        .select()
        .from(inventoryChangeReasons)
        .where(and(eq(inventoryChangeReasons.realmId, realmId), eq(inventoryChangeReasons.year, year)));
    },

    /** Holds the year's reasons for this transaction, so that two replacements at once follow one another. */
    async lockChangeReasons(realmId: string, year: number): Promise<void> {
      await db.execute(
        sql`select pg_advisory_xact_lock(hashtextextended(${`inventory-change-reasons:${realmId}:${year}`}, 0))`,
      );
    },

    async replaceChangeReasons(
      realmId: string,
      year: number,
      reasons: readonly ChangeReasonValues[],
    ): Promise<void> {
      await db
        .delete(inventoryChangeReasons)
        .where(and(eq(inventoryChangeReasons.realmId, realmId), eq(inventoryChangeReasons.year, year)));
      if (reasons.length === 0) return;
      await db.insert(inventoryChangeReasons).values(reasons.map((reason) => ({ ...reason, realmId, year })));
    },

    /** The reporting years with results on the set, ascending. */
    async yearsWithResults(realmId: string, gwpSetId: string): Promise<number[]> {
      const rows = await rowsOf(
        db,
        sql`select distinct year from emission_year_totals
            where realm_id = ${realmId} and gwp_set_id = ${gwpSetId} and gas = ''
            order by 1`,
      );
      return rows.map((row) => number(row.year));
    },

    /**
     * Each facility's sums of the reporting year by scope, Scope 2 method and gas (every gas, or the CO2e rows only
     * when `isCo2eOnly`, which is all a comparison year needs).
     */
    async facilityAmounts(
      realmId: string,
      gwpSetId: string,
      year: number,
      options: { isCo2eOnly?: boolean } = {},
    ): Promise<InventoryAmountRow[]> {
      const rows = await rowsOf(
        db,
        sql`select facility_id, scope, scope2_method, gas,
              sum(gas_kg)::float8 as gas_kg, sum(co2e_kg)::float8 as co2e_kg
            from emission_year_totals
            where realm_id = ${realmId} and gwp_set_id = ${gwpSetId} and year = ${year}
              ${options.isCo2eOnly ? sql`and gas = ''` : sql``}
            group by facility_id, scope, scope2_method, gas`,
      );
      return rows.map((row) => ({
        facilityId: text(row.facility_id),
        scope: number(row.scope),
        scope2Method: text(row.scope2_method),
        gas: text(row.gas),
        gasKg: number(row.gas_kg),
        co2eKg: number(row.co2e_kg),
      }));
    },

    /** The calendar years facilities reported to a programme (GHGRP), ascending, as the triggers keep them. */
    async reportedYears(realmId: string): Promise<number[]> {
      const rows = await rowsOf(
        db,
        sql`select distinct year from facility_emission_years
            where realm_id = ${realmId} and source = 'reported' order by 1`,
      );
      return rows.map((row) => number(row.year));
    },

    /**
     * Each facility's year as reported to EPA's GHGRP (`facilities.reported[year]`, decision 039); a stored year of
     * another shape (no gas masses to re-base) is left out.
     */
    async reportedFacilityYears(realmId: string, year: number): Promise<ReportedFacilityYear[]> {
      const key = String(year);
      const rows = await rowsOf(
        db,
        sql`select id, reported -> ${key} as reported_year from facilities
            where realm_id = ${realmId} and reported -> ${key} is not null`,
      );
      return rows.flatMap((row) => {
        const parsed = facilityReportedYearSchema.safeParse(row.reported_year);
        return parsed.success ? [{ facilityId: text(row.id), ...parsed.data }] : [];
      });
    },

    /** Every facility of the realm with what consolidation and the breakdowns need. */
    async facilities(realmId: string): Promise<InventoryFacilityRow[]> {
      const rows = await rowsOf(
        db,
        sql`select id, slug, name, country, business_unit_id, ownership_share_percent::float8 as share,
              is_in_boundary, boundary_exclusion_reason
            from facilities where realm_id = ${realmId}`,
      );
      return rows.map((row) => ({
        id: text(row.id),
        slug: text(row.slug),
        name: text(row.name),
        country: text(row.country),
        businessUnitId: nullableText(row.business_unit_id),
        ownershipSharePercent: number(row.share),
        isInBoundary: row.is_in_boundary === true,
        boundaryExclusionReason: nullableText(row.boundary_exclusion_reason),
      }));
    },

    async businessUnits(realmId: string): Promise<{ id: string; parentId: string | null; name: string }[]> {
      const rows = await rowsOf(
        db,
        sql`select id, parent_id, name from business_units where realm_id = ${realmId}`,
      );
      return rows.map((row) => ({
        id: text(row.id),
        parentId: nullableText(row.parent_id),
        name: text(row.name),
      }));
    },

    /**
     * From the year's CO2e rows (gas ''), in one pass: each facility's Scope 3 CO2e by category, and how many
     * results each factor version and calculation method gave (fallbacks apart).
     */
    async resultBreakdowns(
      realmId: string,
      gwpSetId: string,
      year: number,
    ): Promise<{ scope3Categories: InventoryCategoryRow[]; factorSources: InventoryFactorSourceRow[] }> {
      const rows = await rowsOf(
        db,
        sql`select grouping(facility_id, scope3_category)::int as is_factor_row, facility_id,
              nullif(scope3_category, 0) as scope3_category, factor_key, factor_version, calculation_method_id,
              sum(co2e_kg) filter (where scope = 3)::float8 as scope3_co2e_kg,
              sum(result_count)::int as result_count,
              coalesce(sum(result_count) filter (where is_fallback), 0)::int as fallback_count
            from emission_year_totals
            where realm_id = ${realmId} and gwp_set_id = ${gwpSetId} and year = ${year} and gas = ''
            group by grouping sets ((facility_id, scope3_category),
              (factor_key, factor_version, calculation_method_id))`,
      );
      const scope3Categories: InventoryCategoryRow[] = [];
      const factorSources: InventoryFactorSourceRow[] = [];
      for (const row of rows) {
        if (number(row.is_factor_row) !== 0) {
          factorSources.push({
            factorKey: text(row.factor_key),
            factorVersion: text(row.factor_version),
            calculationMethodId: text(row.calculation_method_id),
            resultCount: number(row.result_count),
            fallbackCount: number(row.fallback_count),
          });
        } else if (row.scope3_co2e_kg !== null && row.scope3_co2e_kg !== undefined) {
          scope3Categories.push({
            facilityId: text(row.facility_id),
            category: row.scope3_category === null ? null : number(row.scope3_category),
            co2eKg: number(row.scope3_co2e_kg),
          });
        }
      }
      return { scope3Categories, factorSources };
    },
  };
}

export type InventoryRepository = ReturnType<typeof createInventoryRepository>;
