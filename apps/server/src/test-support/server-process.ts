import { spawn, type ChildProcess } from 'node:child_process';
import { REPOSITORY_ROOT } from '#platform/config.ts';

const MAIN = 'apps/server/src/main.ts';
const STARTUP_LIMIT_MS = 120_000;

export type ServerProcess = ChildProcess & { output: () => string };

/**
 * Spawns main.ts the way `npm start` does, on a free port of 127.0.0.1: on the PGlite of `dataDir`, or on the
 * PostgreSQL database of `databaseUrl`.
 */
export function startServerProcess(database: { dataDir: string } | { databaseUrl: string }): ServerProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    cwd: REPOSITORY_ROOT,
    env: {
      ...process.env,
      ...('dataDir' in database
        ? { DATA_DIR: database.dataDir, DATABASE_URL: '' }
        : { DATABASE_URL: database.databaseUrl }),
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
    },
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return Object.assign(child, { output: () => output });
}

/** The URL the server printed once it listens; throws with its output when it exits or takes too long. */
export async function waitForServerUrl(server: ServerProcess): Promise<string> {
  for (let waited = 0; waited < STARTUP_LIMIT_MS; waited += 100) {
    const url = /running at (http:\/\/\S+)/.exec(server.output())?.[1];
    if (url) return url;
    if (server.exitCode !== null || server.signalCode !== null) {
      throw new Error(`The server exited early:\n${server.output()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`The server did not start:\n${server.output()}`);
}

export function exitOf(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve(child.exitCode);
    else child.once('exit', (code) => resolve(code));
  });
}
