import { INVALID_CREDENTIALS_MESSAGE, sessionSchema, userSchema } from '@ecc/contracts';
import { DEMO_ADMIN, DEMO_USER, seedDemoRealm, sessions } from '@ecc/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CROSS_ORIGIN_SIGN_OUT_MESSAGE } from '#platform/same-origin.ts';
import { hashSessionToken } from '#platform/sessions.ts';
import { createTestApp, sessionCookieOf, signIn, withSession, type TestApp } from '#test-support/test-app.ts';
import { createTestRealm, createTestUser } from '#test-support/test-realms.ts';

const ACME_HOST = 'acme.example.com';
const ACME_USER = { email: 'ada@acme.example.com', password: 'acme-password' };
const SHORT_SESSION_SECONDS = 600;

describe('sign-in, session and sign-out', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp();
    await seedDemoRealm(testApp.database.db);
    const acme = await createTestRealm(testApp.database.db, {
      key: 'acme',
      domains: [ACME_HOST],
      configure: (config) => ({
        ...config,
        applications: config.applications.map((application) => ({
          ...application,
          authSessionLength: SHORT_SESSION_SECONDS,
        })),
      }),
    });
    await createTestUser(testApp.database.db, acme, ACME_USER);
  });
  afterAll(() => testApp.close());

  const login = (username: unknown, password: unknown, headers: Record<string, string> = {}) =>
    testApp.app.inject({ method: 'POST', url: '/api/auth/login', headers, payload: { username, password } });
  const getSession = (token: string, host = 'localhost') =>
    testApp.app.inject({ method: 'GET', url: '/api/auth/session', headers: { ...withSession(token), host } });

  it('signs in with the demo credentials, answers the user and sets an HttpOnly, SameSite=Lax session cookie', async () => {
    const response = await login(DEMO_USER.email, DEMO_USER.password);
    expect(response.statusCode).toBe(200);
    expect(userSchema.parse(response.json())).toMatchObject({
      realm: 'demo',
      properties: { name: DEMO_USER.name },
    });
    const cookie = response.cookies.find((each) => each.name === 'ecc_session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie?.secure).toBeUndefined();
    expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('matches the e-mail address whatever its case', async () => {
    const response = await login(DEMO_ADMIN.email.toUpperCase(), DEMO_ADMIN.password);
    expect(response.statusCode).toBe(200);
  });

  it('stores only a hash of the session token', async () => {
    const token = await signIn(testApp.app, DEMO_USER);
    const rows = await testApp.database.db.select().from(sessions);
    expect(rows.some((row) => row.tokenHash === hashSessionToken(token))).toBe(true);
    expect(rows.some((row) => row.tokenHash === token)).toBe(false);
  });

  it('answers an unknown user and a wrong password alike: 401 Invalid username or password, no cookie', async () => {
    const wrongPassword = await login(DEMO_USER.email, 'not-the-password');
    const unknownUser = await login('nobody@example.com', DEMO_USER.password);
    for (const response of [wrongPassword, unknownUser]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        statusCode: 401,
        error: 'Unauthorized',
        message: INVALID_CREDENTIALS_MESSAGE,
      });
      expect(sessionCookieOf(response)).toBeUndefined();
    }
  });

  it("signs a user in only on their own realm's host", async () => {
    expect((await login(ACME_USER.email, ACME_USER.password)).statusCode).toBe(401);
    expect((await login(ACME_USER.email, ACME_USER.password, { host: ACME_HOST })).statusCode).toBe(200);
    expect((await login(DEMO_USER.email, DEMO_USER.password, { host: ACME_HOST })).statusCode).toBe(401);
  });

  it("refuses a session on another realm's host", async () => {
    const token = await signIn(testApp.app, ACME_USER, ACME_HOST);
    expect((await getSession(token, ACME_HOST)).statusCode).toBe(200);
    expect((await getSession(token, 'localhost')).statusCode).toBe(401);
  });

  it('answers the session: e-mail and expiry in epoch seconds, the application session length ahead', async () => {
    const before = Math.floor(Date.now() / 1000);
    const token = await signIn(testApp.app, ACME_USER, ACME_HOST);
    const session = sessionSchema.parse((await getSession(token, ACME_HOST)).json());
    expect(session.email).toBe(ACME_USER.email);
    expect(session.tokenExpr).toBeGreaterThanOrEqual(before + SHORT_SESSION_SECONDS);
    expect(session.tokenExpr).toBeLessThanOrEqual(Math.ceil(Date.now() / 1000) + SHORT_SESSION_SECONDS);
  });

  it('ends a session after the session length without activity', async () => {
    const token = await signIn(testApp.app, ACME_USER, ACME_HOST);
    testApp.advanceClock(SHORT_SESSION_SECONDS * 1000 + 1000);
    const response = await getSession(token, ACME_HOST);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ statusCode: 401, error: 'Unauthorized', message: 'Unauthorized' });
  });

  it('keeps an active session alive: activity moves the expiry forward', async () => {
    const token = await signIn(testApp.app, ACME_USER, ACME_HOST);
    const first = sessionSchema.parse((await getSession(token, ACME_HOST)).json());
    testApp.advanceClock((SHORT_SESSION_SECONDS - 60) * 1000);
    const renewed = sessionSchema.parse((await getSession(token, ACME_HOST)).json());
    expect(renewed.tokenExpr).toBeGreaterThan(first.tokenExpr + 60);
    testApp.advanceClock((SHORT_SESSION_SECONDS - 60) * 1000);
    expect((await getSession(token, ACME_HOST)).statusCode).toBe(200);
  });

  it('gives a new session id at every sign-in and ends the one the browser had', async () => {
    const first = await signIn(testApp.app, DEMO_USER);
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: withSession(first),
      payload: { username: DEMO_USER.email, password: DEMO_USER.password },
    });
    const second = sessionCookieOf(response);
    expect(second).toBeDefined();
    expect(second).not.toBe(first);
    expect((await getSession(first)).statusCode).toBe(401);
    expect((await getSession(second ?? '')).statusCode).toBe(200);
  });

  it('signs out: the session ends on the server, the cookie is cleared, the answer names /login', async () => {
    const token = await signIn(testApp.app, DEMO_USER);
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/api/auth/logout',
      headers: withSession(token),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ url: '/login' });
    const cleared = response.cookies.find((cookie) => cookie.name === 'ecc_session');
    expect(cleared?.value).toBe('');
    expect(cleared?.expires?.getTime()).toBeLessThanOrEqual(Date.now());
    expect((await getSession(token)).statusCode).toBe(401);
    const rows = await testApp.database.db.select().from(sessions);
    expect(rows.some((row) => row.tokenHash === hashSessionToken(token))).toBe(false);
  });

  it.each([
    ['another site’s Origin', { origin: 'https://evil.example.com' }],
    ['Sec-Fetch-Site: cross-site (an image or link on another site)', { 'sec-fetch-site': 'cross-site' }],
    ['Sec-Fetch-Site: same-site (a sibling subdomain)', { 'sec-fetch-site': 'same-site' }],
    ['neither Origin nor Sec-Fetch-Site', {}],
  ])('does not sign out for a request with %s: 403, the session lives on', async (_case, headers) => {
    const token = await signIn(testApp.app, DEMO_USER);
    const response = await testApp.injectAsIs({
      method: 'GET',
      url: '/api/auth/logout',
      headers: { ...withSession(token), ...headers },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(CROSS_ORIGIN_SIGN_OUT_MESSAGE);
    expect(response.cookies).toEqual([]);
    expect((await getSession(token)).statusCode).toBe(200);
  });

  it('signs out when the user opens the sign-out address themself (Sec-Fetch-Site: none)', async () => {
    const token = await signIn(testApp.app, DEMO_USER);
    const response = await testApp.injectAsIs({
      method: 'GET',
      url: '/api/auth/logout',
      headers: { ...withSession(token), 'sec-fetch-site': 'none' },
    });
    expect(response.statusCode).toBe(200);
    expect((await getSession(token)).statusCode).toBe(401);
  });

  it('signs out without a session too', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/auth/logout' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ url: '/login' });
  });

  it('answers 401 for a made-up session token', async () => {
    expect((await getSession('made-up-token')).statusCode).toBe(401);
  });
});

