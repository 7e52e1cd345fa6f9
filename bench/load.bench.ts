/**
 * Load test (issue 10, item 15): 50 connections for 60 s against the real server process, signed in as users
 * of two realms (the demo realm, and a second one on another host name with the same seeded data). 40
 * connections read (facility list, a facility, its records, the factor library, the session) and 10 write
 * (activity records), both realms alike; the two groups are measured apart, so the reads' latency percentiles
 * are the reads' own. Every read's answer is checked for its realm (issue 15): the facilities and records it
 * names must be the asking user's realm's (the two realms hold the same data under other ids), the session and
 * user must be the asking user's. Goals (issue 15): 0 errors and non-2xx answers, 0 cross-realm answers, reads'
 * p99 under 150 ms. Load generator and server share this machine's cores, as they do in CI. First, as the peer
 * measured in the same run, the same reads on one connection for 10 s.
 *
 * Run: `npx tsx bench/load.bench.ts` (PGlite in a temporary DATA_DIR), `npx tsx bench/load.bench.ts --postgres`
 * (a throwaway PostgreSQL, as `npm test` starts it). ECC_BENCH_PORT sets the port (default 3939),
 * ECC_LOAD_SECONDS the duration (default 60). `--profile` runs the server under V8's CPU profiler during the mixed
 * load only and prints its self time by area of the code (with PGlite in its worker thread, the main thread's).
 * The reads under load are also reported by kind, and on PGlite the worker's timings over the mixed load: how long
 * statements and transactions waited for its one connection and held it, and how much of a transaction's hold was
 * idle, waiting for the main thread's next statement (`ECC_DATABASE_TIMINGS_FILE`, pglite-worker-thread.ts).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon, { type Request as AutocannonRequest, type Result } from 'autocannon';
import { DEMO_REALM_KEY, DEMO_USER } from '../packages/db/src/index.ts';
import type { DatabaseTiming } from '../packages/db/src/pglite-worker-protocol.ts';
import {
  createDatabaseTarget,
  prepareDatabase,
  SECOND_REALM,
  SECOND_USER,
  send,
  signIn,
  startServer,
  stopProcess,
  type SignedInUser,
} from './support/bench-server.ts';
import { printProfile, profiledServerOptions, signalProfiler } from './support/server-profile.ts';

const PORT = Number(process.env.ECC_BENCH_PORT ?? 3939);
const SECONDS = Number(process.env.ECC_LOAD_SECONDS ?? 60);
const PEER_SECONDS = 10;
const READ_CONNECTIONS = 40;
const WRITE_CONNECTIONS = 10;
const ORIGIN = `http://127.0.0.1:${PORT}`;

/** A signed-in user and what answers to them may name: their realm's facility ids, their email and realm key. */
interface RealmReader {
  user: SignedInUser;
  email: string;
  realmKey: string;
  facilityIds: ReadonlySet<string>;
}

/** Answers naming another realm's facility, record, user or session; each is a failure of realm isolation. */
const crossRealmAnswers: string[] = [];

/** The read kinds, named as the bench prints them; a facility's slug and the realm do not make a kind. */
const READ_KINDS = [
  'facility list ?limit=50',
  'facility view',
  'records ?limit=100',
  'factor library ?limit=50',
  'session',
  'user',
] as const;
type ReadKind = (typeof READ_KINDS)[number];

/**
 * Each read's latency by kind. autocannon calls a request's `onResponse` and then, in the same tick, emits
 * `response` with that request's latency, so the kind noted in the first is the kind of the second.
 */
const latenciesByKind = new Map<ReadKind, number[]>(READ_KINDS.map((kind) => [kind, []]));
let lastReadKind: ReadKind | undefined;

/** The facility ids of the user's realm, read once before the load. */
async function readerOf(user: SignedInUser, email: string, realmKey: string): Promise<RealmReader> {
  const answer = await send(ORIGIN, user.host, 'GET', '/api/facilities?limit=500&archived=true', {
    cookie: user.cookie,
  });
  const { results } = JSON.parse(answer.text) as { results: { id: string }[] };
  return { user, email, realmKey, facilityIds: new Set(results.map((facility) => facility.id)) };
}

