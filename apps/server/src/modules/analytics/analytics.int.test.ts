import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ANALYTICS_PROXY_PATH, type Realm } from '@ecc/contracts';
import { createAnalyticsEventRepository } from '@ecc/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test-support/test-app.ts';
import { createTestRealm } from '#test-support/test-realms.ts';
import { ANALYTICS_RATE_LIMIT, ANALYTICS_RETENTION_DAYS } from './analytics.service.ts';

const WRITE_KEY = 'acme-write-key';

function basic(writeKey: string) {
  return { authorization: `Basic ${Buffer.from(`${writeKey}:`).toString('base64')}` };
}

function pageEvent(overrides: Record<string, unknown> = {}) {
  return {
    type: 'page',
    messageId: crypto.randomUUID(),
    anonymousId: 'anonymous-1',
    name: 'about',
    properties: { path: '/about' },
    originalTimestamp: new Date().toISOString(),
    ...overrides,
  };
}

async function createTrackedRealm(testApp: TestApp, key: string, domain: string): Promise<Realm> {
  return createTestRealm(testApp.database.db, {
    key,
    domains: [domain],
    configure: (config) => ({
      ...config,
      applications: config.applications.map((application) => ({
        ...application,
        analytics: {
          trackingEnabled: true,
          providerEnabled: true,
          writeKey: WRITE_KEY,
          proxyPath: ANALYTICS_PROXY_PATH,
        },
      })),
    }),
  });
}

