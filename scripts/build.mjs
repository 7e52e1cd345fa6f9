// `npm run build` (and `npm start`): builds the web app only when its inputs changed since the last build. The
// inputs' content hash is kept in a stamp file inside apps/web/dist. `--force` builds regardless.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureInstalled } from './ensure-installed.mjs';

const WEB_INPUTS = [
  'src',
  'public',
  'vite-plugins',
  'index.html',
  'vite.config.ts',
  'package.json',
  'tsconfig.json',
];
/** A dotfile, so the server never serves it. */
export const BUILD_STAMP_FILE = '.ecc-build-hash';

function listFiles(path) {
  if (!existsSync(path)) return [];
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path).flatMap((name) => (name === 'node_modules' ? [] : listFiles(join(path, name))));
}

/** Everything the web bundle is built from: the web app, the workspace packages' sources and the lockfile. */
function webInputFiles(root) {
  const web = join(root, 'apps', 'web');
  const packages = join(root, 'packages');
  const packageSources = existsSync(packages)
    ? readdirSync(packages).map((name) => join(packages, name, 'src'))
    : [];
  return (
    [...WEB_INPUTS.map((input) => join(web, input)), ...packageSources, join(root, 'package-lock.json')]
      .flatMap(listFiles)
      // Tests are not part of the bundle; editing one needs no rebuild.
      .filter((file) => !/\.test\.tsx?$/.test(file))
      .sort()
  );
}

export function computeWebInputHash(root) {
  const hash = createHash('sha256');
  for (const file of webInputFiles(root)) {
    hash.update(relative(root, file)).update('\0').update(readFileSync(file)).update('\0');
  }
  return hash.digest('hex');
}

function stampPath(root) {
  return join(root, 'apps', 'web', 'dist', BUILD_STAMP_FILE);
}

export function isWebBuildStale(root) {
  const stamp = stampPath(root);
  if (!existsSync(stamp) || !existsSync(join(root, 'apps', 'web', 'dist', 'index.html'))) return true;
  return readFileSync(stamp, 'utf8').trim() !== computeWebInputHash(root);
}

/** Builds apps/web when stale (or forced); returns whether it built. Throws when the build fails. */
export function buildWebIfStale(root, { isForced = false } = {}) {
  if (!isForced && !isWebBuildStale(root)) return false;
  const hash = computeWebInputHash(root);
  console.info('Building the web app (npm run build -w @ecc/web).');
  const result = spawnSync('npm', ['run', 'build', '-w', '@ecc/web'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0)
    throw new Error(`The web app build failed (exit code ${result.status ?? result.signal})`);
  // The hash is taken before building, so an edit made during the build still counts as a change next time.
  writeFileSync(stampPath(root), `${hash}\n`);
  return true;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
  try {
    ensureInstalled(root);
    const isBuilt = buildWebIfStale(root, { isForced: process.argv.includes('--force') });
    if (!isBuilt) console.info('The web app is up to date (npm run build -- --force rebuilds it).');
  } catch (error) {
    console.error(error.message);
    process.exit(1);
  }
}
