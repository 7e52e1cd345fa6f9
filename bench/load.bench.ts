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
import { spawn, type ChildProcess } from 'node:child_process';
import { request } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon, { type Request as AutocannonRequest, type Result } from 'autocannon';
import {
  createDatabase,
  createDefaultRealmConfig,
  createRealmRepository,
  createUserRepository,
  DEMO_USER,
  hashPassword,
  seedDemoRealm,
  syncReferenceData,
} from '../packages/db/src/index.ts';
import { seedDemoEmissions } from '../packages/db/src/demo-emissions-seed.ts';
import { startThrowawayPostgres } from '../scripts/test-support/postgres-server.mjs';

const PORT = Number(process.env.ECC_BENCH_PORT ?? 3939);
const SECONDS = Number(process.env.ECC_LOAD_SECONDS ?? 60);
const PEER_SECONDS = 10;
const READ_CONNECTIONS = 40;
const WRITE_CONNECTIONS = 10;
const SECOND_REALM = { key: 'loadtest', host: `loadtest.localhost:${PORT}`, name: 'Load Test Co.' };
const SECOND_USER = { email: 'member@loadtest.example', password: 'loadtest-password' };
const ORIGIN = `http://127.0.0.1:${PORT}`;

type DatabaseTarget = { dataDir: string } | { databaseUrl: string };

/** The demo realm as `npm start` seeds it, and a second realm with the same data on its own host name. */
async function prepareDatabase(target: DatabaseTarget): Promise<void> {
  const database = await createDatabase(target);
  try {
    await database.migrate();
    await syncReferenceData(database.db);
    await seedDemoRealm(database.db);
    const realm = await createRealmRepository(database.db).insert({
      key: SECOND_REALM.key,
      parentId: null,
      active: true,
      realm: SECOND_REALM.key,
      name: SECOND_REALM.name,
      type: 'organization',
      domains: ['loadtest.localhost'],
      properties: { config: createDefaultRealmConfig({ plan: 'CORE' }) },
    });
    if (!realm) throw new Error('The second realm exists already');
    await createUserRepository(database.db).insert(realm.id, {
      email: SECOND_USER.email,
      passwordHash: await hashPassword(SECOND_USER.password),
      role: 'member',
      properties: {},
    });
    await seedDemoEmissions(database.db, realm.id);
  } finally {
    await database.close();
  }
}

function startServer(target: DatabaseTarget): Promise<ChildProcess> {
  const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    env: {
      ...process.env,
      ...('dataDir' in target
        ? { DATA_DIR: target.dataDir, DATABASE_URL: '' }
        : { DATABASE_URL: target.databaseUrl }),
      PORT: String(PORT),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let output = '';
    server.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('running at')) resolve(server);
    });
    server.once('exit', (code) => reject(new Error(`The server exited with ${code}:\n${output}`)));
  });
}

interface SignedInUser {
  host: string;
  cookie: string;
  slug: string;
}

/** A request with the given Host header (fetch drops it): the realm is chosen by host name. */
function send(
  host: string,
  method: string,
  path: string,
  headers: Record<string, string> = {},
  body?: string,
): Promise<{ status: number; cookies: string[]; json: () => unknown }> {
  return new Promise((resolve, reject) => {
    const outgoing = request(`${ORIGIN}${path}`, { method, headers: { ...headers, host } }, (response) => {
      let text = '';
      response.on('data', (chunk: Buffer) => (text += chunk.toString()));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          cookies: response.headers['set-cookie'] ?? [],
          json: () => JSON.parse(text),
        }),
      );
    });
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

async function signIn(host: string, credentials: { email: string; password: string }): Promise<SignedInUser> {
  const login = await send(
    host,
    'POST',
    '/api/auth/login',
    { origin: `http://${host}`, 'content-type': 'application/json' },
    JSON.stringify({ username: credentials.email, password: credentials.password }),
  );
  if (login.status !== 200) throw new Error(`Sign-in of ${credentials.email} failed: ${login.status}`);
  const cookie = login.cookies[0]?.split(';')[0] ?? '';
  const list = await send(host, 'GET', '/api/facilities?limit=1', { cookie });
  const slug = (list.json() as { results: { slug: string }[] }).results[0]?.slug;
  if (!slug) throw new Error(`${credentials.email} sees no facility`);
  return { host, cookie, slug };
}

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
  const cleanups: (() => void | Promise<void>)[] = [];
  try {
    let target: DatabaseTarget;
    if (isPostgres) {
      const postgres = await startThrowawayPostgres();
      cleanups.push(postgres.stop);
      target = { databaseUrl: postgres.url };
    } else {
      const dataDir = mkdtempSync(join(tmpdir(), 'ecc-load-'));
      cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
      target = { dataDir };
    }
    await prepareDatabase(target);
    const server = await startServer(target);
    cleanups.push(
      () =>
        new Promise<void>((resolve) => {
          server.once('exit', () => resolve());
          server.kill('SIGTERM');
        }),
    );
    const users = [
      await signIn(`127.0.0.1:${PORT}`, DEMO_USER),
      await signIn(SECOND_REALM.host, SECOND_USER),
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
    for (const cleanup of cleanups.reverse()) await cleanup();
  }
}

await main();
