import * as contracts from '@ecc/contracts';
import type { Endpoint } from '@ecc/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test-support/test-app.ts';
import { OPENAPI_PATH } from './openapi.ts';
import type { RegisteredRoute } from './route-access.ts';

function isEndpoint(value: unknown): value is Endpoint {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as Partial<Endpoint>).method === 'string' &&
    typeof (value as Partial<Endpoint>).path === 'string' &&
    typeof (value as Partial<Endpoint>).responses === 'object'
  );
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype;
}

/** Every endpoint contracts export, found in its exported objects (`facilityEndpoints.list`) at any depth. */
function exportedEndpoints(): Endpoint[] {
  const endpoints: Endpoint[] = [];
  const seen = new Set<unknown>();
  const visit = (value: unknown) => {
    if (seen.has(value)) return;
    seen.add(value);
    if (isEndpoint(value)) endpoints.push(value);
    else if (isPlainObject(value)) Object.values(value).forEach(visit);
  };
  Object.values(contracts).forEach(visit);
  return endpoints;
}

const routeName = (route: { method: string; url: string }) => `${route.method} ${route.url}`;
const endpointName = (endpoint: Endpoint) => `${endpoint.method} ${endpoint.path}`;

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
