import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import {
  createSessionRepository,
  createUserRepository,
  DEMO_ADMIN,
  DEMO_REALM_KEY,
  createRealmRepository,
  seedDemoRealm,
  syncReferenceData,
} from '@ecc/db';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildRequest,
  describeRequest,
  requestPlanArbitrary,
  sendRequest,
  type FuzzAnswer,
  type FuzzRequest,
  type OpenApiOperation,
} from '#test-support/fuzz-requests.ts';
import { createTestApp, type TestApp } from '#test-support/test-app.ts';
import { OPENAPI_PATH } from './openapi.ts';
import { hashSessionToken, SESSION_COOKIE_NAME } from './sessions.ts';

/*
 * Every operation of /api/openapi.json, fuzzed from its own schemas over a real socket: valid-shaped requests
 * (path parameters mostly ids and slugs the server gave out earlier) and malformed ones, signed in as the demo
 * realm's administrator and anonymously. No answer may be a 5xx, every request must be answered in time, and an
 * API refusal must be the JSON error shape with a message. Routes added later are fuzzed without touching this
 * file. ECC_FUZZ_SEED replays or varies a run; ECC_FUZZ_RUNS scales it.
 */

const SEED = Number(process.env.ECC_FUZZ_SEED ?? 20_260_1125);
const RUNS_SIGNED_IN = Number(process.env.ECC_FUZZ_RUNS ?? 20);
/** Anonymous requests of a signed-in route mostly stop at the access check: fewer are enough. */
const RUNS_ANONYMOUS = Math.ceil(RUNS_SIGNED_IN / 2);
const ANSWER_LIMIT_MS = 30_000;
const METHOD_ORDER = ['get', 'post', 'put', 'patch', 'delete'];
/** Answer fields whose values later requests use as path parameters. */
const KNOWN_VALUE_FIELD = /^(id|slug|key|token|[a-z]+Id)$/;

type Identity = 'administrator' | 'anonymous';

interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation & { 'x-access'?: { kind: string } }>>;
}

