import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, REALM_CHANGE_CHANNEL, type DatabaseHandle } from './create-database.ts';
import { LOCK_FILE_NAME } from './data-dir-lock.ts';
import { createTestDatabase } from './testing/test-database.ts';

/** PGlite's and pg's raw results both carry `rows`; the shared drizzle type leaves them unknown. */
function rowsOf(result: unknown): Record<string, unknown>[] {
  return (result as { rows: Record<string, unknown>[] }).rows;
}

describe('createDatabase on a data directory', () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'ecc-data-'));
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  // Two real data-directory openings, the first creating it: by far the slowest test of the suite.
  it('holds DATA_DIR exclusively until closed, then lets the next process in', async () => {
    const first = await createDatabase({ dataDir });
    await first.migrate();
    await expect(createDatabase({ dataDir })).rejects.toThrow(
      `DATA_DIR ${dataDir} is in use by another Emissions Control Center process (pid ${process.pid}). ` +
        'Stop it first, or set DATA_DIR to another directory.',
    );
    await first.close();
    expect(existsSync(join(dataDir, LOCK_FILE_NAME))).toBe(false);

    const second = await createDatabase({ dataDir });
    // The data written by the first opening is still there; migrating again is a no-op.
    await second.migrate();
    const tables = await second.db.execute(sql`select count(*) as count from realms`);
    expect(rowsOf(tables)).toEqual([{ count: 0 }]);
    await second.close();
  }, 180_000);
});

describe('the database handle', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it('returns int8 as a number on PGlite and PostgreSQL alike', async () => {
    const result = await database.db.execute(sql`select 42::int8 as answer, count(*) as count from users`);
    expect(rowsOf(result)).toEqual([{ answer: 42, count: 0 }]);
  });

  it('loses no update when read-modify-write transactions run concurrently', async () => {
    await database.db.execute(sql`create table transaction_counter (value int not null)`);
    await database.db.execute(sql`insert into transaction_counter values (0)`);
    const increment = () =>
      database.db.transaction(async (transaction) => {
        const result = await transaction.execute(sql`select value from transaction_counter for update`);
        const value = Number(rowsOf(result)[0]?.value);
        await new Promise((resolve) => setTimeout(resolve, 5));
        await transaction.execute(sql`update transaction_counter set value = ${value + 1}`);
      });
    await Promise.all(Array.from({ length: 10 }, increment));
    const result = await database.db.execute(sql`select value from transaction_counter`);
    expect(rowsOf(result)).toEqual([{ value: 10 }]);
  });
});

describe('notices of realm changes', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  const renameEveryRealm = () => database.db.execute(sql`update realms set name = name || ' '`);

  it('tells a listener when the realms table changes, once per transaction, after the commit', async () => {
    const heard: string[] = [];
    const stop = await database.listen(REALM_CHANGE_CHANNEL, {
      onNotification: () => heard.push('changed'),
      onInterrupted: () => heard.push('interrupted'),
      onResumed: () => heard.push('resumed'),
    });
    try {
      await database.db.transaction(async (transaction) => {
        await transaction.execute(sql`update realms set name = name where false`);
        await transaction.execute(sql`update realms set name = name where false`);
        // Nothing is told before the commit: another server must not drop its copy for a change not yet made.
        expect(heard).toEqual([]);
      });
      // PostgreSQL folds a transaction's equal notices into one.
      await expect.poll(() => heard).toEqual(['changed']);
      await renameEveryRealm();
      await expect.poll(() => heard).toEqual(['changed', 'changed']);
      await stop();
      await renameEveryRealm();
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(heard).toEqual(['changed', 'changed']);
    } finally {
      await stop();
    }
  });
});
