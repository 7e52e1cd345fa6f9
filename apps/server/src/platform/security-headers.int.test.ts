import { seedDemoRealm } from '@ecc/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, FIXTURE_ASSET, type TestApp } from '#test-support/test-app.ts';
import { PUBLIC_ACCESS } from './route-access.ts';
import { CONTENT_SECURITY_POLICY } from './security-headers.ts';

describe('security headers', () => {
  let testApp: TestApp;
  let proxiedApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp();
    await seedDemoRealm(testApp.database.db);
    testApp.app.get('/api/test/failure', { config: { access: PUBLIC_ACCESS } }, async () => {
      throw new Error('a bug');
    });
    proxiedApp = await createTestApp({ env: { ECC_TRUST_PROXY: '1' } });
    await seedDemoRealm(proxiedApp.database.db);
  });
  afterAll(async () => {
    await testApp.close();
    await proxiedApp.close();
  });

  const requests = [
    ['an API answer', 'GET', '/api/config'],
    ['a 401 API answer', 'GET', '/api/user'],
    ['a 400 API answer', 'POST', '/api/auth/login'],
    ['a 500 API answer', 'GET', '/api/test/failure'],
    ['an unknown API route', 'GET', '/api/nothing-here'],
    ['the SPA HTML', 'GET', '/'],
    ['a public page with its inlined payload', 'GET', '/login'],
    ['a static file', 'GET', `/${FIXTURE_ASSET}`],
    ['a missing static file', 'GET', '/assets/missing-Xyz.js'],
  ] as const;

  it.each(requests)('sends them on %s', async (_name, method, url) => {
    const response = await testApp.app.inject({ method, url });
    expect(response.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it('forbids framing, plugins and scripts from anywhere but the app', async () => {
    const policy = String(
      (await testApp.app.inject({ method: 'GET', url: '/' })).headers['content-security-policy'],
    );
    const directives = new Map(
      policy.split(';').map((directive) => {
        const [name = '', ...values] = directive.trim().split(/\s+/);
        return [name, values.join(' ')] as const;
      }),
    );
    expect(directives.get('frame-ancestors')).toBe("'none'");
    expect(directives.get('script-src')).toBe("'self'");
    expect(directives.get('object-src')).toBe("'none'");
    expect(directives.get('default-src')).toBe("'self'");
  });

  it('sends Strict-Transport-Security only over https', async () => {
    const overHttp = await testApp.app.inject({ method: 'GET', url: '/api/config' });
    expect(overHttp.headers['strict-transport-security']).toBeUndefined();

    const overHttps = await proxiedApp.app.inject({
      method: 'GET',
      url: '/api/config',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(overHttps.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });

  it('ignores a forwarded https claim when the proxy is not trusted', async () => {
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/api/config',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });
});
