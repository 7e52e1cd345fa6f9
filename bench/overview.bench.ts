/**
 * Benchmark of the realm overview (issue 10, item 1: "fast with 10,000 facilities"). On PGlite in a temporary
 * data directory, as the server runs it: the demo realm (20 facilities, 2023–2025 monthly records) plus EPA's
 * 2020 GHGRP workbook imported into it (6,515 facilities with reported emissions) plus synthetic facilities up to
 * 10,000, each with a year of monthly natural-gas records and their results in 2025. Times, alternating, inside
 * the realm scope (row-level security, as a request runs):
 *  - the overview service (`realmOverview`: every query of GET /api/overview, and the domain's assembly) for the
 *    latest year, and for 2020 (the GHGRP year: reported figures);
 *  - the peer, the previous overview in the same run: every query of GET /api/overview as it was before the monthly
 *    totals (decision 022), with yearly amounts and the largest emitters summed from the results, in the same two
 *    rounds as the service runs them;
 *  - those two queries alone, from the monthly totals (now) and from the results (before);
 *  - the floor of any figure summed over the realm's results: one `count(*), sum(co2e_kg)` scan of the realm's
 *    emission results (through the `emission_results` view, on the realm's set, as the overview reads them).
 * The database is not analysed: PGlite runs no autovacuum, so the server's tables have no planner statistics.
 * Run: `npx tsx bench/overview.bench.ts [--runs 20] [--file PATH]`.
 */
import { readFileSync, rmSync } from 'node:fs';
import { OVERVIEW_SOURCE_FACILITY_COUNT, OVERVIEW_TOP_COUNT } from '@ecc/contracts';
import { parseArgs } from 'node:util';
import { eq, sql } from 'drizzle-orm';
import { importGhgrpWorkbook } from '../apps/server/src/modules/imports/imports.service.ts';
import { realmOverview } from '../apps/server/src/modules/overview/overview.service.ts';
import { findSharedDataFile } from '../apps/server/src/test-support/shared-data-dir.ts';
import {
  createDatabase,
  createOverviewRepository,
  DEMO_REALM_KEY,
  realms,
  runInRealmScope,
  seedDemoRealm,
  syncReferenceData,
} from '../packages/db/src/index.ts';
import { createTestDataDir } from '../packages/db/src/testing/test-database.ts';

type Database = Awaited<ReturnType<typeof createDatabase>>['db'];

/** The overview's yearly amounts as they were summed before decision 022: from every result of the realm. */
function previousYearlyAmounts(db: Database, realmId: string, gwpSetId: string) {
  return db.execute(
    sql`select extract(year from period_start)::int as year, scope, scope2_method,
          sum(co2e_kg)::float8 as co2e_kg, count(distinct facility_id)::int as facility_count,
          grouping(scope)::int as is_year_row
        from emission_results
        where realm_id = ${realmId} and gwp_set_id = ${gwpSetId}
        group by grouping sets (
          (extract(year from period_start), scope, scope2_method),
          (extract(year from period_start)))`,
  );
}

