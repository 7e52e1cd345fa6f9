import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { DEMO_ADMIN } from '@ecc/db';
import { createPostgresTestDatabaseUrl, createTestDataDir } from '@ecc/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPOSITORY_ROOT } from '#platform/config.ts';
import {
  exitOf,
  startServerProcess,
  waitForServerUrl,
  type ServerProcess,
} from '#test-support/server-process.ts';

/*
 * Durability under the worst stop: the real server process is killed with SIGKILL while writers are posting
 * activity records concurrently, then started again on the same data, several rounds. Every write the server
 * acknowledged must be there after the restart, and the audit log's hash chain must verify. On PGlite in the
 * PGlite run of the integration suite, on a fresh PostgreSQL database in the PostgreSQL run (DATABASE_URL).
 */

const ROUNDS = 3;
const WRITERS = 8;
/** Acknowledged writes a round waits for before the kill, so the kill lands among writes in flight. */
const WRITES_BEFORE_KILL = 40;

type Database = { dataDir: string } | { databaseUrl: string };

const RECORD = {
  activityType: 'Crash-test diesel',
  periodStart: '2024-03-01',
  periodEnd: '2024-03-31',
  quantity: 12,
  unit: 'gal',
  factorKey: 'epa-c1-distillate-fuel-oil-no-2',
  scope: 1,
  isEstimated: false,
};

describe('SIGKILL of the server during concurrent writes', () => {
  let database: Database;
  let cleanUp: () => Promise<void>;
  let server: ServerProcess | undefined;

  beforeAll(async () => {
    if (process.env.DATABASE_URL) {
      const created = await createPostgresTestDatabaseUrl(process.env.DATABASE_URL);
      database = { databaseUrl: created.url };
      cleanUp = created.drop;
    } else {
      const dataDir = await createTestDataDir();
      database = { dataDir };
      cleanUp = async () => rmSync(dataDir, { recursive: true, force: true });
    }
  });
  afterAll(async () => {
    if (server && server.exitCode === null && server.signalCode === null) {
      server.kill('SIGKILL');
      await exitOf(server);
    }
    await cleanUp();
  });

  async function signIn(url: string): Promise<string> {
    const response = await fetch(`${url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: url },
      body: JSON.stringify({ username: DEMO_ADMIN.email, password: DEMO_ADMIN.password }),
    });
    expect(response.status).toBe(200);
    const cookie = response.headers.getSetCookie().find((each) => each.startsWith('ecc_session='));
    return cookie?.split(';')[0] ?? '';
  }

  async function recordIds(url: string, cookie: string, slug: string): Promise<Set<string>> {
    const response = await fetch(`${url}/api/facilities/${slug}/activity-records?limit=20000`, {
      headers: { cookie },
    });
    expect(response.status).toBe(200);
    const { results } = (await response.json()) as { results: { id: string }[] };
    return new Set(results.map((record) => record.id));
  }

  /** Writers post records until `kill` is called; resolves to the ids the server acknowledged. */
  function writeConcurrently(url: string, cookie: string, slug: string, round: number) {
    const acknowledged: string[] = [];
    let isKilled = false;
    let onEnough: () => void = () => undefined;
    const enough = new Promise<void>((resolve) => (onEnough = resolve));
    const writer = async (writerIndex: number) => {
      for (let index = 0; !isKilled; index += 1) {
        try {
          const response = await fetch(`${url}/api/facilities/${slug}/activity-records`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', origin: url, cookie },
            body: JSON.stringify({
              ...RECORD,
              notes: `round ${round}, writer ${writerIndex}, write ${index}`,
            }),
          });
          if (response.status !== 201 && response.status !== 200) {
            throw new Error(`A write was refused: ${response.status} ${await response.text()}`);
          }
          acknowledged.push(((await response.json()) as { id: string }).id);
          if (acknowledged.length >= WRITES_BEFORE_KILL) onEnough();
        } catch (error) {
          // After the kill a request fails on the wire: it was never acknowledged. Before it, it is a failure.
          if (!isKilled) throw error;
        }
      }
    };
    const writers = Promise.all(Array.from({ length: WRITERS }, (_, index) => writer(index)));
    return {
      enough,
      stop: async () => {
        isKilled = true;
        await writers;
        return acknowledged;
      },
    };
  }

  it(`keeps every acknowledged write through ${ROUNDS} kills, and the audit chain verifies`, async () => {
    const everAcknowledged: string[] = [];
    let slug = '';
    for (let round = 1; round <= ROUNDS; round += 1) {
      server = startServerProcess(database);
      const url = await waitForServerUrl(server);
      const cookie = await signIn(url);
      const facilities = await fetch(`${url}/api/facilities?limit=1`, { headers: { cookie } });
      slug = ((await facilities.json()) as { results: { slug: string }[] }).results[0]?.slug ?? '';

      // What earlier rounds were told was written is still there after the restart.
      const present = await recordIds(url, cookie, slug);
      expect(everAcknowledged.filter((id) => !present.has(id))).toEqual([]);

      const writes = writeConcurrently(url, cookie, slug, round);
      await writes.enough;
      server.kill('SIGKILL');
      const exited = exitOf(server);
      everAcknowledged.push(...(await writes.stop()));
      await exited;
    }

    server = startServerProcess(database);
    const url = await waitForServerUrl(server);
    const present = await recordIds(url, await signIn(url), slug);
    expect(everAcknowledged.length).toBeGreaterThanOrEqual(ROUNDS * WRITES_BEFORE_KILL);
    expect(everAcknowledged.filter((id) => !present.has(id))).toEqual([]);
    server.kill('SIGTERM');
    expect(await exitOf(server)).toBe(0);

    const check = spawnSync(
      process.execPath,
      ['--import', 'tsx', 'apps/server/src/cli.ts', 'audit', 'check'],
      {
        cwd: REPOSITORY_ROOT,
        env: {
          ...process.env,
          ...('dataDir' in database
            ? { DATA_DIR: database.dataDir, DATABASE_URL: '' }
            : { DATABASE_URL: database.databaseUrl }),
        },
        encoding: 'utf8',
      },
    );
    expect(check.stderr).toBe('');
    expect(check.status).toBe(0);
  }, 600_000);
});
