/**
 * Statements PostgreSQL runs for each request of the mixed load (issue 15): a throwaway PostgreSQL logs every
 * statement (`log_statement = all`), the real server runs on it, and the load bench's write and reads are sent
 * one at a time, each right after a write and again with nothing written between, so no queueing shows in the
 * counts. They do not depend on the machine's load, unlike the bench's timings.
 *
 * Run: `npx tsx bench/statement-count.bench.ts [--show]` (`--show` prints each statement).
 * ECC_BENCH_PORT sets the server's port (default 3943).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { DEMO_USER } from '../packages/db/src/index.ts';
import { startThrowawayPostgres } from '../scripts/test-support/postgres-server.mjs';
import { prepareDatabase, send, signIn, startServer, stopProcess } from './support/bench-server.ts';

const PORT = Number(process.env.ECC_BENCH_PORT ?? 3943);
const ORIGIN = `http://127.0.0.1:${PORT}`;
const HOST = 'localhost';
const IS_SHOWN = process.argv.includes('--show');
/** Long enough for the server's statements of one request to reach the log before it is read. */
const SETTLE_MS = 400;
const RECORD = JSON.stringify({
  activityType: 'Counted diesel',
  periodStart: '2025-06-01',
  periodEnd: '2025-06-30',
  quantity: 25,
  unit: 'gal',
  factorKey: 'epa-c1-distillate-fuel-oil-no-2',
  scope: 1,
  isEstimated: false,
});

const settle = () => new Promise((resolve) => setTimeout(resolve, SETTLE_MS));

const postgres = await startThrowawayPostgres({ log: () => undefined });
const logFile = join(postgres.directory, 'server.log');
const target = { databaseUrl: postgres.url };
let server: Awaited<ReturnType<typeof startServer>> | undefined;
try {
  await prepareDatabase(target);
  const client = new pg.Client({ connectionString: postgres.url });
  await client.connect();
  await client.query(`alter system set log_statement = 'all'`);
  await client.query('select pg_reload_conf()');
  await client.end();
  server = await startServer(target, PORT);
  const { cookie, slug } = await signIn(ORIGIN, HOST, DEMO_USER);
  const write = () =>
    send(
      ORIGIN,
      HOST,
      'POST',
      `/api/facilities/${slug}/activity-records`,
      {
        cookie,
        origin: `http://${HOST}`,
        'content-type': 'application/json',
      },
      RECORD,
    );
  const count = async (label: string, request: () => Promise<{ status: number }>) => {
    await settle();
    const from = readFileSync(logFile, 'utf8').length;
    const { status } = await request();
    await settle();
    const statements = readFileSync(logFile, 'utf8')
      .slice(from)
      .split('\n')
      .filter((line) => /LOG: {2}(statement|execute)/.test(line));
    console.info(`${label}: ${statements.length} statements (status ${status})`);
    if (IS_SHOWN)
      for (const line of statements) console.info(`    ${line.replace(/^.*?LOG: {2}/, '').slice(0, 200)}`);
  };
  await write();
  await count('POST …/activity-records, right after a write', write);
  for (const path of [
    '/api/facilities?limit=50',
    `/api/facilities/${slug}`,
    `/api/facilities/${slug}/activity-records?limit=100`,
    '/api/emission-factors?limit=50',
    '/api/auth/session',
  ]) {
    const read = () => send(ORIGIN, HOST, 'GET', path, { cookie });
    const label = `GET ${path.replace(slug, '{slug}')}`;
    await write();
    await count(`${label}, right after a write`, read);
    await count(`${label}, repeated`, read);
  }
} finally {
  if (server) await stopProcess(server);
  postgres.stop();
}
