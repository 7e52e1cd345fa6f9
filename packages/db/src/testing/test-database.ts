import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import {
  createDatabase,
  PGLITE_SUBDIRECTORY,
  type Database,
  type DatabaseHandle,
} from '../create-database.ts';
import { createDefaultRealmConfig } from '../realm-defaults.ts';
import { createRealmRepository } from '../realm-repository.ts';
import { syncReferenceData } from '../reference-data-sync.ts';

// Creating and migrating a PGlite takes seconds, cloning one under a second: each worker migrates one in-memory
// template and every test file gets its own clone. With DATABASE_URL set, each file gets a fresh database on
// that PostgreSQL server instead, dropped when the file closes it.

let templatePromise: Promise<PGlite> | undefined;

function pgliteTemplate(): Promise<PGlite> {
  templatePromise ??= createPgliteTemplate();
  return templatePromise;
}

async function createPgliteTemplate(): Promise<PGlite> {
  const template = await PGlite.create();
  // The template's handle is never closed: closing it would close the template that later files clone.
  const handle = await createDatabase({ pglite: template });
  await handle.migrate();
  await syncReferenceData(handle.db);
  return template;
}

/**
 * A fresh, empty database on the PostgreSQL server of `serverUrl` (not migrated), with a way to drop it: for tests
 * that start the real server process on PostgreSQL.
 */
export async function createPostgresTestDatabaseUrl(
  serverUrl: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `ecc_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const drop = async () => {
    const dropper = new pg.Client({ connectionString: serverUrl });
    await dropper.connect();
    try {
      await dropper.query(`drop database if exists ${name} with (force)`);
    } finally {
      await dropper.end();
    }
  };
  return { url: url.toString(), drop };
}

async function createPostgresTestDatabase(serverUrl: string): Promise<DatabaseHandle> {
  const { url, drop } = await createPostgresTestDatabaseUrl(serverUrl);
  const handle = await createDatabase({ databaseUrl: url });
  await handle.migrate();
  await syncReferenceData(handle.db);
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await drop();
    },
  };
}

/**
 * A migrated, empty database of its own for one test file. Close it in `afterAll`. ECC_TEST_PGLITE_WORKER=1 opens
 * it as the server does by default, in a worker thread on a data directory (decision 047), instead of a clone in
 * this thread.
 */
export async function createTestDatabase(env: NodeJS.ProcessEnv = process.env): Promise<DatabaseHandle> {
  if (env.DATABASE_URL) return createPostgresTestDatabase(env.DATABASE_URL);
  if (env.ECC_TEST_PGLITE_WORKER === '1') {
    const dataDir = await createTestDataDir();
    // A stopped worker fails every call of the test file; the message says why.
    return createDatabase({ dataDir, worker: { onFailure: (error) => console.error(error) } });
  }
  const clone = await (await pgliteTemplate()).clone();
  // clone() is typed as the PGlite interface; it is the class drizzle's driver wants.
  if (!(clone instanceof PGlite)) throw new TypeError('PGlite.clone() returned no PGlite instance');
  return createDatabase({ pglite: clone });
}

/**
 * A temporary DATA_DIR holding a migrated PGlite database, for tests that start the real server process: a copy
 * of the template loads in about a second where a fresh data directory takes several.
 */
export async function createTestDataDir(): Promise<string> {
  const dataDir = mkdtempSync(join(tmpdir(), 'ecc-data-'));
  const dump = await (await pgliteTemplate()).dumpDataDir('none');
  const copy = await PGlite.create({ dataDir: join(dataDir, PGLITE_SUBDIRECTORY), loadDataDir: dump });
  await copy.close();
  return dataDir;
}

/** A bare realm (CORE plan, default config) for repository tests; answers its id. */
export async function insertTestRealm(db: Database, key: string): Promise<string> {
  const realm = await createRealmRepository(db).insert({
    key,
    parentId: null,
    active: true,
    realm: key,
    name: key,
    type: 'organization',
    domains: [],
    properties: { config: createDefaultRealmConfig({ plan: 'CORE' }) },
  });
  if (!realm) throw new Error(`Realm ${key} exists already`);
  return realm.id;
}
