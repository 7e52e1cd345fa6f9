import {
  buildMetaPath,
  buildMetaSchema,
  findRouteRuleRedirect,
  LATEST_BUILD_PATH,
  latestBuildSchema,
  type BuildMeta,
} from './build-manifest.ts';

/** The specification leaves the poll interval open; a minute keeps the manifest traffic negligible. */
export const VERSION_POLL_INTERVAL_MS = 60_000;

export const MANIFEST_FETCH_FAILED = 'Failed to fetch the app manifest';

export interface VersionWatcherOptions {
  currentBuildId: string;
  fetchJson: (url: string) => Promise<unknown>;
  now?: () => number;
  logError?: (...values: unknown[]) => void;
  intervalMs?: number;
}

export interface VersionWatcher {
  /** This build's route rules, fetched once at start-up. */
  loadCurrentMeta: () => Promise<void>;
  /** Polls `builds/latest.json`; on a new build id, fetches that build's meta. */
  check: () => Promise<void>;
  /** Checks every interval and whenever the window regains focus; returns the stop function. */
  start: (target?: Pick<Window, 'addEventListener' | 'removeEventListener'>) => () => void;
  isNewVersionAvailable: () => boolean;
  routeRuleRedirect: (pathname: string) => string | undefined;
}

export function createVersionWatcher(options: VersionWatcherOptions): VersionWatcher {
  const now = options.now ?? Date.now;
  const logError = options.logError ?? ((...values: unknown[]) => console.error(...values));
  let meta: BuildMeta | undefined;
  let latestBuildId = options.currentBuildId;
  let isChecking = false;

  async function fetchMeta(buildId: string): Promise<BuildMeta | undefined> {
    try {
      return buildMetaSchema.parse(await options.fetchJson(buildMetaPath(buildId)));
    } catch (error) {
      logError(MANIFEST_FETCH_FAILED, error);
      return undefined;
    }
  }

  async function check(): Promise<void> {
    if (isChecking) return;
    isChecking = true;
    try {
      const latest = latestBuildSchema.parse(await options.fetchJson(`${LATEST_BUILD_PATH}?${now()}`));
      if (latest.id === latestBuildId) return;
      latestBuildId = latest.id;
      meta = (await fetchMeta(latest.id)) ?? meta;
    } catch (error) {
      logError(MANIFEST_FETCH_FAILED, error);
    } finally {
      isChecking = false;
    }
  }

  return {
    loadCurrentMeta: async () => {
      meta = (await fetchMeta(options.currentBuildId)) ?? meta;
    },
    check,
    start: (target = window) => {
      const timer = setInterval(() => void check(), options.intervalMs ?? VERSION_POLL_INTERVAL_MS);
      const onFocus = () => void check();
      target.addEventListener('focus', onFocus);
      return () => {
        clearInterval(timer);
        target.removeEventListener('focus', onFocus);
      };
    },
    isNewVersionAvailable: () => latestBuildId !== options.currentBuildId,
    routeRuleRedirect: (pathname) => findRouteRuleRedirect(meta, pathname),
  };
}

/** Plain fetch for the static manifests: no cookies needed, never a cached answer. */
export async function fetchManifestJson(url: string): Promise<unknown> {
  const response = await fetch(url, { cache: 'no-store', headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`${response.status} ${response.statusText}`.trim());
  return (await response.json()) as unknown;
}
