import type { Realm } from '@ecc/contracts';
import { createAuthzRepository, permissions } from '@ecc/db';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, withSession, type TestApp } from '#test-support/test-app.ts';
import { createTestRealm, createTestUser } from '#test-support/test-realms.ts';
import { assertCan, permissionAccess, requireSession, type RecordToCheck } from './route-access.ts';

const DEMO_HOST = 'demo.example.com';
const SIMPLE_HOST = 'simple.example.com';
const OPERATOR_HOST = 'acm.example.com';
const MEMBER = { email: 'member@demo.example.com', password: 'member-password' };
const ADMIN = { email: 'admin@demo.example.com', password: 'admin-password', role: 'admin' as const };
const SIMPLE_ADMIN = {
  email: 'admin@simple.example.com',
  password: 'simple-password',
  role: 'admin' as const,
};
const OPERATOR = { email: 'operator@acm.example.com', password: 'operator-password', role: 'admin' as const };
const OPERATOR_MEMBER = { email: 'member@acm.example.com', password: 'acm-member-password' };

/** Test routes: each declares a permission, and the record route checks the record the query names. */
function registerProbeRoutes(testApp: TestApp): void {
  const ok = async () => ({ ok: true });
  testApp.app.get('/api/probe/facilities', { config: { access: permissionAccess('read', 'Facility') } }, ok);
  testApp.app.delete(
    '/api/probe/facilities',
    { config: { access: permissionAccess('delete', 'Facility') } },
    ok,
  );
  testApp.app.get(
    '/api/probe/facility-page',
    { config: { access: permissionAccess('read', 'Facility', { route: 'facility' }) } },
    ok,
  );
  testApp.app.post(
    '/api/probe/records',
    { config: { access: permissionAccess('read', 'Facility') } },
    async (request) => {
      const { action, subject, record } = request.body as {
        action: 'read' | 'update' | 'delete';
        subject: 'Facility' | 'Realm';
        record: RecordToCheck;
      };
      await assertCan(request, action, subject, record);
      return { ok: true, realm: requireSession(request).realm.key };
    },
  );
}

