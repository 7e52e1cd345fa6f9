import { randomUUID } from 'node:crypto';
import * as schema from '@ecc/db';
import {
  createAssistantRepository,
  createAuthzRepository,
  createEmissionFactorRepository,
  DEMO_ADMIN,
  DEMO_REALM_KEY,
  realms,
  seedDemoAbatement,
  seedDemoRealm,
  syncReferenceData,
  users,
  type Database,
} from '@ecc/db';
import { and, eq, getTableColumns, getTableName, is } from 'drizzle-orm';
import { PgTable, type PgColumn } from 'drizzle-orm/pg-core';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from '@ecc/contracts';
import { createTestApp, signIn, withSession, type TestApp } from './test-app.ts';
import { createTestRealm, createTestUser } from './test-realms.ts';
import type { RegisteredRoute } from '../platform/route-access.ts';

/*
 * The tenant wall, route by route: realm A's administrator calls every registered API route against realm B's
 * ids, with B's realm and owner smuggled into bodies, headers and query strings. No answer may carry B's data, and
 * B's rows in every table with a `realm_id` column must be exactly as they were. Routes and tables added later
 * are covered without touching the tests: a route whose first path segment no group names is in `other`.
 *
 * The attack is split by route group, one test file each (`platform/route-table-isolation-<group>.int.test.ts`),
 * so that each has its own time limit and the files can run on separate workers: the whole table in one test took
 * 70 s on a quiet machine and ran past 600 s at a load average of 20–31 on two cores (2026-11-26, ~190 routes).
 */

/** Route groups by the first segment after `/api/`. */
export const ATTACK_ROUTE_GROUPS = {
  calculations: ['calculations', 'calculation-folders', 'calculation-datasets', 'calculation-bindings'],
  reporting: ['reports', 'analysis', 'exports', 'scope3', 'organisation'],
  targets: ['pathways', 'abatement', 'benchmarks', 'graph', 'assistant'],
  realms: ['realms', 'realm-admin', 'feature-flags', 'invitations', 'auth', 'user', 'config'],
} as const;

export type AttackRouteGroup = keyof typeof ATTACK_ROUTE_GROUPS | 'other';

export const ATTACK_GROUP_NAMES: readonly AttackRouteGroup[] = [
  ...(Object.keys(ATTACK_ROUTE_GROUPS) as (keyof typeof ATTACK_ROUTE_GROUPS)[]),
  'other',
];

/** `/api/calculation-folders/:id` → `calculations`; a segment no group names → `other`. */
export function attackGroupOf(url: string): AttackRouteGroup {
  const segment = url.split('/')[2] ?? '';
  const entry = Object.entries(ATTACK_ROUTE_GROUPS).find(([, segments]) =>
    (segments as readonly string[]).includes(segment),
  );
  return (entry?.[0] as AttackRouteGroup | undefined) ?? 'other';
}

/**
 * Reads whose input the request builder cannot make valid, so the attack reaches only their validation: each with
 * why that is enough, or where its realm wall is tested instead. Any other read refused as invalid every time fails.
 */
const READS_REFUSED_AS_INVALID: Readonly<Record<string, string>> = {
  'GET /api/imports/templates/:kind': 'an empty template file of a fixed kind: reads no realm data',
  'GET /api/pathways/trajectory': 'arithmetic on its query alone (years 1990–2100): reads no realm data',
  'GET /api/exports/analysis': 'a view as JSON in the query; another realm: analysis-query.int.test.ts',
  'GET /api/exports/analysis/records':
    'a cell as JSON in the query; another realm: analysis-query.int.test.ts',
  'GET /api/exports/abatement/plan':
    "a plan as JSON in the query naming the realm's measures; another realm: optimizer-plan-export.int.test.ts",
};

/** One group's routes, many times over, on a machine that may be busy. */
const GROUP_ATTACK_TIMEOUT_MS = 600_000;

export const A_HOST = 'alpha.example.com';
export const A_ADMIN = {
  email: 'admin@alpha.example.com',
  password: 'alpha-password',
  role: 'admin' as const,
};
const UUID_PATTERN = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
/** Text fields of B's rows replayed as bodies are replaced, so rows A creates from them never carry B's names. */
const NAME_LIKE_FIELDS = new Set(['name', 'slug', 'email', 'title', 'label', 'notes', 'description', 'city']);
export type Row = Record<string, unknown>;

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

export async function rowsOfRealm(db: Database, realmId: string): Promise<Map<string, Row[]>> {
  const snapshot = new Map<string, Row[]>();
  snapshot.set('realms', await db.select().from(realms).where(eq(realms.id, realmId)));
  for (const { name, table, realmColumn } of realmScopedTables()) {
    snapshot.set(name, (await db.select().from(table).where(eq(realmColumn, realmId))) as Row[]);
  }
  return snapshot;
}

