import type { Realm } from '@ecc/contracts';
import type { RealmRepository } from '@ecc/db';
import type { FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';

export interface RealmResolver {
  /** The realm this request's host belongs to: the one listing the host name in `domains`, else the default. */
  resolve(request: FastifyRequest): Promise<Realm | undefined>;
  /** Some realm changed: every host is looked up again. */
  invalidate(): void;
  /** Changes may go unheard (the database's notices are interrupted): look every request up until `resume`. */
  pause(): void;
  resume(): void;
}

/** Host names remembered at most; a flood of made-up Host headers evicts old ones instead of growing memory. */
const MAX_CACHED_HOSTS = 1_000;

/** `Host: Example.COM:3000` → `example.com`; `[::1]:3000` → `[::1]`. */
export function hostNameOf(request: Pick<FastifyRequest, 'hostname'>): string {
  return request.hostname.toLowerCase();
}

function deepFreeze<Value>(value: Value): Value {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

/**
 * The realm comes from the host name alone (port stripped), never from anything else the client sends. Every
 * request needs it, so the answer per host name is kept in memory until a realm changes (`invalidate`, called
 * on the realms table's change notices and after this server's own writes). A request keeps the realm it first
 * got, so hooks and handlers see one realm even if it changes meanwhile. Cached realms are frozen: shared by
 * many requests, none may change them.
 */
export function createRealmResolver(
  realmRepository: RealmRepository,
  defaultRealmKey: string,
): RealmResolver {
  const perRequest = new WeakMap<FastifyRequest, Promise<Realm | undefined>>();
  const byHost = new LRUCache<string, Promise<Realm | undefined>>({ max: MAX_CACHED_HOSTS });
  let isPaused = false;

  const lookUp = (hostName: string) =>
    realmRepository.findActiveForHost(hostName, defaultRealmKey).then(deepFreeze);

  const cachedLookUp = (hostName: string) => {
    if (isPaused) return lookUp(hostName);
    let realm = byHost.get(hostName);
    if (!realm) {
      // Stored before it settles, so concurrent requests for one host share one query.
      const pending = lookUp(hostName);
      byHost.set(hostName, pending);
      pending.catch(() => {
        if (byHost.get(hostName) === pending) byHost.delete(hostName);
      });
      realm = pending;
    }
    return realm;
  };

  return {
    resolve(request) {
      let realm = perRequest.get(request);
      if (!realm) {
        realm = cachedLookUp(hostNameOf(request));
        perRequest.set(request, realm);
      }
      return realm;
    },
    invalidate() {
      byHost.clear();
    },
    pause() {
      isPaused = true;
      byHost.clear();
    },
    resume() {
      byHost.clear();
      isPaused = false;
    },
  };
}
