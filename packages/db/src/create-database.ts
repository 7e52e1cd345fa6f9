import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzleNodePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePostgres } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { acquireDataDirLock } from './data-dir-lock.ts';
import { PgliteWorkerClient, type PgliteLike } from './pglite-worker-client.ts';
import {
  realmScopedDatabase,
  realmScopedPglite,
  realmScopedPgliteWorker,
  realmScopedPool,
} from './realm-scoped-drivers.ts';
import * as schema from './schema.ts';

export type DatabaseSchema = typeof schema;
/** A drizzle database or transaction over the product's schema, whichever engine runs underneath. */
export type Database = PgDatabase<PgQueryResultHKT, DatabaseSchema>;

export type DatabaseOptions =
  | {
      dataDir: string;
      /**
       * PGlite runs in a worker thread (decision 047) unless this is false; `onFailure` hears of the worker
       * stopping unasked (the server reports it and exits; calls under way fail rather than hang).
       */
      worker?: false | { onFailure: (error: Error) => void };
    }
  | { databaseUrl: string }
  /** Adopts an open PGlite (tests clone a migrated template); closing the handle closes it. */
  | { pglite: PGlite };

/** Channel of the realms table's statement trigger (migration 0014): some realm changed, in any process. */
export const REALM_CHANGE_CHANNEL = 'ecc_realm_changed';
/** Channel of the triggers on users, sessions, roles, groups and grants (migration 0014): someone's rights changed. */
export const ACCESS_CHANGE_CHANNEL = 'ecc_access_changed';
/**
 * Channel of the triggers on the tables the facility list and view read (migration 0030): the payload names the
 * changed realms' ids, comma-separated, or is empty when any realm may have changed.
 */
export const ANSWERS_CHANGE_CHANNEL = 'ecc_answers_changed';

export interface NotificationHandlers {
  /** `payload` is the notice's text ('' when the trigger sent none). */
  onNotification(payload: string): void;
  /** Notices may have been missed (the listening connection was lost); a reconnect is under way. */
  onInterrupted(): void;
  /** Listening again after an interruption. */
  onResumed(): void;
}

export interface DatabaseHandle {
  readonly db: Database;
  readonly kind: 'pglite' | 'postgres';
  /** Applies the migrations in packages/db/migrations that have not run yet. */
  migrate(): Promise<void>;
  /** Hears `NOTIFY` on a channel (an identifier) until the returned function or `close` stops it. */
  listen(channel: string, handlers: NotificationHandlers): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('../migrations', import.meta.url));
/** PGlite's files live in a subfolder, so DATA_DIR can hold the lock and, later, other data beside them. */
export const PGLITE_SUBDIRECTORY = 'pglite';
/** Arbitrary constant key of the advisory lock that keeps concurrently starting servers from migrating twice. */
const MIGRATION_ADVISORY_LOCK_KEY = 7_301_452_001;

export async function createDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if ('databaseUrl' in options) return openPostgres(options.databaseUrl);
  if ('pglite' in options) {
    return adoptPglite(options.pglite, realmScopedPglite(options.pglite), () => undefined);
  }
  const lock = acquireDataDirLock(options.dataDir);
  const dataDir = join(options.dataDir, PGLITE_SUBDIRECTORY);
  try {
    if (options.worker) {
      const client = await PgliteWorkerClient.start(dataDir, options.worker.onFailure);
      return adoptPglite(client, realmScopedPgliteWorker(client), () => lock.release(), {
        isScopeBoundAtBegin: true,
      });
    }
    const client = await PGlite.create({ dataDir });
    return adoptPglite(client, realmScopedPglite(client), () => lock.release());
  } catch (error) {
    lock.release();
    throw error;
  }
}

/**
 * PGlite is a single connection. Its own transaction mutex is the one queue every statement and transaction
 * waits in (a statement outside a transaction waits for the running transaction to end), so drizzle's
 * `db.transaction` is serialised as it is.
 */
function adoptPglite(
  client: PgliteLike,
  scopedClient: PgliteLike,
  onClosed: () => void,
  scoping: { isScopeBoundAtBegin?: boolean } = {},
): DatabaseHandle {
  // drizzle's driver types its client as PGlite; it calls only query, exec and transaction, which both offer.
  const ownerDb = drizzlePglite({ client: scopedClient as PGlite, schema });
  const db = realmScopedDatabase(ownerDb, scoping);
  let isClosed = false;
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(ownerDb, { migrationsFolder: MIGRATIONS_FOLDER }),
    // One connection in this process: nothing to lose, so never interrupted.
    listen: (channel, { onNotification }) =>
      client.listen(channel, (payload) => onNotification(payload ?? '')),
    close: async () => {
      if (isClosed) return;
      isClosed = true;
      try {
        await client.close();
      } finally {
        onClosed();
      }
    },
  };
}

