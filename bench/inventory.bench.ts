/**
 * Benchmark of the GHG inventory (issue 11: "the inventory for a year of 1,000,000 results under 2 s on PGlite").
 * On PGlite in a temporary data directory, as the server runs it: the demo realm plus 5,200 synthetic facilities,
 * each with twelve months of fifteen activity types in 2025 — twelve Scope 1 fuels, each with a factor of its own
 * (CO2, CH4 and N2O masses), one Scope 2 electricity record (a location-based and a market-based result), two
 * Scope 3 (categories 1 and 6) — 936,000 records and 998,400 results of the year. Seeded with SQL
 * (`generate_series`) without triggers, then every summary computed from the results by the functions the triggers
 * and `summaries rebuild` use (`support/seed-then-summarise.ts`), so the tables hold what the triggers would have
 * left. Half the facilities sit in a business unit, every tenth at a 60 % share. Times, alternating, inside the
 * realm scope (row-level security, as a request runs), wall time and the process's CPU time (PGlite runs in it):
 *  - the inventory service (`realmInventory`: every query of GET /api/reports/inventory and the domain's assembly),
 *    under operational control and under equity share;
 *  - the peer: one hand-written `SUM(co2e_kg) GROUP BY scope, scope2_method` over the year's results (the
 *    `emission_results` view), the least any total by scope read from the results costs;
 *  - the inventory's two reads of the yearly totals (decision 034) alone, and the two reads they replaced (the
 *    monthly totals, and one scan of the results for Scope 3 categories and factor sources).
 * The database is not analysed: PGlite runs no autovacuum, so the server's tables have no planner statistics.
 * Run: `npx tsx bench/inventory.bench.ts [--runs 10] [--facilities 5200]`.
 */
import { rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { eq, sql } from 'drizzle-orm';
import { realmInventory } from '../apps/server/src/modules/inventory/inventory.service.ts';
import {
  createDatabase,
  createInventoryRepository,
  DEMO_REALM_KEY,
  realms,
  runInRealmScope,
  seedDemoRealm,
  syncReferenceData,
} from '../packages/db/src/index.ts';
import { createTestDataDir } from '../packages/db/src/testing/test-database.ts';
import { seedThenSummarise } from './support/seed-then-summarise.ts';

const { values: flags } = parseArgs({
  options: {
    runs: { type: 'string', default: '10' },
    facilities: { type: 'string', default: '5200' },
  },
});
const RUNS = Number(flags.runs);
const WARM_UP_RUNS = 2;
const FACILITIES = Number(flags.facilities);
const YEAR = 2025;
const PERIOD = { from: `${YEAR}-01-01`, to: `${YEAR + 1}-01-01` };

/** The process's CPU time (user and system) since `start`, in seconds with one decimal (PGlite runs in it). */
function cpuSecondsSince(start: NodeJS.CpuUsage): string {
  const used = process.cpuUsage(start);
  return ((used.user + used.system) / 1e6).toFixed(1);
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((left, right) => left - right);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

const dataDir = await createTestDataDir();
const database = await createDatabase({ dataDir });
try {
  const { db } = database;
  await syncReferenceData(db);
  await seedDemoRealm(db);
  const [realm] = await db.select().from(realms).where(eq(realms.key, DEMO_REALM_KEY));
  if (!realm) throw new Error('The demo realm was not seeded');
  const realmId = realm.id;

  const seedStartedAt = performance.now();
  const seedCpu = process.cpuUsage();
  const unit = (
    (await db.execute(
      sql`insert into business_units (realm_id, name) values (${realmId}, 'Bench division') returning id`,
    )) as unknown as { rows: { id: string }[] }
  ).rows[0]!.id;
  await db.execute(sql`
    insert into facilities (realm_id, slug, name, sector, country, state, business_unit_id, ownership_share_percent)
    select ${realmId}, 'bench-site-' || n, 'Bench site ' || n, 'Manufacturing', case when n % 3 = 0 then 'CA' else 'US' end,
      null, case when n % 2 = 0 then ${unit}::uuid end, case when n % 10 = 0 then 60 else 100 end
    from generate_series(1, ${FACILITIES}) as n`);
  await seedThenSummarise(db, realmId, async (transaction) => {
    await transaction.execute(sql`
      insert into activity_records (realm_id, facility_id, activity_type, period_start, period_end, quantity, unit,
        factor_key, scope, scope3_category, is_estimated)
      select ${realmId}, facilities.id, 'Bench type ' || kind, make_date(${YEAR}, month, 1),
        make_date(${YEAR}, month, 28), 100 + kind, 'therm', 'bench-factor-' || kind,
        case when kind <= 12 then 1 when kind = 13 then 2 else 3 end,
        case kind when 14 then 1 when 15 then 6 end, false
      from facilities cross join generate_series(1, 12) as month cross join generate_series(1, 15) as kind
      where facilities.realm_id = ${realmId} and facilities.slug like 'bench-site-%'`);
    await transaction.execute(sql`
      insert into emission_results_all_sets (realm_id, activity_record_id, facility_id, period_start, scope,
        scope3_category, scope2_method, gases, co2e_kg, gwp_set_id, factor_key, factor_version, calculation_method_id,
        is_fallback)
      select records.realm_id, records.id, records.facility_id, records.period_start, records.scope,
        records.scope3_category, methods.method,
        case when records.scope = 1
          then jsonb_build_object('CO2', records.quantity * 5.306, 'CH4', records.quantity * 0.0001,
            'N2O', records.quantity * 0.00001)
          else jsonb_build_object('CO2', records.quantity * 2) end,
        case when records.scope = 1 then records.quantity * 5.306 + records.quantity * 0.0001 * 28
            + records.quantity * 0.00001 * 265
          else records.quantity * 2 end,
        'AR5', records.factor_key, '2024', 'heat-content', methods.method = 'market'
      from activity_records records
      cross join lateral (
        select unnest(case when records.scope = 2 then array['location', 'market'] else array[''] end) as method
      ) methods
      where records.realm_id = ${realmId} and records.activity_type like 'Bench type %'`);
  });
  const counts = (
    (await db.execute(sql`
      select (select count(*)::int from facilities where realm_id = ${realmId}) as facilities,
        (select count(*)::int from activity_records where realm_id = ${realmId}) as records,
        (select count(*)::int from emission_results where realm_id = ${realmId}
          and period_start >= ${PERIOD.from}::date and period_start < ${PERIOD.to}::date) as results,
        (select count(*)::int from emission_month_totals where realm_id = ${realmId}
          and month >= ${PERIOD.from}::date and month < ${PERIOD.to}::date) as totals,
        (select count(*)::int from emission_year_totals where realm_id = ${realmId}
          and year = ${YEAR}) as year_totals`)) as unknown as {
      rows: { facilities: number; records: number; results: number; totals: number; year_totals: number }[];
    }
  ).rows[0];
  console.info(
    `demo realm: ${counts?.facilities} facilities, ${counts?.records} records, ${counts?.results} results in ` +
      `${YEAR}, ${counts?.totals} monthly total rows and ${counts?.year_totals} yearly total rows in ${YEAR}; ` +
      `seeded in ${((performance.now() - seedStartedAt) / 1000).toFixed(0)} s (${cpuSecondsSince(seedCpu)} s of CPU)`,
  );

  const repository = createInventoryRepository(db);
  const setApproach = (approach: string) =>
    db.execute(sql`
      insert into realm_boundaries (realm_id, consolidation_approach) values (${realmId}, ${approach})
      on conflict (realm_id) do update set consolidation_approach = excluded.consolidation_approach`);
  const PEER = 'peer: hand-written SUM(co2e_kg) GROUP BY scope, Scope 2 method over the year’s results';
  const calls: Record<string, () => Promise<unknown>> = {
    'inventory service, operational control': async () => {
      await setApproach('operational-control');
      return realmInventory(db, realmId, { year: YEAR });
    },
    'inventory service, equity share': async () => {
      await setApproach('equity-share');
      return realmInventory(db, realmId, { year: YEAR });
    },
    [PEER]: () =>
      db.execute(
        sql`select scope, scope2_method, sum(co2e_kg)::float8 from emission_results
            where realm_id = ${realmId} and gwp_set_id = 'AR5'
              and period_start >= ${PERIOD.from}::date and period_start < ${PERIOD.to}::date
            group by scope, scope2_method`,
      ),
    'yearly totals by facility, scope, method and gas (the inventory’s amounts)': () =>
      repository.facilityAmounts(realmId, 'AR5', YEAR),
    'Scope 3 categories and factor sources from the yearly totals': () =>
      repository.resultBreakdowns(realmId, 'AR5', YEAR),
    'before decision 034: the same amounts from the monthly totals': () =>
      db.execute(
        sql`select facility_id, scope, scope2_method, gas, sum(gas_kg)::float8, sum(co2e_kg)::float8
            from emission_month_totals
            where realm_id = ${realmId} and gwp_set_id = 'AR5'
              and month >= ${PERIOD.from}::date and month < ${PERIOD.to}::date
            group by facility_id, scope, scope2_method, gas`,
      ),
    'before decision 034: categories and factor sources from the results': () =>
      db.execute(
        sql`select grouping(facility_id, scope3_category)::int, facility_id, scope3_category, factor_key,
              factor_version, calculation_method_id, sum(co2e_kg) filter (where scope = 3)::float8,
              count(*)::int, count(*) filter (where is_fallback)::int
            from emission_results
            where realm_id = ${realmId} and gwp_set_id = 'AR5'
              and period_start >= ${PERIOD.from}::date and period_start < ${PERIOD.to}::date
            group by grouping sets ((facility_id, scope3_category),
              (factor_key, factor_version, calculation_method_id))`,
      ),
  };
  const answer = await runInRealmScope({ realmIds: [realmId] }, () =>
    realmInventory(db, realmId, { year: YEAR }),
  );
  console.info(
    `inventory ${YEAR}: ${answer.byFacility.length} facilities, Scope 1 ${(answer.scope1.co2e / 1000).toFixed(0)} t, ` +
      `Scope 2 ${(answer.scope2.location.co2e / 1000).toFixed(0)} / ${(answer.scope2.market.co2e / 1000).toFixed(0)} t, ` +
      `Scope 3 ${(answer.scope3.co2e / 1000).toFixed(0)} t`,
  );
  const times = new Map<string, number[]>(Object.keys(calls).map((name) => [name, []]));
  const cpuTimes = new Map<string, number[]>(Object.keys(calls).map((name) => [name, []]));
  for (let run = 0; run < WARM_UP_RUNS + RUNS; run += 1) {
    for (const [name, call] of Object.entries(calls)) {
      const startedAt = performance.now();
      const cpuAtStart = process.cpuUsage();
      await runInRealmScope({ realmIds: [realmId] }, call);
      if (run >= WARM_UP_RUNS) {
        times.get(name)?.push(performance.now() - startedAt);
        cpuTimes.get(name)?.push(Number(cpuSecondsSince(cpuAtStart)) * 1000);
      }
    }
  }
  const peer = median(times.get(PEER) ?? []);
  console.info(
    `medians of ${RUNS} alternating runs in the realm scope (load average ${loadavg().join(', ')}):`,
  );
  for (const [name, values] of times) {
    const value = median(values);
    // The mean, not the median: the CPU clock ticks too coarsely to time one call alone.
    const cpuValues = cpuTimes.get(name) ?? [];
    const cpu = cpuValues.reduce((sum, each) => sum + each, 0) / Math.max(cpuValues.length, 1);
    console.info(
      `  ${name}: ${value.toFixed(0)} ms, ${cpu.toFixed(0)} ms of CPU on average (${(value / peer).toFixed(2)}× the peer)`,
    );
  }
} finally {
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
}
