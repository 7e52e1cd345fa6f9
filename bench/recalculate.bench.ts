/**
 * Benchmark of bulk recalculation (issue 4, Performance: 1,000,000 activity records on PGlite in under 60 s,
 * reported as records/s, and on PostgreSQL). Seeds N records in one realm (a third each: distillate fuel in
 * gallons through the heat content, natural gas in scf, and electricity in kWh with 40% certificates, which
 * gives two Scope 2 results), then times, in the same run:
 *  - our recalculation (`createRecalculationService`, as `POST /api/recalculations` and the CLI run it), first
 *    into an empty results table, then again replacing the results it wrote (on the realm's set, AR5), then
 *    moving the realm to AR6 (every result written beside the AR5 ones, then the switch dropping those); and a
 *    replacing run with the monthly totals' triggers (decision 022) disabled, between two with them, for their cost;
 *  - a peer: one `INSERT … SELECT` computing a single factor's CO2e in SQL, one result per record — the floor
 *    of what the database itself can write, with no JavaScript, no reading out and no per-record logic.
 * On PGlite (a temporary data directory, as the server uses) and, with `--postgres`, on a throwaway PostgreSQL
 * started like the test runner's (or the server in DATABASE_URL, when set).
 * Run: `npx tsx bench/recalculate.bench.ts [--records 1000000] [--postgres] [--skip-pglite] [--skip-peer]`.
 */
import { randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { parseArgs } from 'node:util';
import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { createRecalculationService } from '../apps/server/src/modules/emissions/recalculation.service.ts';
import {
  createRealmRepository,
  createDefaultRealmConfig,
  type DatabaseHandle,
} from '../packages/db/src/index.ts';
import { benchOnEachDatabase } from './support/bench-databases.ts';

const { values: flags } = parseArgs({
  options: {
    records: { type: 'string', default: '1000000' },
    postgres: { type: 'boolean', default: false },
    'skip-pglite': { type: 'boolean', default: false },
    'skip-peer': { type: 'boolean', default: false },
  },
});
const RECORD_COUNT = Number(flags.records);
const SEED_CHUNK = 100_000;

function seconds(milliseconds: number): string {
  return `${(milliseconds / 1000).toFixed(1)} s`;
}

function rate(count: number, milliseconds: number): string {
  return `${Math.round(count / (milliseconds / 1000)).toLocaleString('en-US')} records/s`;
}

/**
 * Wall time and this process's CPU time. The machine is shared, so wall time depends on the other jobs; on
 * PGlite (in this process) CPU time is the work itself, on PostgreSQL it is the JavaScript side only.
 */
async function measure(work: () => Promise<unknown>): Promise<{ wall: number; cpu: number }> {
  const cpuStart = process.cpuUsage();
  const started = performance.now();
  await work();
  const wall = performance.now() - started;
  const cpu = process.cpuUsage(cpuStart);
  return { wall, cpu: (cpu.user + cpu.system) / 1000 };
}

function describe({ wall, cpu }: { wall: number; cpu: number }): string {
  return `wall ${seconds(wall)} (${rate(RECORD_COUNT, wall)}), process CPU ${seconds(cpu)} (${rate(RECORD_COUNT, cpu)})`;
}

/** COPY text into a table, through the driver under drizzle (PGlite blob or pg-copy-streams). */
async function copyInto(database: DatabaseHandle, target: string, text: string): Promise<void> {
  const client = (database.db as unknown as { $client: PGlite | pg.Pool }).$client;
  if (database.kind === 'pglite') {
    await (client as PGlite).query(`COPY ${target} FROM '/dev/blob'`, [], { blob: new Blob([text]) });
    return;
  }
  const connection = await (client as pg.Pool).connect();
  try {
    await pipeline(Readable.from([text]), connection.query(copyFrom(`COPY ${target} FROM STDIN`)));
  } finally {
    connection.release();
  }
}

async function execute(database: DatabaseHandle, text: string, params: unknown[] = []): Promise<number> {
  const client = (database.db as unknown as { $client: PGlite | pg.Pool }).$client;
  if (database.kind === 'pglite') return (await (client as PGlite).query(text, params)).affectedRows ?? 0;
  return (await (client as pg.Pool).query(text, params)).rowCount ?? 0;
}

async function seed(database: DatabaseHandle, label: string): Promise<{ realmId: string; rows: number }> {
  const realm = await createRealmRepository(database.db).insert({
    key: 'bench',
    parentId: null,
    active: true,
    realm: 'bench',
    name: 'Recalculation benchmark',
    type: 'organization',
    domains: [],
    properties: { config: createDefaultRealmConfig({ plan: 'CORE' }) },
  });
  if (!realm) throw new Error('realm not created');
  const facilityId = randomUUID();
  await execute(
    database,
    `INSERT INTO facilities (id, realm_id, slug, name, sector, country) VALUES ($1, $2, 'plant', 'Plant', 'Manufacturing', 'US')`,
    [facilityId, realm.id],
  );
  const started = performance.now();
  let resultRows = 0;
  for (let start = 0; start < RECORD_COUNT; start += SEED_CHUNK) {
    const lines: string[] = [];
    for (let index = start; index < Math.min(start + SEED_CHUNK, RECORD_COUNT); index++) {
      const month = String((index % 12) + 1).padStart(2, '0');
      const prefix = `${randomUUID()}\t${realm.id}\t${facilityId}\t`;
      const period = `2024-${month}-01\t2024-${month}-28\t`;
      const quantity = 100 + (index % 997);
      switch (index % 3) {
        case 0:
          lines.push(`${prefix}fuel\t${period}${quantity}\tgal\tepa-c1-distillate-fuel-oil-no-2\t1\t\\N\n`);
          resultRows += 1;
          break;
        case 1:
          lines.push(`${prefix}fuel\t${period}${quantity * 100}\tscf\tepa-c1-natural-gas\t1\t\\N\n`);
          resultRows += 1;
          break;
        default:
          lines.push(
            `${prefix}electricity\t${period}${quantity * 1000}\tkWh\tegrid-2022-us-average\t2\t0.4\n`,
          );
          resultRows += 2;
      }
    }
    await copyInto(
      database,
      'activity_records (id, realm_id, facility_id, activity_type, period_start, period_end, quantity, unit, factor_key, scope, certificate_coverage)',
      lines.join(''),
    );
  }
  await execute(database, 'ANALYZE activity_records');
  console.info(
    `${label}: seeded ${RECORD_COUNT.toLocaleString('en-US')} records in ${seconds(performance.now() - started)}`,
  );
  return { realmId: realm.id, rows: resultRows };
}

async function ours(
  database: DatabaseHandle,
  realmId: string,
  label: string,
  gwp: 'AR5' | 'AR6' = 'AR5',
): Promise<void> {
  const service = createRecalculationService(database);
  let runId = '';
  const timing = await measure(async () => {
    const run = await service.start(realmId, { gwp });
    if (!run) throw new Error('a run is already going');
    runId = run.id;
    await service.whenIdle();
  });
  const done = await service.find(realmId, runId);
  if (done?.status !== 'completed' || done.processed !== RECORD_COUNT || done.failed !== 0) {
    throw new Error(`run ended ${JSON.stringify(done)}`);
  }
  console.info(`${label}: ${describe(timing)}`);
}

/**
 * Distillate No. 2 per gallon, AR5: 0.138 mmBtu/gal × (73.96 kg CO2, 0.003 kg CH4 × 28, 0.0006 kg N2O × 265). The
 * rows name the realm's set (the database refuses any other); only the peer's cost matters, not its figures.
 */
const PEER_SQL = `INSERT INTO emission_results_all_sets (realm_id, activity_record_id, facility_id, period_start, scope,
    scope2_method, gases, co2e_kg, gwp_set_id, factor_key, factor_version, calculation_method_id, is_fallback)
  SELECT realm_id, id, facility_id, period_start, 1, '',
    jsonb_build_object('CO2', quantity * 0.138 * 73.96, 'CH4', quantity * 0.138 * 0.003, 'N2O', quantity * 0.138 * 0.0006),
    quantity * 0.138 * (73.96 + 0.003 * 28 + 0.0006 * 265),
    (SELECT ecc_realm_gwp_set_id(properties) FROM realms WHERE id = $1),
    'epa-c1-distillate-fuel-oil-no-2', '2024', 'heat-content', false
  FROM activity_records WHERE realm_id = $1`;

async function peer(database: DatabaseHandle, realmId: string, label: string): Promise<void> {
  const deleteStarted = performance.now();
  await execute(database, 'DELETE FROM emission_results_all_sets WHERE realm_id = $1', [realmId]);
  console.info(`${label}: deleting the realm's results took ${seconds(performance.now() - deleteStarted)}`);
  let inserted = 0;
  const timing = await measure(async () => {
    inserted = await execute(database, PEER_SQL, [realmId]);
  });
  if (inserted !== RECORD_COUNT) throw new Error(`peer inserted ${inserted} rows`);
  console.info(`${label}: peer INSERT … SELECT (one row per record): ${describe(timing)}`);
}

/** The clauses that turn the monthly totals' three triggers (migration 0016) off or on. */
const MONTH_TOTAL_TRIGGERS = (action: 'DISABLE' | 'ENABLE') =>
  [
    'emission_results_add_to_month_totals',
    'emission_results_remove_from_month_totals',
    'emission_results_replace_in_month_totals',
  ]
    .map((trigger) => `${action} TRIGGER ${trigger}`)
    .join(', ');

async function bench(database: DatabaseHandle, label: string): Promise<void> {
  await database.migrate();
  const { realmId, rows } = await seed(database, label);
  console.info(`${label}: our recalculation writes ${rows.toLocaleString('en-US')} result rows`);
  await ours(database, realmId, `${label}: ours, empty results table`);
  await ours(database, realmId, `${label}: ours, replacing the previous results`);
  // What the monthly totals' triggers cost (decision 022): the same run with them off. The totals are left
  // wrong for the rest of the bench, which reads none of them.
  await execute(database, `ALTER TABLE emission_results_all_sets ${MONTH_TOTAL_TRIGGERS('DISABLE')}`);
  await ours(database, realmId, `${label}: ours, replacing, without the monthly totals' triggers`);
  await execute(database, `ALTER TABLE emission_results_all_sets ${MONTH_TOTAL_TRIGGERS('ENABLE')}`);
  await ours(database, realmId, `${label}: ours, replacing again, with them`);
  await ours(database, realmId, `${label}: ours, moving the realm to AR6`, 'AR6');
  if (!flags['skip-peer']) await peer(database, realmId, label);
}

console.info(
  `Recalculation benchmark, ${RECORD_COUNT.toLocaleString('en-US')} records, node ${process.version}, ` +
    `${new Date().toISOString()}, load average ${loadavg()
      .map((load) => load.toFixed(1))
      .join(' ')}`,
);
await benchOnEachDatabase(
  {
    isPgliteWanted: !flags['skip-pglite'],
    isPostgresWanted: flags.postgres === true,
    directoryPrefix: 'ecc-recalculate-bench-',
  },
  bench,
);
