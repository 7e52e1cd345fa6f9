import { INVALID_CREDENTIALS_MESSAGE } from '@ecc/contracts';
import { DEMO_ADMIN, DEMO_USER, seedDemoRealm } from '@ecc/db';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestApp, sessionCookieOf, type TestApp } from '#test-support/test-app.ts';

const MINUTE_MS = 60_000;

describe('login throttling', () => {
  let testApp: TestApp;
  beforeEach(async () => {
    testApp = await createTestApp();
    await seedDemoRealm(testApp.database.db);
    // Time stands still unless a test moves it, so a slow password check cannot shift a Retry-After.
    vi.useFakeTimers({ toFake: ['Date'] });
  });
  afterEach(async () => {
    vi.useRealTimers();
    await testApp.close();
  });

  const login = (username: string, password: string, address = '10.0.0.1') =>
    testApp.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: address,
      payload: { username, password },
    });

  async function failTimes(count: number, username: string, address?: string): Promise<void> {
    for (let attempt = 1; attempt <= count; attempt += 1) {
      const response = await login(username, 'wrong-password', address);
      expect(response.statusCode, `failure ${attempt} of ${username}`).toBe(401);
    }
  }

  function expectTooManyAttempts(
    response: Awaited<ReturnType<typeof login>>,
    retryAfterSeconds: number,
  ): void {
    expect(response.statusCode).toBe(429);
    expect(response.headers['retry-after']).toBe(String(retryAfterSeconds));
    expect(response.json()).toEqual({
      statusCode: 429,
      error: 'Too Many Requests',
      message: `Too many sign-in attempts. Try again in ${retryAfterSeconds} seconds.`,
    });
    expect(sessionCookieOf(response)).toBeUndefined();
  }

  it('answers the 6th attempt within 15 minutes with 429 and Retry-After 60, even with the right password', async () => {
    await failTimes(4, DEMO_USER.email);
    testApp.advanceClock(14 * MINUTE_MS);
    await failTimes(1, DEMO_USER.email);
    expectTooManyAttempts(await login(DEMO_USER.email, DEMO_USER.password), 60);
  });

  it('forgets failures older than 15 minutes', async () => {
    await failTimes(4, DEMO_USER.email);
    testApp.advanceClock(15 * MINUTE_MS + 1000);
    await failTimes(4, DEMO_USER.email);
    expect((await login(DEMO_USER.email, DEMO_USER.password)).statusCode).toBe(200);
  });

  it('counts case variants and stray spaces of a username together', async () => {
    for (const variant of [
      'demo@example.com',
      'DEMO@example.com',
      ' Demo@Example.com ',
      'demo@EXAMPLE.COM',
    ]) {
      await failTimes(1, variant);
    }
    await failTimes(1, 'dEmO@eXaMpLe.CoM');
    expectTooManyAttempts(await login(DEMO_USER.email, DEMO_USER.password), 60);
  });

  it('opens again when the lockout has passed, doubles each further lockout and caps it at 15 minutes', async () => {
    const expectedLockouts = [60, 120, 240, 480, 900, 900];
    for (const seconds of expectedLockouts) {
      await failTimes(5, DEMO_USER.email);
      expectTooManyAttempts(await login(DEMO_USER.email, 'wrong-password'), seconds);
      testApp.advanceClock(seconds * 1000 - 1000);
      expectTooManyAttempts(await login(DEMO_USER.email, 'wrong-password'), 1);
      testApp.advanceClock(1000);
    }
    expect((await login(DEMO_USER.email, DEMO_USER.password)).statusCode).toBe(200);
  });

  it('locks one account only: others of the same realm still sign in', async () => {
    await failTimes(5, DEMO_USER.email);
    expect((await login(DEMO_USER.email, DEMO_USER.password)).statusCode).toBe(429);
    expect((await login(DEMO_ADMIN.email, DEMO_ADMIN.password)).statusCode).toBe(200);
  });

  it('treats an unknown user exactly like a wrong password, and counts its attempts too', async () => {
    const unknown = 'nobody@example.com';
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      const wrongPassword = await login(DEMO_USER.email, 'wrong-password');
      const unknownUser = await login(unknown, 'wrong-password');
      expect(unknownUser.statusCode).toBe(wrongPassword.statusCode);
      expect(unknownUser.body).toBe(wrongPassword.body);
      expect(unknownUser.json()).toEqual({
        statusCode: 401,
        error: 'Unauthorized',
        message: INVALID_CREDENTIALS_MESSAGE,
      });
    }
    const lockedKnown = await login(DEMO_USER.email, 'wrong-password');
    const lockedUnknown = await login(unknown, 'wrong-password');
    expectTooManyAttempts(lockedUnknown, 60);
    expect(lockedUnknown.body).toBe(lockedKnown.body);
    expect(lockedUnknown.headers['retry-after']).toBe(lockedKnown.headers['retry-after']);
  });

  it('answers 429 when one address fails more than 20 times a minute, whatever the accounts', async () => {
    for (let account = 1; account <= 20; account += 1) {
      await failTimes(1, `guess-${account}@example.com`, '10.0.0.9');
    }
    expectTooManyAttempts(await login(DEMO_USER.email, DEMO_USER.password, '10.0.0.9'), 60);
    // Another address is not affected, and the address opens again once its failures are a minute old.
    expect((await login(DEMO_USER.email, DEMO_USER.password, '10.0.0.10')).statusCode).toBe(200);
    testApp.advanceClock(MINUTE_MS);
    expect((await login(DEMO_ADMIN.email, DEMO_ADMIN.password, '10.0.0.9')).statusCode).toBe(200);
  });

  it('counts attempts sent in parallel before their passwords are checked', async () => {
    const responses = await Promise.all(
      Array.from({ length: 10 }, () => login(DEMO_USER.email, 'wrong-password')),
    );
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429, 429, 429, 429]);
  });

  it('clears the account counter on a successful sign-in', async () => {
    await failTimes(4, DEMO_USER.email);
    expect((await login(DEMO_USER.email, DEMO_USER.password)).statusCode).toBe(200);
    await failTimes(4, DEMO_USER.email);
    expect((await login(DEMO_USER.email, DEMO_USER.password)).statusCode).toBe(200);
  });
});

describe('login throttling behind a proxy (ECC_TRUST_PROXY=1)', () => {
  let testApp: TestApp;
  beforeEach(async () => {
    testApp = await createTestApp({ env: { ECC_TRUST_PROXY: '1' } });
    await seedDemoRealm(testApp.database.db);
  });
  afterEach(() => testApp.close());

  it('counts the address the proxy saw, so a made-up X-Forwarded-For cannot start each guess afresh', async () => {
    const viaProxy = (username: string, password: string, forwardedFor: string) =>
      testApp.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: '10.0.0.2',
        headers: { 'x-forwarded-for': forwardedFor },
        payload: { username, password },
      });
    // The client writes any X-Forwarded-For it likes; the one proxy appends the address it saw (198.51.100.4).
    for (let guess = 1; guess <= 20; guess += 1) {
      const response = await viaProxy(
        `guess-${guess}@example.com`,
        'wrong',
        `192.0.2.${guess}, 198.51.100.4`,
      );
      expect(response.statusCode).toBe(401);
    }
    const refused = await viaProxy(DEMO_USER.email, DEMO_USER.password, '192.0.2.99, 198.51.100.4');
    expect(refused.statusCode).toBe(429);
    // Another client behind the same proxy is not affected.
    expect((await viaProxy(DEMO_USER.email, DEMO_USER.password, '198.51.100.5')).statusCode).toBe(200);
  });
});