/** The overview's largest emitters as they were summed before decision 022: from the year's results. */
function previousTopFacilities(db: Database, realmId: string, gwpSetId: string, year: number, limit: number) {
  return db.execute(
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
          from emission_results
          where realm_id = ${realmId} and gwp_set_id = ${gwpSetId}
            and period_start >= ${`${year}-01-01`}::date and period_start < ${`${year + 1}-01-01`}::date
          group by facility_id
          order by ranked_co2e_kg desc nulls last, facility_id
          limit ${limit}
        ) totals
        join facilities on facilities.realm_id = ${realmId} and facilities.id = totals.facility_id
        order by totals.ranked_co2e_kg desc nulls last, facilities.name`,
  );
}

const { values: flags } = parseArgs({
  options: {
    runs: { type: 'string', default: '20' },
    file: { type: 'string' },
  },
});
const RUNS = Number(flags.runs);
const WARM_UP_RUNS = 3;
const FACILITY_TARGET = 10_000;
const workbook = flags.file ?? findSharedDataFile('epa-ghgrp-2020', 'ghgp_data_2020.xlsx');
if (workbook === undefined) {
  console.error('The 2020 GHGRP workbook was not found: give --file PATH or set ECC_SHARED_DATA_DIR.');
  process.exit(1);
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
  const realmRef = { id: realm.id, properties: realm.properties as Record<string, unknown> };
  const imported = await importGhgrpWorkbook(
    db,
    realmRef,
    { id: null, email: null },
    { fileName: 'ghgp_data_2020.xlsx', content: readFileSync(workbook) },
  );

  // Synthetic facilities up to 10,000, each with 12 monthly natural-gas records of 2025 and their results.
  const existing = Number(
    (
      (await db.execute(
        sql`select count(*)::int as count from facilities where realm_id = ${realm.id}`,
      )) as unknown as {
        rows: { count: number }[];
      }
    ).rows[0]?.count,
  );
  const synthetic = FACILITY_TARGET - existing;
  await db.execute(sql`
    insert into facilities (realm_id, slug, name, sector, country, state)
    select ${realm.id}, 'bench-site-' || n, 'Bench site ' || n, 'Manufacturing', 'US', 'TX'
    from generate_series(1, ${synthetic}) as n`);
  await db.execute(sql`
    insert into activity_records (realm_id, facility_id, activity_type, period_start, period_end, quantity, unit,
      factor_key, scope, is_estimated)
    select ${realm.id}, facilities.id, 'Natural gas', make_date(2025, month, 1), make_date(2025, month, 28),
      1000 + (hashtext(facilities.slug || month) & 1023), 'therm', 'epa-c1-natural-gas', 1, month = 6
    from facilities cross join generate_series(1, 12) as month
    where facilities.realm_id = ${realm.id} and facilities.slug like 'bench-site-%'`);
  await db.execute(sql`
    insert into emission_results_all_sets (realm_id, activity_record_id, facility_id, period_start, scope, gases, co2e_kg,
      gwp_set_id, factor_key, factor_version, calculation_method_id)
    select realm_id, id, facility_id, period_start, 1, jsonb_build_object('CO2', quantity * 5.306), quantity * 5.31,
      'AR5', factor_key, '2024', 'fuel-combustion'
    from activity_records
    where realm_id = ${realm.id} and activity_type = 'Natural gas' and notes is null
      and facility_id in (select id from facilities where realm_id = ${realm.id} and slug like 'bench-site-%')`);
  // No ANALYZE: PGlite runs no autovacuum, so the server's tables have no planner statistics either.
  const counts = (
    (await db.execute(sql`
      select (select count(*)::int from facilities where realm_id = ${realm.id}) as facilities,
        (select count(*)::int from activity_records where realm_id = ${realm.id}) as records,
        (select count(*)::int from emission_results where realm_id = ${realm.id}) as results,
        (select count(*)::int from emission_month_totals where realm_id = ${realm.id} and gas = '') as totals`)) as unknown as {
      rows: { facilities: number; records: number; results: number; totals: number }[];
    }
  ).rows[0];
  console.info(
    `demo realm: ${counts?.facilities} facilities (${imported.createdCount} from GHGRP 2020), ` +
      `${counts?.records} records, ${counts?.results} results, ${counts?.totals} monthly CO2e totals`,
  );

  if (process.env.ECC_BENCH_PROFILE) {
    const repository = createOverviewRepository(db);
    const steps: Record<string, () => Promise<unknown>> = {
      years: () => repository.years(realm.id, 'AR5'),
      facilityCount: () => repository.facilityCount(realm.id),
      yearlyAmounts: () => repository.yearlyAmounts(realm.id, 'AR5'),
      reportedAmounts: () => repository.reportedAmounts(realm.id, 'AR5'),
      topFacilities: () => repository.topFacilities(realm.id, 'AR5', 2025, 10),
      sourceFacilities: () => repository.sourceFacilities(realm.id, 'AR5', 2025, 3),
      topReported: () => repository.topReportedFacilities(realm.id, 'AR5', 2020, 10),
      dataQuality: () =>
        repository.dataQuality(realm.id, 2025, 10, {
          minMonthsForOutliers: 6,
          outlierDeviations: 3,
          madToStandardDeviation: 1.4826,
        }),
    };
    for (const [name, step] of Object.entries(steps)) {
      const startedAt = performance.now();
      await runInRealmScope({ realmIds: [realm.id] }, step);
      console.info(`  ${name}: ${(performance.now() - startedAt).toFixed(1)} ms`);
    }
  }

  const repository = createOverviewRepository(db);
  const dataQualityRule = { minMonthsForOutliers: 6, outlierDeviations: 3, madToStandardDeviation: 1.4826 };
  /** Every query of the previous GET /api/overview for `year`. */
  const realmId = realm.id;
  const previousOverview = async (year: number) => {
    // The same two rounds of queries as `realmOverview`, with the two that read the results as they were.
    await Promise.all([
      repository.years(realmId, 'AR5'),
      repository.facilityCount(realmId),
      previousYearlyAmounts(db, realmId, 'AR5'),
      repository.reportedAmounts(realmId, 'AR5'),
    ]);
    await Promise.all([
      previousTopFacilities(db, realmId, 'AR5', year, OVERVIEW_TOP_COUNT),
      repository.sourceFacilities(realmId, 'AR5', year, OVERVIEW_SOURCE_FACILITY_COUNT),
      repository.topReportedFacilities(realmId, 'AR5', year, OVERVIEW_TOP_COUNT),
      repository.dataQuality(realmId, year, OVERVIEW_TOP_COUNT, dataQualityRule),
    ]);
  };
  const PEER = 'peer: previous overview, latest year (2025)';
  const calls: Record<string, () => Promise<unknown>> = {
    'overview, latest year (2025)': () => realmOverview(db, realmRef, {}),
    [PEER]: () => previousOverview(2025),
    'overview, 2020 (GHGRP reported)': () => realmOverview(db, realmRef, { year: 2020 }),
    'previous overview, 2020': () => previousOverview(2020),
    'yearly amounts + largest emitters 2025, monthly totals': async () => {
      await repository.yearlyAmounts(realm.id, 'AR5');
      await repository.topFacilities(realm.id, 'AR5', 2025, OVERVIEW_TOP_COUNT);
    },
    'yearly amounts + largest emitters 2025, results (before)': async () => {
      await previousYearlyAmounts(db, realm.id, 'AR5');
      await previousTopFacilities(db, realm.id, 'AR5', 2025, OVERVIEW_TOP_COUNT);
    },
    'one scan summing the results': () =>
      db.execute(
        sql`select count(*)::int, sum(co2e_kg)::float8 from emission_results where realm_id = ${realm.id}`,
      ),
  };
  const times = new Map<string, number[]>(Object.keys(calls).map((name) => [name, []]));
  for (let run = 0; run < WARM_UP_RUNS + RUNS; run += 1) {
    for (const [name, call] of Object.entries(calls)) {
      const startedAt = performance.now();
      await runInRealmScope({ realmIds: [realm.id] }, call);
      if (run >= WARM_UP_RUNS) times.get(name)?.push(performance.now() - startedAt);
    }
  }
  const peer = median(times.get(PEER) ?? []);
  console.info(`medians of ${RUNS} alternating runs in the realm scope:`);
  for (const [name, values] of times) {
    const value = median(values);
    console.info(`  ${name}: ${value.toFixed(1)} ms (${(value / peer).toFixed(1)}× the peer)`);
  }
} finally {
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
}
