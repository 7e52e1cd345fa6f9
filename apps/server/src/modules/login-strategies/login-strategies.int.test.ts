import { randomUUID } from 'node:crypto';
import {
  auditLogResponseSchema,
  currentApplication,
  loginStrategyListResponseSchema,
  loginStrategySchema,
  ORGANIZATION_CLAIM_REQUIRED,
  publicPagePayloadSchema,
  type AuthenticationStrategy,
  type Realm,
} from '@ecc/contracts';
import {
  auditLog,
  createRealmConfigRepository,
  createRealmRepository,
  createUserIdentityRepository,
  userIdentities,
} from '@ecc/db';
import { and, eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginStrategyInput } from '#test-support/login-strategy-input.ts';
import { createTestApp, signIn, withSession, type TestApp } from '#test-support/test-app.ts';
import { createTestRealm, createTestUser } from '#test-support/test-realms.ts';
import { ISSUER_LOCKED_MESSAGE, STRATEGY_NOT_FOUND } from './login-strategies.service.ts';

const ACME_HOST = 'acme.test';
const OTHER_HOST = 'other.test';
const OPERATOR_HOST = 'acm.test';
const SECRET = 'first-secret-that-must-never-be-shown';
const REPLACED_SECRET = 'second-secret-that-must-never-be-shown';
const ADMIN = { email: 'admin@acme.test', password: 'admin-password-1', role: 'admin' as const };
const MEMBER = { email: 'member@acme.test', password: 'member-password-1' };
const OTHER_ADMIN = { email: 'admin@other.test', password: 'other-password-1', role: 'admin' as const };
const OPERATOR = { email: 'admin@acm.test', password: 'operator-password-1', role: 'admin' as const };

/** A strategy at a public address with this file's secret. */
function strategyInput(name: string, overrides: Record<string, unknown> = {}) {
  return loginStrategyInput(name, SECRET, overrides);
}

