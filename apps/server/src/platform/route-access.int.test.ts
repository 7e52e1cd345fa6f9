import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test-support/test-app.ts';
import { MissingRouteAccessError, type PermissionAccess } from './route-access.ts';

const KNOWN_ACCESS_KINDS = ['public', 'session', 'permission'];

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
      'DELETE /api/activity-records/:id',
      'DELETE /api/emission-factors/:id',
      'DELETE /api/equipment/:id',
      'DELETE /api/feature-flags/definitions/:key',
      'GET /api/activity-records/:id/trail',
      'GET /api/audit-log',
      'GET /api/auth/session',
      'GET /api/equipment',
      'GET /api/equipment/:id',
      'GET /api/equipment/sites',
      'GET /api/equipment/types',
      'GET /api/equipment/types/:key',
      'GET /api/facilities',
      'GET /api/facilities/:slug',
      'GET /api/facilities/:slug/activity-records',
      'GET /api/facilities/:slug/trail',
      'GET /api/facilities/sectors',
      'GET /api/feature-flags',
      'GET /api/feature-flags/definitions',
      'GET /api/immutably/authz/principals/:id/permissions',
      'GET /api/immutably/authz/rights',
      'GET /api/recalculations/:id',
      'GET /api/user',
      'PATCH /api/activity-records/:id',
      'POST /api/emission-factors',
      'POST /api/emission-factors/:id/publish',
      'POST /api/emissions/estimate',
      'POST /api/equipment',
      'POST /api/equipment/types',
      'POST /api/equipment/types/:key/versions',
      'POST /api/facilities/:slug/activity-records',
      'POST /api/feature-flags/definitions',
      'POST /api/imports/activities',
      'POST /api/imports/activities/preview',
      'POST /api/imports/ghgrp',
      'POST /api/recalculations',
      'PUT /api/emission-factors/:id',
      'PUT /api/equipment/:id',
      'PUT /api/feature-flags/definitions/:key',
      'PUT /api/user',
    ]);
  });

  it('the routes that need a permission name its action and subject', () => {
    const permissionRoutes = testApp.app.registeredRoutes
      .filter((route) => route.access?.kind === 'permission' && route.method !== 'HEAD')
      .map((route) => {
        const access = route.access as PermissionAccess;
        return `${route.method} ${route.url}: ${access.action} ${access.subject}`;
      })
      .sort();
    expect(permissionRoutes).toEqual(['GET /api/emission-factors: read EmissionFactor']);
  });

  it('every session and permission route answers 401 Unauthorized without a session, before reading the body', async () => {
    const signedInRoutes = testApp.app.registeredRoutes.filter(
      (each) => each.access?.kind === 'session' || each.access?.kind === 'permission',
    );
    for (const route of signedInRoutes) {
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
