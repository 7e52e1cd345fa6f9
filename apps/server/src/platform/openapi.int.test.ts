import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test-support/test-app.ts';
import { ACCESS_EXTENSION, OPENAPI_PATH, toOpenApiPath } from './openapi.ts';

type Operation = Record<string, unknown> & { parameters?: { name: string; in: string }[] };

describe('GET /api/openapi.json', () => {
  let testApp: TestApp;
  let document: { openapi: string; paths: Record<string, Record<string, Operation>> };
  beforeAll(async () => {
    testApp = await createTestApp();
    const response = await testApp.app.inject({ method: 'GET', url: OPENAPI_PATH });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    document = response.json();
  });
  afterAll(() => testApp.close());

  it('is OpenAPI 3.1, public, and describes every API route with its access', () => {
    expect(document.openapi).toBe('3.1.0');
    const apiRoutes = testApp.app.registeredRoutes.filter(
      (route) => route.url.startsWith('/api/') && route.method !== 'HEAD' && route.url !== OPENAPI_PATH,
    );
    expect(apiRoutes.length).toBeGreaterThan(5);
    for (const route of apiRoutes) {
      const operation = document.paths[toOpenApiPath(route.url)]?.[route.method.toLowerCase()];
      expect(operation, `${route.method} ${route.url}`).toBeDefined();
      expect(operation?.[ACCESS_EXTENSION], `${route.method} ${route.url}`).toEqual(route.access);
    }
    expect(Object.keys(document.paths).every((path) => path.startsWith('/api/'))).toBe(true);
  });

  it('takes parameters and bodies from the zod schemas', () => {
    const permissions = document.paths['/api/immutably/authz/principals/{id}/permissions']?.get;
    expect(permissions?.parameters?.map((parameter) => `${parameter.in} ${parameter.name}`).sort()).toEqual([
      'path id',
      'query inherited',
      'query limit',
      'query offset',
    ]);
    const login = document.paths['/api/auth/login']?.post as { requestBody?: unknown };
    expect(JSON.stringify(login.requestBody)).toContain('username');
  });
});
