import { describe, expect, it, vi } from 'vitest';
import { CHUNK_RELOAD_GUARD_MS, isChunkLoadError, reloadAfterChunkLoadError } from './chunk-load-reload.ts';

describe('a chunk that failed to load', () => {
  it('is recognised by the messages browsers and Vite give', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'))).toBe(
      true,
    );
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('Unable to preload CSS for /assets/x.css'))).toBe(true);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
  });

  it('reloads the target route, once: a second failure right after is a real error', () => {
    const storage = new Map<string, string>();
    const dependencies = {
      storage: {
        getItem: (key: string) => storage.get(key) ?? null,
        setItem: (key: string, value: string) => void storage.set(key, value),
      },
      assign: vi.fn(),
      now: () => 10_000,
    };
    expect(reloadAfterChunkLoadError('/benchmarks', dependencies)).toBe(true);
    expect(dependencies.assign).toHaveBeenCalledWith('/benchmarks');
    expect(reloadAfterChunkLoadError('/benchmarks', dependencies)).toBe(false);
    expect(dependencies.assign).toHaveBeenCalledTimes(1);
    expect(reloadAfterChunkLoadError('/pathways', dependencies)).toBe(true);
    expect(
      reloadAfterChunkLoadError('/pathways', { ...dependencies, now: () => 10_000 + CHUNK_RELOAD_GUARD_MS }),
    ).toBe(true);
  });
});
