import { configResponseSchema, evaluatedFeatureFlagsResponseSchema } from '@ecc/contracts';
import type { Realm } from '@ecc/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, withSession, type TestApp } from '#test-support/test-app.ts';
import { createTwoRealms, MEMBER } from '#test-support/two-realms.ts';

const BETA = {
  key: 'beta',
  variants: { on: true, off: false },
  defaultVariant: 'off',
  targeting: { if: [{ '==': [{ var: 'email' }, MEMBER.email] }, 'on', 'off'] },
};

describe('feature flag API', () => {
  let testApp: TestApp;
  let acme: Realm;
  let adminToken: string;
  let memberToken: string;
  let otherToken: string;

  beforeAll(async () => {
    testApp = await createTestApp();
    const realms = await createTwoRealms(testApp, { acme: { plan: 'paid' } });
    acme = realms.acme;
    adminToken = realms.tokens.admin;
    memberToken = realms.tokens.member;
    otherToken = realms.tokens.otherAdmin;
  });
  afterAll(() => testApp.close());

  const call = (
    token: string,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
    host = 'acme.test',
  ) =>
    testApp.app.inject({
      method,
      url,
      headers: { host, ...withSession(token) },
      ...(payload ? { payload } : {}),
    });

  it('lets an administrator create, list, change and delete a definition', async () => {
    const created = await call(adminToken, 'POST', '/api/feature-flags/definitions', BETA);
    expect(created.statusCode).toBe(201);
    expect(created.json()).toEqual({ ...BETA, type: 'boolean' });

    const listed = await call(adminToken, 'GET', '/api/feature-flags/definitions');
    expect(listed.json()).toEqual({ definitions: [{ ...BETA, type: 'boolean' }] });

    const changed = await call(adminToken, 'PUT', '/api/feature-flags/definitions/beta', {
      variants: { on: true, off: false },
      defaultVariant: 'on',
      state: 'DISABLED',
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toEqual({
      key: 'beta',
      type: 'boolean',
      state: 'DISABLED',
      variants: { on: true, off: false },
      defaultVariant: 'on',
    });

    const deleted = await call(adminToken, 'DELETE', '/api/feature-flags/definitions/beta');
    expect(deleted.statusCode).toBe(204);
    expect((await call(adminToken, 'GET', '/api/feature-flags/definitions')).json()).toEqual({
      definitions: [],
    });
  });

  it('evaluates the definitions for the signed-in user with their targeting', async () => {
    await call(adminToken, 'POST', '/api/feature-flags/definitions', { ...BETA, key: 'targeted' });
    await call(adminToken, 'POST', '/api/feature-flags/definitions', {
      key: 'paid-only',
      variants: { yes: true, no: false },
      defaultVariant: 'no',
      targeting: { if: [{ '==': [{ var: 'plan' }, 'paid'] }, 'yes', null] },
    });
    await call(adminToken, 'POST', '/api/feature-flags/definitions', {
      key: 'switched-off',
      state: 'DISABLED',
      variants: { on: true },
      defaultVariant: 'on',
    });

    const forMember = evaluatedFeatureFlagsResponseSchema.parse(
      (await call(memberToken, 'GET', '/api/feature-flags')).json(),
    );
    expect(forMember).toEqual({
      canManageDefinitions: false,
      flags: [
        { key: 'paid-only', value: true, variant: 'yes', reason: 'TARGETING_MATCH' },
        { key: 'switched-off', value: false, reason: 'DISABLED' },
        { key: 'targeted', value: true, variant: 'on', reason: 'TARGETING_MATCH' },
      ],
    });
    const forAdmin = evaluatedFeatureFlagsResponseSchema.parse(
      (await call(adminToken, 'GET', '/api/feature-flags')).json(),
    );
    expect(forAdmin.canManageDefinitions).toBe(true);
    expect(forAdmin.flags.find((flag) => flag.key === 'targeted')).toEqual({
      key: 'targeted',
      value: false,
      variant: 'off',
      reason: 'TARGETING_MATCH',
    });
  });

  it('never shows the definitions in the public config', async () => {
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/api/config',
      headers: { host: 'acme.test' },
    });
    const { realm } = configResponseSchema.parse(response.json());
    expect(realm.properties.config.applications[0]?.flags).toBeUndefined();
    expect(response.body).not.toContain(MEMBER.email);
  });

  it('answers 403 to a member on every definitions route, before looking at the body', async () => {
    for (const [method, url, payload, action] of [
      ['GET', '/api/feature-flags/definitions', undefined, 'read'],
      ['POST', '/api/feature-flags/definitions', { key: 'Bad!' }, 'create'],
      ['PUT', '/api/feature-flags/definitions/targeted', { ...BETA, defaultVariant: 'on' }, 'update'],
      ['DELETE', '/api/feature-flags/definitions/targeted', undefined, 'delete'],
    ] as const) {
      const response = await call(memberToken, method, url, payload);
      expect(response.statusCode, `${method} ${url}`).toBe(403);
      expect(response.json()).toEqual({
        statusCode: 403,
        error: 'Forbidden',
        message: `You are not allowed to ${action} FeatureFlag`,
      });
    }
    const listed = await call(adminToken, 'GET', '/api/feature-flags/definitions');
    expect(listed.json().definitions.map((flag: { key: string }) => flag.key)).toContain('targeted');
  });

  it('answers 400 naming the field for invalid definitions, and stores nothing', async () => {
    const cases: [object, string][] = [
      [
        { ...BETA, key: 'bad-default', defaultVariant: 'maybe' },
        `body/defaultVariant: defaultVariant must be one of the keys from variants`,
      ],
      [
        { ...BETA, key: 'Not A Key' },
        'body/key: Flag key must be lowercase letters, digits and hyphens, starting with a letter',
      ],
      [{ ...BETA, key: 'no-variants', variants: {} }, 'body/variants: At least one variant is required'],
      [
        { ...BETA, key: 'bad-logic', targeting: { if: [{ equals: [1, 1] }, 'on', 'off'] } },
        "body/targeting/if/0: Unknown JsonLogic operator 'equals'",
      ],
      [
        { ...BETA, key: 'bad-state', state: 'ON' },
        'body/state: Invalid option: expected one of "ENABLED"|"DISABLED"',
      ],
    ];
    for (const [payload, message] of cases) {
      const response = await call(adminToken, 'POST', '/api/feature-flags/definitions', payload);
      expect(response.statusCode, message).toBe(400);
      expect(response.json().message).toContain(message);
    }
    const keys = (await call(adminToken, 'GET', '/api/feature-flags/definitions'))
      .json()
      .definitions.map((flag: { key: string }) => flag.key);
    expect(keys).toEqual(['paid-only', 'switched-off', 'targeted']);
  });

  it('answers 409 for a key that exists and 404 for one that does not', async () => {
    const duplicate = await call(adminToken, 'POST', '/api/feature-flags/definitions', {
      ...BETA,
      key: 'targeted',
    });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().fieldErrors).toEqual({
      'body/key': 'A feature flag with the key targeted already exists',
    });
    const missing = await call(adminToken, 'PUT', '/api/feature-flags/definitions/nothing', BETA);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('No feature flag has the key nothing');
  });

  it("keeps realms apart: another realm's administrator neither sees nor changes this realm's flags", async () => {
    const call2 = (method: 'GET' | 'PUT' | 'DELETE', url: string, payload?: object) =>
      call(otherToken, method, url, payload, 'other.test');
    expect((await call2('GET', '/api/feature-flags/definitions')).json()).toEqual({ definitions: [] });
    expect((await call2('GET', '/api/feature-flags')).json().flags).toEqual([]);
    expect((await call2('PUT', '/api/feature-flags/definitions/targeted', BETA)).statusCode).toBe(404);
    expect((await call2('DELETE', '/api/feature-flags/definitions/targeted')).statusCode).toBe(404);
    // A session of one realm used on another realm's host is no session there.
    expect((await call(otherToken, 'GET', '/api/feature-flags/definitions')).statusCode).toBe(401);
    const keys = (await call(adminToken, 'GET', '/api/feature-flags/definitions'))
      .json()
      .definitions.map((flag: { key: string }) => flag.key);
    expect(keys).toEqual(['paid-only', 'switched-off', 'targeted']);
    expect(acme.key).toBe('acme');
  });
});
