/** Messages browsers and Vite give when a lazily loaded chunk is gone (typically: a newer build replaced it). */
const CHUNK_LOAD_ERROR_PATTERNS = [
  /Failed to fetch dynamically imported module/i,
  /error loading dynamically imported module/i,
  /Importing a module script failed/i,
  /Unable to preload CSS/i,
];

export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return CHUNK_LOAD_ERROR_PATTERNS.some((pattern) => pattern.test(message));
}

export const CHUNK_RELOAD_STORAGE_KEY = 'ecc:chunk-reload';
/** A second failure for the same target this soon after reloading is not a stale bundle: show the error. */
export const CHUNK_RELOAD_GUARD_MS = 10_000;

export interface ChunkReloadDependencies {
  storage?: Pick<Storage, 'getItem' | 'setItem'>;
  assign?: (href: string) => void;
  now?: () => number;
}

/** Loads the target route from the server; false when that was just tried for this target. */
export function reloadAfterChunkLoadError(href: string, dependencies: ChunkReloadDependencies = {}): boolean {
  const storage = dependencies.storage ?? sessionStorage;
  const now = (dependencies.now ?? Date.now)();
  const assign = dependencies.assign ?? ((target: string) => window.location.assign(target));
  const previous = parseAttempt(storage.getItem(CHUNK_RELOAD_STORAGE_KEY));
  if (previous && previous.href === href && now - previous.at < CHUNK_RELOAD_GUARD_MS) return false;
  storage.setItem(CHUNK_RELOAD_STORAGE_KEY, JSON.stringify({ href, at: now }));
  assign(href);
  return true;
}

function parseAttempt(value: string | null): { href: string; at: number } | undefined {
  if (!value) return undefined;
  try {
    const parsed = JSON.parse(value) as { href?: unknown; at?: unknown };
    return typeof parsed.href === 'string' && typeof parsed.at === 'number'
      ? { href: parsed.href, at: parsed.at }
      : undefined;
  } catch {
    return undefined;
  }
}
