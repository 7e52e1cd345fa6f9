import { sql, type SQL } from 'drizzle-orm';
import type { Database } from './create-database.ts';

/*
 * The realm overview's figures, summed by the database so that a realm of 10,000 facilities answers without
 * sending its results to the server. Totals by year, scope and facility read the monthly totals the triggers keep
 * (`emission_month_totals`, decision 022), the largest sources the results (the totals carry no activity type).
 * Every query takes the realm first and filters by it; CO2e sums read one GWP set. The rule of the totals (Scope 2 market-based beside them, never in them) is the domain's
 * `withScopeTotal`; the rankings below order by the same sum, location-based.
 */

type Row = Record<string, unknown>;

async function rowsOf(db: Database, query: SQL): Promise<Row[]> {
  return ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
}

const text = (value: unknown): string => String(value ?? '');
const nullableText = (value: unknown): string | null =>
  value === null || value === undefined ? null : String(value);
const number = (value: unknown): number => Number(value ?? 0);

/** The first day of `year` and of the year after, as the bounds of `period_start`. */
function yearBounds(year: number): { from: string; to: string } {
  return { from: `${year}-01-01`, to: `${year + 1}-01-01` };
}

export interface OverviewScopeAmountRow {
  year: number;
  scope: number;
  scope2Method: string;
  co2eKg: number;
}

export interface OverviewFacilityRef {
  slug: string;
  name: string;
  sector: string;
  state: string | null;
  country: string;
}

export interface OverviewFacilityScopesRow extends OverviewFacilityRef {
  scope1: number;
  scope2Location: number;
  scope2Market: number;
  scope3: number;
}

export interface OverviewReportedAmountRow {
  year: number;
  gwpSetId: string;
  source: string;
  facilityCount: number;
  co2eKg: number;
}

export interface OverviewReportedFacilityRow extends OverviewFacilityRef {
  gwpSetId: string;
  source: string;
  co2eKg: number;
}

export interface OverviewSourceFacilityRow {
  activityType: string;
  sourceCo2eKg: number;
  sourceFacilityCount: number;
  slug: string;
  name: string;
  co2eKg: number;
}

export interface OverviewDataQualityRow {
  slug: string;
  name: string;
  gaps: number;
  outliers: number;
  estimated: number;
}

/** The constants of the data-quality rule (the domain's `detectDataQualityFlags`), for the SQL that mirrors it. */
export interface DataQualityRule {
  minMonthsForOutliers: number;
  outlierDeviations: number;
  madToStandardDeviation: number;
}

/**
 * The reported CO2e (kg) of each facility and year on a set where the facility has no calculated results that
 * year (calculated results replace what it reported), from the yearly totals the triggers keep (decision 026):
 * one grouped scan of the realm's rows, with no correlated probe, whose plan PGlite (no planner statistics) could
 * turn into a scan per facility.
 */
const reportedOnlyYears = (realmId: string, gwpSetId: string, year?: number) => sql`
  select facility_id, year, sum(co2e_kg) filter (where source = 'reported') as co2e_kg
  from facility_emission_years
  where realm_id = ${realmId} and gwp_set_id = ${gwpSetId}
    ${year === undefined ? sql`` : sql`and year = ${year}`}
  group by facility_id, year
  having bool_or(source = 'reported') and not bool_or(source = 'calculated')`;

