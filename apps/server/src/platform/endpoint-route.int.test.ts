import * as contracts from '@ecc/contracts';
import type { Endpoint } from '@ecc/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test-support/test-app.ts';
import { OPENAPI_PATH } from './openapi.ts';

/** The API routes whose paths are not declared in contracts yet, each moved to an endpoint in its turn. */
const ROUTES_NOT_YET_DECLARED = new Set<string>([
  'DELETE /api/activity-records/:id',
  'DELETE /api/invitations/:id',
  'DELETE /api/realm-admin/grants/:id',
  'GET /api/activity-records/:id/trail',
  'GET /api/analytics/sourceConfig',
  'GET /api/audit-log',
  'GET /api/auth/logout',
  'GET /api/auth/oidc/:strategyId/start',
  'GET /api/auth/oidc/callback',
  'GET /api/auth/session',
  'GET /api/facilities/:slug/activity-records',
  'GET /api/facilities/:slug/trail',
  'GET /api/invitations',
  'GET /api/invitations/accept/:token',
  'GET /api/realm-admin/roles',
  'GET /api/realm-admin/users',
  'PATCH /api/activity-records/:id',
  'PATCH /api/realm-admin/grants/:id',
  'POST /api/analytics/v1/alias',
  'POST /api/analytics/v1/batch',
  'POST /api/analytics/v1/group',
  'POST /api/analytics/v1/identify',
  'POST /api/analytics/v1/page',
  'POST /api/analytics/v1/track',
  'POST /api/auth/login',
  'POST /api/facilities/:slug/activity-records',
  'POST /api/imports/activities',
  'POST /api/imports/activities/preview',
  'POST /api/imports/ghgrp',
  'POST /api/invitations',
  'POST /api/invitations/:id/resend',
  'POST /api/invitations/accept',
  'POST /api/realm-admin/roles/:roleId/grants',
  'PUT /api/realm-admin/users/:id/role',
]);

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

/*
 * API paths are declared once, in contracts: a route registered with a literal path (or its own schemas) instead
 * of `endpointRoute(endpoint)` fails here, and so does an endpoint no route serves.
 */
describe('API routes registered from the endpoints of contracts', () => {
  let testApp: TestApp;
  let apiRoutes: { method: string; url: string; responseSchemas?: unknown }[];
  beforeAll(async () => {
    testApp = await createTestApp();
    await testApp.app.ready();
    apiRoutes = testApp.app.registeredRoutes.filter(
      (route) => route.url.startsWith('/api/') && route.method !== 'HEAD' && route.url !== OPENAPI_PATH,
    );
  });
  afterAll(() => testApp.close());

  it('declares each method and path once', () => {
    const names = exportedEndpoints().map((endpoint) => `${endpoint.method} ${endpoint.path}`);
    expect(names.length).toBeGreaterThan(0);
    expect(names.filter((name, index) => names.indexOf(name) !== index)).toEqual([]);
  });

  it('registers every API route from its endpoint, with the schemas declared there', () => {
    const endpoints = new Map(
      exportedEndpoints().map((endpoint) => [
        routeName({ method: endpoint.method, url: endpoint.path }),
        endpoint,
      ]),
    );
    const undeclared = apiRoutes
      .filter((route) => !ROUTES_NOT_YET_DECLARED.has(routeName(route)))
      .filter((route) => endpoints.get(routeName(route))?.responses !== route.responseSchemas)
      .map(routeName);
    expect(undeclared).toEqual([]);
  });

  it('serves every endpoint contracts declare', () => {
    const served = new Set(apiRoutes.map(routeName));
    const unserved = exportedEndpoints()
      .map((endpoint) => routeName({ method: endpoint.method, url: endpoint.path }))
      .filter((name) => !served.has(name));
    expect(unserved).toEqual([]);
  });

  it('lists as not yet declared only routes that exist and have no endpoint', () => {
    const declared = new Set(exportedEndpoints().map((endpoint) => `${endpoint.method} ${endpoint.path}`));
    const served = new Set(apiRoutes.map(routeName));
    expect([...ROUTES_NOT_YET_DECLARED].filter((name) => declared.has(name) || !served.has(name))).toEqual(
      [],
    );
  });
});
