// `npm start`: installs dependencies when missing, builds the web app when stale, then runs the server (which
// migrates, seeds the demo realm on first run and serves). Plain Node with no dependencies, for a fresh clone.
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
 * ends this process with its exit code. Call only after `ensureInstalled`, which provides tsx.
 */
export function runTypeScriptEntry(entry, args = []) {
  const child = spawn(process.execPath, ['--import', 'tsx', entry, ...args], { cwd: ROOT, stdio: 'inherit' });
  for (const signal of FORWARDED_SIGNALS) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(code ?? 128 + (constants.signals[signal] ?? 0)));
  return child;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    ensureInstalled(ROOT);
    buildWebIfStale(ROOT);
  } catch (error) {
    console.error(error.message);
    process.exit(1);
  }
  runTypeScriptEntry('apps/server/src/main.ts');
}
