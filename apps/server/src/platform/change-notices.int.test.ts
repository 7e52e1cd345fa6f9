import { createTestDatabase } from '@ecc/db/testing';
import { REALM_CHANGE_CHANNEL } from '@ecc/db';
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { startThrowawayPostgres } from '#test-support/throwaway-postgres.ts';

// PostgreSQL listens on a connection of its own, which can be lost; PGlite, in the process, has none. In the
// PGlite run of the suite a throwaway PostgreSQL is started for this test, so it runs in both.
it('on PostgreSQL, reports a lost listening connection and listens again on a new one', async () => {
  const server = process.env.DATABASE_URL ? undefined : await startThrowawayPostgres({ log: () => {} });
  const postgres = await createTestDatabase(server ? { DATABASE_URL: server.url } : process.env);
  const heard: string[] = [];
  const stop = await postgres.listen(REALM_CHANGE_CHANNEL, {
    onNotification: () => heard.push('changed'),
    onInterrupted: () => heard.push('interrupted'),
    onResumed: () => heard.push('resumed'),
  });
  try {
    await postgres.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query like 'LISTEN %'`,
    );
    await expect.poll(() => heard, { timeout: 10_000 }).toEqual(['interrupted', 'resumed']);
    await postgres.db.execute(sql`update realms set name = name || ' '`);
    await expect.poll(() => heard).toEqual(['interrupted', 'resumed', 'changed']);
  } finally {
    await stop();
    await postgres.close();
    server?.stop();
  }
}, 60_000);
