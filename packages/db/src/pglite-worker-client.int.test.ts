import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type DatabaseHandle } from './create-database.ts';
import { LOCK_FILE_NAME } from './data-dir-lock.ts';
import { isUniqueViolation } from './is-unique-violation.ts';
import type { DatabaseTiming } from './pglite-worker-protocol.ts';
import { DatabaseWorkerError, PgliteWorkerClient } from './pglite-worker-client.ts';
import { runInRealmScope } from './realm-scope.ts';

/** drizzle's raw result type leaves rows unknown. */
function rowsOf(result: unknown): Record<string, unknown>[] {
  return (result as { rows: Record<string, unknown>[] }).rows;
}

/** The pglite-like client under drizzle, for COPY (as the bulk recalculation uses it). */
function clientOf(database: DatabaseHandle): PgliteWorkerClient {
  return (database.db as unknown as { $client: PgliteWorkerClient }).$client;
}

describe('PGlite in a worker thread (decision 047)', () => {
  let dataDir: string;
  let database: DatabaseHandle;
  const failures: Error[] = [];

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'ecc-worker-'));
    database = await createDatabase({ dataDir, worker: { onFailure: (error) => failures.push(error) } });
    await database.migrate();
    await database.db.execute(sql`create table worker_counter (id int primary key, value int not null)`);
    await database.db.execute(sql`insert into worker_counter values (1, 0)`);
  }, 180_000);
  afterAll(async () => {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('holds DATA_DIR exclusively while the worker has it open', async () => {
    await expect(createDatabase({ dataDir, worker: { onFailure: () => undefined } })).rejects.toThrow(
      `DATA_DIR ${dataDir} is in use by another Emissions Control Center process (pid ${process.pid}).`,
    );
  });

  it('delivers NOTIFY and its payload to the listener, on commit only', async () => {
    const heard: string[] = [];
    const stop = await database.listen('ecc_worker_test', {
      onNotification: (payload) => heard.push(`notice ${payload}`),
      onInterrupted: () => heard.push('interrupted'),
      onResumed: () => heard.push('resumed'),
    });
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`notify ecc_worker_test`);
        throw new Error('rolled back on purpose');
      }),
    ).rejects.toThrow('rolled back on purpose');
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`notify ecc_worker_test, 'realm-a,realm-b'`);
    });
    // A statement after the notice's transaction: by its answer, the notice has crossed to this thread.
    await database.db.execute(sql`select 1`);
    expect(heard).toEqual(['notice realm-a,realm-b']);
    await stop();
    await database.db.execute(sql`notify ecc_worker_test`);
    await database.db.execute(sql`select 1`);
    expect(heard).toEqual(['notice realm-a,realm-b']);
  });

  it('rolls a failed transaction back whole and keeps the database error code', async () => {
    const failure = await database.db
      .transaction(async (tx) => {
        await tx.execute(sql`update worker_counter set value = 100 where id = 1`);
        await tx.execute(sql`insert into worker_counter values (1, 5)`);
      })
      .catch((error: unknown) => error);
    expect(isUniqueViolation(failure)).toBe(true);
    expect(rowsOf(await database.db.execute(sql`select value from worker_counter`))).toEqual([{ value: 0 }]);
  });

  it('loses no update when read-modify-write transactions run concurrently', async () => {
    const increment = () =>
      database.db.transaction(async (tx) => {
        const result = await tx.execute(sql`select value from worker_counter where id = 1 for update`);
        const value = Number(rowsOf(result)[0]?.value);
        await tx.execute(sql`update worker_counter set value = ${value + 1} where id = 1`);
      });
    await Promise.all(Array.from({ length: 20 }, increment));
    expect(rowsOf(await database.db.execute(sql`select value from worker_counter`))).toEqual([{ value: 20 }]);
  });

  it('runs a statement in a realm scope as the application role with that scope', async () => {
    const realmId = '00000000-0000-4000-8000-000000000001';
    const result = await runInRealmScope({ realmIds: [realmId] }, () =>
      database.db.execute(sql`select current_user as role, current_setting('ecc.realm_ids') as realms`),
    );
    expect(rowsOf(result)).toEqual([{ role: 'ecc_app', realms: realmId }]);
    expect(rowsOf(await database.db.execute(sql`select current_user as role`))).not.toEqual([
      { role: 'ecc_app' },
    ]);
  });

  it('binds a transaction in a realm scope as it begins, and one outside a scope to none', async () => {
    const realmId = '00000000-0000-4000-8000-000000000002';
    const scopeOf = (tx: Pick<DatabaseHandle['db'], 'execute'>) =>
      tx.execute(sql`select current_user as role, current_setting('ecc.realm_ids', true) as realms`);
    const inScope = await runInRealmScope({ realmIds: [realmId] }, () =>
      database.db.transaction(async (tx) => [rowsOf(await scopeOf(tx)), rowsOf(await scopeOf(tx))]),
    );
    expect(inScope).toEqual([[{ role: 'ecc_app', realms: realmId }], [{ role: 'ecc_app', realms: realmId }]]);
    const outside = rowsOf(await database.db.transaction((tx) => scopeOf(tx)));
    expect(outside[0]?.role).not.toBe('ecc_app');
    expect(outside[0]?.realms ?? '').toBe('');
  });

  it('keeps drizzle’s text for timestamps and returns int8 as a number', async () => {
    const result = await database.db.execute(
      sql`select '2026-01-02 03:04:05+00'::timestamptz as at, 42::int8 as answer`,
    );
    expect(rowsOf(result)).toEqual([{ at: '2026-01-02 03:04:05+00', answer: 42 }]);
  });

  it('copies rows in from a blob and out to one, as the bulk recalculation does', async () => {
    const client = clientOf(database);
    await client.query('create table worker_copy (value int)');
    await client.query(`COPY worker_copy FROM '/dev/blob'`, [], { blob: new Blob(['7\n8\n']) });
    const copied = await client.query(`COPY (select value from worker_copy order by value) TO '/dev/blob'`);
    expect(await copied.blob?.text()).toBe('7\n8\n');
  });

  it('reported no failure, and after closing lets the next opening in', async () => {
    expect(failures).toEqual([]);
    await database.close();
    expect(existsSync(join(dataDir, LOCK_FILE_NAME))).toBe(false);
    database = await createDatabase({ dataDir, worker: { onFailure: (error) => failures.push(error) } });
    expect(rowsOf(await database.db.execute(sql`select value from worker_counter`))).toEqual([{ value: 20 }]);
  }, 180_000);
});

