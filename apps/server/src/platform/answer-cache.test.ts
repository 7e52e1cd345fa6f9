import { describe, expect, it } from 'vitest';
import { createAnswerCache } from './answer-cache.ts';

const BOUNDS = { maxEntries: 100, maxCharacters: 10_000 };

/** A load that counts its calls and answers `body`. */
function counted(body: string) {
  const load = () => {
    load.calls += 1;
    return Promise.resolve({ body });
  };
  load.calls = 0;
  return load;
}

describe('createAnswerCache', () => {
  it('loads an answer once per realm and key, and keeps realms apart', async () => {
    const cache = createAnswerCache(BOUNDS);
    const load = counted('{"a":1}');
    await cache.get('realm-1', 'list', load);
    expect(await cache.get('realm-1', 'list', load)).toEqual({ body: '{"a":1}' });
    expect(load.calls).toBe(1);
    expect(await cache.get('realm-2', 'list', counted('{"b":2}'))).toEqual({ body: '{"b":2}' });
    expect(await cache.get('realm-1', 'list', load)).toEqual({ body: '{"a":1}' });
  });

  it('drops only the named realms’ answers, or all', async () => {
    const cache = createAnswerCache(BOUNDS);
    const first = counted('1');
    const second = counted('2');
    await cache.get('realm-1', 'list', first);
    await cache.get('realm-2', 'list', second);
    cache.clearRealms(['realm-1']);
    await cache.get('realm-1', 'list', first);
    await cache.get('realm-2', 'list', second);
    expect([first.calls, second.calls]).toEqual([2, 1]);
    cache.clear();
    await cache.get('realm-2', 'list', second);
    expect(second.calls).toBe(2);
  });

  it('does not keep an answer whose load began before its realm was cleared', async () => {
    const cache = createAnswerCache(BOUNDS);
    let finish: (body: string) => void = () => undefined;
    const slow = cache.get(
      'realm-1',
      'list',
      () => new Promise((resolve) => (finish = (body) => resolve({ body }))),
    );
    cache.clearRealms(['realm-1']);
    finish('before the change');
    expect(await slow).toEqual({ body: 'before the change' });
    expect(await cache.get('realm-1', 'list', counted('after the change'))).toEqual({
      body: 'after the change',
    });
  });

  it('shares one load between concurrent callers', async () => {
    const cache = createAnswerCache(BOUNDS);
    const load = counted('x');
    await Promise.all([cache.get('r', 'k', load), cache.get('r', 'k', load), cache.get('r', 'k', load)]);
    expect(load.calls).toBe(1);
  });

  it('keeps nothing while paused, and keeps again once resumed', async () => {
    const cache = createAnswerCache(BOUNDS);
    const load = counted('x');
    cache.pause();
    await cache.get('r', 'k', load);
    await cache.get('r', 'k', load);
    expect(load.calls).toBe(2);
    cache.resume();
    await cache.get('r', 'k', load);
    await cache.get('r', 'k', load);
    expect(load.calls).toBe(3);
  });

  it('stays within its bounds of entries and characters', async () => {
    const cache = createAnswerCache({ maxEntries: 50, maxCharacters: 2_000 });
    for (let index = 0; index < 500; index += 1) {
      await cache.get(`realm-${index % 7}`, `key-${index}`, counted('y'.repeat(index % 90)));
      const { entries, characters } = cache.usage();
      expect(entries).toBeLessThanOrEqual(50);
      expect(characters).toBeLessThanOrEqual(2_000);
    }
    expect(cache.usage().entries).toBeGreaterThan(10);
  });

  it('does not keep a failed load', async () => {
    const cache = createAnswerCache(BOUNDS);
    await expect(cache.get('r', 'k', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get('r', 'k', counted('ok'))).toEqual({ body: 'ok' });
  });
});
