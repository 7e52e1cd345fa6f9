import {
  ANALYSIS_NO_SCOPE2_METHOD,
  type AnalysisDimension,
  type AnalysisFilters,
  type AnalysisMeasure,
  type ConsolidationApproach,
} from '@ecc/contracts';
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from './create-database.ts';

/*
 * The analysis pivot's statements (issue 11 item 3, decision 028). Each query is one statement the database
 * computes: a grouped scan of the monthly totals the triggers keep (decision 022) when every dimension and
 * filter is in them, else of the realm's results (`emission_results`, its GWP set only) joined to their records;
 * GROUPING SETS give the subtotals and the grand total in the same pass. The realm comes first and filters
 * every table; row-level security is the second wall. Sums are exact numeric until the answer.
 */

type Row = Record<string, unknown>;

async function rowsOf(db: Database, query: SQL): Promise<Row[]> {
  return ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
}

/**
 * A statement joining the realm's results to their facilities (and records), planned without nested loops. The planner's row
 * estimates for a realm's results are guesses (PGlite runs no autovacuum, so its tables have no statistics, and the
 * key expressions' selectivities are defaults), and a guess of a few thousand rows chose an index probe of the
 * records and of the facilities per result: 31 s where hashing both takes a fraction (PostgreSQL, 1,000,080 results,
 * docs/performance.md). The setting is put back after the statement, so a caller's transaction keeps its own.
 */
async function rowsJoinedByHash(db: Database, query: SQL): Promise<Row[]> {
  return db.transaction(async (transaction) => {
    const [setting] = await rowsOf(
      transaction,
      sql`select current_setting('enable_nestloop') as previous, set_config('enable_nestloop', 'off', true)`,
    );
    const rows = await rowsOf(transaction, query);
    await transaction.execute(sql`select set_config('enable_nestloop', ${String(setting?.previous)}, true)`);
    return rows;
  });
}

/** The dimensions the monthly totals hold (with the facility's attributes joined). */
const MONTH_TOTAL_DIMENSIONS: ReadonlySet<AnalysisDimension> = new Set<AnalysisDimension>([
  'scope',
  'gas',
  'facility',
  'businessUnit',
  'country',
  'state',
  'naics',
  'month',
  'quarter',
  'year',
  'scope2Method',
]);
const MONTH_TOTAL_MEASURES: ReadonlySet<AnalysisMeasure> = new Set<AnalysisMeasure>([
  'co2e',
  'gasMass',
  'intensity',
]);

/** What a statement needs to know of the realm beside the request: read by the caller, passed in. */
export interface AnalysisSettings {
  consolidation: ConsolidationApproach;
  /** The month (1–12) the realm's reporting year starts in; a year is named by the year it ends in. */
  reportingYearStartMonth: number;
}

/** A grouping request in the repository's terms: validated by the contract and the service before. */
export interface AnalysisStatementInput {
  measures: readonly AnalysisMeasure[];
  /** Rows then columns: the finest grouping. */
  dimensions: readonly AnalysisDimension[];
  /** Further groupings (each a subset of `dimensions`) for subtotals; the grand total is always computed. */
  subtotalSets: readonly (readonly AnalysisDimension[])[];
  filters: AnalysisFilters;
  /** The Scope 2 method counted wherever the Scope 2 method is not a key of the row. */
  scope2Method: 'location' | 'market';
  /** The one year compared, with the year it is compared to (time keys of that year are shifted onto it). */
  comparison?: { current: number; previous: number } | undefined;
}

export interface AnalysisAggregateRow {
  /** The dimensions of this row's grouping, with their keys; dimensions summed over are absent. */
  keys: Partial<Record<AnalysisDimension, string | number>>;
  /** Set for activity quantities at the finest grouping. */
  unit?: string;
  isFinest: boolean;
  values: Partial<Record<AnalysisMeasure, number | null>>;
  comparison?: Partial<Record<AnalysisMeasure, number | null>>;
  /** Display names: the facility's name, the business unit's name, when those are keys. */
  facilityName?: string;
  businessUnitName?: string;
}