/** pg hands int8 back as a string where PGlite gives a number: parse it the way PGlite does. */
function parseInt8(text: string): number | bigint {
  const value = BigInt(text);
  return value < BigInt(Number.MIN_SAFE_INTEGER) || value > BigInt(Number.MAX_SAFE_INTEGER)
    ? value
    : Number(value);
}

function redactDatabaseUrl(databaseUrl: string): string {
  try {
    const url = new URL(databaseUrl);
    if (url.password) url.password = '***';
    return url.toString();
  } catch {
    return '(unparseable URL)';
  }
}

async function openPostgres(databaseUrl: string): Promise<DatabaseHandle> {
  // drizzle passes per-query type parsers that fall back to pg's global ones, so int8 is set globally.
  pg.types.setTypeParser(pg.types.builtins.INT8, parseInt8);
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  // An idle connection dropped by the server must not crash the process; pg replaces it on the next query.
  pool.on('error', (error) => console.error(`PostgreSQL connection error: ${error.message}`));
  try {
    await pool.query('select 1');
  } catch (error) {
    await pool.end();
    throw new Error(
      `Could not connect to DATABASE_URL ${redactDatabaseUrl(databaseUrl)}: ${(error as Error).message}`,
      { cause: error },
    );
  }
  const db = realmScopedDatabase(drizzleNodePostgres({ client: realmScopedPool(pool), schema }), {
    isScopeBoundAtBegin: true,
  });
  let isClosed = false;
  const listeners = new Set<() => Promise<void>>();
  return {
    db,
    kind: 'postgres',
    migrate: async () => {
      const connection = await pool.connect();
      try {
        await connection.query('select pg_advisory_lock($1)', [MIGRATION_ADVISORY_LOCK_KEY]);
        try {
          await migrateNodePostgres(drizzleNodePostgres({ client: connection, schema }), {
            migrationsFolder: MIGRATIONS_FOLDER,
          });
        } finally {
          await connection.query('select pg_advisory_unlock($1)', [MIGRATION_ADVISORY_LOCK_KEY]);
        }
      } finally {
        connection.release();
      }
    },
    listen: async (channel, handlers) => {
      const stop = await listenOnPostgres(databaseUrl, channel, handlers);
      const stopOnce = async () => {
        if (listeners.delete(stopOnce)) await stop();
      };
      listeners.add(stopOnce);
      return stopOnce;
    },
    close: async () => {
      if (isClosed) return;
      isClosed = true;
      await Promise.all([...listeners].map((stop) => stop()));
      await pool.end();
    },
  };
}

/** After a lost listening connection, the wait before connecting again. */
const RELISTEN_DELAY_MS = 1_000;

/**
 * A connection of its own that does nothing but `LISTEN` (a pooled one would be handed to queries). When it is
 * lost, the handlers hear of it and it reconnects until it listens again or is stopped.
 */
async function listenOnPostgres(
  databaseUrl: string,
  channel: string,
  handlers: NotificationHandlers,
): Promise<() => Promise<void>> {
  let isStopped = false;
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;

  const connect = async (): Promise<void> => {
    const candidate = new pg.Client({ connectionString: databaseUrl });
    candidate.on('notification', (notice) => {
      if (notice.channel === channel) handlers.onNotification(notice.payload ?? '');
    });
    const onLost = () => {
      if (client !== candidate || isStopped) return;
      client = undefined;
      handlers.onInterrupted();
      void candidate.end().catch(() => undefined);
      retry = setTimeout(reconnect, RELISTEN_DELAY_MS);
    };
    candidate.on('error', onLost);
    candidate.on('end', onLost);
    try {
      await candidate.connect();
      await candidate.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      await candidate.end().catch(() => undefined);
      throw error;
    }
    client = candidate;
  };

  const reconnect = () => {
    if (isStopped) return;
    connect().then(
      () => (isStopped ? stop() : handlers.onResumed()),
      () => {
        retry = setTimeout(reconnect, RELISTEN_DELAY_MS);
      },
    );
  };

  const stop = async (): Promise<void> => {
    isStopped = true;
    clearTimeout(retry);
    const current = client;
    client = undefined;
    await current?.end().catch(() => undefined);
  };

  await connect();
  return stop;
}
