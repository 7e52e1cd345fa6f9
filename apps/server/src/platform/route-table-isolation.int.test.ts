import { existsSync } from 'node:fs';
import * as schema from '@ecc/db';
import { realms, runOutsideRealmScope } from '@ecc/db';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestApp, withSession } from '#test-support/test-app.ts';
import {
  A_HOST,
  ATTACK_GROUP_NAMES,
  attackGroupOf,
  canonical,
  rowsOfRealm,
  useRouteTableAttack,
} from '#test-support/route-table-attack.ts';
import { SESSION_ACCESS } from './route-access.ts';
import {
  CROSS_ORIGIN_MESSAGE,
  UNSUPPORTED_MEDIA_TYPE_MESSAGE,
  UNSUPPORTED_UPLOAD_MEDIA_TYPE_MESSAGE,
} from './same-origin.ts';

/*
 * The tenant wall's other sides, on every route: the attack's positive control, changes from another site, and
 * reads however the path is spelt. The attack itself (realm A against realm B's ids on every API route) runs per
 * route group in `route-table-isolation-<group>.int.test.ts`.
 */

const EVIL_ORIGIN = 'https://evil.example.com';
/** Every route once or a few times, on a machine that may be busy. */
const WHOLE_TABLE_TIMEOUT_MS = 300_000;
/** What a page of another site sends: its Origin, or (a browser that sends none) the Fetch Metadata verdict. */
const CROSS_SITE_HEADERS: Record<string, string>[] = [
  { origin: EVIL_ORIGIN, 'sec-fetch-site': 'cross-site' },
  { 'sec-fetch-site': 'cross-site' },
  { origin: EVIL_ORIGIN },
];

/** `/api/facilities/north?q=1` → `/%61pi/%66acilities/%6eorth?q=1`: what the router decodes back to the route. */
function percentEncoded(url: string): string {
  const [path = '', query] = url.split('?');
  const encoded = path
    .split('/')
    .map((segment) =>
      /^[A-Za-z]/.test(segment) ? `%${segment.charCodeAt(0).toString(16)}${segment.slice(1)}` : segment,
    )
    .join('/');
  return query === undefined ? encoded : `${encoded}?${query}`;
}

