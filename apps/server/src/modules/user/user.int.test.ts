import { userSchema } from '@ecc/contracts';
import { createRealmRepository, createUserRepository, DEMO_ADMIN, DEMO_USER, seedDemoRealm } from '@ecc/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, withSession, type TestApp } from '#test-support/test-app.ts';
import { createTestRealm, createTestUser } from '#test-support/test-realms.ts';

describe('GET and PUT /api/user', () => {
  let testApp: TestApp;
  let token: string;
  beforeAll(async () => {
    testApp = await createTestApp();
    await seedDemoRealm(testApp.database.db);
    token = await signIn(testApp.app, DEMO_USER);
  });
  afterAll(() => testApp.close());

  const getUser = () => testApp.app.inject({ method: 'GET', url: '/api/user', headers: withSession(token) });
  const putUser = (payload: unknown) =>
    testApp.app.inject({
      method: 'PUT',
      url: '/api/user',
      headers: withSession(token),
      payload: payload as object,
    });

  it('answers the signed-in user: id, realm key and properties', async () => {
    const response = await getUser();
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(userSchema.parse(response.json())).toMatchObject({
      realm: 'demo',
      properties: { name: DEMO_USER.name },
    });
  });

  it('replaces the user’s properties, given the user as an object', async () => {
    const properties = { licensing: { licenses: { tos: { accepted: true } } } };
    const response = await putUser({ user: { properties } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ realm: 'demo', properties });
    expect((await getUser()).json()).toMatchObject({ properties });
  });

  it('accepts the user as a JSON string', async () => {
    const properties = { theme: 'dark' };
    const response = await putUser({ user: JSON.stringify({ properties }) });
    expect(response.statusCode).toBe(200);
    expect((await getUser()).json()).toMatchObject({ properties });
  });

  it('changes nothing but properties: an id, realm or e-mail in the body is ignored', async () => {
    const { id } = userSchema.parse((await getUser()).json());
    const response = await putUser({
      user: {
        id: '00000000-0000-4000-8000-000000000000',
        realm: 'other',
        email: 'x@y.z',
        properties: { a: 1 },
      },
    });
    expect(response.json()).toEqual({ id, realm: 'demo', properties: { a: 1 } });
    const demo = await createRealmRepository(testApp.database.db).findByKey('demo');
    const stored = await createUserRepository(testApp.database.db).findById(demo?.id ?? '', id);
    expect(stored).toMatchObject({ id, realmId: demo?.id, email: DEMO_USER.email, properties: { a: 1 } });
  });

  it("leaves every other user's properties alone", async () => {
    await putUser({ user: { properties: { only: 'mine' } } });
    const adminToken = await signIn(testApp.app, DEMO_ADMIN);
    const admin = await testApp.app.inject({
      method: 'GET',
      url: '/api/user',
      headers: withSession(adminToken),
    });
    expect(admin.json()).toMatchObject({ properties: { name: DEMO_ADMIN.name } });
  });

  it('rejects a user string that is not JSON, or a body without properties, with 400 naming the field', async () => {
    const notJson = await putUser({ user: '{not json' });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json().message).toMatch(/^body\/user: /);
    const withoutProperties = await putUser({ user: { id: 'x' } });
    expect(withoutProperties.statusCode).toBe(400);
    expect(withoutProperties.json().message).toBe('body/user/properties: Required');
  });
});

describe('GET /api/user with sessions of two realms interleaved', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp();
    await seedDemoRealm(testApp.database.db);
  });
  afterAll(() => testApp.close());

  it('answers every request with its own session’s user, and a signed-out session with 401 at once', async () => {
    const other = await createTestRealm(testApp.database.db, {
      key: 'other',
      domains: ['other.example.com'],
    });
    const otherUser = await createTestUser(testApp.database.db, other, {
      email: 'member@other.example.com',
      password: 'other-password-1',
    });
    const demoToken = await signIn(testApp.app, DEMO_USER);
    const otherToken = await signIn(
      testApp.app,
      { email: 'member@other.example.com', password: 'other-password-1' },
      'other.example.com',
    );
    const callers = [
      { host: 'localhost', token: demoToken, realm: 'demo' },
      { host: 'other.example.com', token: otherToken, realm: 'other' },
      // One realm's session at the other realm's host is no session there.
      { host: 'other.example.com', token: demoToken, realm: undefined },
    ];
    const answers = await Promise.all(
      Array.from({ length: 150 }, (_, index) => {
        const caller = callers[index % callers.length];
        if (!caller) throw new Error('no caller');
        return testApp.app
          .inject({
            method: 'GET',
            url: '/api/user',
            headers: { host: caller.host, ...withSession(caller.token) },
          })
          .then((response) => ({ caller, response }));
      }),
    );
    for (const { caller, response } of answers) {
      if (caller.realm === undefined) expect(response.statusCode).toBe(401);
      else expect(userSchema.parse(response.json()).realm).toBe(caller.realm);
    }
    expect(userSchema.parse(answers[1]?.response.json()).id).toBe(otherUser.id);

    const signOut = await testApp.app.inject({
      method: 'GET',
      url: '/api/auth/logout',
      headers: { host: 'other.example.com', ...withSession(otherToken) },
    });
    expect(signOut.statusCode).toBeLessThan(400);
    const afterSignOut = await testApp.app.inject({
      method: 'GET',
      url: '/api/user',
      headers: { host: 'other.example.com', ...withSession(otherToken) },
    });
    expect(afterSignOut.statusCode).toBe(401);
  });
});
