import { existsSync } from 'node:fs';
import { findPostgresBinDirectory } from './postgres-server.mjs';

export const CHROMIUM_PATH = '/usr/bin/chromium';

/** Debian packages the test run needs, with the check that tells whether each is installed. */
const SYSTEM_PACKAGES = [
  { name: 'chromium', isInstalled: () => existsSync(CHROMIUM_PATH) },
  { name: 'postgresql', isInstalled: () => findPostgresBinDirectory() !== undefined },
];

export function findMissingSystemPackages() {
  return SYSTEM_PACKAGES.filter((systemPackage) => !systemPackage.isInstalled()).map(({ name }) => name);
}

/**
 * Installs the missing Debian packages with apt-get when running as root; otherwise fails naming them.
 * `run(command, args, options)` runs a command with inherited output and resolves to its exit code.
 */
export async function ensureSystemPackages({ run, log = console.info }) {
  const missing = findMissingSystemPackages();
  if (missing.length === 0) {
    log(`System packages present: ${SYSTEM_PACKAGES.map(({ name }) => name).join(', ')}.`);
    return;
  }
  const installCommand = `apt-get install -y --no-install-recommends ${missing.join(' ')}`;
  if (process.getuid?.() !== 0) {
    throw new Error(
      `Missing system packages: ${missing.join(', ')}. Install them as root: ${installCommand}`,
    );
  }
  log(`Installing missing system packages: ${missing.join(', ')}`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  if ((await run('apt-get', ['update'], { env })) !== 0) throw new Error('apt-get update failed');
  if ((await run('apt-get', ['install', '-y', '--no-install-recommends', ...missing], { env })) !== 0) {
    throw new Error(`${installCommand} failed`);
  }
  const stillMissing = findMissingSystemPackages();
  if (stillMissing.length > 0) throw new Error(`Still missing after apt-get: ${stillMissing.join(', ')}`);
}