export interface AnalysisRecordRow {
  id: string;
  facilitySlug: string;
  facilityName: string;
  activityType: string;
  periodStart: string;
  periodEnd: string;
  quantity: number;
  unit: string;
  scope: number;
  scope2Method: string;
  co2eKg: number;
  isEstimated: boolean;
}

/** True when the monthly totals answer the request: no dimension, filter or measure they do not hold. */
export function isAnsweredByMonthTotals(
  measures: readonly AnalysisMeasure[],
  dimensions: readonly AnalysisDimension[],
  filters: AnalysisFilters,
): boolean {
  return (
    measures.every((measure) => MONTH_TOTAL_MEASURES.has(measure)) &&
    [...dimensions, ...(Object.keys(filters) as AnalysisDimension[])].every((dimension) =>
      MONTH_TOTAL_DIMENSIONS.has(dimension),
    )
  );
}

/** Months to add to a date so that its calendar year is the reporting year it falls in (named by its end). */
function reportingYearShift(startMonth: number): number {
  return (13 - startMonth) % 12;
}

/**
 * The first day of the first reporting year of `years` and the first day after the last, as `YYYY-MM-DD`: a year
 * filter made a range of the period column, which the indexes on it serve.
 */
function monthRangeOf(years: readonly number[], shift: number): { from: string; to: string } {
  const firstDayOf = (year: number) => {
    const date = new Date(Date.UTC(year, -shift, 1));
    return date.toISOString().slice(0, 10);
  };
  return { from: firstDayOf(Math.min(...years)), to: firstDayOf(Math.max(...years) + 1) };
}

/**
 * Each business unit with itself and every unit above it (`hops` 0 is the unit itself): business units are a tree
 * (decision 024) and a parent's figures are its own facilities' and all its descendants' (issue 11). The walk
 * stops after 64 levels, as a guard only: the server refuses cycles.
 */
function unitAncestry(realmId: string): SQL {
  return sql`with recursive ancestry(unit_id, ancestor_id, hops) as (
      select id, id, 0 from business_units where realm_id = ${realmId}
      union all
      select ancestry.unit_id, units.parent_id, ancestry.hops + 1
      from ancestry
      join business_units units on units.realm_id = ${realmId} and units.id = ancestry.ancestor_id
      where units.parent_id is not null and ancestry.hops < 64
    ) select unit_id, ancestor_id, hops from ancestry`;
}

/**
 * The rows a statement groups: one per result (or per monthly total), with its facility, the consolidated share
 * (`factor`), and every dimension as a column named after it. `needsGas` reads per-gas masses. With
 * `isUnitRolledUp` a row is repeated for its facility's business unit and each unit above it (`business_unit`),
 * `is_own_unit` marking the facility's own unit: a grouping by business unit sums a parent's whole subtree, any
 * other grouping sums the own rows only, so nothing is counted twice.
 */
