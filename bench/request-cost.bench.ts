/**
 * What one read costs (issue 15): each request of the list below under load (autocannon, 20 connections,
 * 8 s by default), through the real server process on the demo realm, beside its peer in the same run: a bare
 * Fastify route in its own process answering the same body with the same headers. With `--profile`, the server
 * runs under V8's CPU profiler for each request and the self time of the load is summarised by area of the code.
 *
 * Run: `npx tsx bench/request-cost.bench.ts [--postgres] [--profile] [--seconds 8] [--connections 20] [--only text]`.
 * ECC_BENCH_PORT sets the server's port (default 3941; the bare route uses the next one).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';
import { parseArgs } from 'node:util';
import autocannon, { type Result } from 'autocannon';
import { DEMO_USER } from '../packages/db/src/index.ts';
import {
  createDatabaseTarget,
  prepareDatabase,
  send,
  signIn,
  startServer,
  stopProcess,
  type SignedInUser,
} from './support/bench-server.ts';
import { printProfile, profiledServerOptions, signalProfiler } from './support/server-profile.ts';

const { values: flags } = parseArgs({
  options: {
    postgres: { type: 'boolean', default: false },
    profile: { type: 'boolean', default: false },
    seconds: { type: 'string', default: '8' },
    connections: { type: 'string', default: '20' },
    /** Runs only the scenarios whose name contains this text (e.g. `facilities`). */
    only: { type: 'string', default: '' },
  },
});
const SECONDS = Number(flags.seconds);
const CONNECTIONS = Number(flags.connections);
const PORT = Number(process.env.ECC_BENCH_PORT ?? 3941);
const BARE_PORT = PORT + 1;
const ORIGIN = `http://127.0.0.1:${PORT}`;
const HOST = `127.0.0.1:${PORT}`;
/** Headers that describe one answer rather than the route (the bare peer sends the rest as they came). */
const PER_ANSWER_HEADERS = new Set(['date', 'connection', 'keep-alive', 'content-length', 'set-cookie']);

interface Scenario {
  name: string;
  path: (user: SignedInUser) => string;
  isSignedIn: boolean;
}

const SCENARIOS: Scenario[] = [
  { name: 'GET /api/config', path: () => '/api/config', isSignedIn: false },
  { name: 'GET /api/auth/session (signed in)', path: () => '/api/auth/session', isSignedIn: true },
  { name: 'GET /api/user', path: () => '/api/user', isSignedIn: true },
  { name: 'GET /api/facilities?limit=20', path: () => '/api/facilities?limit=20', isSignedIn: true },
  { name: 'GET /api/facilities/{slug}', path: (user) => `/api/facilities/${user.slug}`, isSignedIn: true },
];

function load(path: string, port: number, headers: Record<string, string>): Promise<Result> {
  return autocannon({
    url: `http://127.0.0.1:${port}${path}`,
    connections: CONNECTIONS,
    duration: SECONDS,
    headers,
  });
}

function startBareRoute(body: string, headers: Record<string, string>): Promise<ChildProcess> {
  const directory = mkdtempSync(join(tmpdir(), 'ecc-bare-'));
  const bodyFile = join(directory, 'body');
  writeFileSync(bodyFile, body);
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/support/bare-server.ts'], {
    env: {
      ...process.env,
      PORT: String(BARE_PORT),
      BARE_BODY_FILE: bodyFile,
      BARE_HEADERS: JSON.stringify(headers),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  child.once('exit', () => rmSync(directory, { recursive: true, force: true }));
  return new Promise((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('running at')) resolve(child);
    });
    child.once('exit', (code) => reject(new Error(`The bare route exited with ${code}`)));
  });
}

function figures(result: Result): string {
  const failures = result.errors + result.non2xx;
  return (
    `${result.requests.average.toFixed(0).padStart(6)} req/s, p50 ${String(result.latency.p50).padStart(4)} ms, ` +
    `p99 ${String(result.latency.p99).padStart(4)} ms${failures ? `, ${failures} failures` : ''}`
  );
}

async function measure(
  scenario: Scenario,
  target: Parameters<typeof startServer>[0],
  profileFile: string | undefined,
): Promise<void> {
  const { nodeArguments, environment } = profiledServerOptions(profileFile);
  const server = await startServer(target, PORT, nodeArguments, environment);
  try {
    const user = await signIn(ORIGIN, HOST, DEMO_USER);
    const path = scenario.path(user);
    const headers: Record<string, string> = scenario.isSignedIn ? { cookie: user.cookie } : {};
    const sample = await send(ORIGIN, HOST, 'GET', path, headers);
    if (sample.status !== 200) throw new Error(`${scenario.name} answered ${sample.status}: ${sample.text}`);
    const answerHeaders = Object.fromEntries(
      Object.entries(sample.headers)
        .filter(([name]) => !PER_ANSWER_HEADERS.has(name))
        .map(([name, value]) => [name, Array.isArray(value) ? value.join(', ') : String(value)]),
    );
    const bare = await startBareRoute(sample.text, answerHeaders);
    let peer: Result;
    try {
      peer = await load(path, BARE_PORT, headers);
    } finally {
      await stopProcess(bare);
    }
    if (profileFile) await signalProfiler(server, 'profile started');
    const ours = await load(path, PORT, { ...headers, host: HOST });
    if (profileFile) await signalProfiler(server, 'profile written');
    const ratio = ours.requests.average / peer.requests.average;
    console.info(`${scenario.name} (${(sample.text.length / 1024).toFixed(1)} kB)`);
    console.info(`  ours: ${figures(ours)}`);
    console.info(`  bare: ${figures(peer)}   ours/bare ${ratio.toFixed(3)}`);
    if (profileFile) printProfile(profileFile);
  } finally {
    await stopProcess(server);
  }
}

async function main(): Promise<void> {
  const { target, cleanup } = await createDatabaseTarget(flags.postgres);
  const profileDirectory = flags.profile ? mkdtempSync(join(tmpdir(), 'ecc-profile-')) : undefined;
  const profileFile = profileDirectory && join(profileDirectory, 'server.cpuprofile');
  try {
    await prepareDatabase(target);
    console.info(
      `Request cost on ${flags.postgres ? 'PostgreSQL' : 'PGlite'}: ${CONNECTIONS} connections, ${SECONDS} s ` +
        `each, load average before ${loadavg()[0]?.toFixed(2)}${flags.profile ? ', CPU-profiled' : ''}`,
    );
    for (const scenario of SCENARIOS.filter(({ name }) => name.includes(flags.only))) {
      await measure(scenario, target, profileFile);
    }
  } finally {
    if (profileDirectory) rmSync(profileDirectory, { recursive: true, force: true });
    await cleanup();
  }
}

await main();
