import type { ChangeAwareCache } from './change-aware-cache.ts';

type AsyncMethodName<Repository> = {
  [Name in keyof Repository]: Repository[Name] extends (...args: never[]) => Promise<unknown> ? Name : never;
}[keyof Repository] &
  string;

/**
 * A repository whose `reads` are answered from `cache` (keyed by method and arguments). With `isWriteClearing`,
 * every other method is taken for a write and clears the cache once it settles, so this server's next read sees
 * it even within a request that changes nothing else (a session's renewal happens on a GET).
 */
export function withCachedReads<Repository extends object>(
  repository: Repository,
  cache: ChangeAwareCache,
  reads: readonly AsyncMethodName<Repository>[],
  { isWriteClearing }: { isWriteClearing: boolean },
): Repository {
  const cachedNames = new Set<string | symbol>(reads);
  return new Proxy(repository, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== 'function') return value;
      const method = value as (...args: unknown[]) => Promise<unknown>;
      if (cachedNames.has(property)) {
        return (...args: unknown[]) =>
          cache.get(`${String(property)} ${JSON.stringify(args)}`, () => method.apply(target, args));
      }
      if (!isWriteClearing) return method.bind(target);
      return (...args: unknown[]) => method.apply(target, args).finally(() => cache.clear());
    },
  });
}
