import { analyticsEventSchema } from '@ecc/contracts';
import { describe, expect, it, vi } from 'vitest';
import {
  ANONYMOUS_ID_STORAGE_KEY,
  createAnalyticsClient,
  isAnalyticsConfigured,
  type AnalyticsStorage,
} from './analytics-client.ts';

/** localStorage as a map: one per browser, shared by the page loads of a test. */
function memoryStorage(): AnalyticsStorage & { values: Map<string, string> } {
  const values = new Map<string, string>();
  return {
    values,
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => void values.set(key, value),
    removeItem: (key) => void values.delete(key),
  };
}

function setUp(
  sourceConfig: () => Promise<Response> = async () => new Response('{}', { status: 200 }),
  storage: AnalyticsStorage = memoryStorage(),
) {
  const sent: { url: string; init: RequestInit; body: Record<string, unknown> }[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    if (url.endsWith('/sourceConfig')) return sourceConfig();
    sent.push({ url, init, body: JSON.parse(String(init.body)) as Record<string, unknown> });
    return new Response('{"accepted":1}', { status: 200 });
  });
  const logger = { debug: vi.fn(), error: vi.fn() };
  let counter = 0;
  const client = createAnalyticsClient({
    fetch,
    logger,
    now: () => new Date('2026-03-01T10:00:00Z'),
    randomId: () => `id-${(counter += 1)}`,
    storage,
  });
  return { client, fetch, logger, sent };
}

