import { AsyncLocalStorage } from 'node:async_hooks';

/** The non-superuser role that requests run as; row-level security binds it (migration 0008). */
export const APPLICATION_ROLE = 'ecc_app';

/**
 * The realms a piece of work may touch in the database: a list of realm ids, or every realm (the platform
 * operator's administrators). An empty list reaches nothing.
 */
export type RealmScope = { readonly realmIds: readonly string[] } | { readonly isAllRealms: true };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const scopes = new AsyncLocalStorage<RealmScope>();

/** What scoped work answers: a promise for a thenable's value, else the value itself. */
export type Scoped<Result> = Result extends PromiseLike<infer Value> ? Promise<Value> : Result;

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return (
    (typeof value === 'object' || typeof value === 'function') &&
    value !== null &&
    typeof (value as { then?: unknown }).then === 'function'
  );
}

/**
 * drizzle's queries are lazy thenables that run when `then` is called: called later by the awaiting caller, they
 * would run outside the scope. Calling `then` here starts them inside it.
 */
function started<Result>(result: Result): Scoped<Result> {
  if (!isThenable(result)) return result as Scoped<Result>;
  return new Promise((resolve, reject) => {
    result.then(resolve, reject);
  }) as Scoped<Result>;
}

/**
 * Runs `work` with every query it makes, however deep and however late (callbacks, streams, background work it
 * starts), bound by row-level security to `scope`.
 */
export function runInRealmScope<Result>(scope: RealmScope, work: () => Result): Scoped<Result> {
  if ('realmIds' in scope) {
    const invalid = scope.realmIds.find((id) => !UUID.test(id));
    if (invalid !== undefined)
      throw new Error(`A realm scope takes realm ids (uuids), not ${JSON.stringify(invalid)}`);
  }
  return scopes.run(scope, () => started(work()));
}

/**
 * Runs `work` as the connecting (owner) role, outside any realm scope. Two callers do so: the authorization
 * engine, which to decide what a user may do must read the realm tree and the grants inherited from realms above
 * theirs (outside the user's scope by design), and the bulk recalculation, whose COPY row-level security refuses.
 */
export function runOutsideRealmScope<Result>(work: () => Result): Scoped<Result> {
  return scopes.exit(() => started(work()));
}

/** The scope of the work under way, if any: outside one, queries run as the connecting (owner) role. */
export function currentRealmScope(): RealmScope | undefined {
  return scopes.getStore();
}

/**
 * The one statement that binds the transaction it runs in to a scope: the role (as `SET LOCAL ROLE` does) and
 * the realm settings the policies read, all reverting at the transaction's end.
 */
export const SCOPE_STATEMENT =
  "select set_config('role', $1, true), set_config('ecc.realm_ids', $2, true), set_config('ecc.all_realms', $3, true)";

export function scopeParameters(scope: RealmScope): [string, string, string] {
  return 'realmIds' in scope
    ? [APPLICATION_ROLE, scope.realmIds.join(','), 'off']
    : [APPLICATION_ROLE, '', 'on'];
}
