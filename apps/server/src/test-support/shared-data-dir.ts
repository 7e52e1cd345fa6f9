import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { REPOSITORY_ROOT } from '#platform/config.ts';

export const SHARED_DATA_DIR_VARIABLE = 'ECC_SHARED_DATA_DIR';

/** `shared/data` beside a checkout: where the product's published data sets live, never inside the repository. */
const besideCheckout = (checkout: string) => resolve(checkout, '..', 'shared', 'data');

/** The clone's `origin` when it is a directory on this machine (a path or a file: URL), else undefined. */
function localOriginOf(repositoryRoot: string): string | undefined {
  let url: string;
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

type SharedDataOptions = { env?: NodeJS.ProcessEnv; repositoryRoot?: string };

/**
 * The shared data directory (EPA's GHGRP workbook and the like) for tests and benchmarks: `ECC_SHARED_DATA_DIR`
 * when set; else `<repository>/../shared/data`; else, for a clone of a local checkout (CI clones /work/main
 * anywhere), `<origin>/../shared/data`. Undefined when there is none.
 */
export function findSharedDataDir(options: SharedDataOptions = {}): string | undefined {
  const env = options.env ?? process.env;
  const repositoryRoot = options.repositoryRoot ?? REPOSITORY_ROOT;
  const configured = env[SHARED_DATA_DIR_VARIABLE];
  if (configured !== undefined && configured !== '') {
    // A directory named on purpose that is not there is a mistake to report, not a reason to skip quietly.
    if (!existsSync(configured)) {
      throw new Error(`${SHARED_DATA_DIR_VARIABLE}=${configured}: no such directory`);
    }
    return resolve(configured);
  }
  const beside = besideCheckout(repositoryRoot);
  if (existsSync(beside)) return beside;
  const origin = localOriginOf(repositoryRoot);
  const besideOrigin = origin === undefined ? undefined : besideCheckout(origin);
  return besideOrigin !== undefined && existsSync(besideOrigin) ? besideOrigin : undefined;
}

/** A file of the shared data directory, or undefined when the directory or the file is missing (benchmarks). */
export function findSharedDataFile(...segments: string[]): string | undefined {
  const directory = findSharedDataDir();
  const file = directory === undefined ? undefined : join(directory, ...segments);
  return file !== undefined && existsSync(file) ? file : undefined;
}

/**
 * A file of the shared data directory that a test cannot do without. A missing one fails the test with a message
 * naming the file and where it was looked for: a test never skips itself for want of its input.
 */
export function requireSharedDataFile(segments: readonly string[], options: SharedDataOptions = {}): string {
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
