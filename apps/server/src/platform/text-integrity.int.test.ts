import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DEMO_ADMIN, seedDemoRealm } from '@ecc/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, withSession, type TestApp } from '#test-support/test-app.ts';

/** Bytes on the wire as they are, since fetch and inject would re-encode a path or a body. */
function sendRaw(
  port: number,
  options: { method: string; path: string; headers?: Record<string, string>; body?: Buffer },
): Promise<{ status: number; body: { statusCode: number; message: string } }> {
  return new Promise((resolve, reject) => {
    const outgoing = request(
      {
        host: '127.0.0.1',
        port,
        method: options.method,
        path: options.path,
        // A fresh connection each: the server closes one after a request line it cannot parse.
        agent: false,
        headers: { 'sec-fetch-site': 'same-origin', ...options.headers },
      },
      (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString()));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: JSON.parse(text) }));
      },
    );
    outgoing.on('error', reject);
    outgoing.end(options.body);
  });
}

describe('text that is not UTF-8 or holds a NUL character', () => {
  let testApp: TestApp;
  let port: number;
  let session: Record<string, string>;
  beforeAll(async () => {
    testApp = await createTestApp();
    await seedDemoRealm(testApp.database.db);
    session = withSession(await signIn(testApp.app, DEMO_ADMIN));
    await testApp.app.listen({ host: '127.0.0.1', port: 0 });
    port = (testApp.app.server.address() as AddressInfo).port;
  });
  afterAll(() => testApp.close());

  it.each([
    ['/api/facilities?q=%00', 'querystring/q: Must not contain a NUL character (U+0000)'],
    [
      '/api/facilities?q=ok&sector=a%FFb',
      'querystring/sector: Must be UTF-8 text: the byte at position 2 is not',
    ],
    ['/api/facilities?q=%C3%28', 'querystring/q: Must be UTF-8 text: the byte at position 1 is not'],
    ['/api/facilities?%00=1', "querystring: A parameter's name: Must not contain a NUL character (U+0000)"],
    ['/api/facilities/north%00', 'params/slug: Must not contain a NUL character (U+0000)'],
    ['/api/facilities/%FF', 'path: Must be UTF-8 text: a percent-escape in it is not'],
    ['/api/facil%00ities', 'path: Must not contain a NUL character (U+0000)'],
  ])('GET %s is a 400 saying where', async (path, message) => {
    const response = await sendRaw(port, { method: 'GET', path, headers: session });
    const separator = message.indexOf(': ');
    expect(response).toEqual({
      status: 400,
      body: {
        statusCode: 400,
        error: 'Bad Request',
        message,
        fieldErrors: { [message.slice(0, separator)]: message.slice(separator + 2) },
      },
    });
  });

  it('leaves a raw byte that is not ASCII in the request line to Node, which answers 400 too', async () => {
    const response = await sendRaw(port, { method: 'GET', path: '/api/facilities/\xff', headers: session });
    expect(response.status).toBe(400);
  });

  it('refuses a JSON body with a byte that is not UTF-8 (400 naming its position)', async () => {
    const body = Buffer.concat([Buffer.from('{"name":"caf'), Buffer.from([0xe9]), Buffer.from('"}')]);
    const response = await sendRaw(port, {
      method: 'POST',
      path: '/api/emission-factors',
      headers: { ...session, 'content-type': 'application/json' },
      body,
    });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe('body: Must be UTF-8 text: the byte at position 13 is not');
  });

  it.each([
    ['/api/user', 'PUT', '{"user":{"name":"a\\u0000b"}}', 'body/user/name'],
    ['/api/facilities/x/activity-records', 'POST', '{"notes":"\\u0000"}', 'body/notes'],
    [
      '/api/feature-flags/definitions',
      'POST',
      '{"key":"flag","variants":{"o\\u0000n":true}}',
      'body/variants/o\\0n',
    ],
    ['/api/emission-factors', 'POST', '["\\u0000"]', 'body/0'],
    ['/api/emission-factors', 'POST', '"\\u0000"', 'body'],
  ])('refuses %s %s with a NUL character in the JSON, naming %s', async (path, method, json, where) => {
    const response = await sendRaw(port, {
      method,
      path,
      headers: { ...session, 'content-type': 'application/json' },
      body: Buffer.from(json),
    });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(`${where}: Must not contain a NUL character (U+0000)`);
  });

  it('still takes UTF-8 text of every plane, and answers no request above with a 500', async () => {
    const response = await sendRaw(port, {
      method: 'GET',
      path: `/api/facilities?q=${encodeURIComponent('Zürich 東京 🌍')}`,
      headers: session,
    });
    expect(response.status).toBe(200);
    expect(testApp.loggedErrors).toEqual([]);
  });
});
