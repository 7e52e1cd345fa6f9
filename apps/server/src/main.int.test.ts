import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { DEMO_USER, LOCK_FILE_NAME } from '@ecc/db';
import { createTestDataDir } from '@ecc/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPOSITORY_ROOT } from '#platform/config.ts';

const MAIN = 'apps/server/src/main.ts';

/** Spawns main.ts the way `npm start` does, on this DATA_DIR and a free port, always on PGlite. */
function startServer(dataDir: string): ChildProcess & { output: () => string } {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    cwd: REPOSITORY_ROOT,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      DATABASE_URL: '',
      // info: the shutdown test waits for the server's "SIGTERM received" line.
      LOG_LEVEL: 'info',
    },
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return Object.assign(child, { output: () => output });
}

/** Resolves once the server's output contains the text; rejects if the server exits first. */
function waitForOutput(server: ReturnType<typeof startServer>, text: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const check = () => {
      if (!server.output().includes(text)) return;
      stopWatching();
      resolve();
    };
    const onExit = () => {
      stopWatching();
      reject(new Error(`The server exited before printing "${text}":\n${server.output()}`));
    };
    const stopWatching = () => {
      server.stdout?.off('data', check);
      server.stderr?.off('data', check);
      server.off('exit', onExit);
    };
    server.stdout?.on('data', check);
    server.stderr?.on('data', check);
    server.once('exit', onExit);
    check();
  });
}

async function waitForUrl(server: ReturnType<typeof startServer>): Promise<string> {
  for (let waited = 0; waited < 60_000; waited += 100) {
    const url = /running at (http:\/\/\S+)/.exec(server.output())?.[1];
    if (url) return url;
    if (server.exitCode !== null) throw new Error(`The server exited early:\n${server.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`The server did not start:\n${server.output()}`);
}

function exitOf(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) resolve(child.exitCode);
    else child.once('exit', (code) => resolve(code));
  });
}

describe('the server process', () => {
  let dataDir: string;
  let server: ReturnType<typeof startServer>;
  let url: string;
  beforeAll(async () => {
    // Already migrated, to spare seconds; a fresh directory's creation is covered in packages/db.
    dataDir = await createTestDataDir();
    server = startServer(dataDir);
    url = await waitForUrl(server);
  });
  afterAll(() => {
    if (server.exitCode === null) server.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('prints the URL and the demo sign-in, and serves the seeded demo realm', async () => {
    expect(server.output()).toContain(`Demo sign-in: ${DEMO_USER.email} / ${DEMO_USER.password}`);
    const response = await fetch(`${url}/api/config`);
    expect(response.status).toBe(200);
    expect(((await response.json()) as { realm: { key: string } }).realm.key).toBe('demo');
  });

  it('seeds the paid demo realm too, prints how to reach it and serves it on its host name', async () => {
    const port = new URL(url).port;
    expect(server.output()).toContain(
      `The same demo on the paid plan (every feature): http://paid.localhost:${port}`,
    );
    // fetch cannot send another Host header; the server resolves the realm from it as it would for Chromium.
    const answer = await new Promise<string>((resolve, reject) => {
      const outgoing = request(
        `${url}/api/config`,
        { headers: { host: `paid.localhost:${port}` } },
        (response) => {
          let body = '';
          response.on('data', (chunk: Buffer) => (body += chunk.toString()));
          response.on('end', () => resolve(body));
        },
      );
      outgoing.on('error', reject);
      outgoing.end();
    });
    const realm = (
      JSON.parse(answer) as {
        realm: { key: string; properties: { config: { applications: { plan: string }[] } } };
      }
    ).realm;
    expect(realm.key).toBe('demopaid');
    expect(realm.properties.config.applications[0]?.plan).toBe('paid');
  });

  it('makes a second server on the same DATA_DIR refuse to start with a clear message', async () => {
    const second = startServer(dataDir);
    expect(await exitOf(second)).toBe(1);
    expect(second.output()).toContain(
      `DATA_DIR ${dataDir} is in use by another Emissions Control Center process (pid ${server.pid}). ` +
        'Stop it first, or set DATA_DIR to another directory.',
    );
  });

  it('on SIGTERM finishes the request in flight, closes the database, releases the lock and exits 0', async () => {
    const body = JSON.stringify({ username: DEMO_USER.email, password: DEMO_USER.password });
    // Half a request is on the wire when the signal comes; the rest follows once the server has begun shutting
    // down. Both moments are events, not delays: the server's 100 Continue says it has the request's headers,
    // its log line says it received the signal.
    const answer = new Promise<{ status: number | undefined; body: string }>((resolve, reject) => {
      const pending = request(`${url}/api/auth/login`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          expect: '100-continue',
          origin: url,
        },
      });
      pending.on('response', (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString()));
        response.on('end', () => resolve({ status: response.statusCode, body: text }));
      });
      pending.on('error', reject);
      pending.once('continue', () => {
        pending.write(body.slice(0, 10));
        server.kill('SIGTERM');
        waitForOutput(server, 'SIGTERM received').then(() => pending.end(body.slice(10)), reject);
      });
      pending.flushHeaders();
    });

    expect(await answer).toMatchObject({ status: 200, body: expect.stringContaining('"realm":"demo"') });
    expect(await exitOf(server)).toBe(0);
    expect(existsSync(join(dataDir, LOCK_FILE_NAME))).toBe(false);
  });

  it('leaves the data for the operator command line, which opens the directory once the server is gone', () => {
    const result = spawnSync(
      process.execPath,
      ['--import', 'tsx', 'apps/server/src/cli.ts', 'realm', 'list'],
      {
        cwd: REPOSITORY_ROOT,
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
        encoding: 'utf8',
      },
    );
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/^demo\s+Demo Energy Co\.\s+CORE/m);
  });
});
