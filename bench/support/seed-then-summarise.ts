/**
 * Seeds a benchmark's records and results fast, then brings every summary of the results up to date, in one
 * transaction. The seed's statements run with `session_replication_role = replica`, which fires no triggers:
 * neither the per-row foreign-key checks (a million of them on PGlite took most of the ten minutes a seed used to
 * take) nor the summary triggers. The summaries are then computed once from the results by the same SQL functions
 * as the triggers, `summaries check` and `summaries rebuild` use (`ecc_emission_month_totals_from_results`,
 * `ecc_emission_year_totals_from_results`; the yearly facility totals as migration 0012's trigger sums them), so
 * the tables hold what the triggers would have left. The seed must write consistent rows itself (its records'
 * facilities and its results' records exist): nothing checks them.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../../packages/db/src/index.ts';

export async function seedThenSummarise(
  db: Database,
  realmId: string,
  seed: (transaction: Database) => Promise<void>,
): Promise<void> {
  await db.transaction(async (transaction) => {
    await transaction.execute(sql`set local session_replication_role = replica`);
    await seed(transaction as unknown as Database);
    await transaction.execute(sql`set local session_replication_role = origin`);
    await transaction.execute(sql`delete from emission_month_totals where realm_id = ${realmId}`);
    await transaction.execute(sql`
      insert into emission_month_totals (realm_id, gwp_set_id, gas, facility_id, month, scope, scope2_method, gas_kg,
        co2e_kg, result_count)
      select * from ecc_emission_month_totals_from_results(${realmId}::uuid)`);
    await transaction.execute(sql`delete from emission_year_totals where realm_id = ${realmId}`);
    await transaction.execute(sql`
      insert into emission_year_totals (realm_id, gwp_set_id, year, gas, facility_id, scope, scope2_method,
        scope3_category, factor_key, factor_version, calculation_method_id, is_fallback, gas_kg, co2e_kg, result_count)
      select * from ecc_emission_year_totals_from_results(${realmId}::uuid)`);
    await transaction.execute(
      sql`delete from facility_emission_years where realm_id = ${realmId} and source = 'calculated'`,
    );
    await transaction.execute(sql`
      insert into facility_emission_years (realm_id, facility_id, gwp_set_id, source, year, co2e_kg, result_count)
      select realm_id, facility_id, gwp_set_id, 'calculated', extract(year from period_start)::integer,
        sum(co2e_kg::numeric), count(*)
      from emission_results_all_sets
      where realm_id = ${realmId} and scope2_method <> 'market'
      group by realm_id, facility_id, gwp_set_id, extract(year from period_start)`);
  });
}
