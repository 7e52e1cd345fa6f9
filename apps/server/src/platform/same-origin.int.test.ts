import { DEMO_USER, seedDemoRealm } from '@ecc/db';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, withSession, type TestApp } from '#test-support/test-app.ts';
import { PUBLIC_ACCESS } from './route-access.ts';
import {
  CROSS_ORIGIN_MESSAGE,
  UNSUPPORTED_MEDIA_TYPE_MESSAGE,
  UNSUPPORTED_UPLOAD_MEDIA_TYPE_MESSAGE,
} from './same-origin.ts';

const LOGIN = { username: DEMO_USER.email, password: DEMO_USER.password };
const HOST = 'localhost:3000';
const OWN_ORIGIN = 'http://localhost:3000';
const MULTIPART_BODY =
  '--boundary\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\n\r\na,b\r\n--boundary--\r\n';

describe('same-origin and JSON rule for state-changing API requests', () => {
  let testApp: TestApp;
  let token: string;
  beforeAll(async () => {
    testApp = await createTestApp();
    await seedDemoRealm(testApp.database.db);
    // Stand-in for an upload route (modules/imports): it reads no body, the rule alone decides.
    testApp.app.post(
      '/api/probe/upload',
      { config: { access: PUBLIC_ACCESS, acceptsMultipart: true } },
      async () => ({ ok: true }),
    );
    testApp.app.addContentTypeParser('multipart/form-data', (_request, _payload, done) => done(null));
    await testApp.app.ready();
    token = await signIn(testApp.app, DEMO_USER);
  });
  afterAll(() => testApp.close());

  const login = (headers: Record<string, string>, payload: InjectOptions['payload'] = LOGIN) =>
    testApp.injectAsIs({
      method: 'POST',
      url: '/api/auth/login',
      headers: { host: HOST, ...headers },
      payload,
    });

  it.each([
    ['an Origin equal to the request origin', { origin: OWN_ORIGIN }],
    ['an Origin written with a trailing slash', { origin: 'http://localhost:3000/' }],
    ['no Origin and Sec-Fetch-Site: same-origin', { 'sec-fetch-site': 'same-origin' }],
    ['no Origin and Sec-Fetch-Site: none', { 'sec-fetch-site': 'none' }],
  ])('admits sign-in with %s', async (_case, headers) => {
    const response = await login(headers);
    expect(response.statusCode).toBe(200);
  });

  it.each([
    ['another origin', { origin: 'https://evil.example.com' }],
    ['the same host on another scheme', { origin: 'https://localhost:3000' }],
    ['the same host on another port', { origin: 'http://localhost:3001' }],
    ['a null Origin', { origin: 'null' }],
    ['an Origin that is no URL', { origin: 'localhost' }],
    [
      'a cross-site Origin despite Sec-Fetch-Site: same-origin',
      { origin: 'https://evil.example.com', 'sec-fetch-site': 'same-origin' },
    ],
    ['no Origin and Sec-Fetch-Site: cross-site', { 'sec-fetch-site': 'cross-site' }],
    ['no Origin and Sec-Fetch-Site: same-site', { 'sec-fetch-site': 'same-site' }],
    ['neither Origin nor Sec-Fetch-Site', {}],
  ])('refuses sign-in from %s with 403 JSON, before any credentials are checked', async (_case, headers) => {
    const response = await login(headers);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ statusCode: 403, error: 'Forbidden', message: CROSS_ORIGIN_MESSAGE });
    expect(response.cookies).toEqual([]);
  });

  it('refuses a cross-origin change by a signed-in user', async () => {
    const response = await testApp.injectAsIs({
      method: 'PUT',
      url: '/api/user',
      headers: { ...withSession(token), host: HOST, origin: 'https://evil.example.com' },
      payload: { user: { properties: { name: 'Mallory' } } },
    });
    expect(response.statusCode).toBe(403);
  });

  it('holds a percent-encoded path (/%61pi/… is /api/… to the router) to the same rule', async () => {
    const encodedLogin = (headers: Record<string, string>, payload: InjectOptions['payload'] = LOGIN) =>
      testApp.injectAsIs({
        method: 'POST',
        url: '/%61pi/auth/%6cogin',
        headers: { host: HOST, ...headers },
        payload,
      });
    expect((await encodedLogin({ origin: 'https://evil.example.com' })).statusCode).toBe(403);
    expect((await encodedLogin({})).statusCode).toBe(403);
    const form = await encodedLogin(
      { origin: OWN_ORIGIN, 'content-type': 'application/x-www-form-urlencoded' },
      'username=a&password=b',
    );
    expect(form.statusCode).toBe(415);
    expect(form.json().message).toBe(UNSUPPORTED_MEDIA_TYPE_MESSAGE);
    expect((await encodedLogin({ origin: OWN_ORIGIN })).statusCode).toBe(200);
    const change = await testApp.injectAsIs({
      method: 'PUT',
      url: '/%61pi/user',
      headers: { ...withSession(token), host: HOST, origin: 'https://evil.example.com' },
      payload: { user: { properties: { name: 'Mallory' } } },
    });
    expect(change.statusCode).toBe(403);
  });

  it('keeps API answers out of caches whatever the path’s spelling', async () => {
    for (const url of ['/api/user', '/%61pi/user', '/api/%75ser']) {
      const response = await testApp.app.inject({
        method: 'GET',
        url,
        headers: { ...withSession(token), host: HOST },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
    }
  });

  it('holds every method but GET, HEAD and OPTIONS to the rule, on any path', async () => {
    const response = await testApp.injectAsIs({
      method: 'POST',
      url: '/not-an-api-path',
      headers: { host: HOST, origin: 'https://evil.example.com' },
    });
    expect(response.statusCode).toBe(403);
  });

  it('leaves reads alone, whatever their origin', async () => {
    const response = await testApp.injectAsIs({
      method: 'GET',
      url: '/api/user',
      headers: { ...withSession(token), host: HOST, origin: 'https://evil.example.com' },
    });
    expect(response.statusCode).toBe(200);
  });

  it.each([
    ['text/plain', JSON.stringify(LOGIN)],
    ['application/x-www-form-urlencoded', 'username=a&password=b'],
    ['multipart/form-data; boundary=boundary', MULTIPART_BODY],
  ])('refuses a %s body with 415 JSON', async (contentType, payload) => {
    const response = await login({ origin: OWN_ORIGIN, 'content-type': contentType }, payload);
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({
      statusCode: 415,
      error: 'Unsupported Media Type',
      message: UNSUPPORTED_MEDIA_TYPE_MESSAGE,
    });
  });

  it('admits application/json with a charset', async () => {
    const response = await login(
      { origin: OWN_ORIGIN, 'content-type': 'application/json; charset=utf-8' },
      JSON.stringify(LOGIN),
    );
    expect(response.statusCode).toBe(200);
  });

  it('admits multipart/form-data on a route that declares acceptsMultipart, and nothing else but JSON', async () => {
    const upload = (contentType: string, payload: string, origin = OWN_ORIGIN) =>
      testApp.injectAsIs({
        method: 'POST',
        url: '/api/probe/upload',
        headers: { host: HOST, origin, 'content-type': contentType },
        payload,
      });
    expect((await upload('multipart/form-data; boundary=boundary', MULTIPART_BODY)).statusCode).toBe(200);
    const plain = await upload('text/plain', 'a,b');
    expect(plain.statusCode).toBe(415);
    expect(plain.json().message).toBe(UNSUPPORTED_UPLOAD_MEDIA_TYPE_MESSAGE);
    const crossSite = await upload(
      'multipart/form-data; boundary=boundary',
      MULTIPART_BODY,
      'https://evil.example.com',
    );
    expect(crossSite.statusCode).toBe(403);
  });

  it('takes the https origin from X-Forwarded-Proto only behind a trusted proxy', async () => {
    const proxied = await createTestApp({ database: testApp.database, env: { ECC_TRUST_PROXY: '1' } });
    try {
      const headers = { host: 'demo.example.com', 'x-forwarded-proto': 'https' };
      const viaProxy = await proxied.injectAsIs({
        method: 'POST',
        url: '/api/auth/login',
        headers: { ...headers, origin: 'https://demo.example.com' },
        payload: LOGIN,
      });
      expect(viaProxy.statusCode).toBe(200);
      const untrusted = await testApp.injectAsIs({
        method: 'POST',
        url: '/api/auth/login',
        headers: { ...headers, origin: 'https://demo.example.com' },
        payload: LOGIN,
      });
      expect(untrusted.statusCode).toBe(403);
    } finally {
      await proxied.close();
    }
  });
});