describe('analytics client', () => {
  it('buffers events until the source config has loaded, then sends them in order', async () => {
    const { client, sent, fetch } = setUp();
    client.page(undefined, 'about', { path: '/about' });
    client.track('Report opened', { id: 7 });
    expect(sent).toHaveLength(0);
    expect(client.isReady).toBe(false);

    await expect(client.load('key-1', '/api/analytics')).resolves.toBe(true);
    expect(fetch).toHaveBeenCalledWith(
      '/api/analytics/sourceConfig',
      expect.objectContaining({
        headers: { authorization: `Basic ${btoa('key-1:')}` },
      }),
    );
    expect(sent.map((each) => each.url)).toEqual(['/api/analytics/v1/page', '/api/analytics/v1/track']);
    client.group('group-1');
    expect(sent.at(-1)?.url).toBe('/api/analytics/v1/group');
  });

  it('sends same-origin JSON in the RudderStack HTTP API shape that the proxy accepts', async () => {
    const { client, sent } = setUp();
    await client.load('key-1', '/api/analytics/');
    client.identify('user-1', { username: 'dana' });
    client.page('facility', 'plant-1', { path: '/facility/plant-1' });
    client.alias('user-2');
    for (const { init, body } of sent) {
      expect(init).toMatchObject({ method: 'POST', keepalive: true, credentials: 'same-origin' });
      expect((init.headers as Record<string, string>)['content-type']).toBe('application/json');
      expect(analyticsEventSchema.safeParse(body).success).toBe(true);
    }
    expect(sent[0]?.body).toMatchObject({ type: 'identify', userId: 'user-1', traits: { username: 'dana' } });
    expect(sent[1]?.body).toMatchObject({
      type: 'page',
      userId: 'user-1',
      category: 'facility',
      name: 'plant-1',
    });
    expect(sent[2]?.body).toMatchObject({ type: 'alias', userId: 'user-2', previousId: 'user-1' });
  });

  it('forgets the user on reset', async () => {
    const { client, sent } = setUp();
    await client.load('key-1', '/api/analytics');
    client.identify('user-1', {});
    const anonymousBefore = sent[0]?.body.anonymousId;
    client.reset();
    client.track('Signed out');
    expect(sent[1]?.body.userId).toBeUndefined();
    expect(sent[1]?.body.anonymousId).not.toBe(anonymousBefore);
  });

  it('keeps the anonymous id across page loads under RudderStack’s key', async () => {
    const storage = memoryStorage();
    const firstLoad = setUp(undefined, storage);
    await firstLoad.client.load('key-1', '/api/analytics');
    firstLoad.client.page(undefined, 'about', {});
    firstLoad.client.track('Opened');
    const anonymousId = firstLoad.sent[0]?.body.anonymousId;
    expect(typeof anonymousId).toBe('string');
    expect(firstLoad.sent[1]?.body.anonymousId).toBe(anonymousId);
    expect(storage.values.get(ANONYMOUS_ID_STORAGE_KEY)).toBe(anonymousId);

    const secondLoad = setUp(undefined, storage);
    await secondLoad.client.load('key-1', '/api/analytics');
    secondLoad.client.page(undefined, 'about', {});
    expect(secondLoad.sent[0]?.body.anonymousId).toBe(anonymousId);
  });

  it('replaces the stored anonymous id on reset, for this page and the next loads', async () => {
    const storage = memoryStorage();
    const { client, sent } = setUp(undefined, storage);
    await client.load('key-1', '/api/analytics');
    client.track('Before');
    const before = sent[0]?.body.anonymousId;
    client.reset();
    const after = storage.values.get(ANONYMOUS_ID_STORAGE_KEY);
    expect(after).toBeDefined();
    expect(after).not.toBe(before);
    client.track('After');
    expect(sent[1]?.body.anonymousId).toBe(after);

    const nextLoad = setUp(undefined, storage);
    await nextLoad.client.load('key-1', '/api/analytics');
    nextLoad.client.track('Later');
    expect(nextLoad.sent[0]?.body.anonymousId).toBe(after);
  });

  it('follows a reset made in another tab of the same browser', async () => {
    const storage = memoryStorage();
    const tab = setUp(undefined, storage);
    const otherTab = setUp(undefined, storage);
    await tab.client.load('key-1', '/api/analytics');
    tab.client.track('First');
    otherTab.client.reset();
    tab.client.track('Second');
    expect(tab.sent[1]?.body.anonymousId).toBe(storage.values.get(ANONYMOUS_ID_STORAGE_KEY));
    expect(tab.sent[1]?.body.anonymousId).not.toBe(tab.sent[0]?.body.anonymousId);
  });

  it('replaces a stored value that cannot be an id', async () => {
    const storage = memoryStorage();
    storage.values.set(ANONYMOUS_ID_STORAGE_KEY, ' ');
    const { client, sent } = setUp(undefined, storage);
    await client.load('key-1', '/api/analytics');
    client.track('Opened');
    expect(sent[0]?.body.anonymousId).toMatch(/^id-\d+$/);
    expect(storage.values.get(ANONYMOUS_ID_STORAGE_KEY)).toBe(sent[0]?.body.anonymousId);
    expect(analyticsEventSchema.safeParse(sent[0]?.body).success).toBe(true);
  });

  it('keeps one anonymous id for the page when storage is blocked', async () => {
    const blocked: AnalyticsStorage = {
      getItem: () => {
        throw new DOMException('The operation is insecure.', 'SecurityError');
      },
      setItem: () => {
        throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      },
      removeItem: () => {
        throw new DOMException('The operation is insecure.', 'SecurityError');
      },
    };
    const { client, sent } = setUp(undefined, blocked);
    await client.load('key-1', '/api/analytics');
    client.track('One');
    client.track('Two');
    expect(sent[0]?.body.anonymousId).toBeDefined();
    expect(sent[1]?.body.anonymousId).toBe(sent[0]?.body.anonymousId);
    client.reset();
    client.track('Three');
    expect(sent[2]?.body.anonymousId).not.toBe(sent[0]?.body.anonymousId);
  });

  it.each([
    ['an empty write key', '', '/api/analytics'],
    ['a write key that is not a string', 42, '/api/analytics'],
    ['a proxy path that is no URL', 'key-1', 'javascript:alert(1)'],
    ['a missing proxy path', 'key-1', undefined],
  ])('refuses %s with the specification message and sends nothing', async (_case, writeKey, proxyPath) => {
    const { client, logger, fetch } = setUp();
    await expect(client.load(writeKey, proxyPath)).resolves.toBe(false);
    expect(logger.error).toHaveBeenCalledWith('Unable to load the SDK due to invalid writeKey');
    expect(fetch).not.toHaveBeenCalled();
  });

  it("logs 'Failed to load Rudder' when the source config cannot be loaded, and keeps the events", async () => {
    const { client, logger, sent } = setUp(async () => new Response('{}', { status: 401 }));
    client.page(undefined, 'about', {});
    await expect(client.load('wrong', '/api/analytics')).resolves.toBe(false);
    expect(logger.error).toHaveBeenCalledWith('Failed to load Rudder', expect.any(Error));
    expect(client.isReady).toBe(false);
    expect(sent).toHaveLength(0);
  });

  it('takes only a string auth token', () => {
    const { client, logger } = setUp();
    client.setAuthToken(12);
    expect(logger.error).toHaveBeenCalledWith('Provided input should be in string format');
    logger.error.mockClear();
    client.setAuthToken('token');
    expect(logger.error).not.toHaveBeenCalled();
  });
});

describe('isAnalyticsConfigured', () => {
  const on = { trackingEnabled: true, providerEnabled: true, writeKey: 'k', proxyPath: '/api/analytics' };
  it('needs tracking and the provider on and both the write key and the proxy path set', () => {
    expect(isAnalyticsConfigured(on)).toBe(true);
    expect(isAnalyticsConfigured(undefined)).toBe(false);
    expect(isAnalyticsConfigured({ ...on, trackingEnabled: false })).toBe(false);
    expect(isAnalyticsConfigured({ ...on, providerEnabled: false })).toBe(false);
    expect(isAnalyticsConfigured({ ...on, writeKey: '' })).toBe(false);
    expect(isAnalyticsConfigured({ ...on, proxyPath: undefined })).toBe(false);
  });
});
