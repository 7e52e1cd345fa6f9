import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import type { DatabaseHandle } from '@ecc/db';
import { createTestDatabase } from '@ecc/db/testing';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { pino } from 'pino';
import { buildApp } from '../app.ts';
import { loadConfig, type ServerConfig } from '#platform/config.ts';
import type { HighsSolverOptions } from '#platform/highs-solver.ts';
import { SESSION_COOKIE_NAME } from '#platform/sessions.ts';

export const FIXTURE_INDEX_HTML =
  '<!doctype html><html><head><title>ECC</title></head><body><div id="root"></div></body></html>';
export const FIXTURE_ASSET = 'assets/index-Abc123.js';

/** A built web app in miniature: index.html, a hashed asset, a build manifest and a brand image. */
export function createWebDistFixture(): string {
  const directory = mkdtempSync(join(tmpdir(), 'ecc-web-dist-'));
  mkdirSync(join(directory, 'assets'));
  mkdirSync(join(directory, 'builds', 'meta'), { recursive: true });
  mkdirSync(join(directory, 'brand'));
  writeFileSync(join(directory, 'index.html'), FIXTURE_INDEX_HTML);
  writeFileSync(join(directory, FIXTURE_ASSET), 'console.info("app");');
  writeFileSync(join(directory, 'builds', 'latest.json'), '{"id":"build-1","timestamp":1}');
  writeFileSync(join(directory, 'brand', 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(join(directory, '.ecc-build-hash'), 'abc\n');
  return directory;
}

export interface TestApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  config: ServerConfig;
  /** What the app logged at error level or above, one parsed pino line each. */
  loggedErrors: { msg: string; err?: { message: string } }[];
  /** Every line the app logged at the test's `logLevel` or above, as written. */
  logOutput: string[];
  /** `app.inject` without the added `Sec-Fetch-Site`: for the tests of the same-origin rule itself. */
  injectAsIs(options: InjectOptions): Promise<LightMyRequestResponse>;
  /** Moves the app's clock forward. */
  advanceClock(milliseconds: number): void;
  close(): Promise<void>;
}

export interface TestAppOptions {
  env?: NodeJS.ProcessEnv;
  /** The database to serve; by default a fresh one of the test file's own. */
  database?: DatabaseHandle;
  /** The lowest level logged (default `error`): `trace` for tests that check what is never logged. */
  logLevel?: pino.Level;
  /** The optimizer's solver thread (a worker that fails on purpose, for the tests of its failures). */
  solver?: HighsSolverOptions;
}

/** pino's number for the `error` level. */
const PINO_ERROR_LEVEL = 50;

/**
 * Adds the `Sec-Fetch-Site: same-origin` a browser sends with every request from the app's own page, unless the
 * test sets `Origin` or `Sec-Fetch-Site` itself.
 */
export function withSameOrigin(options: InjectOptions): InjectOptions {
  const headers = options.headers ?? {};
  const names = Object.keys(headers).map((name) => name.toLowerCase());
  if (names.includes('origin') || names.includes('sec-fetch-site')) return options;
  return { ...options, headers: { ...headers, 'sec-fetch-site': 'same-origin' } };
}

/**
 * The real app on a database of its own, with a movable clock and a captured error log. Its `inject` sends the
 * same-origin `Sec-Fetch-Site` header a browser would (see `withSameOrigin`).
 */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const webDistDir = createWebDistFixture();
  const database = options.database ?? (await createTestDatabase());
  const config = loadConfig({ WEB_DIST_DIR: webDistDir, LOG_LEVEL: 'error', ...options.env });
  let offset = 0;
  const loggedErrors: TestApp['loggedErrors'] = [];
  const logOutput: string[] = [];
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      const line = chunk.toString();
      logOutput.push(line);
      const entry = JSON.parse(line) as TestApp['loggedErrors'][number] & { level: number };
      if (entry.level >= PINO_ERROR_LEVEL) loggedErrors.push(entry);
      done();
    },
  });
  const app = await buildApp({
    database,
    config,
    now: () => new Date(Date.now() + offset),
    loggerInstance: pino({ level: options.logLevel ?? 'error' }, logStream),
    ...(options.solver ? { solver: options.solver } : {}),
  });
  const originalInject = app.inject as (...args: unknown[]) => unknown;
  const injectAsIs = (options: InjectOptions) =>
    originalInject.call(app, options) as Promise<LightMyRequestResponse>;
  const injectFromOwnOrigin = (options?: InjectOptions | string, ...rest: unknown[]) =>
    typeof options === 'object' && rest.length === 0
      ? injectAsIs(withSameOrigin(options))
      : originalInject.call(app, options, ...rest);
  return {
    app: Object.assign(app, { inject: injectFromOwnOrigin }),
    database,
    config,
    loggedErrors,
    logOutput,
    injectAsIs,
    advanceClock: (milliseconds) => {
      offset += milliseconds;
    },
    close: async () => {
      await app.close();
      if (!options.database) await database.close();
      rmSync(webDistDir, { recursive: true, force: true });
    },
  };
}

/** The `ecc_session` value a response set, or undefined. */
export function sessionCookieOf(response: LightMyRequestResponse): string | undefined {
  return response.cookies.find((cookie) => cookie.name === SESSION_COOKIE_NAME)?.value;
}

export function withSession(token: string): { cookie: string } {
  return { cookie: `${SESSION_COOKIE_NAME}=${token}` };
}

/** Signs in through the API and returns the session cookie's value. */
export async function signIn(
  app: FastifyInstance,
  credentials: { email: string; password: string },
  host = 'localhost',
): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: { host },
    payload: { username: credentials.email, password: credentials.password },
  });
  const token = sessionCookieOf(response);
  if (response.statusCode !== 200 || !token) {
    throw new Error(`Sign-in of ${credentials.email} failed: ${response.statusCode} ${response.body}`);
  }
  return token;
}
