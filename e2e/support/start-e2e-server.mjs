#!/usr/bin/env node
// Playwright's webServer command: creates the realms the end-to-end tests need with the real operator CLI in
// a fresh DATA_DIR, then starts the real product on that directory. The CLI runs first because PGlite's data
// directory lock lets only one process hold it. Once the server has exited the directory is deleted.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

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

/** `realm create` has no flag option, so flags go through the CLI's own export → edit → import round trip. */
function setFeatureFlags(realmKey, featureFlags) {
  const realm = JSON.parse(ecc(['realm', 'export', '--key', realmKey]));
  for (const application of realm.properties.config.applications) {
    application['feature-flags'] = featureFlags.join(',');
  }
  const file = join(dataDirectory, `${realmKey}-realm.json`);
  writeFileSync(file, JSON.stringify(realm, null, 2));
  ecc(['realm', 'import', '--file', file]);
  rmSync(file);
}

removeDataDirectory();
mkdirSync(dataDirectory, { recursive: true });
const startedAt = Date.now();
for (const realm of e2eSetup.realms) {
  ecc([
    'realm',
    'create',
    '--key',
    realm.key,
    '--name',
    realm.name,
    '--domain',
    realm.domain,
    '--plan',
    realm.plan,
  ]);
  if (realm.featureFlags.length > 0) setFeatureFlags(realm.key, realm.featureFlags);
  const { email, password } = realm.member;
  ecc(['user', 'create', '--realm', realm.key, '--email', email, '--password', password, '--role', 'member']);
}
console.info(`start-e2e-server: created ${e2eSetup.realms.length} realms in ${Date.now() - startedAt} ms.`);

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