describe('the worker timings the load bench reads', () => {
  it('writes each scoped statement, statement and transaction with its wait and hold when closed', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'ecc-worker-timings-'));
    const timingsFile = join(dataDir, 'timings.json');
    process.env.ECC_DATABASE_TIMINGS_FILE = timingsFile;
    try {
      const database = await createDatabase({ dataDir, worker: { onFailure: () => undefined } });
      await database.migrate();
      const startedAt = Date.now();
      await runInRealmScope({ realmIds: ['00000000-0000-4000-8000-000000000001'] }, () =>
        database.db.execute(sql`select 1`),
      );
      await database.db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        await tx.execute(sql`select 2`);
      });
      await database.db.execute(sql`select 3`);
      await database.close();
      const timings = (JSON.parse(readFileSync(timingsFile, 'utf8')) as DatabaseTiming[]).filter(
        (timing) => timing.at >= startedAt,
      );
      expect(timings.map((timing) => timing.kind)).toEqual(['scoped statement', 'transaction', 'statement']);
      const transaction = timings[1];
      expect(transaction?.statements).toBe(2);
      expect(transaction?.busyMs).toBeLessThanOrEqual(transaction?.heldMs ?? 0);
      for (const timing of timings) expect(timing.waitMs).toBeGreaterThanOrEqual(0);
    } finally {
      delete process.env.ECC_DATABASE_TIMINGS_FILE;
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 180_000);
});

describe('a database worker that dies', () => {
  // Stands in for the database thread: says it is ready, then exits on the first call, as a crash would.
  const dyingWorker = () =>
    new Worker(
      `const { parentPort } = require('node:worker_threads');
       parentPort.postMessage({ kind: 'ready' });
       parentPort.once('message', () => process.exit(3));`,
      { eval: true },
    );

  it('fails the call under way and every later one, and reports the failure once', async () => {
    const failures: Error[] = [];
    const client = await PgliteWorkerClient.over(dyingWorker(), (error) => failures.push(error));
    await expect(client.query('select 1')).rejects.toThrow(DatabaseWorkerError);
    await expect(client.query('select 1')).rejects.toThrow(
      'The database stopped: The database worker exited unexpectedly (code 3)',
    );
    expect(failures).toHaveLength(1);
    await client.close();
  });
});