function keyedRows(
  realmId: string,
  gwpSetId: string,
  settings: AnalysisSettings,
  options: {
    fromMonthTotals: boolean;
    needsGas: boolean;
    /** Reads the results' records (data quality, quantity, unit); without it no record is joined. */
    needsRecords: boolean;
    isUnitRolledUp?: boolean;
    comparison?: { current: number; previous: number } | undefined;
    /** The reporting years the request is limited to: only their months are read. */
    years?: readonly number[] | undefined;
  },
): SQL {
  const shift = reportingYearShift(settings.reportingYearStartMonth);
  const months = options.years === undefined ? undefined : monthRangeOf(options.years, shift);
  const inMonths = (column: SQL) =>
    months === undefined
      ? sql``
      : sql`and ${column} >= ${months.from}::date and ${column} < ${months.to}::date`;
  const periodYear = sql`extract(year from (base.month + make_interval(months => ${shift}::int)))::int`;
  const keyMonth = options.comparison
    ? sql`case when ${periodYear} = ${options.comparison.previous}::int
            then (base.month + make_interval(years => ${options.comparison.current - options.comparison.previous}::int))::date
            else base.month end`
    : sql`base.month`;
  const base = options.fromMonthTotals
    ? sql`select totals.facility_id, totals.month, totals.scope, null::smallint as scope3_category,
            totals.scope2_method, ${options.needsGas ? sql`totals.gas` : sql`null::text`} as gas,
            totals.co2e_kg as co2e, totals.gas_kg, null::text as factor_source, null::text as calculation_method,
            null::boolean as is_estimated, null::float8 as quantity, null::text as unit, null::uuid as record_id
          from emission_month_totals totals
          where totals.realm_id = ${realmId} and totals.gwp_set_id = ${gwpSetId}
            and ${options.needsGas ? sql`totals.gas <> ''` : sql`totals.gas = ''`}
            ${inMonths(sql`totals.month`)}`
    : // The results of the realm's set read from the table (the caller read the set): the `emission_results` view
      // would join the realm to every result to find it. The records are joined only when a column of theirs is
      // asked for (data quality, activity quantity, unit).
      sql`select results.facility_id, date_trunc('month', results.period_start)::date as month, results.scope,
            results.scope3_category, results.scope2_method,
            ${options.needsGas ? sql`gas_masses.key` : sql`null::text`} as gas,
            results.co2e_kg::numeric as co2e,
            ${options.needsGas ? sql`gas_masses.value::numeric` : sql`null::numeric`} as gas_kg,
            results.factor_version as factor_source, results.calculation_method_id as calculation_method,
            ${
              options.needsRecords
                ? sql`records.is_estimated, records.quantity, records.unit,`
                : sql`null::boolean as is_estimated, null::float8 as quantity, null::text as unit,`
            }
            results.activity_record_id as record_id
          from emission_results_all_sets results
          ${
            options.needsRecords
              ? sql`join activity_records records
                  on records.realm_id = ${realmId} and records.id = results.activity_record_id`
              : sql``
          }
          ${options.needsGas ? sql`cross join lateral jsonb_each_text(results.gases) as gas_masses(key, value)` : sql``}
          where results.realm_id = ${realmId} and results.gwp_set_id = ${gwpSetId}
            ${inMonths(sql`results.period_start`)}`;
  // Consolidation (decision 024, `consolidationFactor` in the domain): equity share scales each facility's
  // results by its ownership share; a control approach keeps facilities in the boundary whole, the others out.
  const isEquityShare = settings.consolidation === 'equity-share';
  return sql`
    select base.*, ${periodYear} as period_year,
      facilities.slug as facility, facilities.name as facility_name,
      coalesce(facilities.business_unit_id::text, '') as own_business_unit,
      ${
        options.isUnitRolledUp
          ? sql`coalesce(rolled.ancestor_id::text, '') as business_unit, coalesce(rolled.hops = 0, true) as is_own_unit,`
          : sql`coalesce(facilities.business_unit_id::text, '') as business_unit, true as is_own_unit,`
      }
      units.name as business_unit_name,
      facilities.country, coalesce(facilities.state, '') as state, coalesce(facilities.naics, '') as naics,
      to_char(${keyMonth}, 'YYYY-MM') as month_key,
      extract(year from (${keyMonth} + make_interval(months => ${shift}::int)))::int as year_key,
      extract(year from (${keyMonth} + make_interval(months => ${shift}::int)))::int || '-Q'
        || extract(quarter from (${keyMonth} + make_interval(months => ${shift}::int)))::int as quarter_key,
      case when base.scope2_method = '' then ${ANALYSIS_NO_SCOPE2_METHOD} else base.scope2_method end
        as scope2_method_key,
      case when base.is_estimated then 'estimated' else 'measured' end as data_quality,
      ${isEquityShare ? sql`facilities.ownership_share_percent / 100` : sql`1::numeric`} as factor
    from (${base}) base
    join facilities on facilities.realm_id = ${realmId} and facilities.id = base.facility_id
    ${
      options.isUnitRolledUp
        ? sql`left join (${unitAncestry(realmId)}) rolled on rolled.unit_id = facilities.business_unit_id
            left join business_units units on units.realm_id = ${realmId} and units.id = rolled.ancestor_id`
        : sql`left join business_units units
            on units.realm_id = ${realmId} and units.id = facilities.business_unit_id`
    }
    ${isEquityShare ? sql`` : sql`where facilities.is_in_boundary`}`;
}

