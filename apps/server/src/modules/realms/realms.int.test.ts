import { randomUUID } from 'node:crypto';
import {
  auditLogResponseSchema,
  configResponseSchema,
  currentApplication,
  managedRealmListResponseSchema,
  managedRealmSchema,
  type ManagedRealm,
  type Realm,
} from '@ecc/contracts';
import { auditLog, createRealmAdminRepository, createRealmRepository, realms as realmsTable } from '@ecc/db';
import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, withSession, type TestApp } from '#test-support/test-app.ts';
import { createTestRealm, createTestUser } from '#test-support/test-realms.ts';
import { OPERATOR_ONLY_MESSAGE } from './realms.routes.ts';
import { OWN_REALM_DEACTIVATION_MESSAGE } from './realms.service.ts';

const OPERATOR_HOST = 'acm.test';
const ACME_HOST = 'acme.test';
const OPERATOR = { email: 'admin@acm.test', password: 'operator-password-1', role: 'admin' as const };
const OPERATOR_MEMBER = { email: 'member@acm.test', password: 'operator-member-1' };
const ACME_ADMIN = { email: 'admin@acme.test', password: 'acme-password-1', role: 'admin' as const };

describe('the realm management API', () => {
  let testApp: TestApp;
  let operatorRealm: Realm;
  let acme: Realm;
  let child: Realm;
  let operator: string;
  let operatorMember: string;
  let acmeAdmin: string;

  const call = (
    token: string,
    method: 'GET' | 'POST' | 'PATCH',
    url: string,
    payload?: object,
    host = OPERATOR_HOST,
  ): Promise<LightMyRequestResponse> =>
    testApp.app.inject({
      method,
      url,
      headers: { ...withSession(token), host },
      ...(payload ? { payload } : {}),
    });
  const listOf = async (token: string, query = '', host = OPERATOR_HOST) =>
    managedRealmListResponseSchema.parse(
      (await call(token, 'GET', `/api/realms${query}`, undefined, host)).json(),
    );
  const realmRows = () => testApp.database.db.select().from(realmsTable);
  const stored = async (key: string) => {
    const realm = await createRealmRepository(testApp.database.db).findByKey(key);
    if (!realm) throw new Error(`no realm ${key}`);
    return realm;
  };

  beforeAll(async () => {
    testApp = await createTestApp();
    const db = testApp.database.db;
    operatorRealm = await createTestRealm(db, {
      key: 'acm',
      name: 'Platform operator',
      domains: [OPERATOR_HOST],
    });
    acme = await createTestRealm(db, { key: 'acme', name: 'Acme Corp', domains: [ACME_HOST], plan: 'paid' });
    child = await createTestRealm(db, { key: 'acme-eu', name: 'Acme Europe', plan: 'simple' });
    await db.update(realmsTable).set({ parentId: acme.id }).where(eq(realmsTable.id, child.id));
    await createTestUser(db, operatorRealm, OPERATOR);
    await createTestUser(db, operatorRealm, OPERATOR_MEMBER);
    await createTestUser(db, acme, ACME_ADMIN);
    operator = await signIn(testApp.app, OPERATOR, OPERATOR_HOST);
    operatorMember = await signIn(testApp.app, OPERATOR_MEMBER, OPERATOR_HOST);
    acmeAdmin = await signIn(testApp.app, ACME_ADMIN, ACME_HOST);
  });
  afterAll(() => testApp.close());

  it('lists every realm to the operator’s administrator, with plan, parent, flags and user count', async () => {
    const list = await listOf(operator);
    expect(list).toMatchObject({ count: 3, total: 3, offset: 0 });
    expect(list.results.map((realm) => realm.key)).toEqual(['acm', 'acme', 'acme-eu']);
    expect(list.results.find((realm) => realm.key === 'acme-eu')).toMatchObject({
      name: 'Acme Europe',
      plan: 'simple',
      parentId: acme.id,
      parentKey: 'acme',
      active: true,
      featureFlags: [],
      userCount: 0,
    });
    expect(list.results.find((realm) => realm.key === 'acm')).toMatchObject({ userCount: 2 });
  });

  it('searches by key, name or domain and pages the matches', async () => {
    expect((await listOf(operator, '?q=EUROPE')).results.map((realm) => realm.key)).toEqual(['acme-eu']);
    expect((await listOf(operator, '?q=acme.test')).results.map((realm) => realm.key)).toEqual(['acme']);
    const page = await listOf(operator, '?limit=1&offset=1');
    expect(page).toMatchObject({ count: 1, total: 3, offset: 1 });
    expect(page.results.map((realm) => realm.key)).toEqual(['acme']);
    const bad = await call(operator, 'GET', '/api/realms?limit=0');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/^querystring\/limit: /);
  });

  it('lists to a realm’s administrator only the realms their grants reach: their own, and below with \\cascade', async () => {
    expect((await listOf(acmeAdmin, '', ACME_HOST)).results.map((realm) => realm.key)).toEqual(['acme']);
    const adminRole = (
      await createRealmAdminRepository(testApp.database.db).listRolesWithGrants(acme.id)
    ).find((role) => role.role.key === 'admin');
    const cascade = { realm: '\\cascade', subject: 'Realm', id: '.*', action: 'read' };
    // Their grants reach acme only: they cannot give themselves (their role) a reach into acme-eu.
    const selfGranted = await call(
      acmeAdmin,
      'POST',
      `/api/realm-admin/roles/${adminRole?.role.id}/grants`,
      { type: 'REGEX_GRANT', right: 'realm-admin', data: cascade },
      ACME_HOST,
    );
    expect(selfGranted.statusCode).toBe(403);
    // Given by whoever holds it (the operator, here through the repository).
    await createRealmAdminRepository(testApp.database.db).insertRoleGrant(acme.id, adminRole!.role.id, {
      type: 'REGEX_GRANT',
      data: cascade,
      rightId: 'realm-admin',
      active: true,
    });
    expect((await listOf(acmeAdmin, '', ACME_HOST)).results.map((realm) => realm.key)).toEqual([
      'acme',
      'acme-eu',
    ]);
    const byMember = await call(operatorMember, 'GET', '/api/realms');
    expect(byMember.statusCode).toBe(403);
    expect(byMember.json().message).toBe('You are not allowed to read Realm');
  });

  it('creates a realm with its application, plan, flags, default theme and roles, audited in its log', async () => {
    const response = await call(operator, 'POST', '/api/realms', {
      key: 'newco',
      name: 'New Co',
      parentKey: 'acme',
      plan: 'CORE',
      domains: ['NewCo.Example.com.'],
      featureFlags: ['ai-assistant', 'beta-reports'],
    });
    expect(response.statusCode).toBe(201);
    const created = managedRealmSchema.parse(response.json());
    expect(created).toMatchObject({
      key: 'newco',
      name: 'New Co',
      plan: 'CORE',
      parentId: acme.id,
      parentKey: 'acme',
      domains: ['newco.example.com'],
      active: true,
      featureFlags: ['ai-assistant', 'beta-reports'],
      userCount: 0,
    });
    const realm = await stored('newco');
    const application = currentApplication(realm);
    expect(application).toMatchObject({ plan: 'CORE', 'feature-flags': 'ai-assistant,beta-reports' });
    expect(realm.properties.config.themes).toHaveLength(1);
    expect(application.themes?.[0]?.selected).toBe(realm.properties.config.themes[0]?.id);
    expect(realm['created-by']).not.toBeNull();
    const roles = await createRealmAdminRepository(testApp.database.db).listRolesWithGrants(realm.id);
    expect(roles.map((role) => role.role.key).sort()).toEqual(['admin', 'member']);

    // Its host answers with it at once.
    const config = await testApp.app.inject({
      method: 'GET',
      url: '/api/config',
      headers: { host: 'newco.example.com' },
    });
    expect(configResponseSchema.parse(config.json()).realm.key).toBe('newco');

    const audit = await testApp.database.db.select().from(auditLog).where(eq(auditLog.realmId, realm.id));
    expect(audit).toEqual([
      expect.objectContaining({
        action: 'create',
        entityType: 'realm',
        actorEmail: OPERATOR.email,
        after: {
          name: 'New Co',
          plan: 'CORE',
          domains: ['newco.example.com'],
          active: true,
          featureFlags: ['ai-assistant', 'beta-reports'],
        },
      }),
    ]);
  });

  it('answers 400 naming the field for a bad key, plan, domain, flag or unknown parent, and creates nothing', async () => {
    const before = (await realmRows()).length;
    const cases: [object, RegExp][] = [
      [{ key: '1abc' }, /^body\/key: Realm key must start with a letter/],
      [{ key: 'ab' }, /^body\/key: Realm key must be at least 3 characters/],
      [{ key: 'toolongkey' }, /^body\/key: Realm key must be at most 8 characters/],
      [{ plan: 'gold' }, /^body\/plan: /],
      [{ domains: ['not a host'] }, /^body\/domains\/0: Must be a host name/],
      [{ featureFlags: ['Not A Flag'] }, /^body\/featureFlags\/0: Flag key must be/],
      [{ parentKey: 'nobody' }, /^body\/parentKey: No realm has the key nobody$/],
    ];
    for (const [change, message] of cases) {
      const response = await call(operator, 'POST', '/api/realms', {
        key: 'valid',
        name: 'Valid',
        plan: 'simple',
        ...change,
      });
      expect(response.statusCode, JSON.stringify(change)).toBe(400);
      expect(response.json().message, JSON.stringify(change)).toMatch(message);
    }
    expect((await realmRows()).length).toBe(before);
  });

  it('answers 409 for a key or a domain another realm has, and creates nothing', async () => {
    const before = (await realmRows()).length;
    const key = await call(operator, 'POST', '/api/realms', { key: 'acme', name: 'Again', plan: 'simple' });
    expect(key.statusCode).toBe(409);
    expect(key.json().message).toBe('body/key: A realm with the key acme already exists');
    const domain = await call(operator, 'POST', '/api/realms', {
      key: 'dupe',
      name: 'Dupe',
      plan: 'simple',
      domains: ['free.example.com', 'ACME.test'],
    });
    expect(domain.statusCode).toBe(409);
    expect(domain.json().message).toBe('body/domains/1: acme.test already belongs to realm acme');
    expect((await realmRows()).length).toBe(before);
  });

  it('refuses realm creation to anyone outside the operator’s realms, and to the operator’s members', async () => {
    const byAdmin = await call(
      acmeAdmin,
      'POST',
      '/api/realms',
      { key: 'rogue', name: 'Rogue', plan: 'CORE' },
      ACME_HOST,
    );
    expect(byAdmin.statusCode).toBe(403);
    expect(byAdmin.json().message).toBe(OPERATOR_ONLY_MESSAGE);
    const invalidByAdmin = await call(
      acmeAdmin,
      'POST',
      '/api/realms',
      { key: '1', plan: 'gold' },
      ACME_HOST,
    );
    expect(invalidByAdmin.statusCode).toBe(403);
    const byMember = await call(operatorMember, 'POST', '/api/realms', {
      key: 'rogue',
      name: 'Rogue',
      plan: 'CORE',
    });
    expect(byMember.statusCode).toBe(403);
    expect(byMember.json().message).toBe('You are not allowed to create Realm');
    expect(await createRealmRepository(testApp.database.db).findByKey('rogue')).toBeUndefined();
  });

  it('changes a realm’s name, plan, domains and flags, audited in that realm’s log', async () => {
    const response = await call(operator, 'PATCH', `/api/realms/${child.id}`, {
      name: 'Acme Europe GmbH',
      plan: 'CORE',
      domains: ['eu.acme.test'],
      featureFlags: ['ai-assistant'],
    });
    expect(response.statusCode).toBe(200);
    expect(managedRealmSchema.parse(response.json())).toMatchObject({
      name: 'Acme Europe GmbH',
      plan: 'CORE',
      domains: ['eu.acme.test'],
      featureFlags: ['ai-assistant'],
      parentKey: 'acme',
    });
    const realm = await stored('acme-eu');
    expect(currentApplication(realm)).toMatchObject({ plan: 'CORE', 'feature-flags': 'ai-assistant' });
    expect(realm['modified-by']).not.toBeNull();
    // Fields not sent stay as they were.
    const renamedOnly = await call(operator, 'PATCH', `/api/realms/${child.id}`, { name: 'Acme EU' });
    expect(renamedOnly.json()).toMatchObject({ name: 'Acme EU', plan: 'CORE', domains: ['eu.acme.test'] });

    const audit = await testApp.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.realmId, child.id), eq(auditLog.entityType, 'realm')))
      .orderBy(auditLog.sequence);
    expect(audit[0]).toMatchObject({
      action: 'update',
      actorEmail: OPERATOR.email,
      before: { name: 'Acme Europe', plan: 'simple', domains: [], featureFlags: [] },
      after: {
        name: 'Acme Europe GmbH',
        plan: 'CORE',
        domains: ['eu.acme.test'],
        featureFlags: ['ai-assistant'],
      },
    });
  });

  it('refuses a realm’s own administrator changing their plan with 403, changing nothing', async () => {
    const before = await stored('acme');
    const response = await call(acmeAdmin, 'PATCH', `/api/realms/${acme.id}`, { plan: 'CORE' }, ACME_HOST);
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(OPERATOR_ONLY_MESSAGE);
    // Before the body is even looked at, and for any realm id.
    for (const [url, body] of [
      [`/api/realms/${acme.id}`, { plan: 'gold' }],
      [`/api/realms/${randomUUID()}`, { plan: 'CORE' }],
      ['/api/realms/not-a-uuid', {}],
    ] as const) {
      const refused = await call(acmeAdmin, 'PATCH', url, body, ACME_HOST);
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json().message, url).toBe(OPERATOR_ONLY_MESSAGE);
    }
    expect(await stored('acme')).toEqual(before);
    const auditOfAcme = auditLogResponseSchema.parse(
      (await call(acmeAdmin, 'GET', '/api/audit-log?entityType=realm', undefined, ACME_HOST)).json(),
    );
    expect(auditOfAcme.results).toEqual([]);
  });

  it('answers 404 for an unknown realm and 400 naming a bad id or field', async () => {
    const unknown = await call(operator, 'PATCH', `/api/realms/${randomUUID()}`, { name: 'Ghost' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Realm not found');
    const badId = await call(operator, 'PATCH', '/api/realms/acme', { name: 'Ghost' });
    expect(badId.statusCode).toBe(400);
    expect(badId.json().message).toMatch(/^params\/realmId: /);
    const badPlan = await call(operator, 'PATCH', `/api/realms/${acme.id}`, { plan: 'gold', active: 'yes' });
    expect(badPlan.statusCode).toBe(400);
    expect(badPlan.json().message).toMatch(/body\/plan: .*; body\/active: /);
  });

  it('answers 409 for a domain another realm has and for the operator deactivating their own realm', async () => {
    const domain = await call(operator, 'PATCH', `/api/realms/${child.id}`, { domains: [ACME_HOST] });
    expect(domain.statusCode).toBe(409);
    expect(domain.json().message).toBe('body/domains/0: acme.test already belongs to realm acme');
    const own = await call(operator, 'PATCH', `/api/realms/${operatorRealm.id}`, { active: false });
    expect(own.statusCode).toBe(409);
    expect(own.json().message).toBe(OWN_REALM_DEACTIVATION_MESSAGE);
    expect((await stored('acm')).active).toBe(true);
  });

  it('deactivates another realm, whose host then no longer answers with it', async () => {
    const response = await call(operator, 'PATCH', `/api/realms/${acme.id}`, { active: false });
    expect(response.statusCode).toBe(200);
    expect((response.json() as ManagedRealm).active).toBe(false);
    const config = await testApp.app.inject({
      method: 'GET',
      url: '/api/config',
      headers: { host: ACME_HOST },
    });
    expect(config.statusCode).toBe(404);
    await call(operator, 'PATCH', `/api/realms/${acme.id}`, { active: true });
  });
});
