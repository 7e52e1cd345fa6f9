import { describe, expect, it } from 'vitest';
import { withCachedReads } from './cached-reads.ts';
import { createChangeAwareCache } from './change-aware-cache.ts';

describe('the change-aware cache', () => {
  it('loads a key once for concurrent callers and answers it from memory until cleared', async () => {
    const cache = createChangeAwareCache(10);
    let loads = 0;
    const load = async () => ({ loads: ++loads });
    const [first, second] = await Promise.all([cache.get('a', load), cache.get('a', load)]);
    expect(first).toBe(second);
    expect(await cache.get('a', load)).toEqual({ loads: 1 });
    cache.clear();
    expect(await cache.get('a', load)).toEqual({ loads: 2 });
  });

  it('keeps at most its bound, dropping the least recently used', async () => {
    const cache = createChangeAwareCache(3);
    const loaded: string[] = [];
    const get = (key: string) => cache.get(key, async () => loaded.push(key));
    for (const key of ['a', 'b', 'c', 'd', 'e']) await get(key);
    await get('e');
    await get('a');
    expect(loaded).toEqual(['a', 'b', 'c', 'd', 'e', 'a']);
  });

  it('does not keep a failed load', async () => {
    const cache = createChangeAwareCache(10);
    await expect(cache.get('a', () => Promise.reject(new Error('database down')))).rejects.toThrow();
    expect(await cache.get('a', async () => 'read again')).toBe('read again');
  });

  it('keeps nothing while paused (changes may go unheard), and caches again after resuming', async () => {
    const cache = createChangeAwareCache(10);
    let loads = 0;
    const load = async () => ++loads;
    await cache.get('a', load);
    cache.pause();
    expect(await cache.get('a', load)).toBe(2);
    expect(await cache.get('a', load)).toBe(3);
    cache.resume();
    expect(await cache.get('a', load)).toBe(4);
    expect(await cache.get('a', load)).toBe(4);
  });

  it('stays paused until every listener that was interrupted has resumed', async () => {
    const cache = createChangeAwareCache(10);
    let loads = 0;
    const load = async () => ++loads;
    cache.pause();
    cache.pause();
    cache.resume();
    await cache.get('a', load);
    expect(await cache.get('a', load)).toBe(2);
    cache.resume();
    await cache.get('a', load);
    expect(await cache.get('a', load)).toBe(3);
  });

  it('freezes what it shares, so no request can change another’s copy', async () => {
    const cache = createChangeAwareCache(10);
    const value = await cache.get('a', async () => ({ nested: { list: [1] } }));
    expect(() => value.nested.list.push(2)).toThrow(TypeError);
  });
});

describe('a repository with cached reads', () => {
  const createRepository = () => {
    const calls: string[] = [];
    let stored = 'first';
    return {
      calls,
      repository: {
        async find(id: string) {
          calls.push(`find ${id}`);
          return { id, stored };
        },
        async save(value: string) {
          calls.push('save');
          stored = value;
        },
      },
    };
  };

  it('answers a read from the cache per arguments', async () => {
    const { calls, repository } = createRepository();
    const cached = withCachedReads(repository, createChangeAwareCache(10), ['find'], {
      isWriteClearing: false,
    });
    await cached.find('a');
    await cached.find('a');
    await cached.find('b');
    expect(calls).toEqual(['find a', 'find b']);
  });

  it('with writes clearing, reads what a write stored at once', async () => {
    const { repository } = createRepository();
    const cached = withCachedReads(repository, createChangeAwareCache(10), ['find'], {
      isWriteClearing: true,
    });
    expect((await cached.find('a')).stored).toBe('first');
    await cached.save('second');
    expect((await cached.find('a')).stored).toBe('second');
  });
});
