/** Without `requestIdleCallback` (Safari before 18.4, jsdom), the work waits this long instead. */
const FALLBACK_DELAY_MS = 100;
/** The longest `requestIdleCallback` may wait for an idle moment. */
const IDLE_TIMEOUT_MS = 1000;

/** Runs `work` once the browser is idle; returns the function that cancels it. */
export function whenIdle(work: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(() => work(), { timeout: IDLE_TIMEOUT_MS });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(work, FALLBACK_DELAY_MS);
  return () => window.clearTimeout(handle);
}