describe('every API route, fuzzed from /api/openapi.json', () => {
  let testApp: TestApp;
  let port: number;
  let document: OpenApiDocument;
  let sessionCookie = '';
  let requestCount = 0;
  const knownValues = new Map<string, Set<string>>();

  /** A session for the demo administrator, written straight to the database so no sign-in throttle applies. */
  async function startAdministratorSession(): Promise<void> {
    const db = testApp.database.db;
    const realm = await createRealmRepository(db).findByKey(DEMO_REALM_KEY);
    const user = realm && (await createUserRepository(db).findByEmail(realm.id, DEMO_ADMIN.email));
    if (!realm || !user) throw new Error('The demo realm or its administrator is missing');
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(Date.now() + 24 * 3600 * 1000);
    await createSessionRepository(db).insert(realm.id, {
      tokenHash: hashSessionToken(token),
      userId: user.id,
      expiresAt,
    });
    sessionCookie = `${SESSION_COOKIE_NAME}=${token}`;
  }

  function headersOf(identity: Identity): Record<string, string> {
    const origin = `http://127.0.0.1:${port}`;
    return {
      host: `127.0.0.1:${port}`,
      origin,
      'sec-fetch-site': 'same-origin',
      accept: 'application/json',
      ...(identity === 'administrator' ? { cookie: sessionCookie } : {}),
    };
  }

  function rememberValues(value: unknown): void {
    if (Array.isArray(value)) value.forEach(rememberValues);
    else if (value && typeof value === 'object') {
      for (const [field, item] of Object.entries(value)) {
        if (typeof item === 'string' && KNOWN_VALUE_FIELD.test(field) && item.length < 200) {
          const values = knownValues.get(field) ?? new Set();
          values.add(item);
          knownValues.set(field, values);
        } else rememberValues(item);
      }
    }
  }

  /** Values for a path parameter: those of a field of its name, else every id the server gave out. */
  function valuesFor(name: string): readonly string[] {
    return [...(knownValues.get(name) ?? knownValues.get('id') ?? [])];
  }

  async function send(sent: FuzzRequest): Promise<FuzzAnswer> {
    requestCount += 1;
    return sendRequest(port, sent, ANSWER_LIMIT_MS);
  }

  /** Why an answer is wrong, or undefined. */
  function findProblem(answer: FuzzAnswer): string | undefined {
    if (answer.status >= 500) return 'a server error';
    if (answer.status >= 400 && answer.contentType.startsWith('application/json')) {
      const body = JSON.parse(answer.body) as { statusCode?: unknown; message?: unknown };
      if (body.statusCode !== answer.status || typeof body.message !== 'string' || body.message === '') {
        return 'a refusal without the API error shape {statusCode, error, message}';
      }
    }
    return undefined;
  }

  beforeAll(async () => {
    testApp = await createTestApp();
    const db = testApp.database.db;
    await syncReferenceData(db);
    await seedDemoRealm(db);
    await testApp.app.listen({ host: '127.0.0.1', port: 0 });
    port = (testApp.app.server.address() as AddressInfo).port;
    await startAdministratorSession();
    const response = await fetch(`http://127.0.0.1:${port}${OPENAPI_PATH}`);
    document = (await response.json()) as OpenApiDocument;
  });
  afterAll(() => testApp?.close());

  it('answers every request in time, never with a 5xx, and every refusal in the error shape', async () => {
    const operations = Object.entries(document.paths)
      .flatMap(([path, methods]) =>
        Object.entries(methods).map(([method, operation]) => ({ path, method, operation })),
      )
      .sort((left, right) => METHOD_ORDER.indexOf(left.method) - METHOD_ORDER.indexOf(right.method));
    expect(operations.length).toBeGreaterThan(50);

    // What the server lists first, so valid-shaped requests reach real records.
    for (const { path, method } of operations) {
      if (method !== 'get' || path.includes('{')) continue;
      const answer = await send(
        buildRequest(
          'GET',
          path,
          { pathValues: {}, query: '', shape: 'listing' },
          valuesFor,
          headersOf('administrator'),
        ),
      );
      if (answer.status === 200 && answer.contentType.startsWith('application/json'))
        rememberValues(JSON.parse(answer.body));
    }

    const failures: string[] = [];
    for (const { path, method, operation } of operations) {
      for (const identity of ['administrator', 'anonymous'] as const) {
        const isPublic = operation['x-access']?.kind === 'public';
        const numRuns = identity === 'administrator' || isPublic ? RUNS_SIGNED_IN : RUNS_ANONYMOUS;
        const property = fc.asyncProperty(
          requestPlanArbitrary(method.toUpperCase(), operation),
          async (plan) => {
            const sent = buildRequest(method.toUpperCase(), path, plan, valuesFor, headersOf(identity));
            let answer: FuzzAnswer;
            try {
              answer = await send(sent);
            } catch (error) {
              throw new Error(`${describeRequest(sent, identity)}\n  → ${(error as Error).message}`);
            }
            const problem = findProblem(answer);
            if (problem) {
              const logged = testApp.loggedErrors.at(-1)?.err?.message ?? '(nothing logged)';
              throw new Error(
                `${describeRequest(sent, identity)}\n  → ${answer.status} ${answer.body.slice(0, 400)}\n  ${problem}; last error logged: ${logged}`,
              );
            }
            if (identity === 'administrator' && answer.status === 401) await startAdministratorSession();
            if (answer.status < 300 && answer.contentType.startsWith('application/json'))
              rememberValues(JSON.parse(answer.body));
          },
        );
        const outcome = await fc.check(property, { numRuns, seed: SEED, endOnFailure: true });
        if (outcome.failed) {
          const reason =
            outcome.errorInstance instanceof Error
              ? outcome.errorInstance.message
              : String(outcome.errorInstance);
          failures.push(
            `${method.toUpperCase()} ${path} as ${identity} (seed ${SEED}, path "${outcome.counterexamplePath}"):\n  ${reason}`,
          );
        }
      }
    }
    expect(failures, failures.join('\n\n')).toEqual([]);
    expect(requestCount).toBeGreaterThan(2000);
  }, 600_000);
});