/** Every function takes the realm id first and reads only that realm's rows. */
export function createOverviewRepository(db: Database) {
  return {
    async facilityCount(realmId: string): Promise<number> {
      const rows = await rowsOf(
        db,
        sql`select count(*)::int as count from facilities where realm_id = ${realmId}`,
      );
      return number(rows[0]?.count);
    },

    /** The years with results on one set or with reported data on it, ascending: from the yearly totals. */
    async years(realmId: string, gwpSetId: string): Promise<number[]> {
      const rows = await rowsOf(
        db,
        sql`select distinct year from facility_emission_years
            where realm_id = ${realmId} and gwp_set_id = ${gwpSetId}
            order by year`,
      );
      return rows.map((row) => number(row.year));
    },

    /**
     * CO2e by year, scope and Scope 2 method on one set, and the facilities with results per year: from the
     * monthly totals the triggers keep (decision 022), their CO2e rows (gas ''), not from the results.
     */
    async yearlyAmounts(
      realmId: string,
      gwpSetId: string,
    ): Promise<{ amounts: OverviewScopeAmountRow[]; facilityCounts: Map<number, number> }> {
      const rows = await rowsOf(
        db,
        sql`select extract(year from month)::int as year, scope, scope2_method,
              sum(co2e_kg)::float8 as co2e_kg, count(distinct facility_id)::int as facility_count,
              grouping(scope)::int as is_year_row
            from emission_month_totals
            where realm_id = ${realmId} and gwp_set_id = ${gwpSetId} and gas = ''
            group by grouping sets (
              (extract(year from month), scope, scope2_method),
              (extract(year from month)))`,
      );
      const amounts: OverviewScopeAmountRow[] = [];
      const facilityCounts = new Map<number, number>();
      for (const row of rows) {
        if (number(row.is_year_row) === 1) facilityCounts.set(number(row.year), number(row.facility_count));
        else {
          amounts.push({
            year: number(row.year),
            scope: number(row.scope),
            scope2Method: text(row.scope2_method),
            co2eKg: number(row.co2e_kg),
          });
        }
      }
      return { amounts, facilityCounts };
    },

    /**
     * The largest emitters of a year on one set, by CO2e with Scope 2 location-based: from the monthly totals'
     * CO2e rows. `offset` pages through the whole ranking (the export).
     */
    async topFacilities(
      realmId: string,
      gwpSetId: string,
      year: number,
      limit: number,
      offset = 0,
    ): Promise<OverviewFacilityScopesRow[]> {
      const { from, to } = yearBounds(year);
      const rows = await rowsOf(
        db,
        sql`select facilities.slug, facilities.name, facilities.sector, facilities.state, facilities.country,
              totals.scope1, totals.scope2_location, totals.scope2_market, totals.scope3
            from (
              select facility_id,
                coalesce(sum(co2e_kg) filter (where scope = 1), 0)::float8 as scope1,
                coalesce(sum(co2e_kg) filter (where scope = 2 and scope2_method <> 'market'), 0)::float8
                  as scope2_location,
                coalesce(sum(co2e_kg) filter (where scope = 2 and scope2_method = 'market'), 0)::float8
                  as scope2_market,
                coalesce(sum(co2e_kg) filter (where scope = 3), 0)::float8 as scope3,
                sum(co2e_kg) filter (where scope2_method <> 'market') as ranked_co2e_kg
              from emission_month_totals
              where realm_id = ${realmId} and gwp_set_id = ${gwpSetId} and gas = ''
                and month >= ${from}::date and month < ${to}::date
              group by facility_id
              order by ranked_co2e_kg desc nulls last, facility_id
              limit ${limit} offset ${offset}
            ) totals
            join facilities on facilities.realm_id = ${realmId} and facilities.id = totals.facility_id
            order by totals.ranked_co2e_kg desc nulls last, facilities.name`,
      );
      return rows.map((row) => ({
        slug: text(row.slug),
        name: text(row.name),
        sector: text(row.sector),
        state: nullableText(row.state),
        country: text(row.country),
        scope1: number(row.scope1),
        scope2Location: number(row.scope2_location),
        scope2Market: number(row.scope2_market),
        scope3: number(row.scope3),
      }));
    },

    /**
     * The largest sources (activity types) of a year on one set, Scope 2 location-based, each with its
     * `perSource` largest facilities; the caller keeps the largest sources.
     */
    async sourceFacilities(
      realmId: string,
      gwpSetId: string,
      year: number,
      perSource: number,
    ): Promise<OverviewSourceFacilityRow[]> {
      const { from, to } = yearBounds(year);
      const rows = await rowsOf(
        db,
        sql`with by_facility as (
              -- Summed as numeric, as the summaries are: a float sum would change in its last digits with row order.
              select records.activity_type, results.facility_id, sum(results.co2e_kg::numeric) as co2e_kg
              from emission_results results
              join activity_records records
                on records.realm_id = results.realm_id and records.id = results.activity_record_id
              where results.realm_id = ${realmId} and records.realm_id = ${realmId}
                and results.gwp_set_id = ${gwpSetId} and results.scope2_method <> 'market'
                and results.period_start >= ${from}::date and results.period_start < ${to}::date
              group by records.activity_type, results.facility_id
            ), ranked as (
              select by_facility.*,
                row_number() over (partition by activity_type order by co2e_kg desc, facility_id) as rank,
                sum(co2e_kg) over (partition by activity_type) as source_co2e_kg,
                count(*) over (partition by activity_type) as source_facility_count
              from by_facility
            )
            select ranked.activity_type, ranked.source_co2e_kg::float8 as source_co2e_kg,
              ranked.source_facility_count::int as source_facility_count,
              facilities.slug, facilities.name, ranked.co2e_kg::float8 as co2e_kg
            from ranked
            join facilities on facilities.realm_id = ${realmId} and facilities.id = ranked.facility_id
            where ranked.rank <= ${perSource}
            order by ranked.source_co2e_kg desc, ranked.activity_type, ranked.rank`,
      );
      return rows.map((row) => ({
        activityType: text(row.activity_type),
        sourceCo2eKg: number(row.source_co2e_kg),
        sourceFacilityCount: number(row.source_facility_count),
        slug: text(row.slug),
        name: text(row.name),
        co2eKg: number(row.co2e_kg),
      }));
    },

    /**
     * What facilities reported to a programme, per year and edition (`facilities.reported`), in CO2e on one GWP
     * set, counting a facility's year only where it has no calculated results that year.
     */
    async reportedAmounts(realmId: string, gwpSetId: string): Promise<OverviewReportedAmountRow[]> {
      const rows = await rowsOf(
        db,
        sql`select reported.year, facilities.reported->(reported.year::text)->>'source' as source,
              count(*)::int as facility_count, sum(reported.co2e_kg)::float8 as co2e_kg
            from (${reportedOnlyYears(realmId, gwpSetId)}) as reported
            join facilities on facilities.realm_id = ${realmId} and facilities.id = reported.facility_id
            group by 1, 2
            order by 1, 2`,
      );
      return rows.map((row) => ({
        year: number(row.year),
        gwpSetId,
        source: text(row.source),
        facilityCount: number(row.facility_count),
        co2eKg: number(row.co2e_kg),
      }));
    },

    /**
     * The largest reporting facilities of a year (without calculated results that year), CO2e on one set;
     * `offset` pages through the whole ranking (the export).
     */
    async topReportedFacilities(
      realmId: string,
      gwpSetId: string,
      year: number,
      limit: number,
      offset = 0,
    ): Promise<OverviewReportedFacilityRow[]> {
      const rows = await rowsOf(
        db,
        sql`select slug, name, sector, state, country,
              facilities.reported->(reported.year::text)->>'source' as source, reported.co2e_kg::float8 as co2e_kg
            from (${reportedOnlyYears(realmId, gwpSetId, year)}) as reported
            join facilities on facilities.realm_id = ${realmId} and facilities.id = reported.facility_id
            order by reported.co2e_kg desc, name, slug
            limit ${limit} offset ${offset}`,
      );
      return rows.map((row) => ({
        slug: text(row.slug),
        name: text(row.name),
        sector: text(row.sector),
        state: nullableText(row.state),
        country: text(row.country),
        gwpSetId,
        source: text(row.source),
        co2eKg: number(row.co2e_kg),
      }));
    },

    /**
     * The data-quality flags of a year's months per facility, by the domain's rule (`detectDataQualityFlags`):
     * per activity type and unit, months missing between the first and last month with data (gaps), monthly
     * quantities more than `outlierDeviations` scaled median absolute deviations from the median of at least
     * `minMonthsForOutliers` months (outliers), and months with estimated records. Facilities with flags, most
     * first (`offset` pages through them all, the export), and the realm's sums over all of them.
     */
    async dataQuality(
      realmId: string,
      year: number,
      limit: number,
      rule: DataQualityRule,
      offset = 0,
    ): Promise<{
      rows: OverviewDataQualityRow[];
      totals: Omit<OverviewDataQualityRow, 'slug' | 'name'> & { facilityCount: number };
    }> {
      const { from, to } = yearBounds(year);
      const monthIndex = (value: SQL) =>
        sql`(extract(year from ${value}) * 12 + extract(month from ${value}))::int`;
      const inYear = sql`month >= ${from}::date and month < ${to}::date`;
      // One pass of window functions over the monthly sums (no join of a series back to its months, which the
      // planner may turn into nested loops): each month carries its series' size, first and last month, median
      // (the mean of the middle one or two, as the domain's median) and the median of the absolute deviations.
      const rows = await rowsOf(
        db,
        sql`with monthly as (
              select facility_id, activity_type, unit, date_trunc('month', period_start)::date as month,
                sum(quantity)::float8 as quantity, bool_or(is_estimated) as is_estimated
              from activity_records
              where realm_id = ${realmId}
              group by facility_id, activity_type, unit, date_trunc('month', period_start)
            ), ranked as (
              select monthly.*,
                row_number() over (series order by quantity) as quantity_rank,
                count(*) over series as month_count,
                min(month) over series as first_month,
                max(month) over series as last_month
              from monthly
              window series as (partition by facility_id, activity_type, unit)
            ), with_median as (
              select ranked.*,
                avg(quantity) filter (
                  where quantity_rank in ((month_count + 1) / 2, (month_count + 2) / 2)
                ) over (partition by facility_id, activity_type, unit) as median
              from ranked
            ), with_deviation as (
              select with_median.*,
                row_number() over (
                  partition by facility_id, activity_type, unit order by abs(quantity - median)
                ) as deviation_rank
              from with_median
            ), with_spread as (
              select with_deviation.*,
                ${rule.madToStandardDeviation}::float8 * avg(abs(quantity - median)) filter (
                  where deviation_rank in ((month_count + 1) / 2, (month_count + 2) / 2)
                ) over (partition by facility_id, activity_type, unit) as spread
              from with_deviation
            ), series as (
              select facility_id, first_month, last_month,
                (count(*) filter (where ${inYear}))::int as present,
                (count(*) filter (where ${inYear} and is_estimated))::int as estimated,
                (count(*) filter (
                  where ${inYear} and month_count >= ${rule.minMonthsForOutliers} and spread > 0
                    and abs(quantity - median) > ${rule.outlierDeviations}::float8 * spread
                ))::int as outliers
              from with_spread
              group by facility_id, activity_type, unit, first_month, last_month
            ), by_facility as (
              select facility_id,
                sum(greatest(0, ${monthIndex(sql`least(last_month, (${to}::date - interval '1 month'))`)}
                  - ${monthIndex(sql`greatest(first_month, ${from}::date)`)} + 1) - present)::int as gaps,
                sum(outliers)::int as outliers, sum(estimated)::int as estimated
              from series
              group by facility_id
            ), ranked_facilities as (
              select by_facility.*,
                row_number() over (order by gaps + outliers + estimated desc, facility_id) as rank,
                sum(gaps) over () as total_gaps, sum(outliers) over () as total_outliers,
                sum(estimated) over () as total_estimated, count(*) over () as facility_count
              from by_facility
              where gaps + outliers + estimated > 0
            )
            select facilities.slug, facilities.name, ranked_facilities.gaps, ranked_facilities.outliers,
              ranked_facilities.estimated, ranked_facilities.total_gaps::int as total_gaps,
              ranked_facilities.total_outliers::int as total_outliers,
              ranked_facilities.total_estimated::int as total_estimated,
              ranked_facilities.facility_count::int as facility_count
            from ranked_facilities
            join facilities on facilities.realm_id = ${realmId} and facilities.id = ranked_facilities.facility_id
            where ranked_facilities.rank > ${offset} and ranked_facilities.rank <= ${offset + limit}
            order by ranked_facilities.rank`,
      );
      const first = rows[0];
      return {
        rows: rows.map((row) => ({
          slug: text(row.slug),
          name: text(row.name),
          gaps: number(row.gaps),
          outliers: number(row.outliers),
          estimated: number(row.estimated),
        })),
        totals: {
          gaps: number(first?.total_gaps),
          outliers: number(first?.total_outliers),
          estimated: number(first?.total_estimated),
          facilityCount: number(first?.facility_count),
        },
      };
    },
  };
}

export type OverviewRepository = ReturnType<typeof createOverviewRepository>;
