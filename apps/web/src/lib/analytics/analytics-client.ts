import {
  messages,
  type AnalyticsEvent,
  type AnalyticsEventType,
  type AnalyticsSettings,
} from '@ecc/contracts';

type JsonObject = Record<string, unknown>;

/** Where the anonymous id outlives the page: the browser's localStorage, as RudderStack's SDK keeps it. */
export type AnalyticsStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export interface AnalyticsClientDependencies {
  fetch: typeof fetch;
  logger: Pick<Console, 'debug' | 'error'>;
  now: () => Date;
  randomId: () => string;
  storage: AnalyticsStorage;
}

/** RudderStack's key, so a visitor keeps one anonymous id whichever of the two clients a page loads. */
export const ANONYMOUS_ID_STORAGE_KEY = 'rl_anonymous_id';
/** The proxy takes identifiers of at most 200 characters; anything else stored under the key is not ours. */
const MAX_ANONYMOUS_ID_LENGTH = 200;

/** What the product calls: RudderStack's JavaScript SDK methods, over its HTTP API. */
export interface AnalyticsClient {
  /** Checks the write key and proxy path, fetches the source config, then sends what was buffered. */
  load(writeKey: unknown, proxyPath: unknown): Promise<boolean>;
  identify(userId: string, traits: JsonObject): void;
  page(category: string | undefined, name: string, properties: JsonObject): void;
  track(event: string, properties?: JsonObject): void;
  group(groupId: string, traits?: JsonObject): void;
  alias(userId: string, previousId?: string): void;
  /** Forgets the user: no user id or traits, and a new anonymous id in place of the stored one. */
  reset(): void;
  setAuthToken(token: unknown): void;
  readonly isReady: boolean;
}

function isNonEmptyString(value: unknown): value is string {
  return typeof value === 'string' && value.trim().length > 0;
}

/** `/api/analytics` or an absolute http(s) URL, without a trailing slash; undefined when it is neither. */
function proxyBaseOf(proxyPath: string): string | undefined {
  if (proxyPath.startsWith('/') && !proxyPath.startsWith('//')) return proxyPath.replace(/\/+$/, '');
  try {
    const url = new URL(proxyPath);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href.replace(/\/+$/, '') : undefined;
  } catch {
    return undefined;
  }
}

function basicAuthorization(writeKey: string): string {
  return `Basic ${btoa(`${writeKey}:`)}`;
}

/** Whether the realm asks for tracking at all (spec section 7); otherwise only a debug line is logged. */
export function isAnalyticsConfigured(
  settings: AnalyticsSettings | undefined,
): settings is AnalyticsSettings {
  return Boolean(
    settings?.trackingEnabled &&
    settings.providerEnabled &&
    settings.writeKey !== undefined &&
    settings.writeKey !== '' &&
    settings.proxyPath !== undefined &&
    settings.proxyPath !== '',
  );
}

/**
 * A RudderStack-compatible client: events take the HTTP API's shape and go to `{proxyPath}/v1/{type}` as
 * same-origin JSON (`fetch` with `keepalive`, so a page being left still sends; `sendBeacon` would post
 * `text/plain`, which the API refuses). Calls made before `load` succeeds wait in a buffer (spec section 4).
 */
export function createAnalyticsClient(dependencies: AnalyticsClientDependencies): AnalyticsClient {
  const { logger, storage } = dependencies;
  let connection: { writeKey: string; base: string } | undefined;
  let buffered: AnalyticsEvent[] = [];
  // The id of this page load when storage fails (private modes, quotas); the stored one wins when readable.
  let pageAnonymousId: string | undefined;
  let userId: string | undefined;
  let userTraits: JsonObject = {};
  let authToken: string | undefined;

  const storedAnonymousId = (): string | undefined => {
    try {
      const stored = storage.getItem(ANONYMOUS_ID_STORAGE_KEY)?.trim();
      return stored && stored.length <= MAX_ANONYMOUS_ID_LENGTH ? stored : undefined;
    } catch {
      return undefined;
    }
  };
  const storeAnonymousId = (id: string) => {
    try {
      storage.setItem(ANONYMOUS_ID_STORAGE_KEY, id);
    } catch (error) {
      logger.debug('Analytics anonymous id kept for this page only', error);
    }
  };
  /** Read each time, so that tabs of one browser share the id and a reset in one reaches the others. */
  const currentAnonymousId = (): string => {
    const stored = storedAnonymousId();
    if (stored !== undefined) return (pageAnonymousId = stored);
    pageAnonymousId ??= dependencies.randomId();
    storeAnonymousId(pageAnonymousId);
    return pageAnonymousId;
  };

  const send = (event: AnalyticsEvent) => {
    if (!connection) return;
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      authorization: basicAuthorization(connection.writeKey),
    };
    if (authToken) headers['x-auth-token'] = authToken;
    dependencies
      .fetch(`${connection.base}/v1/${event.type}`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ ...event, sentAt: dependencies.now().toISOString() }),
        keepalive: true,
        credentials: 'same-origin',
      })
      .catch((error: unknown) => logger.debug('Analytics event not sent', error));
  };

  const enqueue = (type: AnalyticsEventType, fields: Partial<AnalyticsEvent>) => {
    const event: AnalyticsEvent = {
      type,
      messageId: dependencies.randomId(),
      anonymousId: currentAnonymousId(),
      ...(userId ? { userId } : {}),
      context: { library: { name: 'ecc-analytics' }, ...(userId ? { traits: userTraits } : {}) },
      originalTimestamp: dependencies.now().toISOString(),
      ...fields,
    };
    if (connection) send(event);
    else buffered.push(event);
  };

  return {
    get isReady() {
      return connection !== undefined;
    },
    async load(writeKey, proxyPath) {
      const base = isNonEmptyString(proxyPath) ? proxyBaseOf(proxyPath.trim()) : undefined;
      if (!isNonEmptyString(writeKey) || base === undefined) {
        logger.error(messages.analyticsInvalidWriteKey);
        return false;
      }
      try {
        const response = await dependencies.fetch(`${base}/sourceConfig`, {
          headers: { authorization: basicAuthorization(writeKey) },
          credentials: 'same-origin',
        });
        if (!response.ok) throw new Error(`${response.status} ${response.statusText}`);
      } catch (error) {
        logger.error(messages.analyticsLoadFailed, error);
        return false;
      }
      connection = { writeKey, base };
      const waiting = buffered;
      buffered = [];
      waiting.forEach(send);
      return true;
    },
    identify(id, traits) {
      userId = id;
      userTraits = traits;
      enqueue('identify', { userId: id, traits });
    },
    page(category, name, properties) {
      enqueue('page', { name, ...(category ? { category } : {}), properties });
    },
    track(event, properties = {}) {
      enqueue('track', { event, properties });
    },
    group(groupId, traits = {}) {
      enqueue('group', { groupId, traits });
    },
    alias(id, previousId) {
      enqueue('alias', { userId: id, previousId: previousId ?? userId ?? currentAnonymousId() });
      userId = id;
    },
    reset() {
      userId = undefined;
      userTraits = {};
      // Cleared first, so that a failed write cannot leave the old id to be read back.
      try {
        storage.removeItem(ANONYMOUS_ID_STORAGE_KEY);
      } catch (error) {
        logger.debug('Analytics anonymous id not cleared', error);
      }
      pageAnonymousId = dependencies.randomId();
      storeAnonymousId(pageAnonymousId);
    },
    setAuthToken(token) {
      if (typeof token !== 'string') {
        logger.error(messages.analyticsTokenNotString);
        return;
      }
      authToken = token;
    },
  };
}
