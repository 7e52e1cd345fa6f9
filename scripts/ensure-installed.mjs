// Installs npm dependencies when they are missing or older than the lockfile or a package.json. Plain Node with
// no dependencies: `npm start`, `npm run ecc` and `npm run dev` call it on a fresh clone, before any install.
import { spawnSync } from 'node:child_process';
import { findStaleDependencies } from './test-support/npm-dependencies.mjs';

/** Runs `npm install --no-audit --no-fund` in `root` when node_modules is missing or stale; throws if it fails. */
export function ensureInstalled(root) {
  const reason = findStaleDependencies(root);
  if (!reason) return;
  console.info(`Installing npm dependencies (${reason}).`);
  const result = spawnSync('npm', ['install', '--no-audit', '--no-fund'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0)
    throw new Error(`npm install failed (exit code ${result.status ?? result.signal})`);
}