/** Whether an answer to `path` is wholly the reader's realm's; the factor library is shared reference data. */
function isOwnRealmAnswer(reader: RealmReader, path: string, body: unknown): boolean {
  const isOwnFacility = (id: unknown) => typeof id === 'string' && reader.facilityIds.has(id);
  if (path.startsWith('/api/facilities?')) {
    return (body as { results: { id: string }[] }).results.every((facility) => isOwnFacility(facility.id));
  }
  if (path.endsWith('/activity-records?limit=100')) {
    return (body as { results: { facilityId: string }[] }).results.every((record) =>
      isOwnFacility(record.facilityId),
    );
  }
  if (path.startsWith('/api/facilities/'))
    return isOwnFacility((body as { facility: { id: string } }).facility.id);
  if (path === '/api/auth/session') return (body as { email: string }).email === reader.email;
  if (path === '/api/user') return (body as { realm: string }).realm === reader.realmKey;
  return true;
}

function readsOf(reader: RealmReader): AutocannonRequest[] {
  const { host, cookie, slug } = reader.user;
  const headers = { host, cookie };
  return [
    '/api/facilities?limit=50',
    `/api/facilities/${slug}`,
    `/api/facilities/${slug}/activity-records?limit=100`,
    '/api/emission-factors?limit=50',
    '/api/auth/session',
    '/api/user',
  ].map((path, index) => ({
    method: 'GET',
    path,
    headers,
    onResponse: (status: number, body: string) => {
      lastReadKind = READ_KINDS[index];
      if (status !== 200) return;
      if (!isOwnRealmAnswer(reader, path, JSON.parse(body))) crossRealmAnswers.push(`${host} ${path}`);
    },
  }));
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

/** Runs the reads, keeping each answer's latency under its kind (the peer's are not kept). */
function runReads(readers: RealmReader[]): Promise<Result> {
  for (const latencies of latenciesByKind.values()) latencies.length = 0;
  const instance = autocannon(
    {
      title: 'reads',
      url: ORIGIN,
      connections: READ_CONNECTIONS,
      duration: SECONDS,
      requests: readers.flatMap(readsOf),
    },
    () => undefined,
  );
  instance.on('response', (_client, _status, _bytes, latency: number) => {
    if (lastReadKind) latenciesByKind.get(lastReadKind)?.push(latency);
    lastReadKind = undefined;
  });
  return new Promise((resolve) => instance.on('done', resolve));
}

function percentile(sorted: readonly number[], share: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)] ?? 0;
}

/** The reads under load by kind: which of them make the tail (issue 15 session 11). */
function reportByKind(): string[] {
  const all = [...latenciesByKind.values()].flat().sort((a, b) => a - b);
  const tailFrom = percentile(all, 0.99);
  return READ_KINDS.map((kind) => {
    const sorted = [...(latenciesByKind.get(kind) ?? [])].sort((a, b) => a - b);
    const inTail = sorted.filter((latency) => latency >= tailFrom).length;
    return (
      `  ${kind.padEnd(26)} ${String(sorted.length).padStart(6)} reads; ms p50 ${percentile(sorted, 0.5).toFixed(0)} ` +
      `p90 ${percentile(sorted, 0.9).toFixed(0)} p99 ${percentile(sorted, 0.99).toFixed(0)} max ${(sorted.at(-1) ?? 0).toFixed(0)}; ` +
      `${inTail} of the ${all.length - all.findIndex((latency) => latency >= tailFrom)} reads at or over the p99`
    );
  });
}

