import { randomUUID } from 'node:crypto';
import * as schema from '@ecc/db';
import {
  createAuthzRepository,
  DEMO_ADMIN,
  DEMO_REALM_KEY,
  realms,
  seedDemoRealm,
  syncReferenceData,
  type Database,
} from '@ecc/db';
import { eq, getTableColumns, getTableName, is } from 'drizzle-orm';
import { PgTable, type PgColumn } from 'drizzle-orm/pg-core';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, withSession, type TestApp } from '#test-support/test-app.ts';
import { createTestRealm, createTestUser } from '#test-support/test-realms.ts';

/*
 * The tenant wall, route by route: realm A's administrator calls every registered API route against realm B's
 * ids, with B's realm and owner smuggled into bodies, headers and query strings. No answer may carry B's data, and
 * B's rows in every table with a `realm_id` column must be exactly as they were. Routes and tables added later
 * are covered without touching this file.
 */

const A_HOST = 'alpha.example.com';
const A_ADMIN = { email: 'admin@alpha.example.com', password: 'alpha-password', role: 'admin' as const };
const UUID_PATTERN = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
/** Text fields of B's rows replayed as bodies are replaced, so rows A creates from them never carry B's names. */
const NAME_LIKE_FIELDS = new Set(['name', 'slug', 'email', 'title', 'label', 'notes', 'description', 'city']);

type Row = Record<string, unknown>;

interface RealmTable {
  name: string;
  table: PgTable;
  realmColumn: PgColumn;
}

/** Every table of the schema with a `realm_id` column. */
function realmScopedTables(): RealmTable[] {
  return Object.values(schema).flatMap((value): RealmTable[] => {
    if (!is(value, PgTable)) return [];
    const realmColumn = Object.values(getTableColumns(value)).find((column) => column.name === 'realm_id');
    return realmColumn ? [{ name: getTableName(value), table: value, realmColumn }] : [];
  });
}

async function rowsOfRealm(db: Database, realmId: string): Promise<Map<string, Row[]>> {
  const snapshot = new Map<string, Row[]>();
  snapshot.set('realms', await db.select().from(realms).where(eq(realms.id, realmId)));
  for (const { name, table, realmColumn } of realmScopedTables()) {
    snapshot.set(name, (await db.select().from(table).where(eq(realmColumn, realmId))) as Row[]);
  }
  return snapshot;
}

function canonical(snapshot: Map<string, Row[]>): Record<string, string[]> {
  return Object.fromEntries(
    [...snapshot].map(([name, rows]) => [name, rows.map((row) => JSON.stringify(row)).sort()]),
  );
}

/** `:facilityId` → `facilityId`. */
function parametersOf(url: string): string[] {
  return [...url.matchAll(/:([A-Za-z0-9_]+)/g)].map((match) => match[1]!);
}

