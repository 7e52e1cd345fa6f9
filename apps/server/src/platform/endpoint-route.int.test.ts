import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpointName, exportedEndpoints } from '#test-support/contract-endpoints.ts';
import { createTestApp, type TestApp } from '#test-support/test-app.ts';
import { OPENAPI_PATH } from './openapi.ts';
import type { RegisteredRoute } from './route-access.ts';

const routeName = (route: { method: string; url: string }) => `${route.method} ${route.url}`;

/*
 * Paths are declared once, in contracts: an API route registered with a literal path (or schemas of its own)
 * instead of `endpointRoute(endpoint)` fails here, and so does an endpoint no route serves.
 */
describe('routes registered from the endpoints of contracts', () => {
  let testApp: TestApp;
  let routes: RegisteredRoute[];
  const endpoints = exportedEndpoints();
  beforeAll(async () => {
    testApp = await createTestApp();
    await testApp.app.ready();
    routes = testApp.app.registeredRoutes.filter((route) => route.method !== 'HEAD');
  });
  afterAll(() => testApp.close());

  it('declares each method and path once', () => {
    const names = endpoints.map(endpointName);
    expect(names.length).toBeGreaterThan(0);
    expect(names.filter((name, index) => names.indexOf(name) !== index)).toEqual([]);
  });

  it('registers every API route from its endpoint, with the schemas declared there', () => {
    const endpointsByName = new Map(endpoints.map((endpoint) => [endpointName(endpoint), endpoint]));
    const undeclared = routes
      .filter((route) => route.url.startsWith('/api/') && route.url !== OPENAPI_PATH)
      .filter((route) => endpointsByName.get(routeName(route))?.responses !== route.responseSchemas)
      .map(routeName);
    expect(undeclared).toEqual([]);
  });

  it('serves every endpoint contracts declare, with its schemas', () => {
    const routesByName = new Map(routes.map((route) => [routeName(route), route]));
    const unserved = endpoints
      .filter((endpoint) => routesByName.get(endpointName(endpoint))?.responseSchemas !== endpoint.responses)
      .map(endpointName);
    expect(unserved).toEqual([]);
  });
});
