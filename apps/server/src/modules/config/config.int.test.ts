import { configResponseSchema } from '@ecc/contracts';
import { seedDemoRealm } from '@ecc/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test-support/test-app.ts';
import { createTestRealm } from '#test-support/test-realms.ts';

describe('GET /api/config', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp();
    await seedDemoRealm(testApp.database.db);
    await createTestRealm(testApp.database.db, {
      key: 'acme',
      name: 'Acme Corp',
      domains: ['acme.example.com'],
      configure: (config) => ({
        ...config,
        applications: config.applications.map((application) => ({
          ...application,
          authentication: {
            strategies: [
              {
                active: true,
                authorizationEndpoint: 'https://id.example.com/authorize',
                clientId: 'ecc',
                clientSecret: 'very-secret',
                domain: 'example.com',
                issuer: 'https://id.example.com',
                jwksURI: 'https://id.example.com/jwks',
                name: 'Example ID',
                organizationId: 'org-1',
                service: 'oidc',
                tokenEndpoint: 'https://id.example.com/token',
                type: 'oidc',
              },
            ],
          },
        })),
      }),
    });
    await createTestRealm(testApp.database.db, { key: 'old', domains: ['old.example.com'], active: false });
  });
  afterAll(() => testApp.close());

  const getConfig = (host: string) =>
    testApp.app.inject({ method: 'GET', url: '/api/config', headers: { host } });

  it('answers the realm whose domains list the host name, port ignored, never cached', async () => {
    const response = await getConfig('ACME.example.com:3000');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    const { realm } = configResponseSchema.parse(response.json());
    expect(realm).toMatchObject({ key: 'acme', name: 'Acme Corp', domains: ['acme.example.com'] });
  });

  it('answers the default realm for any other host', async () => {
    const response = await getConfig('127.0.0.1:3000');
    expect(configResponseSchema.parse(response.json()).realm).toMatchObject({
      key: 'demo',
      name: 'Demo Energy Co.',
    });
  });

  it('never shows a sign-in strategy client secret', async () => {
    const response = await getConfig('acme.example.com');
    expect(response.body).not.toContain('very-secret');
    const { realm } = configResponseSchema.parse(response.json());
    expect(realm.properties.config.applications[0]?.authentication?.strategies[0]).toMatchObject({
      clientId: 'ecc',
    });
  });

  it('does not serve an inactive realm: its host falls back to the default realm', async () => {
    const response = await getConfig('old.example.com');
    expect(configResponseSchema.parse(response.json()).realm.key).toBe('demo');
  });

  it('answers 404 with the specification message when neither the host nor the default realm exists', async () => {
    const withoutDefault = await createTestApp({
      env: { ECC_DEFAULT_REALM: 'nope' },
      database: testApp.database,
    });
    try {
      const response = await withoutDefault.app.inject({ method: 'GET', url: '/api/config' });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({
        statusCode: 404,
        error: 'Not Found',
        message: 'Could not find a realm on the server.',
      });
    } finally {
      await withoutDefault.close();
    }
  });
});
