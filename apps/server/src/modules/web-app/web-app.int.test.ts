import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, FIXTURE_ASSET, FIXTURE_INDEX_HTML, type TestApp } from '#test-support/test-app.ts';

describe('the built web app', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp();
  });
  afterAll(() => testApp.close());

  const get = (url: string) => testApp.app.inject({ method: 'GET', url });

  it.each([
    '/',
    '/launcher?x=1',
    '/facility/next/north-plant',
    '/equipment-manager/site/3f1c8b0e-2d4a-4c7e-9b1f-0a2b3c4d5e6f/boiler/new',
  ])('answers index.html, never cached, for the client-side route %s', async (url) => {
    const response = await get(url);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toBe(FIXTURE_INDEX_HTML);
  });

  it.each(['/no/such/page?x=1', '/facility/next/Not_A_Slug', '/equipment-manager/site/1/boiler/new'])(
    'answers index.html with status 404 for %s, which the app shows its 404 page for',
    async (url) => {
      const response = await get(url);
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.body).toBe(FIXTURE_INDEX_HTML);
    },
  );

  it('serves content-hashed assets as immutable', async () => {
    const response = await get(`/${FIXTURE_ASSET}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('serves the build manifests and other unhashed files with no-cache', async () => {
    const manifest = await get('/builds/latest.json?t=123');
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['cache-control']).toBe('no-cache');
    expect(manifest.json()).toEqual({ id: 'build-1', timestamp: 1 });
    const logo = await get('/brand/logo.svg');
    expect(logo.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(logo.headers['cache-control']).toBe('no-cache');
  });

  it('answers 404, not the app, for a missing asset or build manifest', async () => {
    for (const url of ['/assets/index-Gone99.js', '/builds/meta/old-build.json']) {
      const response = await get(url);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ statusCode: 404, error: 'Not Found' });
    }
  });

  it('never serves dotfiles or anything outside the dist folder', async () => {
    expect((await get('/.ecc-build-hash')).body).toBe(FIXTURE_INDEX_HTML);
    expect((await get('/.ecc-build-hash')).statusCode).toBe(404);
    expect((await get('/../package.json')).body).toBe(FIXTURE_INDEX_HTML);
    expect((await get('/%2e%2e/%2e%2e/package.json')).body).toBe(FIXTURE_INDEX_HTML);
  });

  it('answers unknown API paths with 404 JSON, not the app', async () => {
    const response = await get('/api/unknown');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ statusCode: 404, error: 'Not Found' });
  });

  it('says the web app is not built (npm run build) when the dist folder is missing', async () => {
    rmSync(testApp.config.webDistDir, { recursive: true, force: true });
    for (const url of ['/', '/login', '/about']) {
      const response = await get(url);
      expect(response.statusCode).toBe(503);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.body).toContain('The web app is not built');
      expect(response.body).toContain('npm run build');
    }
  });
});
