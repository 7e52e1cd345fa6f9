import { timingSafeEqual } from 'node:crypto';
import type { AnalyticsEvent, AnalyticsSettings } from '@ecc/contracts';

/** Requests one address may make to the proxy per window (a page view or two a second, with room for bursts). */
export const ANALYTICS_RATE_LIMIT = 120;
export const ANALYTICS_RATE_WINDOW_MS = 60_000;
/** How long stored events are kept: older ones are deleted as new ones of the realm arrive. */
export const ANALYTICS_RETENTION_DAYS = 90;
/** How long a forward to the data plane may take before the events are stored instead. */
export const ANALYTICS_FORWARD_TIMEOUT_MS = 5000;

export const INVALID_WRITE_KEY_MESSAGE = 'Invalid write key';
export const ANALYTICS_RATE_LIMITED_MESSAGE = 'Too many analytics requests; try again later';

/** The write key of an `Authorization: Basic base64(writeKey:)` header (RudderStack's scheme), or undefined. */
export function writeKeyOf(authorization: string | undefined): string | undefined {
  const match = /^Basic\s+(\S+)$/i.exec(authorization ?? '');
  if (!match?.[1]) return undefined;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const separator = decoded.indexOf(':');
  const writeKey = separator === -1 ? decoded : decoded.slice(0, separator);
  return writeKey.length > 0 ? writeKey : undefined;
}

/** Whether `given` is the realm's write key; tracking and the provider must be on, compared in constant time. */
export function isRealmWriteKey(settings: AnalyticsSettings | undefined, given: string | undefined): boolean {
  if (!settings?.trackingEnabled || !settings.providerEnabled) return false;
  if (!settings.writeKey || given === undefined) return false;
  const expected = Buffer.from(settings.writeKey);
  const actual = Buffer.from(given);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/**
 * A fixed window per key (an address, a session), in memory: enough to stop one client flooding the table; it
 * resets on restart and is per process (decision 017).
 */
export function createFixedWindowLimiter(limit: number, windowMs: number, now: () => number = Date.now) {
  const windows = new Map<string, { startedAt: number; count: number }>();
  return {
    /** Counts a request of `key`; false once the key has used up the current window. */
    take(key: string): boolean {
      const time = now();
      const window = windows.get(key);
      if (!window || time - window.startedAt >= windowMs) {
        // Forget finished windows now and then, so the map does not grow with every address ever seen.
        if (windows.size > 10_000) {
          for (const [key, value] of windows) if (time - value.startedAt >= windowMs) windows.delete(key);
        }
        windows.set(key, { startedAt: time, count: 1 });
        return true;
      }
      window.count += 1;
      return window.count <= limit;
    },
  };
}

/** Sends the events to the data plane's batch endpoint with the realm's write key; throws on failure. */
export async function forwardToDataPlane(
  dataPlaneUrl: string,
  writeKey: string,
  events: readonly AnalyticsEvent[],
): Promise<void> {
  const response = await fetch(
    new URL('v1/batch', dataPlaneUrl.endsWith('/') ? dataPlaneUrl : `${dataPlaneUrl}/`),
    {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Basic ${Buffer.from(`${writeKey}:`).toString('base64')}`,
      },
      body: JSON.stringify({ batch: events, sentAt: new Date().toISOString() }),
      signal: AbortSignal.timeout(ANALYTICS_FORWARD_TIMEOUT_MS),
    },
  );
  if (!response.ok) throw new Error(`The data plane answered ${response.status} ${response.statusText}`);
}