describe('permission access', () => {
  let testApp: TestApp;
  let memberToken: string;
  let adminToken: string;
  let simpleAdminToken: string;
  let operatorToken: string;
  let demoId: string;
  let memberId: string;
  let operatorRealm: Realm;

  beforeAll(async () => {
    testApp = await createTestApp();
    const { db } = testApp.database;
    const demo = await createTestRealm(db, { key: 'demo', domains: [DEMO_HOST] });
    const simple = await createTestRealm(db, { key: 'simple', domains: [SIMPLE_HOST], plan: 'simple' });
    const operator = await createTestRealm(db, { key: 'acm', domains: [OPERATOR_HOST] });
    operatorRealm = operator;
    demoId = demo.id;
    memberId = (await createTestUser(db, demo, MEMBER)).id;
    await createTestUser(db, demo, ADMIN);
    await createTestUser(db, simple, SIMPLE_ADMIN);
    await createTestUser(db, operator, OPERATOR);
    registerProbeRoutes(testApp);
    await testApp.app.ready();
    memberToken = await signIn(testApp.app, MEMBER, DEMO_HOST);
    adminToken = await signIn(testApp.app, ADMIN, DEMO_HOST);
    simpleAdminToken = await signIn(testApp.app, SIMPLE_ADMIN, SIMPLE_HOST);
    operatorToken = await signIn(testApp.app, OPERATOR, OPERATOR_HOST);
  });
  afterAll(() => testApp.close());

  const call = (
    method: 'GET' | 'DELETE' | 'POST',
    url: string,
    token: string,
    host: string,
    payload?: object,
  ) =>
    testApp.app.inject({
      method,
      url,
      headers: { ...withSession(token), host },
      ...(payload ? { payload } : {}),
    });
  const check = (token: string, host: string, body: object) =>
    call('POST', '/api/probe/records', token, host, body);

  it('allows what the default roles grant, in the realms created after start-up too', async () => {
    expect((await call('GET', '/api/probe/facilities', memberToken, DEMO_HOST)).statusCode).toBe(200);
    expect((await call('DELETE', '/api/probe/facilities', adminToken, DEMO_HOST)).statusCode).toBe(200);
  });

  it('answers 403 JSON when the action on the subject is not granted', async () => {
    const response = await call('DELETE', '/api/probe/facilities', memberToken, DEMO_HOST);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      statusCode: 403,
      error: 'Forbidden',
      message: 'You are not allowed to delete Facility',
    });
  });

  it("answers 403 JSON naming the feature and its plans when the realm's plan lacks it", async () => {
    const refused = await call('GET', '/api/probe/facility-page', simpleAdminToken, SIMPLE_HOST);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(
      'Facilities is not part of your plan. It is included in the Paid, COT, Crust, Upper mantle, Lower mantle, ' +
        'Mantle, Outer core, Inner core, or Core plans.',
    );
    expect((await call('GET', '/api/probe/facility-page', adminToken, DEMO_HOST)).statusCode).toBe(200);
  });

  it('answers 401 for a session used on another realm host', async () => {
    for (const url of ['/api/probe/facilities', '/api/immutably/authz/rights', '/api/user']) {
      const response = await call('GET', url, memberToken, SIMPLE_HOST);
      expect(response.statusCode, url).toBe(401);
      expect(response.json()).toEqual({ statusCode: 401, error: 'Unauthorized', message: 'Unauthorized' });
    }
  });

  describe('assertCan on the actual record', () => {
    const otherRealmRecord = { realmKey: 'simple', id: '1b7f3f3e-3c1e-4c59-9f43-4d1f0e0a9e11' };

    it("allows a record of the user's realm, by realm key or id", async () => {
      const byKey = await check(memberToken, DEMO_HOST, {
        action: 'read',
        subject: 'Facility',
        record: { realmKey: 'demo', id: 'f1' },
      });
      expect(byKey.json()).toEqual({ ok: true, realm: 'demo' });
      const byId = await check(memberToken, DEMO_HOST, {
        action: 'read',
        subject: 'Facility',
        record: { realmId: demoId, id: 'f1' },
      });
      expect(byId.statusCode).toBe(200);
    });

    it("answers 403 for a record of the user's realm the action is not granted on", async () => {
      const response = await check(memberToken, DEMO_HOST, {
        action: 'delete',
        subject: 'Facility',
        record: { realmKey: 'demo', id: 'f1' },
      });
      expect(response.statusCode).toBe(403);
    });

    it("answers 404, never 403, for another realm's record, even to an administrator", async () => {
      for (const token of [memberToken, adminToken]) {
        for (const action of ['read', 'delete'] as const) {
          const response = await check(token, DEMO_HOST, {
            action,
            subject: 'Facility',
            record: otherRealmRecord,
          });
          expect(response.statusCode).toBe(404);
          expect(response.json()).toEqual({
            statusCode: 404,
            error: 'Not Found',
            message: 'Facility not found',
          });
        }
      }
    });

    it('keeps a grant for any realm inside the user realm tree', async () => {
      await testApp.database.db.insert(permissions).values({
        realmId: demoId,
        principalType: 'user',
        principalId: memberId,
        type: 'REGEX_GRANT',
        data: { realm: '.*', subject: 'Facility', id: '.*', action: 'update' },
        rightId: 'facilities',
      });
      const freshToken = await signIn(testApp.app, MEMBER, DEMO_HOST);
      const own = await check(freshToken, DEMO_HOST, {
        action: 'update',
        subject: 'Facility',
        record: { realmKey: 'demo', id: 'f1' },
      });
      expect(own.statusCode).toBe(200);
      const other = await check(freshToken, DEMO_HOST, {
        action: 'update',
        subject: 'Facility',
        record: otherRealmRecord,
      });
      expect(other.statusCode).toBe(404);
    });

    it("lets an operator realm's administrator manage other realms, and not their data", async () => {
      const realm = await check(operatorToken, OPERATOR_HOST, {
        action: 'update',
        subject: 'Realm',
        record: { realmId: demoId, id: demoId },
      });
      expect(realm.statusCode).toBe(200);
      const facility = await check(operatorToken, OPERATOR_HOST, {
        action: 'read',
        subject: 'Facility',
        record: { realmKey: 'demo', id: 'f1' },
      });
      expect(facility.statusCode).toBe(404);
      const asDemoAdmin = await check(adminToken, DEMO_HOST, {
        action: 'update',
        subject: 'Realm',
        record: { realmKey: 'simple', id: 'r1' },
      });
      expect(asDemoAdmin.statusCode).toBe(404);
    });
  });

  it("confines an operator realm's member to their realm like any member, whatever their grants say", async () => {
    const { db } = testApp.database;
    const operatorMember = await createTestUser(db, operatorRealm, OPERATOR_MEMBER);
    for (const subject of ['Realm', 'Theme']) {
      await db.insert(permissions).values({
        realmId: operatorMember.realmId,
        principalType: 'user',
        principalId: operatorMember.id,
        type: 'REGEX_GRANT',
        data: { realm: '.*', subject, id: '.*', action: 'read' },
        rightId: 'realm-admin',
      });
    }
    const token = await signIn(testApp.app, OPERATOR_MEMBER, OPERATOR_HOST);
    const realm = await check(token, OPERATOR_HOST, {
      action: 'read',
      subject: 'Realm',
      record: { realmId: demoId, id: demoId },
    });
    expect(realm.statusCode).toBe(404);
    const theme = await call('GET', `/api/realms/${demoId}/theme`, token, OPERATOR_HOST);
    expect(theme.statusCode).toBe(404);
    // The operator's administrator does reach it.
    expect((await call('GET', `/api/realms/${demoId}/theme`, operatorToken, OPERATOR_HOST)).statusCode).toBe(
      200,
    );
  });

  it('grants nothing when the grants cannot be loaded, and logs "Failed to get rights"', async () => {
    const broken = await createTestApp({ database: testApp.database });
    try {
      const authz = createAuthzRepository(testApp.database.db);
      await authz.syncDefaultRoles();
      registerProbeRoutes(broken);
      await broken.app.ready();
      const token = await signIn(broken.app, MEMBER, DEMO_HOST);
      // A grants table that cannot be read: the loader fails and must fail closed.
      await testApp.database.db.execute(sql`alter table permissions rename to permissions_unreadable`);
      try {
        const response = await broken.app.inject({
          method: 'GET',
          url: '/api/probe/facilities',
          headers: { ...withSession(token), host: DEMO_HOST },
        });
        expect(response.statusCode).toBe(403);
        expect(broken.loggedErrors.map((entry) => entry.msg)).toContain('Failed to get rights');
      } finally {
        await testApp.database.db.execute(sql`alter table permissions_unreadable rename to permissions`);
      }
    } finally {
      await broken.close();
    }
  });
});
