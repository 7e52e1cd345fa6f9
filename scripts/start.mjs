// `npm start`: installs dependencies when missing, builds the web app when stale, then runs the server (which
// migrates, seeds the demo realm on first run and serves). Plain Node with no dependencies, for a fresh clone.
// package.json runs it with `exec`, so the shell npm starts is replaced by this process and npm's forwarded
// SIGINT/SIGTERM reach it (a shell in between would die and leave the server running).
import { spawn } from 'node:child_process';
import { constants } from 'node:os';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildWebIfStale } from './build.mjs';
import { ensureInstalled } from './ensure-installed.mjs';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const FORWARDED_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'];

/**
 * Runs a TypeScript entry point under tsx with the console passed through, forwards shutdown signals to it and
 * ends this process with its exit code. Call only after `ensureInstalled`, which provides tsx. The child also
 * gets an IPC channel, which closes when this process dies in any way (even SIGKILL): the server stops then.
 */
export function runTypeScriptEntry(entry, args = []) {
  const child = spawn(process.execPath, ['--import', 'tsx', entry, ...args], {
    cwd: ROOT,
    stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
  });
  for (const signal of FORWARDED_SIGNALS) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(code ?? 128 + (constants.signals[signal] ?? 0)));
  return child;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    ensureInstalled(ROOT);
    // A server pointed at another build (WEB_DIST_DIR) does not serve apps/web/dist, so nothing to build.
    if (!process.env.WEB_DIST_DIR) buildWebIfStale(ROOT);
  } catch (error) {
    console.error(error.message);
    process.exit(1);
  }
  runTypeScriptEntry('apps/server/src/main.ts');
}
