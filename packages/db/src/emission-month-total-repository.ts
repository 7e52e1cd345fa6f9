import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from './create-database.ts';
import { emissionMonthTotals, realms } from './schema.ts';

/** One row of a facility's monthly totals (see `emissionMonthTotals`). */
export interface FacilityMonthTotalRow {
  month: string;
  scope: number;
  scope2Method: string;
  gas: string;
  gasKg: number;
  co2eKg: number;
}

/** The summary tables the triggers keep from the results: the monthly totals, and the inventory's yearly totals. */
export type SummaryName = 'monthly totals' | 'yearly totals';

/** How a realm's summary table compared with the sum of its results. */
export interface MonthTotalsComparison {
  realmKey: string;
  summary: SummaryName;
  /** Rows of the totals the results give. */
  expectedRowCount: number;
  /** Keys whose row is missing, left over, or holds other amounts or another count than the results give. */
  differingRowCount: number;
}

interface SummaryTable {
  name: SummaryName;
  table: string;
  /** The key columns, in the primary key's order, as the function below returns them. */
  keyColumns: readonly string[];
  /** The SQL function that sums a realm's results as the triggers keep them. */
  fromResults: string;
}

const SUMMARY_TABLES: readonly SummaryTable[] = [
  {
    name: 'monthly totals',
    table: 'emission_month_totals',
    keyColumns: ['realm_id', 'gwp_set_id', 'gas', 'facility_id', 'month', 'scope', 'scope2_method'],
    fromResults: 'ecc_emission_month_totals_from_results',
  },
  {
    name: 'yearly totals',
    table: 'emission_year_totals',
    keyColumns: [
      'realm_id',
      'gwp_set_id',
      'year',
      'gas',
      'facility_id',
      'scope',
      'scope2_method',
      'scope3_category',
      'factor_key',
      'factor_version',
      'calculation_method_id',
      'is_fallback',
    ],
    fromResults: 'ecc_emission_year_totals_from_results',
  },
];

/**
 * The monthly totals the triggers keep (`emission_month_totals`, decision 022): read for a facility. With the
 * inventory's yearly totals (`emission_year_totals`, decision 034), checked against and rebuilt from the results.
 * `check` and `rebuild` are operator work: they read and write every GWP set of the realms they are given, by
 * realm key.
 */
export function createEmissionMonthTotalRepository(db: Database) {
  async function realmsOf(database: Database, realmKey: string | undefined) {
    return database
      .select({ id: realms.id, key: realms.key })
      .from(realms)
      .where(realmKey === undefined ? undefined : eq(realms.key, realmKey))
      .orderBy(asc(realms.key));
  }

  async function compare(
    database: Database,
    realm: { id: string; key: string },
    summary: SummaryTable,
  ): Promise<MonthTotalsComparison> {
    // A full join on the key: a row on one side only, or with other figures, differs. Exact numeric equality.
    const result = await database.execute(sql`
      with kept as (select * from ${sql.identifier(summary.table)} where realm_id = ${realm.id}),
        expected as (select * from ${sql.identifier(summary.fromResults)}(${realm.id}::uuid))
      select (select count(*)::int from expected) as expected_count,
        count(*) filter (
          where kept.realm_id is null or expected.realm_id is null or kept.gas_kg <> expected.gas_kg
            or kept.co2e_kg <> expected.co2e_kg or kept.result_count <> expected.result_count
        )::int as differing_count
      from kept full join expected using (${sql.raw(summary.keyColumns.join(', '))})`);
    const row = (result as unknown as { rows: { expected_count: number; differing_count: number }[] })
      .rows[0];
    return {
      realmKey: realm.key,
      summary: summary.name,
      expectedRowCount: Number(row?.expected_count ?? 0),
      differingRowCount: Number(row?.differing_count ?? 0),
    };
  }

  return {
    /** A facility's monthly totals on one GWP set (the realm's), every gas and the CO2e rows (gas ''). */
    async listForFacility(
      realmId: string,
      facilityId: string,
      gwpSetId: string,
    ): Promise<FacilityMonthTotalRow[]> {
      return db
        .select({
          month: emissionMonthTotals.month,
          scope: emissionMonthTotals.scope,
          scope2Method: emissionMonthTotals.scope2Method,
          gas: emissionMonthTotals.gas,
          gasKg: emissionMonthTotals.gasKg,
          co2eKg: emissionMonthTotals.co2eKg,
        })
        .from(emissionMonthTotals)
        .where(
          and(
            eq(emissionMonthTotals.realmId, realmId),
            eq(emissionMonthTotals.gwpSetId, gwpSetId),
            eq(emissionMonthTotals.facilityId, facilityId),
          ),
        );
    },

    /**
     * Compares every realm's summaries (or realm `realmKey`'s) with the sum of its results, one comparison per
     * realm and summary table; changes nothing.
     */
    async check(realmKey?: string): Promise<MonthTotalsComparison[]> {
      const comparisons: MonthTotalsComparison[] = [];
      for (const realm of await realmsOf(db, realmKey)) {
        for (const summary of SUMMARY_TABLES) comparisons.push(await compare(db, realm, summary));
      }
      return comparisons;
    },

    /**
     * Recomputes the summaries of every realm (or of realm `realmKey`) from the results, in one transaction, and
     * reports how they compared before: the results are read, compared and summed under the same snapshot.
     */
    async rebuild(realmKey?: string): Promise<MonthTotalsComparison[]> {
      return db.transaction(async (transaction) => {
        // Results and reporting years changed meanwhile wait for these locks, so the rebuilt summaries are those
        // of the results read.
        await transaction.execute(sql`lock table emission_results_all_sets, realm_boundaries in share mode`);
        const comparisons: MonthTotalsComparison[] = [];
        for (const realm of await realmsOf(transaction, realmKey)) {
          for (const summary of SUMMARY_TABLES) {
            comparisons.push(await compare(transaction, realm, summary));
            const table = sql.identifier(summary.table);
            await transaction.execute(sql`delete from ${table} where realm_id = ${realm.id}`);
            await transaction.execute(sql`
              insert into ${table} (${sql.raw(summary.keyColumns.join(', '))}, gas_kg, co2e_kg, result_count)
              select * from ${sql.identifier(summary.fromResults)}(${realm.id}::uuid)`);
          }
        }
        return comparisons;
      });
    },
  };
}

export type EmissionMonthTotalRepository = ReturnType<typeof createEmissionMonthTotalRepository>;
