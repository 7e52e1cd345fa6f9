import { configResponseSchema } from '@ecc/contracts';
import { realms, seedDemoRealm } from '@ecc/db';
import { eq } from 'drizzle-orm';
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

  it('answers with an entity tag, and 304 without a body while the realm is unchanged', async () => {
    const first = await getConfig('acme.example.com');
    const entityTag = first.headers.etag;
    expect(entityTag).toMatch(/^"[\w-]+"$/);
    const again = await testApp.app.inject({
      method: 'GET',
      url: '/api/config',
      headers: { host: 'acme.example.com', 'if-none-match': String(entityTag) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(entityTag);
    expect(again.headers['cache-control']).toBe('no-cache');
    // Another realm's tag is not this one's.
    const otherTag = (await getConfig('127.0.0.1')).headers.etag;
    const otherRealm = await testApp.app.inject({
      method: 'GET',
      url: '/api/config',
      headers: { host: 'acme.example.com', 'if-none-match': String(otherTag) },
    });
    expect(otherRealm.statusCode).toBe(200);
  });

  it('shows a realm changed by another process (the database notifies) with a new entity tag', async () => {
    const before = await getConfig('acme.example.com');
    // As another server or the CLI would: straight to the table, not through this server.
    await testApp.database.db.update(realms).set({ name: 'Acme Renamed' }).where(eq(realms.key, 'acme'));
    try {
      // PostgreSQL delivers the notice on its own connection, a moment after the commit.
      await expect
        .poll(async () => configResponseSchema.parse((await getConfig('acme.example.com')).json()).realm.name)
        .toBe('Acme Renamed');
      expect((await getConfig('acme.example.com')).headers.etag).not.toBe(before.headers.etag);
    } finally {
      await testApp.database.db.update(realms).set({ name: 'Acme Corp' }).where(eq(realms.key, 'acme'));
    }
  });

  it('never answers one host with another realm, however the requests interleave', async () => {
    const hosts = ['acme.example.com', '127.0.0.1', 'old.example.com', 'ACME.example.com:8080'];
    const expected = ['acme', 'demo', 'demo', 'acme'];
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, index) => getConfig(hosts[index % hosts.length] ?? '')),
    );
    answers.forEach((answer, index) => {
      expect(configResponseSchema.parse(answer.json()).realm.key).toBe(expected[index % expected.length]);
    });
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