describe('the sign-in strategies API', () => {
  let testApp: TestApp;
  let acme: Realm;
  let other: Realm;
  let admin: string;
  let member: string;
  let otherAdmin: string;
  let operator: string;
  /** Every answer of the suite, to check no client secret ever left the server. */
  const answers: string[] = [];

  const call = async (
    token: string,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
    host = ACME_HOST,
  ): Promise<LightMyRequestResponse> => {
    const response = await testApp.app.inject({
      method,
      url,
      headers: { ...withSession(token), host },
      ...(payload ? { payload } : {}),
    });
    answers.push(response.body);
    return response;
  };
  const strategiesUrl = (realm: Realm) => `/api/realms/${realm.id}/login-strategies`;
  const listOf = async (token: string, realm: Realm, host = ACME_HOST) =>
    loginStrategyListResponseSchema.parse(
      (await call(token, 'GET', strategiesUrl(realm), undefined, host)).json(),
    ).results;
  /** The strategies as stored, secrets included. */
  const storedStrategies = async (realm: Realm): Promise<AuthenticationStrategy[]> => {
    const stored = await createRealmRepository(testApp.database.db).findById(realm.id);
    if (!stored) throw new Error('realm missing');
    return currentApplication(stored).authentication?.strategies ?? [];
  };
  const auditCount = async (realm: Realm) =>
    (await testApp.database.db.select().from(auditLog).where(eq(auditLog.realmId, realm.id))).length;

  beforeAll(async () => {
    testApp = await createTestApp({ logLevel: 'trace' });
    const db = testApp.database.db;
    acme = await createTestRealm(db, { key: 'acme', domains: [ACME_HOST] });
    other = await createTestRealm(db, { key: 'other', domains: [OTHER_HOST] });
    const operatorRealm = await createTestRealm(db, { key: 'acm', domains: [OPERATOR_HOST] });
    await createTestUser(db, acme, ADMIN);
    await createTestUser(db, acme, MEMBER);
    await createTestUser(db, other, OTHER_ADMIN);
    await createTestUser(db, operatorRealm, OPERATOR);
    admin = await signIn(testApp.app, ADMIN, ACME_HOST);
    member = await signIn(testApp.app, MEMBER, ACME_HOST);
    otherAdmin = await signIn(testApp.app, OTHER_ADMIN, OTHER_HOST);
    operator = await signIn(testApp.app, OPERATOR, OPERATOR_HOST);
  });
  afterAll(async () => {
    // Whatever each test did, no answer carried a client secret and none was logged.
    const everything = [...answers, ...testApp.logOutput].join('\n');
    expect(testApp.logOutput.length).toBeGreaterThan(0);
    expect(everything).not.toContain(SECRET);
    expect(everything).not.toContain(REPLACED_SECRET);
    expect(everything).not.toContain('"clientSecret"');
    await testApp.close();
  });

  it('adds a strategy, answering whether it has a client secret but never the secret', async () => {
    expect(await listOf(admin, acme)).toEqual([]);
    const response = await call(admin, 'POST', strategiesUrl(acme), strategyInput('Acme ID'));
    expect(response.statusCode).toBe(201);
    const created = loginStrategySchema.parse(response.json());
    expect(created).toMatchObject({ name: 'Acme ID', hasClientSecret: true, active: true, provider: 'okta' });
    expect(created.key).toBe(created.id);
    expect(response.json()).not.toHaveProperty('clientSecret');
    expect(await listOf(admin, acme)).toEqual([created]);
    expect(await storedStrategies(acme)).toEqual([
      expect.objectContaining({ id: created.id, name: 'Acme ID', clientSecret: SECRET }),
    ]);

    // The login page offers it at once.
    const payload = await testApp.app.inject({
      method: 'GET',
      url: '/login/_payload.json',
      headers: { host: ACME_HOST },
    });
    answers.push(payload.body);
    expect(publicPagePayloadSchema.parse(payload.json()).strategies).toEqual([
      { id: created.id, name: 'Acme ID' },
    ]);
  });

  it('audits every change in the realm’s log without the secret', async () => {
    const response = await call(admin, 'POST', strategiesUrl(acme), strategyInput('Audited ID'));
    const created = loginStrategySchema.parse(response.json());
    await call(admin, 'PUT', `${strategiesUrl(acme)}/${created.key}`, strategyInput('Audited ID 2'));
    await call(admin, 'DELETE', `${strategiesUrl(acme)}/${created.key}`);
    const audit = auditLogResponseSchema.parse(
      (await call(admin, 'GET', `/api/audit-log?entityType=login-strategy&entityId=${created.id}`)).json(),
    );
    expect(audit.results.map((entry) => [entry.action, entry.actorEmail])).toEqual(
      expect.arrayContaining([
        ['create', ADMIN.email],
        ['update', ADMIN.email],
        ['delete', ADMIN.email],
      ]),
    );
    const update = audit.results.find((entry) => entry.action === 'update');
    expect(update?.before).toMatchObject({ name: 'Audited ID', hasClientSecret: true });
    expect(update?.after).toMatchObject({
      name: 'Audited ID 2',
      hasClientSecret: true,
      isClientSecretReplaced: true,
    });
  });

  it('keeps the stored secret on a PUT without one, removes it on null and replaces it on text', async () => {
    const created = loginStrategySchema.parse(
      (await call(admin, 'POST', strategiesUrl(acme), strategyInput('Secret keeper'))).json(),
    );
    const url = `${strategiesUrl(acme)}/${created.key}`;
    const { clientSecret: _omitted, ...withoutSecret } = strategyInput('Secret keeper', { active: false });
    const kept = await call(admin, 'PUT', url, withoutSecret);
    expect(kept.statusCode).toBe(200);
    expect(kept.json()).toMatchObject({ id: created.id, active: false, hasClientSecret: true });
    const storedSecret = async () =>
      (await storedStrategies(acme)).find((strategy) => strategy.id === created.id)?.clientSecret;
    expect(await storedSecret()).toBe(SECRET);

    const replaced = await call(admin, 'PUT', url, { ...withoutSecret, clientSecret: REPLACED_SECRET });
    expect(replaced.json()).toMatchObject({ hasClientSecret: true });
    expect(await storedSecret()).toBe(REPLACED_SECRET);

    const removed = await call(admin, 'PUT', url, { ...withoutSecret, clientSecret: null });
    expect(removed.json()).toMatchObject({ hasClientSecret: false });
    expect(await storedSecret()).toBeUndefined();
  });

  it('answers 400 naming the field for an invalid URL and for a private or plain-http provider address', async () => {
    const before = await storedStrategies(acme);
    const audits = await auditCount(acme);
    const notUrl = await call(
      admin,
      'POST',
      strategiesUrl(acme),
      strategyInput('Bad', { tokenEndpoint: 'not a url' }),
    );
    expect(notUrl.statusCode).toBe(400);
    expect(notUrl.json().message).toBe('body/tokenEndpoint: Must be a valid URL');

    const unsafe = await call(
      admin,
      'POST',
      strategiesUrl(acme),
      strategyInput('Bad', {
        jwksURI: 'https://169.254.169.254/latest/meta-data',
        authorizationEndpoint: 'http://idp.example.com/authorize',
      }),
    );
    expect(unsafe.statusCode).toBe(400);
    expect(unsafe.json().message).toBe(
      'body/authorizationEndpoint: This address is not allowed for a sign-in provider (http://idp.example.com is not https); ' +
        'body/jwksURI: This address is not allowed for a sign-in provider (169.254.169.254 is not a public address)',
    );

    const mapped = await call(
      admin,
      'PUT',
      `${strategiesUrl(acme)}/${before[0]?.id}`,
      strategyInput('Acme ID', { tokenEndpoint: 'https://[::ffff:127.0.0.1]/token' }),
    );
    expect(mapped.statusCode).toBe(400);
    expect(mapped.json().message).toMatch(/^body\/tokenEndpoint: /);

    const missing = await call(admin, 'POST', strategiesUrl(acme), strategyInput('  ', { clientId: '' }));
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toMatch(/body\/clientId: Required/);
    expect(missing.json().message).toMatch(/body\/name: Required/);

    expect(await storedStrategies(acme)).toEqual(before);
    expect(await auditCount(acme)).toBe(audits);
  });

  it('answers 409 for a name the realm already uses, whatever its case, and stores nothing', async () => {
    const before = await storedStrategies(acme);
    const duplicate = await call(admin, 'POST', strategiesUrl(acme), strategyInput('ACME id'));
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().message).toBe(
      'body/name: The realm already has a sign-in strategy named ACME id',
    );

    const second = loginStrategySchema.parse(
      (await call(admin, 'POST', strategiesUrl(acme), strategyInput('Second ID'))).json(),
    );
    const renamed = await call(
      admin,
      'PUT',
      `${strategiesUrl(acme)}/${second.key}`,
      strategyInput('Acme ID'),
    );
    expect(renamed.statusCode).toBe(409);
    const sameId = await call(admin, 'POST', strategiesUrl(acme), strategyInput('Third', { id: second.id }));
    expect(sameId.statusCode).toBe(409);
    expect(sameId.json().message).toMatch(/^body\/id: /);
    expect((await storedStrategies(acme)).map((strategy) => strategy.name)).toEqual([
      ...before.map((strategy) => strategy.name),
      'Second ID',
    ]);
  });

  it('keeps both of two strategies added at the same moment', async () => {
    const [first, second] = await Promise.all([
      call(admin, 'POST', strategiesUrl(acme), strategyInput('Parallel 1')),
      call(admin, 'POST', strategiesUrl(acme), strategyInput('Parallel 2')),
    ]);
    expect([first?.statusCode, second?.statusCode]).toEqual([201, 201]);
    const names = (await listOf(admin, acme)).map((strategy) => strategy.name);
    expect(names).toEqual(expect.arrayContaining(['Parallel 1', 'Parallel 2']));
  });

  it('answers 404 for a strategy the realm does not have, and deletes one once', async () => {
    const unknown = await call(admin, 'PUT', `${strategiesUrl(acme)}/nobody`, strategyInput('Nobody'));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(STRATEGY_NOT_FOUND);
    const created = loginStrategySchema.parse(
      (await call(admin, 'POST', strategiesUrl(acme), strategyInput('Short-lived'))).json(),
    );
    expect((await call(admin, 'DELETE', `${strategiesUrl(acme)}/${created.key}`)).statusCode).toBe(204);
    expect((await listOf(admin, acme)).map((strategy) => strategy.id)).not.toContain(created.id);
    const again = await call(admin, 'DELETE', `${strategiesUrl(acme)}/${created.key}`);
    expect(again.statusCode).toBe(404);
  });

  it('addresses a strategy stored without an id by its name', async () => {
    // `realm import` and `realm setup` may store strategies without an id.
    const { clientSecret: _secret, ...fields } = strategyInput('Legacy');
    await createRealmConfigRepository(testApp.database.db).changeLoginStrategies(acme.id, (strategies) => ({
      strategies: [...strategies, fields],
      result: undefined,
    }));
    const legacy = (await listOf(admin, acme)).find((strategy) => strategy.name === 'Legacy');
    expect(legacy).toMatchObject({ key: 'Legacy', hasClientSecret: false });
    expect(legacy?.id).toBeUndefined();
    const updated = await call(admin, 'PUT', `${strategiesUrl(acme)}/Legacy`, { ...fields, active: false });
    expect(updated.json()).toMatchObject({ key: 'Legacy', active: false });
  });

  it('stores domain and organisation allow-lists, refusing a malformed domain or a list without its claim', async () => {
    const created = await call(
      admin,
      'POST',
      strategiesUrl(acme),
      strategyInput('Allow-listed', {
        allowedDomains: [' Example.COM ', 'partner.example'],
        organizationClaim: 'tid',
        allowedOrganizations: ['9188040d-6c67-4c5b-b112-36a304b66dad'],
      }),
    );
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      allowedDomains: ['example.com', 'partner.example'],
      organizationClaim: 'tid',
      allowedOrganizations: ['9188040d-6c67-4c5b-b112-36a304b66dad'],
    });
    const audits = await auditCount(acme);
    const badDomain = await call(
      admin,
      'POST',
      strategiesUrl(acme),
      strategyInput('Bad domain', { allowedDomains: ['example.com', '@example.com'] }),
    );
    expect(badDomain.statusCode).toBe(400);
    expect(badDomain.json().message).toBe(
      'body/allowedDomains/1: Must be a host name such as ecc.example.com',
    );
    const withoutClaim = await call(
      admin,
      'POST',
      strategiesUrl(acme),
      strategyInput('No claim', { allowedOrganizations: ['org-1'] }),
    );
    expect(withoutClaim.statusCode).toBe(400);
    expect(withoutClaim.json().message).toBe(`body/organizationClaim: ${ORGANIZATION_CLAIM_REQUIRED}`);
    expect(await auditCount(acme)).toBe(audits);
  });

  it('keeps linked identities bound: no issuer change while there are any, deleted with their strategy', async () => {
    const db = testApp.database.db;
    const strategy = loginStrategySchema.parse(
      (await call(admin, 'POST', strategiesUrl(acme), strategyInput('Linked ID'))).json(),
    );
    const identity = { strategyKey: strategy.key, issuer: strategy.issuer, subject: 'subject-7' };
    const linked = await createUserIdentityRepository(db).createUser(acme.id, identity, {
      email: 'linked@acme.test',
      passwordHash: 'not-a-password',
      role: 'member',
    });
    const { clientSecret: _secret, ...fields } = strategyInput('Linked ID');
    const moved = await call(admin, 'PUT', `${strategiesUrl(acme)}/${strategy.key}`, {
      ...fields,
      issuer: 'https://other-idp.example.com',
    });
    expect(moved.statusCode).toBe(409);
    expect(moved.json().fieldErrors).toEqual({ 'body/issuer': ISSUER_LOCKED_MESSAGE });
    expect((await storedStrategies(acme)).find((each) => each.id === strategy.id)?.issuer).toBe(
      strategy.issuer,
    );
    const renamed = await call(admin, 'PUT', `${strategiesUrl(acme)}/${strategy.key}`, {
      ...fields,
      name: 'Linked ID, renamed',
    });
    expect(renamed.statusCode).toBe(200);
    expect(await createUserIdentityRepository(db).findUser(acme.id, identity)).toMatchObject({
      id: linked?.id,
    });

    expect((await call(admin, 'DELETE', `${strategiesUrl(acme)}/${strategy.key}`)).statusCode).toBe(204);
    expect(
      await db.select().from(userIdentities).where(eq(userIdentities.strategyKey, strategy.key)),
    ).toEqual([]);
    const [deletion] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, strategy.key), eq(auditLog.action, 'delete')));
    expect(deletion?.after).toEqual({ unlinkedIdentities: 1 });
  });

  it('leaves a link inert when an issuer changes outside the API, and links the new issuer’s subject afresh', async () => {
    const db = testApp.database.db;
    const strategy = loginStrategySchema.parse(
      (await call(admin, 'POST', strategiesUrl(acme), strategyInput('Imported ID'))).json(),
    );
    const identities = createUserIdentityRepository(db);
    const before = { strategyKey: strategy.key, issuer: strategy.issuer, subject: 'subject-9' };
    await identities.createUser(acme.id, before, {
      email: 'before@acme.test',
      passwordHash: 'not-a-password',
      role: 'member',
    });
    // What `realm import` may do: the stored strategy replaced, its issuer with it.
    const issuer = 'https://new-idp.example.com';
    await createRealmConfigRepository(db).changeLoginStrategies(acme.id, (strategies) => ({
      strategies: strategies.map((each) => (each.id === strategy.id ? { ...each, issuer } : each)),
      result: undefined,
    }));
    const after = { ...before, issuer };
    expect(await identities.findUser(acme.id, after)).toBeUndefined();
    const relinked = await identities.createUser(acme.id, after, {
      email: 'after@acme.test',
      passwordHash: 'not-a-password',
      role: 'member',
    });
    expect(await identities.findUser(acme.id, after)).toMatchObject({ id: relinked?.id });
  });

  it('moves the identities of a strategy without an id along when it is renamed', async () => {
    const db = testApp.database.db;
    const { clientSecret: _secret, ...fields } = strategyInput('Legacy linked');
    await createRealmConfigRepository(db).changeLoginStrategies(acme.id, (strategies) => ({
      strategies: [...strategies, fields],
      result: undefined,
    }));
    const identity = { strategyKey: 'Legacy linked', issuer: fields.issuer, subject: 'subject-8' };
    const linked = await createUserIdentityRepository(db).createUser(acme.id, identity, {
      email: 'legacy@acme.test',
      passwordHash: 'not-a-password',
      role: 'member',
    });
    const renamed = await call(admin, 'PUT', `${strategiesUrl(acme)}/Legacy%20linked`, {
      ...fields,
      name: 'Legacy, renamed',
    });
    expect(renamed.json()).toMatchObject({ key: 'Legacy, renamed' });
    const identities = createUserIdentityRepository(db);
    expect(await identities.findUser(acme.id, { ...identity, strategyKey: 'Legacy, renamed' })).toMatchObject(
      {
        id: linked?.id,
      },
    );
    expect(await identities.findUser(acme.id, identity)).toBeUndefined();
  });

  it('answers 403 to a member and 404 for another realm, exactly as for a missing one', async () => {
    const byMember = await call(member, 'GET', strategiesUrl(acme));
    expect(byMember.statusCode).toBe(403);
    expect(byMember.json().message).toBe('You are not allowed to read Realm');

    const otherBefore = await storedStrategies(other);
    const otherAudits = await auditCount(other);
    const missing = { id: randomUUID() } as Realm;
    for (const target of [other, missing]) {
      const answers = [
        await call(admin, 'GET', strategiesUrl(target)),
        await call(admin, 'POST', strategiesUrl(target), strategyInput('Intruder')),
        await call(admin, 'PUT', `${strategiesUrl(target)}/anything`, strategyInput('Intruder')),
        await call(admin, 'DELETE', `${strategiesUrl(target)}/anything`),
      ];
      expect(answers.map((answer) => [answer.statusCode, answer.json().message])).toEqual(
        Array.from({ length: 4 }, () => [404, 'Realm not found']),
      );
    }
    expect(await storedStrategies(other)).toEqual(otherBefore);
    expect(await auditCount(other)).toBe(otherAudits);
    // The other realm's own administrator is not stopped.
    expect((await call(otherAdmin, 'GET', strategiesUrl(other), undefined, OTHER_HOST)).statusCode).toBe(200);
    // A realm id that is not a uuid is a bad request naming the parameter.
    const badId = await call(admin, 'GET', '/api/realms/acme/login-strategies');
    expect(badId.statusCode).toBe(400);
    expect(badId.json().message).toMatch(/^params\/realmId: /);
  });

  it('logs a failed write without the query’s parameters, which hold the client secret', async () => {
    const db = testApp.database.db;
    await db.execute(sql`
      create function refuse_realm_writes() returns trigger language plpgsql as $$
      begin raise exception 'realms are read-only in this test'; end $$`);
    await db.execute(
      sql`create trigger refuse_realm_writes before update on realms for each row execute function refuse_realm_writes()`,
    );
    try {
      const response = await call(admin, 'POST', strategiesUrl(acme), strategyInput('Never stored'));
      expect(response.statusCode).toBe(500);
    } finally {
      await db.execute(sql`drop trigger refuse_realm_writes on realms`);
      await db.execute(sql`drop function refuse_realm_writes`);
    }
    // The failure is logged with the query and the database's reason, but not the parameters (the config).
    expect(testApp.loggedErrors.map((entry) => entry.err?.message)).toContainEqual(
      expect.stringMatching(/^Failed query: update "realms" .*\(realms are read-only in this test, P0001\)$/),
    );
    expect((await storedStrategies(acme)).map((strategy) => strategy.name)).not.toContain('Never stored');
  });

  it('lets the platform operator’s administrator manage another realm’s strategies, audited there', async () => {
    const created = await call(
      operator,
      'POST',
      strategiesUrl(other),
      strategyInput('Operator set-up'),
      OPERATOR_HOST,
    );
    expect(created.statusCode).toBe(201);
    const listed = await listOf(operator, other, OPERATOR_HOST);
    expect(listed.map((strategy) => strategy.name)).toContain('Operator set-up');
    const audit = auditLogResponseSchema.parse(
      (
        await call(otherAdmin, 'GET', '/api/audit-log?entityType=login-strategy', undefined, OTHER_HOST)
      ).json(),
    );
    expect(audit.results[0]).toMatchObject({ action: 'create', actorEmail: OPERATOR.email });
  });
});

describe('the sign-in strategies API with ECC_OIDC_ALLOW_INSECURE', () => {
  let testApp: TestApp;
  let acme: Realm;
  let admin: string;
  beforeAll(async () => {
    testApp = await createTestApp({ env: { ECC_OIDC_ALLOW_INSECURE: '1' } });
    acme = await createTestRealm(testApp.database.db, { key: 'acme', domains: [ACME_HOST] });
    await createTestUser(testApp.database.db, acme, ADMIN);
    admin = await signIn(testApp.app, ADMIN, ACME_HOST);
  });
  afterAll(() => testApp.close());

  it('accepts a provider on the loopback address over http, as local development needs', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: `/api/realms/${acme.id}/login-strategies`,
      headers: { ...withSession(admin), host: ACME_HOST },
      payload: strategyInput('Local', {
        authorizationEndpoint: 'http://127.0.0.1:3951/auth',
        tokenEndpoint: 'http://127.0.0.1:3951/token',
        jwksURI: 'http://127.0.0.1:3951/jwks',
      }),
    });
    expect(response.statusCode).toBe(201);
  });
});
