import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test-support/test-app.ts';
import { MissingRouteAccessError } from './route-access.ts';

const KNOWN_ACCESS_KINDS = ['public', 'session'];

describe('route access declarations', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp();
    await testApp.app.ready();
  });
  afterAll(() => testApp.close());

  it('every registered route declares a known access', () => {
    expect(testApp.app.registeredRoutes.length).toBeGreaterThan(5);
    const undeclared = testApp.app.registeredRoutes.filter(
      (route) => !route.access || !KNOWN_ACCESS_KINDS.includes(route.access.kind),
    );
    expect(undeclared).toEqual([]);
  });

  it('the routes that need a session are the ones the contract names', () => {
    const sessionRoutes = testApp.app.registeredRoutes
      .filter((route) => route.access?.kind === 'session' && route.method !== 'HEAD')
      .map((route) => `${route.method} ${route.url}`)
      .sort();
    expect(sessionRoutes).toEqual([
      'GET /api/auth/session',
      'GET /api/emission-factors',
      'GET /api/user',
      'POST /api/emissions/estimate',
      'PUT /api/user',
    ]);
  });

  it('every session route answers 401 Unauthorized without a session, before reading the body', async () => {
    for (const route of testApp.app.registeredRoutes.filter((each) => each.access?.kind === 'session')) {
      const response = await testApp.app.inject({
        method: route.method as 'GET',
        url: route.url,
        headers: { 'content-type': 'application/json' },
        ...(['POST', 'PUT', 'PATCH'].includes(route.method) ? { payload: '{malformed' } : {}),
      });
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(401);
      if (route.method !== 'HEAD') {
        expect(response.json()).toEqual({ statusCode: 401, error: 'Unauthorized', message: 'Unauthorized' });
      }
    }
  });

  it('refuses to register a route without an access declaration', async () => {
    const other = await createTestApp({ database: testApp.database });
    try {
      expect(() => other.app.get('/api/undeclared', async () => 'hello')).toThrow(MissingRouteAccessError);
    } finally {
      await other.close();
    }
  });
});
