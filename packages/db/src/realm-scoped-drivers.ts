import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import type { Database } from './create-database.ts';
import type { PgliteWorkerClient } from './pglite-worker-client.ts';
import { currentRealmScope, SCOPE_STATEMENT, scopeParameters, type RealmScope } from './realm-scope.ts';

function scopeSql(scope: RealmScope) {
  const [role, realmIds, allRealms] = scopeParameters(scope);
  return sql`select set_config('role', ${role}, true), set_config('ecc.realm_ids', ${realmIds}, true), set_config('ecc.all_realms', ${allRealms}, true)`;
}

/** Binds a method to its own object, so private fields and `this` keep working behind a proxy. */
function forwarded(target: object, property: string | symbol): unknown {
  const value: unknown = Reflect.get(target, property, target);
  return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
}

/**
 * drizzle's `transaction` starts by binding the transaction to the current realm scope, if any, unless the driver
 * binds it as it begins (`isScopeBoundAtBegin`: the PGlite worker and the pool do). Statements outside a transaction are bound by
 * the driver wrappers below; statements inside one run on the transaction's own connection, already bound.
 */
export function realmScopedDatabase(db: Database, { isScopeBoundAtBegin = false } = {}): Database {
  const transaction: Database['transaction'] = (work, config) => {
    const scope = currentRealmScope();
    if (!scope || isScopeBoundAtBegin) return db.transaction(work, config);
    return db.transaction(async (tx) => {
      await tx.execute(scopeSql(scope));
      return work(tx);
    }, config);
  };
  return new Proxy(db, {
    get: (target, property) => (property === 'transaction' ? transaction : forwarded(target, property)),
  });
}

/** A statement outside any transaction, in a scope: its own short transaction bound to the scope. */
export function realmScopedPglite(client: PGlite): PGlite {
  const query: PGlite['query'] = (text, parameters, options) => {
    const scope = currentRealmScope();
    if (!scope) return client.query(text, parameters, options);
    return client.transaction(async (tx) => {
      await tx.query(SCOPE_STATEMENT, scopeParameters(scope));
      return tx.query(text, parameters, options);
    });
  };
  const exec: PGlite['exec'] = (text, options) => {
    const scope = currentRealmScope();
    if (!scope) return client.exec(text, options);
    return client.transaction(async (tx) => {
      await tx.query(SCOPE_STATEMENT, scopeParameters(scope));
      return tx.exec(text, options);
    });
  };
  return new Proxy(client, {
    get: (target, property) =>
      property === 'query' ? query : property === 'exec' ? exec : forwarded(target, property),
  });
}

/**
 * As `realmScopedPglite`, for PGlite in a worker: the scoped statement's transaction is one message, and a
 * transaction is bound to the scope by the message that begins it (`realmScopedDatabase`'s `isScopeBoundAtBegin`).
 */
export function realmScopedPgliteWorker(client: PgliteWorkerClient): PgliteWorkerClient {
  const transaction: PgliteWorkerClient['transaction'] = (work) => {
    const scope = currentRealmScope();
    return client.transaction(work, scope ? scopeParameters(scope) : undefined);
  };
  const query: PgliteWorkerClient['query'] = (text, parameters, options, transactionId) => {
    const scope = currentRealmScope();
    if (!scope || transactionId !== undefined) return client.query(text, parameters, options, transactionId);
    return client.queryInScope(scopeParameters(scope), text, parameters, options);
  };
  const exec: PgliteWorkerClient['exec'] = (text, transactionId) => {
    const scope = currentRealmScope();
    if (!scope || transactionId !== undefined) return client.exec(text, transactionId);
    return client.execInScope(scopeParameters(scope), text);
  };
  const replaced = new Map<string | symbol, unknown>([
    ['query', query],
    ['exec', exec],
    ['transaction', transaction],
  ]);
  return new Proxy(client, {
    get: (target, property) => replaced.get(property) ?? forwarded(target, property),
  });
}

/**
 * `begin` and the scope statement as one text, so they cost one round trip to the server: two statements in one
 * query go by the simple protocol, without parameters, so the values are literals quoted by the driver (realm ids
 * are checked uuids, the rest fixed words).
 */
function beginInScopeText(client: pg.PoolClient, scope: RealmScope, begin = 'begin'): string {
  const [role, realmIds, allRealms] = scopeParameters(scope).map((value) => client.escapeLiteral(value));
  return (
    `${begin}; select set_config('role', ${role}, true), set_config('ecc.realm_ids', ${realmIds}, true), ` +
    `set_config('ecc.all_realms', ${allRealms}, true)`
  );
}

/**
 * A pooled connection whose transactions begun in a realm scope are bound to it by the `begin` itself (drizzle's
 * `begin`, sent without parameters), so `realmScopedDatabase` is told `isScopeBoundAtBegin`: one round trip less.
 */
function scopeBindingClient(client: pg.PoolClient): pg.PoolClient {
  function query(config: unknown, values?: unknown): unknown {
    const scope = currentRealmScope();
    const text = typeof config === 'string' ? config : (config as { text?: unknown } | undefined)?.text;
    const hasValues = Array.isArray(values) && values.length > 0;
    if (!scope || typeof text !== 'string' || !/^begin\b/i.test(text) || hasValues) {
      return client.query(config as pg.QueryConfig, values as unknown[]);
    }
    const bound = beginInScopeText(client, scope, text);
    return client.query(typeof config === 'string' ? bound : { ...(config as pg.QueryConfig), text: bound });
  }
  return new Proxy(client, {
    get: (target, property) => (property === 'query' ? query : forwarded(target, property)),
  });
}

/**
 * As `realmScopedPglite`, for a pool: drizzle sends statements outside transactions to `pool.query`, and begins
 * its transactions on a connection from `pool.connect()`, bound to the scope by the `begin`.
 */
export function realmScopedPool(pool: pg.Pool): pg.Pool {
  async function scopedQuery(scope: RealmScope, config: unknown, values: unknown): Promise<unknown> {
    const client = await pool.connect();
    let brokenBy: Error | undefined;
    try {
      await client.query(beginInScopeText(client, scope));
      const result: unknown = await client.query(config as pg.QueryConfig, values as unknown[]);
      await client.query('commit');
      return result;
    } catch (error) {
      // A connection that cannot even roll back is discarded rather than handed to the next request.
      await client.query('rollback').catch((rollbackError: unknown) => {
        brokenBy = rollbackError instanceof Error ? rollbackError : new Error(String(rollbackError));
      });
      throw error;
    } finally {
      client.release(brokenBy);
    }
  }
  function query(config: unknown, values?: unknown): unknown {
    const scope = currentRealmScope();
    if (!scope) return pool.query(config as pg.QueryConfig, values as unknown[]);
    return scopedQuery(scope, config, values);
  }
  // drizzle's transactions take a connection with `connect()` (no callback).
  function connect(...callback: unknown[]): unknown {
    if (callback.length > 0) return (pool.connect as (...args: unknown[]) => unknown)(...callback);
    return pool.connect().then(scopeBindingClient);
  }
  return new Proxy(pool, {
    get: (target, property) =>
      property === 'query' ? query : property === 'connect' ? connect : forwarded(target, property),
  });
}
