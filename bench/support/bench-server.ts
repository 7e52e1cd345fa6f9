/**
 * What the server benchmarks share: a database prepared as `npm start` seeds it plus a second realm on its own
 * host name, the real server started as a child process (as users meet it), requests with a chosen Host header,
 * and sign-in.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  createDatabase,
  createDefaultRealmConfig,
  createRealmRepository,
  createUserRepository,
  hashPassword,
  seedDemoRealm,
  syncReferenceData,
} from '../../packages/db/src/index.ts';
import { seedDemoEmissions } from '../../packages/db/src/demo-emissions-seed.ts';
import { startThrowawayPostgres } from '../../scripts/test-support/postgres-server.mjs';

export type DatabaseTarget = { dataDir: string } | { databaseUrl: string };

export const SECOND_REALM = { key: 'loadtest', hostName: 'loadtest.localhost', name: 'Load Test Co.' };
export const SECOND_USER = { email: 'member@loadtest.example', password: 'loadtest-password' };

/** A throwaway PGlite directory or PostgreSQL server; `cleanup` removes it. */
export async function createDatabaseTarget(
  isPostgres: boolean,
): Promise<{ target: DatabaseTarget; cleanup: () => Promise<void> }> {
  if (isPostgres) {
    const postgres = await startThrowawayPostgres();
    return { target: { databaseUrl: postgres.url }, cleanup: async () => postgres.stop() };
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'ecc-bench-'));
  return {
    target: { dataDir },
    cleanup: async () => rmSync(dataDir, { recursive: true, force: true }),
  };
}

/** The demo realm as `npm start` seeds it, and a second realm with the same data on its own host name. */
export async function prepareDatabase(target: DatabaseTarget): Promise<void> {
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
      domains: [SECOND_REALM.hostName],
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

/** Resolves once `readyText` appears on the child's standard output; rejects if it exits first. */
function whenReady(child: ChildProcess, readyText: string): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes(readyText)) resolve(child);
    });
    child.once('exit', (code) => reject(new Error(`The process exited with ${code}:\n${output}`)));
  });
}

/** The real server (`apps/server/src/main.ts`) on `port`; `nodeArguments` go before the script (e.g. `--import`). */
export function startServer(
  target: DatabaseTarget,
  port: number,
  nodeArguments: string[] = [],
  environment: Record<string, string> = {},
): Promise<ChildProcess> {
  const server = spawn(process.execPath, [...nodeArguments, '--import', 'tsx', 'apps/server/src/main.ts'], {
    env: {
      ...process.env,
      ...environment,
      ...('dataDir' in target
        ? { DATA_DIR: target.dataDir, DATABASE_URL: '' }
        : { DATABASE_URL: target.databaseUrl }),
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return whenReady(server, 'running at');
}

/** Stops a child with SIGTERM and waits for it to exit. */
export function stopProcess(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

/** A request with the given Host header (fetch drops it): the realm is chosen by host name. */
export function send(
  origin: string,
  host: string,
  method: string,
  path: string,
  headers: Record<string, string> = {},
  body?: string,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const outgoing = request(`${origin}${path}`, { method, headers: { ...headers, host } }, (response) => {
      let text = '';
      response.on('data', (chunk: Buffer) => (text += chunk.toString()));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, text }),
      );
    });
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

export interface SignedInUser {
  host: string;
  cookie: string;
  /** A facility this user sees. */
  slug: string;
}

export async function signIn(
  origin: string,
  host: string,
  credentials: { email: string; password: string },
): Promise<SignedInUser> {
  const login = await send(
    origin,
    host,
    'POST',
    '/api/auth/login',
    { origin: `http://${host}`, 'content-type': 'application/json' },
    JSON.stringify({ username: credentials.email, password: credentials.password }),
  );
  if (login.status !== 200) throw new Error(`Sign-in of ${credentials.email} failed: ${login.status}`);
  const setCookie = login.headers['set-cookie'];
  const cookie = (Array.isArray(setCookie) ? setCookie[0] : setCookie)?.split(';')[0] ?? '';
  const list = await send(origin, host, 'GET', '/api/facilities?limit=1', { cookie });
  const slug = (JSON.parse(list.text) as { results: { slug: string }[] }).results[0]?.slug;
  if (!slug) throw new Error(`${credentials.email} sees no facility`);
  return { host, cookie, slug };
}
