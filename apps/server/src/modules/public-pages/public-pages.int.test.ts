import {
  DEFAULT_LOGIN_BACKGROUND_POSITION,
  publicPagePayloadSchema,
  type PublicPagePayload,
} from '@ecc/contracts';
import { DEMO_LOGIN_BACKGROUND_PATH, DEMO_LOGO_PATH, DEMO_REALM_NAME, seedDemoRealm } from '@ecc/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test-support/test-app.ts';
import { createTestRealm } from '#test-support/test-realms.ts';

const PAYLOAD_SCRIPT = /<script id="__ECC_PAYLOAD__" type="application\/json">(.*?)<\/script>/s;

function inlinedPayload(html: string): PublicPagePayload {
  const json = PAYLOAD_SCRIPT.exec(html)?.[1];
  if (json === undefined) throw new Error(`No inlined payload in ${html}`);
  return publicPagePayloadSchema.parse(JSON.parse(json));
}

describe('public page payloads', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp();
    await seedDemoRealm(testApp.database.db);
    await createTestRealm(testApp.database.db, {
      key: 'sneaky',
      name: 'Sneaky </script><script>alert(1)</script>',
      domains: ['sneaky.example.com'],
    });
  });
  afterAll(() => testApp.close());

  it.each(['/about', '/login'])(
    "answers %s/_payload.json with the host's realm name, theme, logo and background",
    async (page) => {
      const response = await testApp.app.inject({ method: 'GET', url: `${page}/_payload.json` });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-cache');
      const payload = publicPagePayloadSchema.parse(response.json());
      expect(payload).toMatchObject({
        realm: { key: 'demo', name: DEMO_REALM_NAME },
        logo: DEMO_LOGO_PATH,
        login: {
          logo: DEMO_LOGO_PATH,
          background: DEMO_LOGIN_BACKGROUND_PATH,
          backgroundPosition: DEFAULT_LOGIN_BACKGROUND_POSITION,
        },
        strategies: [],
      });
      expect(payload.theme?.colors.light.background).toEqual({ space: 'srgb', coords: [1, 1, 1], alpha: 1 });
    },
  );

  it.each(['/about', '/login'])(
    'inlines the same payload into the HTML of %s, which is never cached',
    async (page) => {
      const [html, json] = await Promise.all([
        testApp.app.inject({ method: 'GET', url: page }),
        testApp.app.inject({ method: 'GET', url: `${page}/_payload.json` }),
      ]);
      expect(html.statusCode).toBe(200);
      expect(html.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(html.headers['cache-control']).toBe('no-cache');
      expect(html.body).toContain('<div id="root"></div>');
      expect(html.body.indexOf('__ECC_PAYLOAD__')).toBeLessThan(html.body.indexOf('</head>'));
      expect(inlinedPayload(html.body)).toEqual(json.json());
    },
  );

  it('escapes < so no realm value can end the script element', async () => {
    const html = await testApp.app.inject({
      method: 'GET',
      url: '/login',
      headers: { host: 'sneaky.example.com' },
    });
    expect(html.body).not.toContain('<script>alert(1)');
    expect(inlinedPayload(html.body).realm.name).toBe('Sneaky </script><script>alert(1)</script>');
  });

  it('answers 404 JSON for the payload, and the bare page, when the host has no realm', async () => {
    const withoutRealm = await createTestApp({
      env: { ECC_DEFAULT_REALM: 'none' },
      database: testApp.database,
    });
    try {
      const payload = await withoutRealm.app.inject({ method: 'GET', url: '/login/_payload.json' });
      expect(payload.statusCode).toBe(404);
      expect(payload.json()).toMatchObject({
        statusCode: 404,
        message: 'Could not find a realm on the server.',
      });
      const html = await withoutRealm.app.inject({ method: 'GET', url: '/login' });
      expect(html.statusCode).toBe(200);
      expect(html.body).not.toContain('__ECC_PAYLOAD__');
    } finally {
      await withoutRealm.close();
    }
  });
});
