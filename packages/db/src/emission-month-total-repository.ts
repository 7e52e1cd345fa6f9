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

/** How a realm's monthly totals compared with the sum of its results. */
export interface MonthTotalsComparison {
  realmKey: string;
  /** Rows of the totals the results give. */
  expectedRowCount: number;
  /** Keys whose row is missing, left over, or holds other amounts or another count than the results give. */
  differingRowCount: number;
}

/** The key columns of `emission_month_totals`, in the primary key's order. */
const KEY_COLUMNS = sql.raw(
  ['realm_id', 'gwp_set_id', 'gas', 'facility_id', 'month', 'scope', 'scope2_method'].join(', '),
);

/**
 * The monthly totals the triggers keep (`emission_month_totals`, decision 022): read for a facility, and checked
 * against and rebuilt from the results. `check` and `rebuild` are operator work: they read and write every GWP
 * set of the realms they are given, by realm key.
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
  ): Promise<MonthTotalsComparison> {
    // A full join on the key: a row on one side only, or with other figures, differs. Exact numeric equality.
    const result = await database.execute(sql`
      with kept as (select * from emission_month_totals where realm_id = ${realm.id}),
        expected as (select * from ecc_emission_month_totals_from_results(${realm.id}::uuid))
      select (select count(*)::int from expected) as expected_count,
        count(*) filter (
          where kept.realm_id is null or expected.realm_id is null or kept.gas_kg <> expected.gas_kg
            or kept.co2e_kg <> expected.co2e_kg or kept.result_count <> expected.result_count
        )::int as differing_count
      from kept full join expected using (${KEY_COLUMNS})`);
    const row = (result as unknown as { rows: { expected_count: number; differing_count: number }[] })
      .rows[0];
    return {
      realmKey: realm.key,
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

    /** Compares every realm's totals (or realm `realmKey`'s) with the sum of its results; changes nothing. */
    async check(realmKey?: string): Promise<MonthTotalsComparison[]> {
      const comparisons: MonthTotalsComparison[] = [];
      for (const realm of await realmsOf(db, realmKey)) comparisons.push(await compare(db, realm));
      return comparisons;
    },

    /**
     * Recomputes the totals of every realm (or of realm `realmKey`) from the results, in one transaction, and
     * reports how they compared before: the results are read, compared and summed under the same snapshot.
     */
    async rebuild(realmKey?: string): Promise<MonthTotalsComparison[]> {
      return db.transaction(async (transaction) => {
        // Results written meanwhile wait for this lock, so the rebuilt totals are those of the results read.
        await transaction.execute(sql`lock table emission_results_all_sets in share mode`);
        const comparisons: MonthTotalsComparison[] = [];
        for (const realm of await realmsOf(transaction, realmKey)) {
          comparisons.push(await compare(transaction, realm));
          await transaction.execute(sql`delete from emission_month_totals where realm_id = ${realm.id}`);
          await transaction.execute(sql`
            insert into emission_month_totals (${KEY_COLUMNS}, gas_kg, co2e_kg, result_count)
            select * from ecc_emission_month_totals_from_results(${realm.id}::uuid)`);
        }
        return comparisons;
      });
    },
  };
}

export type EmissionMonthTotalRepository = ReturnType<typeof createEmissionMonthTotalRepository>;
