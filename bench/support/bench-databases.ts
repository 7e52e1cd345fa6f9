import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDatabase, type DatabaseHandle } from '../../packages/db/src/index.ts';
import { startThrowawayPostgres } from '../../scripts/test-support/postgres-server.mjs';

export interface BenchDatabaseChoice {
  /** False with `--skip-pglite`. */
  isPgliteWanted: boolean;
  /** `--postgres` starts a throwaway server; `DATABASE_URL` names one and implies it. */
  isPostgresWanted: boolean;
  /** Names the PGlite directory in the temporary folder, so a leftover says which bench left it. */
  directoryPrefix: string;
}

/**
 * Runs a benchmark on a fresh PGlite in a temporary directory and, when asked, on PostgreSQL, closing and
 * removing each afterwards even when the benchmark throws.
 */
export async function benchOnEachDatabase(
  choice: BenchDatabaseChoice,
  bench: (database: DatabaseHandle, label: 'PGlite' | 'PostgreSQL') => Promise<void>,
): Promise<void> {
  if (choice.isPgliteWanted) {
    const dataDir = mkdtempSync(join(tmpdir(), choice.directoryPrefix));
    const database = await createDatabase({ dataDir });
    try {
      await bench(database, 'PGlite');
    } finally {
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  if (choice.isPostgresWanted || process.env.DATABASE_URL) {
    const server = process.env.DATABASE_URL ? undefined : await startThrowawayPostgres({ log: console.info });
    try {
      const database = await createDatabase({
        databaseUrl: process.env.DATABASE_URL ?? (server?.url as string),
      });
      try {
        await bench(database, 'PostgreSQL');
      } finally {
        await database.close();
      }
    } finally {
      server?.stop();
    }
  }
}