/** The PGlite worker's time over the mixed load: how long requests waited for its one connection, and held it. */
function reportDatabaseTimings(file: string, from: number, to: number): string[] {
  const timings = (JSON.parse(readFileSync(file, 'utf8')) as DatabaseTiming[]).filter(
    (timing) => timing.at >= from && timing.at <= to,
  );
  const seconds = (to - from) / 1000;
  return (['scoped statement', 'statement', 'transaction'] as const).map((kind) => {
    const ofKind = timings.filter((timing) => timing.kind === kind);
    const waits = ofKind.map((timing) => timing.waitMs).sort((a, b) => a - b);
    const helds = ofKind.map((timing) => timing.heldMs).sort((a, b) => a - b);
    const held = helds.reduce((sum, ms) => sum + ms, 0);
    const busy = ofKind.reduce((sum, timing) => sum + (timing.busyMs ?? 0), 0);
    const statements = ofKind.reduce((sum, timing) => sum + (timing.statements ?? 0), 0);
    const ms = (value: number) => value.toFixed(1);
    const head = `  ${kind.padEnd(17)} ${String(ofKind.length).padStart(6)} (${(ofKind.length / seconds).toFixed(0)}/s); `;
    // PGlite's own queue is inside its calls: a statement outside any transaction is timed wait and run together.
    if (kind === 'statement')
      return `${head}waited and ran, ms p50 ${ms(percentile(helds, 0.5))} p99 ${ms(percentile(helds, 0.99))}`;
    return (
      `${head}wait ms p50 ${ms(percentile(waits, 0.5))} p99 ${ms(percentile(waits, 0.99))}; held ms p50 ` +
      `${ms(percentile(helds, 0.5))} p99 ${ms(percentile(helds, 0.99))}; the connection held ` +
      `${((held / (to - from)) * 100).toFixed(0)} % of the time` +
      (kind === 'transaction'
        ? `, ${statements} statements in them busy ${((busy / (to - from)) * 100).toFixed(0)} %, idle between ` +
          `statements ${(((held - busy) / (to - from)) * 100).toFixed(0)} %`
        : '')
    );
  });
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
  const profileDirectory = process.argv.includes('--profile')
    ? mkdtempSync(join(tmpdir(), 'ecc-profile-'))
    : undefined;
  const profileFile = profileDirectory && join(profileDirectory, 'server.cpuprofile');
  const timingsDirectory = isPostgres ? undefined : mkdtempSync(join(tmpdir(), 'ecc-database-timings-'));
  const timingsFile = timingsDirectory && join(timingsDirectory, 'timings.json');
  const { target, cleanup } = await createDatabaseTarget(isPostgres);
  try {
    await prepareDatabase(target);
    const { nodeArguments, environment } = profiledServerOptions(profileFile);
    const server = await startServer(target, PORT, nodeArguments, {
      ...environment,
      ...(timingsFile ? { ECC_DATABASE_TIMINGS_FILE: timingsFile } : {}),
    });
    let loadWindow = { from: 0, to: 0 };
    try {
      const users = [
        await signIn(ORIGIN, `127.0.0.1:${PORT}`, DEMO_USER),
        await signIn(ORIGIN, `${SECOND_REALM.hostName}:${PORT}`, SECOND_USER),
      ];
      const readers = [
        await readerOf(users[0] as SignedInUser, DEMO_USER.email, DEMO_REALM_KEY),
        await readerOf(users[1] as SignedInUser, SECOND_USER.email, SECOND_REALM.key),
      ];
      if (readers.some((reader) => reader.facilityIds.size === 0)) throw new Error('A realm has no facility');
      console.info(
        `Load test on ${isPostgres ? 'PostgreSQL' : 'PGlite'}: ${READ_CONNECTIONS + WRITE_CONNECTIONS} connections, ` +
          `${SECONDS} s, two realms (${users.map((user) => user.host).join(', ')}), load average before ` +
          `${loadavg()[0]?.toFixed(2)}${profileFile ? ', CPU-profiled' : ''}`,
      );
      // The peer, in the same run: the same reads one at a time, so the figures under load have a baseline.
      const alone = await run(
        'reads on 1 connection, nothing else',
        1,
        readers.flatMap(readsOf),
        PEER_SECONDS,
      );
      console.info(report(alone));
      if (profileFile) await signalProfiler(server, 'profile started');
      loadWindow = { from: Date.now(), to: 0 };
      const [reads, writes] = await Promise.all([
        runReads(readers),
        run('writes', WRITE_CONNECTIONS, users.flatMap(writesOf)),
      ]);
      loadWindow.to = Date.now();
      if (profileFile) await signalProfiler(server, 'profile written');
      console.info(report(reads));
      for (const line of reportByKind()) console.info(line);
      console.info(report(writes));
      // autocannon's errors include its timeouts.
      const failures = [reads, writes].reduce((sum, result) => sum + result.errors + result.non2xx, 0);
      console.info(
        `Errors and non-2xx answers: ${failures} (goal 0). Cross-realm answers: ${crossRealmAnswers.length} of ` +
          `${alone.requests.total + reads.requests.total} reads checked (goal 0${crossRealmAnswers.length ? `; first: ${crossRealmAnswers[0]}` : ''}). ` +
          `Reads' p99: ${reads.latency.p99} ms (goal under 150 ms).`,
      );
      console.info(`Load average after: ${loadavg()[0]?.toFixed(2)}`);
      if (profileFile) printProfile(profileFile);
      if (failures > 0 || crossRealmAnswers.length > 0) process.exitCode = 1;
    } finally {
      await stopProcess(server);
    }
    if (timingsFile && loadWindow.to > 0) {
      console.info('PGlite worker over the mixed load (wait for its one connection, then held):');
      for (const line of reportDatabaseTimings(timingsFile, loadWindow.from, loadWindow.to))
        console.info(line);
    }
  } finally {
    await cleanup();
    if (timingsDirectory) rmSync(timingsDirectory, { recursive: true, force: true });
    if (profileDirectory) rmSync(profileDirectory, { recursive: true, force: true });
  }
}

await main();
