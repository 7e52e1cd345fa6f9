import { LRUCache } from 'lru-cache';

/**
 * Values read from the database for every request (the realm of a host, a session, the grants behind a user's
 * rights), kept in memory until something they come from may have changed: `clear` is called on the database's
 * change notices (any server or CLI on the same database) and after this server's own writes. While notices
 * may be missed (`pause`, by each listener that lost its connection until it `resume`s), nothing is kept. Bounded, so made-up keys (Host headers, tokens) evict old entries
 * instead of growing memory.
 */
export interface ChangeAwareCache {
  /** The value under `key`, loaded once and shared by concurrent callers; a failed load is not kept. */
  get<Value>(key: string, load: () => Promise<Value>): Promise<Value>;
  clear(): void;
  pause(): void;
  resume(): void;
}

function deepFreeze<Value>(value: Value): Value {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

/** Cached values are frozen: shared by many requests, none may change them. */
export function createChangeAwareCache(maxEntries: number): ChangeAwareCache {
  const entries = new LRUCache<string, Promise<unknown>>({ max: maxEntries });
  // A count, not a flag: two listeners (realm and access notices) may each be interrupted and resume apart.
  let pauses = 0;
  return {
    get<Value>(key: string, load: () => Promise<Value>): Promise<Value> {
      if (pauses > 0) return load();
      const cached = entries.get(key) as Promise<Value> | undefined;
      if (cached) return cached;
      // Stored before it settles, so concurrent requests share one query; a clear meanwhile drops it.
      const pending = load().then(deepFreeze);
      entries.set(key, pending);
      pending.catch(() => {
        if (entries.get(key) === pending) entries.delete(key);
      });
      return pending;
    },
    clear() {
      entries.clear();
    },
    pause() {
      pauses += 1;
      entries.clear();
    },
    resume() {
      entries.clear();
      pauses = Math.max(0, pauses - 1);
    },
  };
}