describe('the session cookie behind a TLS-terminating proxy', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp({ env: { ECC_TRUST_PROXY: '1' } });
    await seedDemoRealm(testApp.database.db);
  });
  afterAll(() => testApp.close());

  const loginVia = (protocol: string) =>
    testApp.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'x-forwarded-proto': protocol },
      payload: { username: DEMO_USER.email, password: DEMO_USER.password },
    });

  it('is Secure and named __Host-ecc_session (Path=/, no Domain) when the request came in over https', async () => {
    const response = await loginVia('https');
    expect(response.cookies.map((each) => each.name)).toEqual(['__Host-ecc_session']);
    const cookie = response.cookies[0];
    expect(cookie).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie?.domain).toBeUndefined();
    const session = (name: string) =>
      testApp.app.inject({
        method: 'GET',
        url: '/api/auth/session',
        headers: { 'x-forwarded-proto': 'https', cookie: `${name}=${cookie?.value}` },
      });
    expect((await session('__Host-ecc_session')).statusCode).toBe(200);
    // A cookie without the prefix could have been planted by a sibling subdomain or an http answer: not read.
    expect((await session('ecc_session')).statusCode).toBe(401);
    const logout = await testApp.app.inject({
      method: 'GET',
      url: '/api/auth/logout',
      headers: { 'x-forwarded-proto': 'https', cookie: `__Host-ecc_session=${cookie?.value}` },
    });
    expect(logout.cookies).toEqual([
      expect.objectContaining({ name: '__Host-ecc_session', value: '', secure: true, path: '/' }),
    ]);
    expect((await session('__Host-ecc_session')).statusCode).toBe(401);
  });

  it('is not Secure over plain http', async () => {
    const cookie = (await loginVia('http')).cookies.find((each) => each.name === 'ecc_session');
    expect(cookie?.secure).toBeUndefined();
  });
});