describe('route table isolation: realm A against realm B', () => {
  let testApp: TestApp;
  let db: Database;
  let realmBId: string;
  let before: Map<string, Row[]>;
  /** B's identifiers that must never reach A: every id of B's rows, its realm's name, names and e-mails. */
  let secretIds: Set<string>;
  let secretTexts: string[];
  /** Values of B's rows by field name (`slug`, `key`, `id`…), for route parameters. */
  let valuesByField: Map<string, string[]>;
  let sampleRows: Row[];
  let searchText: string;
  let token: string;

  beforeAll(async () => {
    testApp = await createTestApp();
    db = testApp.database.db;
    await syncReferenceData(db);
    // Realm B is the demo realm with its whole seed: facilities, activity data, results, factors, audit trail.
    await seedDemoRealm(db);
    const realmA = await createTestRealm(db, { key: 'alpha', name: 'Alpha Corp', domains: [A_HOST] });
    await createTestUser(db, realmA, A_ADMIN);
    await createAuthzRepository(db).syncDefaultRoles();
    await testApp.app.ready();
    const realmB = (await db.select().from(realms).where(eq(realms.key, DEMO_REALM_KEY)))[0]!;
    realmBId = realmB.id;

    before = await rowsOfRealm(db, realmBId);
    secretIds = new Set([realmBId]);
    secretTexts = [realmB.name, DEMO_ADMIN.email];
    valuesByField = new Map();
    sampleRows = [];
    for (const [name, rows] of before) {
      if (rows.length > 0 && name !== 'realms') sampleRows.push(rows[0]!);
      for (const row of rows) {
        for (const [field, value] of Object.entries(row)) {
          if (typeof value !== 'string') continue;
          if (field === 'id' || field.endsWith('Id')) secretIds.add(value.toLowerCase());
          if ((field === 'name' && name === 'facilities') || field === 'email') secretTexts.push(value);
          const values = valuesByField.get(field) ?? [];
          // One value per table is enough to reach each kind of record.
          if (values.length < 40 && !values.includes(value)) values.push(value);
          valuesByField.set(field, values);
        }
      }
    }
    searchText = String(before.get('facilities')?.[0]?.name ?? realmB.name);
    // Sanity: the seed gave B data to protect.
    expect(before.get('facilities')?.length).toBeGreaterThan(0);
    expect(before.get('activity_records')?.length).toBeGreaterThan(0);
    token = await signIn(testApp.app, A_ADMIN, A_HOST);
  });
  afterAll(() => testApp.close());

  /** B's values for a route parameter: its own field when B's rows have it (`slug`, `key`), else B's ids. */
  function candidatesFor(parameter: string): string[] {
    const own = valuesByField.get(parameter) ?? [];
    const ids = [...(valuesByField.get('id') ?? []), realmBId];
    return [
      ...new Set([...own, ...(parameter.toLowerCase().endsWith('id') || own.length === 0 ? ids : [])]),
    ].concat(randomUUID());
  }

  function smuggled(): Row {
    const ownerId = valuesByField.get('userId')?.[0] ?? valuesByField.get('id')?.[0];
    return { realmId: realmBId, realm: DEMO_REALM_KEY, realmKey: DEMO_REALM_KEY, ownerId };
  }

  /** A row of B's as a body: B's ids and references kept, its names replaced, B's realm and owner added. */
  function bodyFrom(row: Row | undefined): Row {
    const body: Row = {};
    for (const [field, value] of Object.entries(row ?? {})) {
      body[field] = NAME_LIKE_FIELDS.has(field) && typeof value === 'string' ? `replayed-${field}` : value;
    }
    return { ...body, ...smuggled() };
  }

  function requestsFor(method: string, url: string): InjectOptions[] {
    const parameters = parametersOf(url);
    const candidates = parameters.map(candidatesFor);
    const hasBody = ['POST', 'PUT', 'PATCH', 'DELETE'].includes(method);
    const count = Math.max(1, ...candidates.map((list) => list.length), hasBody ? sampleRows.length + 1 : 1);
    const query = new URLSearchParams({
      ...(smuggled() as Record<string, string>),
      // A search for one of B's facilities by name: it may be echoed, nothing more.
      q: searchText,
    }).toString();
    return Array.from({ length: count }, (_, index) => {
      let path = url;
      parameters.forEach((parameter, position) => {
        const list = candidates[position]!;
        path = path.replace(`:${parameter}`, encodeURIComponent(list[index % list.length]!));
      });
      return {
        method: method as InjectOptions['method'],
        url: `${path}?${query}`,
        headers: {
          ...withSession(token),
          host: A_HOST,
          'x-realm': DEMO_REALM_KEY,
          'x-realm-id': realmBId,
          'x-realm-key': DEMO_REALM_KEY,
        },
        ...(hasBody ? { payload: bodyFrom(sampleRows[index - 1]) } : {}),
      };
    });
  }

  /** B's ids and names in the answer that the request did not itself send. */
  function leaksOf(request: InjectOptions, response: LightMyRequestResponse): string[] {
    const sent = JSON.stringify(request).toLowerCase();
    const body = response.body.toLowerCase();
    const ids = [...new Set(body.match(UUID_PATTERN) ?? [])].filter(
      (id) => secretIds.has(id) && !sent.includes(id),
    );
    const texts = secretTexts.filter(
      (text) => body.includes(text.toLowerCase()) && !sent.includes(text.toLowerCase()),
    );
    return [...ids, ...texts];
  }

  async function isSignedOut(): Promise<boolean> {
    const session = await testApp.app.inject({
      method: 'GET',
      url: '/api/auth/session',
      headers: { ...withSession(token), host: A_HOST },
    });
    return session.statusCode === 401;
  }

  function withToken(request: InjectOptions): InjectOptions {
    return { ...request, headers: { ...request.headers, ...withSession(token) } };
  }

  it('leaks none of B’s data and changes none of B’s rows, on any API route', async () => {
    const routes = testApp.app.registeredRoutes.filter(
      (route) => route.url.startsWith('/api/') && route.method !== 'HEAD',
    );
    // Reads first: rows A creates later hold no B names (they are replaced), but keep the order plain anyway.
    const ordered = [
      ...routes.filter((route) => route.method === 'GET'),
      ...routes.filter((route) => route.method !== 'GET'),
    ];
    expect(ordered.length).toBeGreaterThan(10);
    const leaks: string[] = [];
    let calls = 0;
    for (const route of ordered) {
      for (let request of requestsFor(route.method, route.url)) {
        let response = await testApp.app.inject(request);
        if (response.statusCode === 401 && (await isSignedOut())) {
          // A route before this one signed A out (GET /api/auth/logout): sign in again and retry.
          token = await signIn(testApp.app, A_ADMIN, A_HOST);
          request = withToken(request);
          response = await testApp.app.inject(request);
        }
        calls += 1;
        const leaked = leaksOf(request, response);
        if (leaked.length > 0) {
          leaks.push(`${route.method} ${String(request.url)} → ${response.statusCode}: ${leaked.join(', ')}`);
        }
      }
    }
    expect(calls).toBeGreaterThan(ordered.length);
    expect(leaks).toEqual([]);
    const after = await rowsOfRealm(db, realmBId);
    expect(canonical(after)).toEqual(canonical(before));
  });
});
