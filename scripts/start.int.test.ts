import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEMO_ADMIN, DEMO_USER, LOCK_FILE_NAME } from '@ecc/db';
import { createTestDataDir } from '@ecc/db/testing';
import { afterEach, describe, expect, it } from 'vitest';

/*
 * `npm start` as an operator runs it: scripts/start.mjs (or npm in front of it) on a data directory of its own and
 * a free port, then stopped by a signal. Whatever stops it, no process of it may remain and the data directory's
 * lock must be released, so the next start or the operator command line can open it.
 */

const ROOT = resolve(fileURLToPath(import.meta.url), '..', '..');
const STARTUP_LIMIT_MS = 90_000;

interface Started {
  child: ChildProcess;
  dataDir: string;
  output: () => string;
}

const started: Started[] = [];

/** A web build in miniature, so start.mjs serves it instead of building apps/web. */
function createWebDist(): string {
  const directory = mkdtempSync(join(tmpdir(), 'ecc-start-web-'));
  writeFileSync(join(directory, 'index.html'), '<!doctype html><title>ECC</title><div id="root"></div>');
  return directory;
}

async function start(command: string, args: string[]): Promise<Started> {
  const dataDir = await createTestDataDir();
  const webDistDir = createWebDist();
  const child = spawn(command, args, {
    cwd: ROOT,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      WEB_DIST_DIR: webDistDir,
    },
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const entry = { child, dataDir, output: () => output };
  started.push(entry);
  child.once('exit', () => rmSync(webDistDir, { recursive: true, force: true }));
  for (let waited = 0; waited < STARTUP_LIMIT_MS; waited += 100) {
    if (/running at http:\/\/\S+/.test(output)) return entry;
    if (child.exitCode !== null) throw new Error(`${command} exited early:\n${output}`);
    await new Promise((resolvePromise) => setTimeout(resolvePromise, 100));
  }
  throw new Error(`${command} did not start:\n${output}`);
}

/** Every process below `pid`, read from /proc (Linux). */
function descendantsOf(pid: number): number[] {
  const parentByPid = new Map<number, number>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      // The command name in parentheses may hold spaces; the parent's pid is the second field after it.
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      parentByPid.set(Number(name), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // The process ended while the list was read.
    }
  }
  const found: number[] = [];
  const queue = [pid];
  while (queue.length > 0) {
    const parent = queue.shift();
    for (const [child, parentOfChild] of parentByPid) {
      if (parentOfChild === parent) {
        found.push(child);
        queue.push(child);
      }
    }
  }
  return found;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** The processes still alive a while after the stop, or none. Waits, since a killed parent's child stops later. */
async function survivorsAmong(pids: number[]): Promise<number[]> {
  for (let waited = 0; waited < 30_000; waited += 100) {
    if (!pids.some(isAlive)) return [];
    await new Promise((resolvePromise) => setTimeout(resolvePromise, 100));
  }
  return pids.filter(isAlive);
}

function exitOf(child: ChildProcess): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  return new Promise((resolvePromise) => {
    if (child.exitCode !== null || child.signalCode !== null) {
      resolvePromise({ code: child.exitCode, signal: child.signalCode });
    } else child.once('exit', (code, signal) => resolvePromise({ code, signal }));
  });
}

afterEach(() => {
  for (const { child, dataDir } of started.splice(0)) {
    for (const pid of child.pid === undefined ? [] : [...descendantsOf(child.pid), child.pid]) {
      if (isAlive(pid)) process.kill(pid, 'SIGKILL');
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
});

describe('npm start', () => {
  it.each(['SIGINT', 'SIGTERM'] as const)(
    'on %s to scripts/start.mjs stops the server, exits 0 and releases the data directory',
    async (signal) => {
      const { child, dataDir, output } = await start(process.execPath, ['scripts/start.mjs']);
      const processes = descendantsOf(child.pid!);
      expect(processes.length).toBeGreaterThan(0);

      child.kill(signal);

      expect(await exitOf(child)).toEqual({ code: 0, signal: null });
      expect(await survivorsAmong(processes)).toEqual([]);
      expect(existsSync(join(dataDir, LOCK_FILE_NAME))).toBe(false);
      expect(output()).toContain(`Demo sign-in: ${DEMO_USER.email} / ${DEMO_USER.password}`);
      expect(output()).toContain(`Demo administrator sign-in: ${DEMO_ADMIN.email} / ${DEMO_ADMIN.password}`);
    },
  );

  it('on SIGTERM to npm itself stops everything npm started', async () => {
    const { child, dataDir } = await start('npm', ['start']);
    const processes = descendantsOf(child.pid!);

    child.kill('SIGTERM');

    await exitOf(child);
    expect(await survivorsAmong(processes)).toEqual([]);
    expect(existsSync(join(dataDir, LOCK_FILE_NAME))).toBe(false);
  });

  it('when scripts/start.mjs is killed outright, the server notices and stops too', async () => {
    const { child, dataDir } = await start(process.execPath, ['scripts/start.mjs']);
    const processes = descendantsOf(child.pid!);

    child.kill('SIGKILL');

    expect(await survivorsAmong(processes)).toEqual([]);
    expect(existsSync(join(dataDir, LOCK_FILE_NAME))).toBe(false);
  });
});
