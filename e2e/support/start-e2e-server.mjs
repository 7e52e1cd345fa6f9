#!/usr/bin/env node
// Playwright's webServer command: creates the realms the end-to-end tests need with the real operator CLI
// (`realm setup`, one process for all of them) in a fresh DATA_DIR, then starts the real product on that
// directory. The CLI runs first because PGlite's data directory lock lets only one process hold it. Once the
// server has exited the directory is deleted.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { requireSharedDataFile } from '../../scripts/test-support/shared-data-dir.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const e2eSetup = JSON.parse(readFileSync(new URL('./e2e-setup.json', import.meta.url), 'utf8'));

if (!process.env.DATA_DIR) {
  console.error(
    'start-e2e-server: DATA_DIR must name a fresh data directory (playwright.config.ts sets it).',
  );
  process.exit(1);
}
const dataDirectory = resolve(root, process.env.DATA_DIR);
// The end-to-end server always runs on its own embedded database, never on a developer's PostgreSQL.
const env = { ...process.env, DATA_DIR: dataDirectory };
delete env.DATABASE_URL;

function removeDataDirectory() {
  rmSync(dataDirectory, { recursive: true, force: true });
}

/** Runs `npm run ecc -- <args>` (without npm's own start-up cost) and returns its standard output. */
function ecc(args) {
  const result = spawnSync(process.execPath, [join(root, 'scripts', 'ecc.mjs'), ...args], {
    cwd: root,
    env,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  if (result.status !== 0) {
    console.error(`start-e2e-server: ecc ${args.join(' ')} failed (exit ${result.status ?? result.signal}).`);
    if (result.stdout) console.error(result.stdout);
    removeDataDirectory();
    process.exit(1);
  }
  return result.stdout;
}

/**
 * Every realm of e2e-setup.json in the operator's file format for `realm setup`: its member, any further users,
 * the `feature-flags` list and application settings (flag definitions, legal texts, session length).
 */
function realmSetupEntries() {
  return e2eSetup.realms.map((realm) => ({
    key: realm.key,
    name: realm.name,
    domains: [realm.domain],
    plan: realm.plan,
    application: {
      ...realm.application,
      ...(realm.featureFlags.length > 0 ? { 'feature-flags': realm.featureFlags.join(',') } : {}),
    },
    users: [{ ...realm.member, role: 'member' }, ...(realm.users ?? [])],
  }));
}

removeDataDirectory();
mkdirSync(dataDirectory, { recursive: true });
const startedAt = Date.now();
// One CLI process for all realms: each process pays Node's start-up and the migration check once.
const setupFile = join(dataDirectory, 'e2e-realms.json');
writeFileSync(setupFile, JSON.stringify(realmSetupEntries(), null, 2));
ecc(['realm', 'setup', '--file', setupFile]);
rmSync(setupFile);
console.info(`start-e2e-server: created ${e2eSetup.realms.length} realms in ${Date.now() - startedAt} ms.`);

// The epa realm holds the whole workbook, as a user who imported it would have it (e2e/facilities/ghgrp-list).
// A missing workbook stops the run here, naming it: the tests that need it must not pass by skipping.
const workbook = requireSharedDataFile(['epa-ghgrp-2020', 'ghgp_data_2020.xlsx'], { repositoryRoot: root });
const importedAt = Date.now();
ecc(['import', 'ghgrp', '--realm', 'epa', workbook]);
console.info(
  `start-e2e-server: imported the GHGRP workbook into realm epa in ${Date.now() - importedAt} ms.`,
);

const server = spawn(process.execPath, [join(root, 'scripts', 'start.mjs')], {
  cwd: root,
  env,
  stdio: 'inherit',
});
let isStopping = false;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    isStopping = true;
    server.kill(signal);
  });
}
server.on('exit', (code, signal) => {
  removeDataDirectory();
  process.exit(code ?? (signal && isStopping ? 0 : 1));
});
