/**
 * Load test (issue 10, item 15): 50 connections for 60 s against the real server process, signed in as users
 * of two realms (the demo realm, and a second one on another host name with the same seeded data). 40
 * connections read (facility list, a facility, its records, the factor library, the session) and 10 write
 * (activity records), both realms alike; the two groups are measured apart, so the reads' latency percentiles
 * are the reads' own. Goal: 0 errors and non-2xx answers, reads' p99 under 300 ms. Load generator and server share
 * this machine's cores, as they do in CI. First, as the peer measured in the same run, the same reads on one
 * connection for 10 s.
 *
 * Run: `npx tsx bench/load.bench.ts` (PGlite in a temporary DATA_DIR), `npx tsx bench/load.bench.ts --postgres`
 * (a throwaway PostgreSQL, as `npm test` starts it). ECC_BENCH_PORT sets the port (default 3939),
 * ECC_LOAD_SECONDS the duration (default 60).
 */
import autocannon, { type Request as AutocannonRequest, type Result } from 'autocannon';
import { DEMO_USER } from '../packages/db/src/index.ts';
import {
  createDatabaseTarget,
  prepareDatabase,
  SECOND_REALM,
  SECOND_USER,
  signIn,
  startServer,
  stopProcess,
  type SignedInUser,
} from './support/bench-server.ts';

const PORT = Number(process.env.ECC_BENCH_PORT ?? 3939);
const SECONDS = Number(process.env.ECC_LOAD_SECONDS ?? 60);
const PEER_SECONDS = 10;
const READ_CONNECTIONS = 40;
const WRITE_CONNECTIONS = 10;
const ORIGIN = `http://127.0.0.1:${PORT}`;

function readsOf({ host, cookie, slug }: SignedInUser): AutocannonRequest[] {
  const headers = { host, cookie };
  return [
    '/api/facilities?limit=50',
    `/api/facilities/${slug}`,
    `/api/facilities/${slug}/activity-records?limit=100`,
    '/api/emission-factors?limit=50',
    '/api/auth/session',
  ].map((path) => ({ method: 'GET', path, headers }));
}

function writesOf({ host, cookie, slug }: SignedInUser): AutocannonRequest[] {
  return [
    {
      method: 'POST',
      path: `/api/facilities/${slug}/activity-records`,
      headers: { host, cookie, origin: `http://${host}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        activityType: 'Load-test diesel',
        periodStart: '2025-06-01',
        periodEnd: '2025-06-30',
        quantity: 25,
        unit: 'gal',
        factorKey: 'epa-c1-distillate-fuel-oil-no-2',
        scope: 1,
        isEstimated: false,
      }),
    },
  ];
}

function run(
  title: string,
  connections: number,
  requests: AutocannonRequest[],
  duration = SECONDS,
): Promise<Result> {
  return autocannon({ title, url: ORIGIN, connections, duration, requests });
}

function report(result: Result): string {
  const { latency } = result;
  return (
    `${result.title}: ${result.requests.total} requests (${result.requests.average.toFixed(0)}/s), ` +
    `errors ${result.errors}, timeouts ${result.timeouts}, non-2xx ${result.non2xx}; latency ms ` +
    `p50 ${latency.p50} p90 ${latency.p90} p99 ${latency.p99} max ${latency.max}`
  );
}

async function main(): Promise<void> {
  const isPostgres = process.argv.includes('--postgres');
  const { target, cleanup } = await createDatabaseTarget(isPostgres);
  try {
    await prepareDatabase(target);
    const server = await startServer(target, PORT);
    try {
      const users = [
        await signIn(ORIGIN, `127.0.0.1:${PORT}`, DEMO_USER),
        await signIn(ORIGIN, `${SECOND_REALM.hostName}:${PORT}`, SECOND_USER),
      ];
      console.info(
        `Load test on ${isPostgres ? 'PostgreSQL' : 'PGlite'}: ${READ_CONNECTIONS + WRITE_CONNECTIONS} connections, ` +
          `${SECONDS} s, two realms (${users.map((user) => user.host).join(', ')})`,
      );
      // The peer, in the same run: the same reads one at a time, so the figures under load have a baseline.
      const alone = await run('reads on 1 connection, nothing else', 1, users.flatMap(readsOf), PEER_SECONDS);
      console.info(report(alone));
      const [reads, writes] = await Promise.all([
        run('reads', READ_CONNECTIONS, users.flatMap(readsOf)),
        run('writes', WRITE_CONNECTIONS, users.flatMap(writesOf)),
      ]);
      console.info(report(reads));
      console.info(report(writes));
      // autocannon's errors include its timeouts.
      const failures = [reads, writes].reduce((sum, result) => sum + result.errors + result.non2xx, 0);
      console.info(
        `Errors and non-2xx answers: ${failures} (goal 0). Reads' p99: ${reads.latency.p99} ms (goal under 300 ms).`,
      );
      if (failures > 0) process.exitCode = 1;
    } finally {
      await stopProcess(server);
    }
  } finally {
    await cleanup();
  }
}

await main();