export function canonical(snapshot: Map<string, Row[]>): Record<string, string[]> {
  return Object.fromEntries(
    [...snapshot].map(([name, rows]) => [name, rows.map((row) => JSON.stringify(row)).sort()]),
  );
}

/** `:facilityId` → `facilityId`. */
function parametersOf(url: string): string[] {
  return [...url.matchAll(/:([A-Za-z0-9_]+)/g)].map((match) => match[1]!);
}

type JsonSchema = {
  type?: string | string[];
  const?: unknown;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  prefixItems?: JsonSchema[];
  minItems?: number;
  format?: string;
  pattern?: string;
  minLength?: number;
  minimum?: number;
  exclusiveMinimum?: number;
  maximum?: number;
};

const TEXT_CANDIDATES = ['replayed', 'replayed-1', 'R1', '2024-01-01', 'kWh', 'a', '1'];

/**
 * A value the schema accepts, built from its JSON Schema: required and optional fields alike, each id field
 * filled by `idFor` (B's ids), so handlers get past validation and meet B's records.
 */
function sampleOf(schema: JsonSchema, field: string, idFor: (field: string) => string, depth = 0): unknown {
  if (depth > 8) return undefined;
  if ('const' in schema) return schema.const;
  if (schema.enum) return schema.enum[0];
  const options = schema.anyOf ?? schema.oneOf ?? schema.allOf;
  if (options) {
    const option = options.find((each) => each.type !== 'null') ?? options[0];
    return option ? sampleOf(option, field, idFor, depth + 1) : null;
  }
  const type = Array.isArray(schema.type) ? schema.type.find((each) => each !== 'null') : schema.type;
  switch (type) {
    case 'object':
      return Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([name, property]) => [
          name,
          sampleOf(property, name, idFor, depth + 1),
        ]),
      );
    case 'array': {
      if (schema.prefixItems)
        return schema.prefixItems.map((item) => sampleOf(item, field, idFor, depth + 1));
      const item = schema.items ? sampleOf(schema.items, field, idFor, depth + 1) : 'replayed';
      return Array.from({ length: Math.max(1, schema.minItems ?? 1) }, () => item);
    }
    case 'number':
    case 'integer': {
      const lowest =
        schema.minimum ?? (schema.exclusiveMinimum === undefined ? 1 : schema.exclusiveMinimum + 1);
      return Math.min(Math.max(lowest, 1), schema.maximum ?? Number.MAX_SAFE_INTEGER);
    }
    case 'boolean':
      return true;
    case 'null':
      return null;
    case 'string':
      return sampleText(schema, field, idFor);
    default:
      return undefined;
  }
}

function sampleText(schema: JsonSchema, field: string, idFor: (field: string) => string): string {
  if (schema.format === 'uuid' || /id$/i.test(field)) return idFor(field);
  if (schema.format === 'date') return '2024-01-01';
  if (schema.format === 'date-time') return '2024-01-01T00:00:00.000Z';
  if (schema.format === 'email') return 'replayed@alpha.example.com';
  const pattern = schema.pattern === undefined ? undefined : new RegExp(schema.pattern, 'u');
  const text =
    TEXT_CANDIDATES.find((candidate) => !pattern || pattern.test(candidate)) ?? TEXT_CANDIDATES[0]!;
  return text.padEnd(schema.minLength ?? 0, 'x');
}

/**
 * Realm A (paid plan, the assistant's flag, an administrator) and realm B (the demo realm with its whole seed, a
 * factor draft, the paid demo's abatement library and an assistant conversation) on one server; the hooks are
 * registered in the calling `describe`.
 */