describe('analytics proxy', () => {
  let testApp: TestApp;
  let acme: Realm;
  let other: Realm;
  beforeAll(async () => {
    testApp = await createTestApp();
    acme = await createTrackedRealm(testApp, 'acme', 'acme.example.com');
    other = await createTrackedRealm(testApp, 'other', 'other.example.com');
    await createTestRealm(testApp.database.db, { key: 'quiet', domains: ['quiet.example.com'] });
  });
  afterAll(() => testApp.close());

  const send = (path: string, payload: unknown, headers: Record<string, string> = {}) =>
    testApp.app.inject({
      method: 'POST',
      url: `${ANALYTICS_PROXY_PATH}${path}`,
      headers: { host: 'acme.example.com', ...basic(WRITE_KEY), ...headers },
      payload: payload as object,
    });

  it('stores a page event for the realm of the host, whatever the body says', async () => {
    const events = createAnalyticsEventRepository(testApp.database.db);
    const response = await send('/v1/page', pageEvent({ context: { realm: other.id } }));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ accepted: 1 });
    expect(await events.countByType(acme.id, 'page')).toBe(1);
    expect(await events.countByType(other.id, 'page')).toBe(0);
  });

  it('stores a batch of events of several types', async () => {
    const events = createAnalyticsEventRepository(testApp.database.db);
    const response = await send('/v1/batch', {
      batch: [
        pageEvent({ type: 'identify', userId: 'user-1', traits: { username: 'dana' } }),
        pageEvent({ type: 'track', event: 'Report opened' }),
      ],
    });
    expect(response.json()).toEqual({ accepted: 2 });
    const stored = await events.listPayloads(acme.id);
    expect(stored.map((event) => event.type)).toEqual(expect.arrayContaining(['identify', 'track']));
    expect(stored.find((event) => event.type === 'identify')?.traits).toEqual({ username: 'dana' });
  });

  it('answers the source config to its write key (basic authorization)', async () => {
    const response = await testApp.app.inject({
      method: 'GET',
      url: `${ANALYTICS_PROXY_PATH}/sourceConfig`,
      headers: { host: 'acme.example.com', ...basic(WRITE_KEY) },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().source).toMatchObject({ id: acme.id, writeKey: WRITE_KEY, enabled: true });
  });

  it('answers 401 to a wrong or missing write key, and to a realm without tracking', async () => {
    expect((await send('/v1/page', pageEvent(), basic('wrong-key'))).statusCode).toBe(401);
    const missing = await testApp.app.inject({
      method: 'POST',
      url: `${ANALYTICS_PROXY_PATH}/v1/page`,
      headers: { host: 'acme.example.com' },
      payload: pageEvent(),
    });
    expect(missing.json()).toEqual({ statusCode: 401, error: 'Unauthorized', message: 'Invalid write key' });
    const quiet = await send('/v1/page', pageEvent(), { host: 'quiet.example.com' });
    expect(quiet.statusCode).toBe(401);
  });

  it('answers 400 naming the field of an invalid event, storing nothing', async () => {
    const events = createAnalyticsEventRepository(testApp.database.db);
    const before = await events.countByType(acme.id, 'track');
    const response = await send('/v1/batch', {
      batch: [pageEvent({ type: 'track', event: 'Fine' }), pageEvent({ type: 'track' })],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain('batch/1/event');
    const noTimestamp = await send('/v1/page', pageEvent({ originalTimestamp: 'yesterday' }));
    expect(noTimestamp.statusCode).toBe(400);
    expect(noTimestamp.json().message).toContain('originalTimestamp');
    const wrongType = await send('/v1/page', pageEvent({ type: 'track', event: 'x' }));
    expect(wrongType.json().message).toContain('body/type');
    expect(await events.countByType(acme.id, 'track')).toBe(before);
  });

  it('refuses a cross-origin or text/plain post (the same-origin rule holds)', async () => {
    const crossSite = await testApp.injectAsIs({
      method: 'POST',
      url: `${ANALYTICS_PROXY_PATH}/v1/page`,
      headers: { host: 'acme.example.com', origin: 'https://evil.example.net', ...basic(WRITE_KEY) },
      payload: pageEvent(),
    });
    expect(crossSite.statusCode).toBe(403);
    const beacon = await send('/v1/page', JSON.stringify(pageEvent()), { 'content-type': 'text/plain' });
    expect(beacon.statusCode).toBe(415);
  });

  it('answers 429 once an address has used up its window', async () => {
    const limited = await createTestApp({ database: testApp.database });
    try {
      const statuses: number[] = [];
      for (let index = 0; index <= ANALYTICS_RATE_LIMIT; index += 1) {
        const response = await limited.app.inject({
          method: 'GET',
          url: `${ANALYTICS_PROXY_PATH}/sourceConfig`,
          headers: { host: 'acme.example.com', ...basic(WRITE_KEY) },
        });
        statuses.push(response.statusCode);
      }
      expect(statuses.slice(0, ANALYTICS_RATE_LIMIT).every((status) => status === 200)).toBe(true);
      expect(statuses.at(-1)).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

describe('analytics limits', () => {
  let testApp: TestApp;
  let acme: Realm;
  beforeAll(async () => {
    testApp = await createTestApp();
    acme = await createTrackedRealm(testApp, 'acme', 'acme.example.com');
  });
  afterAll(() => testApp.close());

  const sendFrom = (remoteAddress: string, headers: Record<string, string> = {}) =>
    testApp.app.inject({
      method: 'POST',
      url: `${ANALYTICS_PROXY_PATH}/v1/page`,
      remoteAddress,
      headers: { host: 'acme.example.com', ...basic(WRITE_KEY), ...headers },
      payload: pageEvent(),
    });

  it(`keeps stored events ${ANALYTICS_RETENTION_DAYS} days: older ones go as new ones arrive`, async () => {
    const events = createAnalyticsEventRepository(testApp.database.db);
    expect((await sendFrom('192.0.2.1')).statusCode).toBe(200);
    testApp.advanceClock(ANALYTICS_RETENTION_DAYS * 24 * 60 * 60 * 1000 - 60_000);
    expect((await sendFrom('192.0.2.1')).statusCode).toBe(200);
    expect(await events.countByType(acme.id, 'page')).toBe(2);
    testApp.advanceClock(2 * 60_000);
    expect((await sendFrom('192.0.2.1')).statusCode).toBe(200);
    expect(await events.countByType(acme.id, 'page')).toBe(2);
  });

  it('limits one session however many addresses it sends from', async () => {
    const cookie = { cookie: 'ecc_session=one-session-token' };
    const statuses: number[] = [];
    for (let index = 0; index <= ANALYTICS_RATE_LIMIT; index += 1) {
      statuses.push((await sendFrom(`198.51.100.${index % 200}`, cookie)).statusCode);
    }
    expect(statuses.slice(0, ANALYTICS_RATE_LIMIT).every((status) => status === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    // Another session, and no session, from a fresh address are not affected.
    expect((await sendFrom('203.0.113.1', { cookie: 'ecc_session=another-token' })).statusCode).toBe(200);
    expect((await sendFrom('203.0.113.2')).statusCode).toBe(200);
  });
});

describe('analytics proxy with ANALYTICS_DATA_PLANE_URL', () => {
  let dataPlane: Server;
  let received: { url: string; authorization: string | undefined; body: { batch: { type: string }[] } }[];
  let isFailing = false;
  let testApp: TestApp;
  let acme: Realm;

  const readBody = async (request: IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    return JSON.parse(Buffer.concat(chunks).toString('utf8')) as { batch: { type: string }[] };
  };

  beforeAll(async () => {
    received = [];
    dataPlane = createServer((request, response) => {
      void readBody(request).then((body) => {
        received.push({ url: request.url ?? '', authorization: request.headers.authorization, body });
        response.statusCode = isFailing ? 503 : 200;
        response.end('OK');
      });
    });
    await new Promise<void>((resolve) => dataPlane.listen(0, '127.0.0.1', resolve));
    const { port } = dataPlane.address() as AddressInfo;
    testApp = await createTestApp({ env: { ANALYTICS_DATA_PLANE_URL: `http://127.0.0.1:${port}` } });
    acme = await createTrackedRealm(testApp, 'acme', 'acme.example.com');
  });
  afterAll(async () => {
    await testApp.close();
    await new Promise((resolve) => dataPlane.close(resolve));
  });

  const send = (payload: unknown) =>
    testApp.app.inject({
      method: 'POST',
      url: `${ANALYTICS_PROXY_PATH}/v1/page`,
      headers: { host: 'acme.example.com', ...basic(WRITE_KEY) },
      payload: payload as object,
    });

  it('forwards the events to the data plane with the write key and stores none', async () => {
    const response = await send(pageEvent());
    expect(response.json()).toEqual({ accepted: 1 });
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({ url: '/v1/batch', authorization: basic(WRITE_KEY).authorization });
    expect(received[0]?.body.batch.map((event) => event.type)).toEqual(['page']);
    expect(await createAnalyticsEventRepository(testApp.database.db).countByType(acme.id, 'page')).toBe(0);
  });

  it('stores the events when the data plane fails', async () => {
    isFailing = true;
    const response = await send(pageEvent());
    expect(response.json()).toEqual({ accepted: 1 });
    expect(await createAnalyticsEventRepository(testApp.database.db).countByType(acme.id, 'page')).toBe(1);
  });
});
