import { ROUTES } from '@ecc/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createBuildMeta } from './build-manifest.ts';
import { createVersionWatcher, MANIFEST_FETCH_FAILED, VERSION_POLL_INTERVAL_MS } from './version-watcher.ts';

const CURRENT = { id: 'build-1', timestamp: 1000 };
const NEXT = { id: 'build-2', timestamp: 2000 };

function fakeManifests(latest: unknown, metas: Record<string, unknown> = {}) {
  return vi.fn(async (url: string) => {
    if (url.startsWith('/builds/latest.json?')) {
      if (latest instanceof Error) throw latest;
      return latest;
    }
    const meta = metas[url];
    if (meta === undefined) throw new Error(`404 ${url}`);
    return meta;
  });
}

afterEach(() => {
  vi.useRealTimers();
});

describe('new-version detection', () => {
  it('polls builds/latest.json with a timestamp query and stays quiet while the build is current', async () => {
    const fetchJson = fakeManifests(CURRENT);
    const watcher = createVersionWatcher({ currentBuildId: 'build-1', fetchJson, now: () => 1234 });
    await watcher.check();
    expect(fetchJson).toHaveBeenCalledWith('/builds/latest.json?1234');
    expect(fetchJson).toHaveBeenCalledTimes(1);
    expect(watcher.isNewVersionAvailable()).toBe(false);
  });

  it('fetches the new build’s meta when a new id appears, and takes its route rules', async () => {
    const fetchJson = fakeManifests(NEXT, { '/builds/meta/build-2.json': createBuildMeta(NEXT, ROUTES) });
    const watcher = createVersionWatcher({ currentBuildId: 'build-1', fetchJson });
    await watcher.check();
    expect(fetchJson).toHaveBeenCalledWith('/builds/meta/build-2.json');
    expect(watcher.isNewVersionAvailable()).toBe(true);
    expect(watcher.routeRuleRedirect('/pathwayoptimizer')).toBe('/lighttouch');
    await watcher.check();
    expect(fetchJson).toHaveBeenCalledTimes(3);
  });

  it('logs a failed manifest fetch', async () => {
    const logError = vi.fn();
    const failure = new Error('503 Service Unavailable');
    const watcher = createVersionWatcher({
      currentBuildId: 'build-1',
      fetchJson: fakeManifests(failure),
      logError,
    });
    await watcher.check();
    expect(logError).toHaveBeenCalledWith(MANIFEST_FETCH_FAILED, failure);
    expect(watcher.isNewVersionAvailable()).toBe(false);
  });

  it('logs a failed meta fetch, and still knows a new build is out', async () => {
    const logError = vi.fn();
    const watcher = createVersionWatcher({
      currentBuildId: 'build-1',
      fetchJson: fakeManifests(NEXT),
      logError,
    });
    await watcher.check();
    expect(logError).toHaveBeenCalledWith(MANIFEST_FETCH_FAILED, expect.any(Error));
    expect(watcher.isNewVersionAvailable()).toBe(true);
  });

  it('loads its own build’s route rules at start-up', async () => {
    const fetchJson = fakeManifests(CURRENT, {
      '/builds/meta/build-1.json': createBuildMeta(CURRENT, ROUTES),
    });
    const watcher = createVersionWatcher({ currentBuildId: 'build-1', fetchJson });
    await watcher.loadCurrentMeta();
    expect(watcher.routeRuleRedirect('/pathwayoptimizer')).toBe('/lighttouch');
  });

  it('checks every minute and whenever the window regains focus', async () => {
    vi.useFakeTimers();
    const fetchJson = fakeManifests(CURRENT);
    const watcher = createVersionWatcher({ currentBuildId: 'build-1', fetchJson });
    const target = new EventTarget();
    const stop = watcher.start(target as unknown as Window);
    await vi.advanceTimersByTimeAsync(VERSION_POLL_INTERVAL_MS);
    expect(fetchJson).toHaveBeenCalledTimes(1);
    target.dispatchEvent(new Event('focus'));
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchJson).toHaveBeenCalledTimes(2);
    stop();
    await vi.advanceTimersByTimeAsync(VERSION_POLL_INTERVAL_MS);
    expect(fetchJson).toHaveBeenCalledTimes(2);
  });
});