/** The column of `keyedRows` holding each dimension's key. */
const DIMENSION_COLUMNS: Readonly<Record<AnalysisDimension, string>> = {
  scope: 'scope',
  scope3Category: 'scope3_category',
  gas: 'gas',
  facility: 'facility',
  businessUnit: 'business_unit',
  country: 'country',
  state: 'state',
  naics: 'naics',
  month: 'month_key',
  quarter: 'quarter_key',
  year: 'year_key',
  scope2Method: 'scope2_method_key',
  factorSource: 'factor_source',
  calculationMethod: 'calculation_method',
  dataQuality: 'data_quality',
};

const NUMERIC_DIMENSIONS: ReadonlySet<AnalysisDimension> = new Set(['scope', 'scope3Category', 'year']);

const column = (dimension: AnalysisDimension): SQL => sql.raw(`keyed.${DIMENSION_COLUMNS[dimension]}`);

/**
 * The filters as conditions on the keyed rows: each dimension's key is one of the values given. A business unit
 * stands for itself and every unit below it: a facility counts when its own unit is in one of the subtrees (and,
 * when rows are rolled up, only the units of those subtrees are keys).
 */
function filterConditions(realmId: string, filters: AnalysisFilters, isUnitRolledUp = false): SQL[] {
  return (Object.entries(filters) as [AnalysisDimension, readonly (string | number)[]][]).map(
    ([dimension, values]) => {
      if (dimension !== 'businessUnit') return sql`${column(dimension)} in ${values}`;
      const unitIds = values.map(String).filter((value) => value !== '');
      const isNoUnitIncluded = values.includes('');
      const inSubtrees = (key: SQL) =>
        sql`(${key} in (select subtree.unit_id::text from (${unitAncestry(realmId)}) subtree
              where subtree.ancestor_id::text in ${unitIds.length === 0 ? [''] : unitIds})
            ${isNoUnitIncluded ? sql`or ${key} = ''` : sql``})`;
      return isUnitRolledUp
        ? sql`${inSubtrees(sql.raw('keyed.own_business_unit'))} and ${inSubtrees(column('businessUnit'))}`
        : inSubtrees(sql.raw('keyed.own_business_unit'));
    },
  );
}

/**
 * Scope 2 results of the method counted: market-based rows are kept beside location-based ones and never added
 * to them. When the Scope 2 method is a key of a row, its rows are apart and both are shown.
 */
const countedScope2 = (method: string) => sql`keyed.scope2_method in ('', ${method})`;