describe('route table isolation: realm A against realm B', () => {
  const fixture = useRouteTableAttack();

  it('attacks every API route in one of the group files', () => {
    const groups = new Set(fixture.apiRoutes().map((route) => attackGroupOf(route.url)));
    const missing = ATTACK_GROUP_NAMES.filter(
      (group) => !existsSync(new URL(`./route-table-isolation-${group}.int.test.ts`, import.meta.url)),
    );
    expect([...groups].every((group) => ATTACK_GROUP_NAMES.includes(group))).toBe(true);
    expect(missing).toEqual([]);
  });

  it('catches deliberately leaking routes: the positive control of the attack', async () => {
    const { testApp, db, before, apiRoutes, attack, changedTablesOfB } = fixture;
    // The same server on the same database, plus three routes written wrong on purpose: they skip the realm
    // filter and run outside the realm scope, so neither wall holds. The attack must find each of them.
    const control = await createTestApp({ database: testApp.database });
    const leakyFacility = (id: string) =>
      runOutsideRealmScope(() => db.select().from(schema.facilities).where(eq(schema.facilities.id, id)));
    control.app.get('/api/test/leaky/facilities', { config: { access: SESSION_ACCESS } }, () =>
      runOutsideRealmScope(() => db.select().from(schema.facilities)),
    );
    control.app.get(
      '/api/test/leaky/facilities/:facilityId',
      { config: { access: SESSION_ACCESS } },
      (request) => leakyFacility((request.params as { facilityId: string }).facilityId),
    );
    control.app.patch(
      '/api/test/leaky/facilities/:facilityId',
      { config: { access: SESSION_ACCESS } },
      async (request) => {
        const { facilityId } = request.params as { facilityId: string };
        await runOutsideRealmScope(() =>
          db
            .update(schema.facilities)
            .set({ city: 'overwritten by alpha' })
            .where(eq(schema.facilities.id, facilityId)),
        );
        return { isUpdated: true };
      },
    );
    try {
      await control.app.ready();
      const leakyRoutes = apiRoutes(control.app).filter((route) => route.url.startsWith('/api/test/leaky/'));
      expect(leakyRoutes.map((route) => `${route.method} ${route.url}`).sort()).toEqual([
        'GET /api/test/leaky/facilities',
        'GET /api/test/leaky/facilities/:facilityId',
        'PATCH /api/test/leaky/facilities/:facilityId',
      ]);
      const { leaks } = await attack(control.app, leakyRoutes);
      const leakingRoutes = new Set(
        leaks.map((leak) => leak.replace(/\?.*$/, '').replace(/[0-9a-f-]{36}/, ':id')),
      );
      expect([...leakingRoutes].sort()).toEqual([
        'GET /api/test/leaky/facilities',
        'GET /api/test/leaky/facilities/:id',
      ]);
      expect(await changedTablesOfB()).toEqual(['facilities']);
    } finally {
      await control.close();
      // Put B's facilities back as they were, so the attack above still compares against the original rows.
      await runOutsideRealmScope(async () => {
        for (const row of before.get('facilities') ?? []) {
          await db
            .update(schema.facilities)
            .set({ city: row.city as string | null })
            .where(eq(schema.facilities.id, row.id as string));
        }
      });
    }
    expect(await changedTablesOfB()).toEqual([]);
  });

  it(
    'refuses every change from another site and every form body, however the path is spelt, and changes no row',
    async () => {
      const { testApp, db, realmBId, apiRoutes, requestsFor } = fixture;
      const realmAId = (await db.select().from(realms).where(eq(realms.key, 'alpha')))[0]!.id;
      const beforeA = canonical(await rowsOfRealm(db, realmAId));
      const beforeB = canonical(await rowsOfRealm(db, realmBId));
      const changes = apiRoutes().filter((route) => route.method !== 'GET');
      expect(changes.length).toBeGreaterThan(10);
      const admitted: string[] = [];
      for (const route of changes) {
        const [request] = requestsFor(route);
        const url = percentEncoded(String(request!.url));
        const headers = { ...(request!.headers as Record<string, string>), ...withSession(fixture.token) };
        for (const crossSite of CROSS_SITE_HEADERS) {
          const response = await testApp.injectAsIs({
            ...request!,
            url,
            headers: { ...headers, ...crossSite },
          });
          if (response.statusCode !== 403 || response.json().message !== CROSS_ORIGIN_MESSAGE) {
            admitted.push(`${route.method} ${url} ${JSON.stringify(crossSite)} → ${response.statusCode}`);
          }
        }
        // From the app's own origin, but a form post (which browsers send cross-site without asking).
        const form = await testApp.injectAsIs({
          ...request!,
          url,
          headers: {
            ...headers,
            origin: `http://${A_HOST}`,
            'content-type': 'application/x-www-form-urlencoded',
          },
          payload: 'realm=demo',
        });
        const unsupported = [UNSUPPORTED_MEDIA_TYPE_MESSAGE, UNSUPPORTED_UPLOAD_MEDIA_TYPE_MESSAGE];
        if (form.statusCode !== 415 || !unsupported.includes(form.json().message)) {
          admitted.push(`${route.method} ${url} as a form → ${form.statusCode}`);
        }
      }
      expect(admitted).toEqual([]);
      expect(canonical(await rowsOfRealm(db, realmAId))).toEqual(beforeA);
      expect(canonical(await rowsOfRealm(db, realmBId))).toEqual(beforeB);
    },
    WHOLE_TABLE_TIMEOUT_MS,
  );

  it(
    'answers every API read as its plain path does, uncached, and a cross-site sign-out signs nobody out',
    async () => {
      const { testApp, apiRoutes, requestsFor, isSignedOut } = fixture;
      await fixture.signInAgain();
      const differences: string[] = [];
      for (const route of apiRoutes().filter((each) => each.method === 'GET')) {
        const [request] = requestsFor(route);
        const headers = { ...(request!.headers as Record<string, string>), ...withSession(fixture.token) };
        const encoded = await testApp.injectAsIs({
          ...request!,
          url: percentEncoded(String(request!.url)),
          headers: { ...headers, ...CROSS_SITE_HEADERS[0] },
        });
        const cacheControl = encoded.headers['cache-control'];
        if (cacheControl === undefined || !/no-store|no-cache/.test(String(cacheControl))) {
          differences.push(`${route.url}: cache-control ${String(cacheControl)}`);
        }
        if (route.url === '/api/auth/logout') {
          expect(encoded.statusCode).toBe(403);
          continue;
        }
        const plain = await testApp.injectAsIs({
          ...request!,
          headers: { ...headers, 'sec-fetch-site': 'same-origin' },
        });
        if (encoded.statusCode !== plain.statusCode) {
          differences.push(`${route.url}: ${encoded.statusCode} encoded, ${plain.statusCode} plain`);
        }
      }
      expect(differences).toEqual([]);
      expect(await isSignedOut()).toBe(false);
    },
    WHOLE_TABLE_TIMEOUT_MS,
  );
});
