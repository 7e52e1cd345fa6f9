// Where the product's published data sets (EPA's GHGRP workbook) are, for tests, benchmarks and the end-to-end
// server: never inside the repository. Plain Node, so the end-to-end server's start script can use it too.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const SHARED_DATA_DIR_VARIABLE = 'ECC_SHARED_DATA_DIR';

/** The repository this file belongs to. */
export const REPOSITORY_ROOT = resolve(fileURLToPath(import.meta.url), '..', '..', '..');

/** `shared/data` beside a checkout. */
export const besideCheckout = (checkout) => resolve(checkout, '..', 'shared', 'data');

/** The clone's `origin` when it is a directory on this machine (a path or a file: URL), else undefined. */
function localOriginOf(repositoryRoot) {
  let url;
  try {
    url = execFileSync('git', ['-C', repositoryRoot, 'config', '--get', 'remote.origin.url'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    // No git, no repository, or no origin: there is nothing to follow.
    return undefined;
  }
  if (url.startsWith('file://')) return fileURLToPath(url);
  // `host:path` and `scheme://…` name another machine.
  if (url === '' || /^[\w.+-]+:/.test(url)) return undefined;
  return isAbsolute(url) ? url : resolve(repositoryRoot, url);
}

/**
 * The shared data directory: `ECC_SHARED_DATA_DIR` when set (an error when it does not exist); else
 * `<repository>/../shared/data`; else, for a clone of a local checkout (CI clones /work/main anywhere),
 * `<origin>/../shared/data`. Undefined when there is none.
 */
export function findSharedDataDir({ env = process.env, repositoryRoot = REPOSITORY_ROOT } = {}) {
  const configured = env[SHARED_DATA_DIR_VARIABLE];
  if (configured !== undefined && configured !== '') {
    // A directory named on purpose that is not there is a mistake to report, not a reason to skip quietly.
    if (!existsSync(configured))
      throw new Error(`${SHARED_DATA_DIR_VARIABLE}=${configured}: no such directory`);
    return resolve(configured);
  }
  const beside = besideCheckout(repositoryRoot);
  if (existsSync(beside)) return beside;
  const origin = localOriginOf(repositoryRoot);
  const besideOrigin = origin === undefined ? undefined : besideCheckout(origin);
  return besideOrigin !== undefined && existsSync(besideOrigin) ? besideOrigin : undefined;
}

/**
 * A file of the shared data directory that a test cannot do without. A missing one throws, naming the file and
 * where it was looked for: a test never skips itself for want of its input.
 */
export function requireSharedDataFile(segments, options = {}) {
  const name = segments.join('/');
  const directory = findSharedDataDir(options);
  if (directory === undefined) {
    const repositoryRoot = options.repositoryRoot ?? REPOSITORY_ROOT;
    throw new Error(
      `Missing test input ${name}: no shared data directory (${SHARED_DATA_DIR_VARIABLE} is unset and there is ` +
        `no ${besideCheckout(repositoryRoot)}, nor a shared/data beside a local origin of the clone)`,
    );
  }
  const file = join(directory, ...segments);
  if (!existsSync(file)) throw new Error(`Missing test input ${name}: ${file} does not exist`);
  return file;
}
