import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { findSharedDataDir } from '../../../../scripts/test-support/shared-data-dir.mjs';

export {
  findSharedDataDir,
  requireSharedDataFile,
  SHARED_DATA_DIR_VARIABLE,
} from '../../../../scripts/test-support/shared-data-dir.mjs';

/** A file of the shared data directory, or undefined when the directory or the file is missing (benchmarks). */
export function findSharedDataFile(...segments: string[]): string | undefined {
  const directory = findSharedDataDir();
  const file = directory === undefined ? undefined : join(directory, ...segments);
  return file !== undefined && existsSync(file) ? file : undefined;
}
