import { MAX_BODY_BYTES } from '@ecc/contracts';
import { DEMO_USER, seedDemoRealm } from '@ecc/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test-support/test-app.ts';
import { PUBLIC_ACCESS } from './route-access.ts';

describe('errors', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp();
    await seedDemoRealm(testApp.database.db);
    // A route that fails the way a bug would, to see what a client and the log get.
    testApp.app.get('/api/test/failure', { config: { access: PUBLIC_ACCESS } }, async () => {
      throw new Error('database exploded at /var/secret/path');
    });
  });
  afterAll(() => testApp.close());

  const login = (payload: string, contentType = 'application/json') =>
    testApp.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': contentType },
      payload,
    });

  /** After any error the server must go on serving. */
  async function expectServerStillServes() {
    const response = await login(JSON.stringify({ username: DEMO_USER.email, password: DEMO_USER.password }));
    expect(response.statusCode).toBe(200);
  }

  it('answers malformed JSON with 400', async () => {
    const response = await login('{"username": "demo@example.com", ');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ statusCode: 400, error: 'Bad Request' });
    await expectServerStillServes();
  });

  it('answers wrong types with 400 naming the field', async () => {
    const response = await login(JSON.stringify({ username: DEMO_USER.email, password: 5 }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: 'body/password: Expected string, received number',
      fieldErrors: { 'body/password': 'Expected string, received number' },
    });
    await expectServerStillServes();
  });

  it('names every failing field, with the specification texts', async () => {
    const response = await login(JSON.stringify({ password: [] }));
    expect(response.json().message).toBe(
      'body/username: Required; body/password: Expected string, received array',
    );
    expect(response.json().fieldErrors).toEqual({
      'body/username': 'Required',
      'body/password': 'Expected string, received array',
    });
  });

  it('answers a missing body with 400', async () => {
    const response = await testApp.app.inject({ method: 'POST', url: '/api/auth/login' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      statusCode: 400,
      message: 'body: Expected object, received null',
    });
  });

  it('answers a body over 1 MB with 413', async () => {
    const payload = JSON.stringify({ username: DEMO_USER.email, password: 'x'.repeat(MAX_BODY_BYTES) });
    const response = await login(payload);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ statusCode: 413, error: 'Payload Too Large' });
    await expectServerStillServes();
  });

  it('answers a body that is not JSON with 415', async () => {
    const response = await login('username=demo', 'application/x-www-form-urlencoded');
    expect(response.statusCode).toBe(415);
    expect(response.json()).toMatchObject({ statusCode: 415, error: 'Unsupported Media Type' });
    await expectServerStillServes();
  });

  it('answers an unknown API route with a 404 JSON error', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const response = await testApp.app.inject({ method, url: '/api/no-such-thing?x=1' });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({
        statusCode: 404,
        error: 'Not Found',
        message: `Route ${method} /api/no-such-thing not found`,
      });
    }
    await expectServerStillServes();
  });

  it('logs an unexpected failure and answers a bare 500 Internal Server Error', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/test/failure' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      statusCode: 500,
      error: 'Internal Server Error',
      message: 'Internal Server Error',
    });
    expect(
      testApp.loggedErrors.some((line) => line.err?.message === 'database exploded at /var/secret/path'),
    ).toBe(true);
    await expectServerStillServes();
  });
});