export function useRouteTableAttack() {
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
    // On the widest plan, so that routes of paid features reach their handlers rather than the plan's refusal.
    const realmA = await createTestRealm(db, {
      key: 'alpha',
      name: 'Alpha Corp',
      domains: [A_HOST],
      plan: 'paid',
      // And with the assistant's flag, so that its routes reach their handlers too.
      configure: (config) => {
        const [application, ...others] = config.applications;
        return { ...config, applications: [{ ...application!, 'feature-flags': 'ai-assistant' }, ...others] };
      },
    });
    await createTestUser(db, realmA, A_ADMIN);
    await createAuthzRepository(db).syncDefaultRoles();
    await testApp.app.ready();
    const realmB = (await db.select().from(realms).where(eq(realms.key, DEMO_REALM_KEY)))[0]!;
    realmBId = realmB.id;
    // The seed publishes its factors; a draft of B's gives the drafts list something to leak.
    await createEmissionFactorRepository(db).createDraft(realmBId, {
      name: 'Beta supplier draft',
      source: 'Beta supplier disclosure',
      year: 2024,
      per: 'kWh',
      gases: { CO2: { value: 0.2, unit: 'kg' } },
    });

    // The paid demo's abatement library, in B, so the abatement routes meet B's measures.
    await seedDemoAbatement(db, realmBId);
    // A conversation of B's administrator with the assistant, for the conversation routes to reach for.
    const [realmBAdmin] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.realmId, realmBId), eq(users.email, DEMO_ADMIN.email)));
    const conversation = await createAssistantRepository(db).insertConversation(
      realmBId,
      realmBAdmin!.id,
      'Beta emissions question',
    );
    await createAssistantRepository(db).appendMessages(realmBId, conversation.id, [
      { role: 'user', text: 'Beta emissions question', answer: null },
    ]);

    before = await rowsOfRealm(db, realmBId);
    secretIds = new Set([realmBId]);
    secretTexts = [realmB.name, DEMO_ADMIN.email];
    valuesByField = new Map();
    sampleRows = [];
    for (const [name, rows] of before) {
      if (rows.length > 0 && name !== 'realms') sampleRows.push(rows[0]!);
      for (const row of rows) {
        for (const [field, rawValue] of Object.entries(row)) {
          // Whole numbers too: a version's `number` or a year is a route parameter (`/versions/:number`).
          const value = Number.isInteger(rawValue) ? String(rawValue) : rawValue;
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
    // A is on the paid plan (and has the assistant's flag), so the paid features' handlers answer, not their guard.
    const reached = await testApp.app.inject({
      method: 'GET',
      url: '/api/reports/inventory/years',
      headers: { ...withSession(token), host: A_HOST },
    });
    expect(reached.json()).toEqual({ years: [] });
  });
  afterAll(() => testApp.close());

  function apiRoutes(app: TestApp['app'] = testApp.app): RegisteredRoute[] {
    return app.registeredRoutes.filter((route) => route.url.startsWith('/api/') && route.method !== 'HEAD');
  }

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

  function idFor(field: string): string {
    return valuesByField.get(field)?.[0] ?? valuesByField.get('id')?.[0] ?? realmBId;
  }

  /**
   * Bodies for a route: one its own schema accepts (B's ids in every id field), the same with B's realm and owner
   * added, and B's rows replayed (names replaced).
   */
  function bodiesFor(route: RegisteredRoute): Row[] {
    const bodies: Row[] = [];
    if (route.bodySchema instanceof z.ZodType) {
      const jsonSchema = z.toJSONSchema(route.bodySchema, { io: 'input', unrepresentable: 'any' });
      const valid = sampleOf(jsonSchema as JsonSchema, '', idFor);
      if (typeof valid === 'object' && valid !== null && !Array.isArray(valid)) {
        bodies.push(valid as Row, { ...(valid as Row), ...smuggled() });
      }
    }
    return [...bodies, bodyFrom(undefined), ...sampleRows.map(bodyFrom)];
  }

  /**
   * Queries the route's schema accepts, B's ids in its id fields: one with every field (an export's `format`, the
   * filters), one with the required fields only (a filled optional field may be what a handler refuses).
   */
  function queriesFor(route: RegisteredRoute): Record<string, string>[] {
    if (!(route.querySchema instanceof z.ZodType)) return [{}];
    const jsonSchema = z.toJSONSchema(route.querySchema, {
      io: 'input',
      unrepresentable: 'any',
    }) as JsonSchema & {
      required?: string[];
    };
    const sample = sampleOf(jsonSchema, '', idFor);
    if (typeof sample !== 'object' || sample === null || Array.isArray(sample)) return [{}];
    const scalars = Object.entries(sample).flatMap(([field, value]): [string, string][] =>
      ['string', 'number', 'boolean'].includes(typeof value) ? [[field, String(value)]] : [],
    );
    const required = new Set(jsonSchema.required ?? []);
    return [
      Object.fromEntries(scalars),
      Object.fromEntries(scalars.filter(([field]) => required.has(field))),
    ];
  }

  function requestsFor(route: RegisteredRoute): InjectOptions[] {
    const { method, url } = route;
    const parameters = parametersOf(url);
    const candidates = parameters.map(candidatesFor);
    const hasBody = ['POST', 'PUT', 'PATCH', 'DELETE'].includes(method);
    const bodies = hasBody ? bodiesFor(route) : [];
    const queries = queriesFor(route);
    const count = Math.max(1, ...candidates.map((list) => list.length), bodies.length, queries.length);
    const fixedQuery = {
      ...(smuggled() as Record<string, string>),
      // A search for one of B's facilities by name: it may be echoed, nothing more.
      q: searchText,
      // A year of B's data, for the routes that require one (the inventory).
      year: '2024',
      // One of B's facilities as the knowledge graph's focus: it must answer as if unknown.
      focus: `facility:${String(before.get('facilities')?.[0]?.id)}`,
      // Two of B's nodes as the ends of a graph path (only there: the audit log reads from and to as days).
      ...(url === '/api/graph/path'
        ? {
            from: `facility:${String(before.get('facilities')?.[0]?.id)}`,
            to: `realm:${realmBId}`,
          }
        : {}),
    };
    return Array.from({ length: count }, (_, index) => {
      // Values the route's own query schema accepts, so its handler runs rather than refuses; then the fixed ones.
      const query = new URLSearchParams({ ...queries[index % queries.length], ...fixedQuery }).toString();
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
        ...(hasBody ? { payload: bodies[index % bodies.length] } : {}),
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

  /** Reads first: rows A creates later hold no B names (they are replaced), but keep the order plain anyway. */
  function readsFirst(routes: readonly RegisteredRoute[]): RegisteredRoute[] {
    return [
      ...routes.filter((route) => route.method === 'GET'),
      ...routes.filter((route) => route.method !== 'GET'),
    ];
  }

  /** Calls every route with every request built for it; answers each leak found and the number of calls. */
  async function attack(
    app: TestApp['app'],
    routes: readonly RegisteredRoute[],
  ): Promise<{ leaks: string[]; calls: number; onlyRefusedAsInvalid: string[] }> {
    const leaks: string[] = [];
    const onlyRefusedAsInvalid: string[] = [];
    let calls = 0;
    for (const route of routes) {
      let isAlwaysInvalid = true;
      for (let request of requestsFor(route)) {
        let response = await app.inject(request);
        if (response.statusCode === 401 && (await isSignedOut())) {
          // A route before this one signed A out (GET /api/auth/logout): sign in again and call it again.
          token = await signIn(testApp.app, A_ADMIN, A_HOST);
          request = withToken(request);
          response = await app.inject(request);
        }
        calls += 1;
        if (response.statusCode !== 400) isAlwaysInvalid = false;
        const leaked = leaksOf(request, response);
        if (leaked.length > 0) {
          leaks.push(`${route.method} ${String(request.url)} → ${response.statusCode}: ${leaked.join(', ')}`);
        }
      }
      if (isAlwaysInvalid) onlyRefusedAsInvalid.push(`${route.method} ${route.url}`);
    }
    return { leaks, calls, onlyRefusedAsInvalid };
  }

  /** The tables in which B's rows differ from the snapshot taken before the attack. */
  async function changedTablesOfB(): Promise<string[]> {
    const now = canonical(await rowsOfRealm(db, realmBId));
    const then = canonical(before);
    return Object.keys(then).filter((name) => JSON.stringify(now[name]) !== JSON.stringify(then[name]));
  }

  return {
    get testApp() {
      return testApp;
    },
    get db() {
      return db;
    },
    get realmBId() {
      return realmBId;
    },
    get before() {
      return before;
    },
    get token() {
      return token;
    },
    async signInAgain(): Promise<void> {
      token = await signIn(testApp.app, A_ADMIN, A_HOST);
    },
    apiRoutes,
    readsFirst,
    requestsFor,
    attack,
    isSignedOut,
    changedTablesOfB,
  };
}

/** The attack on one group's routes, as its own test file's only test. */
export function describeRouteGroupAttack(group: AttackRouteGroup): void {
  describe(`route table isolation: realm A against realm B, the ${group} routes`, () => {
    const fixture = useRouteTableAttack();

    it(
      `leaks none of B’s data and changes none of B’s rows, on any of the ${group} API routes`,
      async () => {
        const routes = fixture.apiRoutes().filter((route) => attackGroupOf(route.url) === group);
        expect(routes.length).toBeGreaterThan(5);
        const { leaks, calls, onlyRefusedAsInvalid } = await fixture.attack(
          fixture.testApp.app,
          fixture.readsFirst(routes),
        );
        expect(calls).toBeGreaterThan(routes.length);
        expect(leaks).toEqual([]);
        // Every read was attacked past its validation at least once: a 400 to every request proves nothing.
        expect(
          onlyRefusedAsInvalid.filter(
            (route) => route.startsWith('GET ') && READS_REFUSED_AS_INVALID[route] === undefined,
          ),
        ).toEqual([]);
        expect(await fixture.changedTablesOfB()).toEqual([]);
      },
      GROUP_ATTACK_TIMEOUT_MS,
    );
  });
}
