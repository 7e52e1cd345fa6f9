/**
 * Benchmark of the knowledge graph (issue 14, Performance: "GET /api/graph with depth 2 around a facility with
 * 10,000 records: under 300 ms on PGlite, answered with summary nodes"). The real app on file-backed PGlite in a
 * temporary data directory, the demo realm seeded, plus a facility of one of its business units with 3 pieces of
 * equipment and 10,000 monthly records (a third on each piece) with their results. Times, alternating, as the
 * demo user:
 *  - `GET /api/graph?focus=facility:…&depth=2` through the app (session, access, row-level security, the walk,
 *    the answer's serialisation);
 *  - the peer, in the same run: one hand-written SQL statement reading the same neighbourhood (the facility, its
 *    unit, the unit's other facilities, units and the unit above, the equipment and their types, the count of the
 *    facility's records and of each piece's), run in the realm scope as a request runs it.
 * The database is not analysed: PGlite runs no autovacuum, so the server's tables have no planner statistics.
 * Run: `npx tsx bench/graph.bench.ts [--runs 20]`.
 */
import { rmSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { graphResponseSchema } from '@ecc/contracts';
import { sql } from 'drizzle-orm';
import { createTestApp, signIn, withSession } from '../apps/server/src/test-support/test-app.ts';
import {
  createDatabase,
  DEMO_USER,
  runInRealmScope,
  seedDemoRealm,
  syncReferenceData,
} from '../packages/db/src/index.ts';
import { createTestDataDir } from '../packages/db/src/testing/test-database.ts';

const { values: flags } = parseArgs({ options: { runs: { type: 'string', default: '20' } } });
const RUNS = Number(flags.runs);
const WARM_UP_RUNS = 3;
const RECORD_COUNT = 10_000;
const EQUIPMENT_COUNT = 3;

type Row = Record<string, unknown>;

function median(values: readonly number[]): number {
  const sorted = [...values].sort((left, right) => left - right);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

const dataDir = await createTestDataDir();
const database = await createDatabase({ dataDir });
const testApp = await createTestApp({ database });
try {
  const { db } = database;
  await syncReferenceData(db);
  await seedDemoRealm(db);
  const rowsOf = async (query: ReturnType<typeof sql>) =>
    ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
  const [realm] = await rowsOf(sql`select id from realms where key = 'demo'`);
  const realmId = String(realm?.id);
  const [unit] = await rowsOf(
    sql`select business_unit_id as id from facilities where realm_id = ${realmId} and business_unit_id is not null
      limit 1`,
  );
  const [facility] = await rowsOf(sql`
    insert into facilities (realm_id, slug, name, sector, country, state, business_unit_id)
    values (${realmId}, 'bench-graph-works', 'Bench Graph Works', 'Chemicals', 'US', 'LA', ${String(unit?.id)})
    returning id`);
  const facilityId = String(facility?.id);
  const [type] = await rowsOf(
    sql`select id, current_version from equipment_types where realm_id = ${realmId} order by key limit 1`,
  );
  await db.execute(sql`
    insert into equipment (realm_id, facility_id, equipment_type_id, type_version, name)
    select ${realmId}, ${facilityId}, ${String(type?.id)}, ${Number(type?.current_version)}, 'Bench boiler ' || n
    from generate_series(1, ${EQUIPMENT_COUNT}) as n`);
  await db.execute(sql`
    insert into activity_records (realm_id, facility_id, equipment_id, activity_type, period_start, period_end,
      quantity, unit, factor_key, scope)
    select ${realmId}, ${facilityId},
      (select id from equipment where realm_id = ${realmId} and facility_id = ${facilityId}
        order by name offset (n % ${EQUIPMENT_COUNT}) limit 1),
      'natural-gas', make_date(2000 + n / 12 % 26, n % 12 + 1, 1), make_date(2000 + n / 12 % 26, n % 12 + 1, 28),
      1000 + n % 997, 'therm', 'epa-c1-natural-gas', 1
    from generate_series(0, ${RECORD_COUNT - 1}) as n`);
  await db.execute(sql`
    insert into emission_results_all_sets (realm_id, activity_record_id, facility_id, period_start, scope, gases,
      co2e_kg, gwp_set_id, factor_key, factor_version, calculation_method_id)
    select realm_id, id, facility_id, period_start, 1, jsonb_build_object('CO2', quantity * 5.306), quantity * 5.31,
      'AR5', factor_key, '2024', 'fuel-combustion'
    from activity_records where realm_id = ${realmId} and facility_id = ${facilityId}`);

  await testApp.app.ready();
  const token = await signIn(testApp.app, DEMO_USER);
  const url = `/api/graph?focus=facility:${facilityId}&depth=2`;
  const request = async () => {
    const response = await testApp.app.inject({
      method: 'GET',
      url,
      headers: { host: 'localhost', ...withSession(token) },
    });
    if (response.statusCode !== 200)
      throw new Error(`${url} answered ${response.statusCode}: ${response.body}`);
    return graphResponseSchema.parse(response.json());
  };
  const answer = await request();
  const summaries = answer.nodes.filter((node) => node.type === 'summary').map((node) => node.label);
  console.info(
    `answer: ${answer.nodes.length} nodes, ${answer.edges.length} edges, truncated ${answer.truncated}; ` +
      `summaries: ${summaries.join('; ')}`,
  );

  const peer = () =>
    db.execute(sql`
      with focus as (select * from facilities where realm_id = ${realmId} and id = ${facilityId}),
        unit as (select u.* from business_units u join focus on u.id = focus.business_unit_id
          where u.realm_id = ${realmId}),
        pieces as (select * from equipment where realm_id = ${realmId} and facility_id = ${facilityId})
      select 'facility' as type, id::text, name as label from focus
      union all select 'business-unit', id::text, name from unit
      union all select 'business-unit', u.id::text, u.name from business_units u join unit on u.id = unit.parent_id
        where u.realm_id = ${realmId}
      union all select 'business-unit', u.id::text, u.name from business_units u join unit on u.parent_id = unit.id
        where u.realm_id = ${realmId}
      union all select 'realm', id::text, name from realms
        where id = ${realmId} and exists (select 1 from unit where parent_id is null)
      union all (select 'facility', f.id::text, f.name from facilities f join unit on f.business_unit_id = unit.id
        where f.realm_id = ${realmId} order by f.name limit 51)
      union all select 'equipment', id::text, name from pieces
      union all select 'equipment-type', t.id::text, t.name from equipment_types t
        where t.realm_id = ${realmId} and t.id in (select equipment_type_id from pieces)
      union all select 'summary', ${facilityId}, count(*)::text from activity_records
        where realm_id = ${realmId} and facility_id = ${facilityId}
      union all select 'summary', equipment_id::text, count(*)::text from activity_records
        where realm_id = ${realmId} and equipment_id in (select id from pieces) group by equipment_id`);
  const [peerRows] = [(await runInRealmScope({ realmIds: [realmId] }, peer)) as unknown as { rows: Row[] }];
  console.info(`peer: ${peerRows.rows.length} rows`);

  const API = 'GET /api/graph depth 2 around the facility (10,000 records)';
  const PEER = 'peer: one hand-written SQL of the same neighbourhood';
  const calls: Record<string, () => Promise<unknown>> = {
    [API]: request,
    [PEER]: () => runInRealmScope({ realmIds: [realmId] }, peer),
  };
  const times = new Map<string, number[]>(Object.keys(calls).map((name) => [name, []]));
  for (let run = 0; run < WARM_UP_RUNS + RUNS; run += 1) {
    for (const [name, call] of Object.entries(calls)) {
      const startedAt = performance.now();
      await call();
      if (run >= WARM_UP_RUNS) times.get(name)?.push(performance.now() - startedAt);
    }
  }
  const peerMedian = median(times.get(PEER) ?? []);
  console.info(`medians of ${RUNS} alternating runs:`);
  for (const [name, values] of times) {
    const value = median(values);
    const sorted = [...values].sort((left, right) => left - right);
    const slowest = sorted[sorted.length - 1] ?? Number.NaN;
    console.info(
      `  ${name}: ${value.toFixed(1)} ms (slowest ${slowest.toFixed(1)} ms; ${(value / peerMedian).toFixed(1)}× the peer)`,
    );
  }
} finally {
  await testApp.close();
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
}