/** Every function takes the realm id first and reads only that realm's rows. */
export function createAnalysisRepository(db: Database) {
  return {
    /**
     * The measures grouped by `dimensions` and by each subtotal set, and the grand total, in one statement.
     * Activity quantities are grouped by unit at the finest grouping and summed above it only where one unit.
     */
    async aggregate(
      realmId: string,
      gwpSetId: string,
      settings: AnalysisSettings,
      input: AnalysisStatementInput,
    ): Promise<AnalysisAggregateRow[]> {
      const needsGas = input.dimensions.includes('gas') || input.filters.gas !== undefined;
      const fromMonthTotals = isAnsweredByMonthTotals(input.measures, input.dimensions, input.filters);
      const hasQuantity = input.measures.includes('activityQuantity');
      const scope2MethodFilter = input.filters.scope2Method?.filter(
        (method) => method !== ANALYSIS_NO_SCOPE2_METHOD,
      );
      // One method asked for by the filter is the method counted; otherwise the request's.
      const countedMethod = scope2MethodFilter?.length === 1 ? scope2MethodFilter[0]! : input.scope2Method;
      const isMethodKey = input.dimensions.includes('scope2Method');
      const isUnitRolledUp = input.dimensions.includes('businessUnit');
      const needsRecords =
        hasQuantity || input.dimensions.includes('dataQuality') || input.filters.dataQuality !== undefined;

      const conditions = filterConditions(realmId, input.filters, isUnitRolledUp);
      if (!isMethodKey) conditions.push(countedScope2(countedMethod));
      if (input.comparison) {
        conditions.push(
          sql`keyed.period_year in (${input.comparison.current}::int, ${input.comparison.previous}::int)`,
        );
      }

      const finest = [...input.dimensions, ...(hasQuantity ? ['unit' as const] : [])];
      const sets = new Map<string, readonly (AnalysisDimension | 'unit')[]>();
      for (const set of [finest, ...input.subtotalSets, []]) sets.set(set.join(','), set);
      const setColumn = (name: AnalysisDimension | 'unit') =>
        name === 'unit' ? sql.raw('keyed.unit') : column(name);
      const groupingSets = sql.join(
        [...sets.values()].map((set) => sql`(${sql.join(set.map(setColumn), sql`, `)})`),
        sql`, `,
      );
      const groupedColumns = [
        ...input.dimensions.map(column),
        ...(hasQuantity ? [sql.raw('keyed.unit')] : []),
      ];

      /** `sum` of a measure, over the rows counted in this grouping (and this period, when comparing). */
      const measureSum = (expression: SQL, period?: number): SQL => {
        const inPeriod = period === undefined ? undefined : sql`keyed.period_year = ${period}::int`;
        const sumWhere = (conditions: (SQL | undefined)[]) => {
          const where = conditions.filter((part): part is SQL => part !== undefined);
          return where.length === 0
            ? sql`sum(${expression})`
            : sql`sum(${expression}) filter (where ${sql.join(where, sql` and `)})`;
        };
        // `grouping()` may not stand inside an aggregate: the choice of rows is made around the sums. A grouping
        // summed over the Scope 2 method counts one method; one summed over business units counts own rows only.
        const choices: { grouping: SQL; condition: SQL }[] = [
          ...(isMethodKey
            ? [{ grouping: sql`grouping(keyed.scope2_method_key)`, condition: countedScope2(countedMethod) }]
            : []),
          ...(isUnitRolledUp
            ? [{ grouping: sql`grouping(keyed.business_unit)`, condition: sql`keyed.is_own_unit` }]
            : []),
        ];
        const chosen = (index: number, where: (SQL | undefined)[]): SQL => {
          const choice = choices[index];
          if (choice === undefined) return sumWhere(where);
          return sql`case when ${choice.grouping} = 0 then ${chosen(index + 1, where)}
            else ${chosen(index + 1, [...where, choice.condition])} end`;
        };
        return chosen(0, [inPeriod]);
      };
      const measureColumns = (period: number | undefined, prefix: string): SQL[] => {
        const columns: SQL[] = [];
        if (input.measures.includes('co2e') || input.measures.includes('intensity')) {
          columns.push(
            sql`(${measureSum(sql`keyed.co2e * keyed.factor`, period)})::float8 as ${sql.raw(`${prefix}co2e`)}`,
          );
        }
        if (input.measures.includes('gasMass')) {
          columns.push(
            sql`(${measureSum(sql`keyed.gas_kg * keyed.factor`, period)})::float8 as ${sql.raw(`${prefix}gas_mass`)}`,
          );
        }
        if (hasQuantity) {
          // Quantities of different units are never added: a grouping above the unit shows a sum of one unit only.
          columns.push(sql`(case when grouping(keyed.unit) = 0 or count(distinct keyed.unit) = 1
              then ${measureSum(sql`keyed.quantity`, period)} end)::float8 as ${sql.raw(`${prefix}quantity`)}`);
        }
        return columns;
      };

      const selected = [
        ...input.dimensions.map(
          (dimension, index) => sql`${column(dimension)} as ${sql.raw(`key_${index}`)}`,
        ),
        ...input.dimensions.map(
          (dimension, index) => sql`grouping(${column(dimension)})::int as ${sql.raw(`summed_${index}`)}`,
        ),
        ...(hasQuantity ? [sql`keyed.unit`, sql`grouping(keyed.unit)::int as summed_unit`] : []),
        ...(input.dimensions.includes('facility') ? [sql`min(keyed.facility_name) as facility_name`] : []),
        ...(input.dimensions.includes('businessUnit')
          ? [sql`min(keyed.business_unit_name) as business_unit_name`]
          : []),
        ...measureColumns(input.comparison?.current, ''),
        ...(input.comparison ? measureColumns(input.comparison.previous, 'compared_') : []),
      ];
      const rows = await (fromMonthTotals ? rowsOf : rowsJoinedByHash)(
        db,
        sql`select ${sql.join(selected, sql`, `)}
            from (${keyedRows(realmId, gwpSetId, settings, {
              fromMonthTotals,
              needsGas,
              needsRecords,
              isUnitRolledUp,
              comparison: input.comparison,
              years: input.comparison
                ? [input.comparison.current, input.comparison.previous]
                : input.filters.year,
            })}) keyed
            ${conditions.length === 0 ? sql`` : sql`where ${sql.join(conditions, sql` and `)}`}
            group by grouping sets (${groupingSets})
            ${groupedColumns.length === 0 ? sql`` : sql`order by ${sql.join(groupedColumns, sql`, `)}`}`,
      );

      const valuesOf = (row: Row, prefix: string): Partial<Record<AnalysisMeasure, number | null>> => {
        const values: Partial<Record<AnalysisMeasure, number | null>> = {};
        const read = (name: string) => {
          const value = row[`${prefix}${name}`];
          return value === null || value === undefined ? null : Number(value);
        };
        if (input.measures.includes('co2e') || input.measures.includes('intensity'))
          values.co2e = read('co2e') ?? 0;
        if (input.measures.includes('gasMass')) values.gasMass = read('gas_mass') ?? 0;
        if (hasQuantity) values.activityQuantity = read('quantity');
        return values;
      };
      // A grouping with no row at all still answers its grand total (zeros): GROUPING SETS gives `()` one row.
      return rows.map((row) => {
        const keys: Partial<Record<AnalysisDimension, string | number>> = {};
        let isFinest = true;
        input.dimensions.forEach((dimension, index) => {
          if (Number(row[`summed_${index}`]) === 1) {
            isFinest = false;
            return;
          }
          const key = row[`key_${index}`];
          keys[dimension] = NUMERIC_DIMENSIONS.has(dimension) ? Number(key) : String(key ?? '');
        });
        if (hasQuantity && Number(row.summed_unit) === 1) isFinest = false;
        return {
          keys,
          ...(hasQuantity && Number(row.summed_unit) === 0 ? { unit: String(row.unit) } : {}),
          isFinest,
          values: valuesOf(row, ''),
          ...(input.comparison ? { comparison: valuesOf(row, 'compared_') } : {}),
          ...(row.facility_name === null || row.facility_name === undefined
            ? {}
            : { facilityName: String(row.facility_name) }),
          ...(row.business_unit_name === null || row.business_unit_name === undefined
            ? {}
            : { businessUnitName: String(row.business_unit_name) }),
        };
      });
    },

    /**
     * The values each dimension takes in the realm's results (on its set), for the filter pickers: one grouped
     * statement per source kind is overkill here, so one statement with a `union all` of distinct keys.
     */
    async dimensionValues(
      realmId: string,
      gwpSetId: string,
      settings: AnalysisSettings,
    ): Promise<{ dimension: AnalysisDimension; value: string | number; label: string }[]> {
      const keyed = keyedRows(realmId, gwpSetId, settings, {
        fromMonthTotals: false,
        needsGas: false,
        needsRecords: true,
      });
      const rows = await rowsOf(
        db,
        sql`with keyed as materialized (${keyed}),
            gases as (
              select distinct gas_masses.key as gas
              from emission_results results
              cross join lateral jsonb_object_keys(results.gases) as gas_masses(key)
              where results.realm_id = ${realmId}
            )
            select 'scope' as dimension, scope::text as value, '' as label from keyed group by scope
            union all select 'scope3Category', scope3_category::text, '' from keyed
              where scope3_category is not null group by scope3_category
            union all select 'gas', gas, '' from gases
            union all select 'facility', facility, min(facility_name) from keyed group by facility
            union all select 'businessUnit', '', '' from keyed where business_unit = '' group by business_unit
            union all select 'businessUnit', id::text, name from business_units where realm_id = ${realmId}
            union all select 'country', country, '' from keyed group by country
            union all select 'state', state, '' from keyed group by state
            union all select 'naics', naics, '' from keyed group by naics
            union all select 'month', month_key, '' from keyed group by month_key
            union all select 'quarter', quarter_key, '' from keyed group by quarter_key
            union all select 'year', year_key::text, '' from keyed group by year_key
            union all select 'scope2Method', scope2_method_key, '' from keyed group by scope2_method_key
            union all select 'factorSource', factor_source, '' from keyed group by factor_source
            union all select 'calculationMethod', calculation_method, '' from keyed group by calculation_method
            union all select 'dataQuality', data_quality, '' from keyed group by data_quality
            order by 1, 2`,
      );
      return rows.map((row) => {
        const dimension = String(row.dimension) as AnalysisDimension;
        const value = NUMERIC_DIMENSIONS.has(dimension) ? Number(row.value) : String(row.value ?? '');
        return { dimension, value, label: String(row.label ?? '') || String(value) };
      });
    },

    /**
     * The activity records behind a cell (its keys as filters), a page of them with the total count, in one
     * statement; each with the CO2e of its counted result.
     */
    async records(
      realmId: string,
      gwpSetId: string,
      settings: AnalysisSettings,
      input: {
        filters: AnalysisFilters;
        scope2Method: 'location' | 'market';
        /** A cell of activity quantities is of one unit. */
        unit?: string | undefined;
        limit: number;
        offset: number;
      },
    ): Promise<{ rows: AnalysisRecordRow[]; total: number }> {
      const needsGas = input.filters.gas !== undefined;
      const conditions = filterConditions(realmId, input.filters);
      const scope2MethodFilter = input.filters.scope2Method?.filter(
        (method) => method !== ANALYSIS_NO_SCOPE2_METHOD,
      );
      conditions.push(
        countedScope2(scope2MethodFilter?.length === 1 ? scope2MethodFilter[0]! : input.scope2Method),
      );
      if (input.unit !== undefined) conditions.push(sql`keyed.unit = ${input.unit}`);
      const page = await rowsOf(
        db,
        sql`with cell as (
              select distinct on (keyed.record_id) keyed.record_id,
                (keyed.co2e * keyed.factor)::float8 as co2e_kg, keyed.scope2_method
              from (${keyedRows(realmId, gwpSetId, settings, {
                fromMonthTotals: false,
                needsGas,
                needsRecords: input.filters.dataQuality !== undefined || input.unit !== undefined,
                years: input.filters.year,
              })}) keyed
              where ${sql.join(conditions, sql` and `)}
              order by keyed.record_id
            )
            select counted.total, page.*
            from (select count(*)::int as total from cell) counted
            left join lateral (
              select records.id, facilities.slug, facilities.name, records.activity_type,
                records.period_start::text as period_start, records.period_end::text as period_end,
                records.quantity, records.unit, records.scope, cell.scope2_method, cell.co2e_kg,
                records.is_estimated
              from cell
              join activity_records records on records.realm_id = ${realmId} and records.id = cell.record_id
              join facilities on facilities.realm_id = ${realmId} and facilities.id = records.facility_id
              order by records.period_start, facilities.slug, records.activity_type, records.id
              limit ${input.limit} offset ${input.offset}
            ) page on true`,
      );
      return {
        rows: page
          .filter((row) => row.id !== null)
          .map((row) => ({
            id: String(row.id),
            facilitySlug: String(row.slug),
            facilityName: String(row.name),
            activityType: String(row.activity_type),
            periodStart: String(row.period_start),
            periodEnd: String(row.period_end),
            quantity: Number(row.quantity),
            unit: String(row.unit),
            scope: Number(row.scope),
            scope2Method: String(row.scope2_method),
            co2eKg: Number(row.co2e_kg),
            isEstimated: Boolean(row.is_estimated),
          })),
        total: Number(page[0]?.total ?? 0),
      };
    },
  };
}

export type AnalysisRepository = ReturnType<typeof createAnalysisRepository>;
