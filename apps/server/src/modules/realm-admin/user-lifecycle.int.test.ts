import {
  auditLogResponseSchema,
  CURRENT_PASSWORD_WRONG_MESSAGE,
  DEFAULT_SESSION_LIFETIME_HOURS,
  INVALID_CREDENTIALS_MESSAGE,
  realmUserListResponseSchema,
  type AuditEntryDto,
  type Realm,
} from '@ecc/contracts';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCliCapturing } from '#test-support/run-cli.ts';
import { createTestApp, sessionCookieOf, signIn, withSession, type TestApp } from '#test-support/test-app.ts';
import { createTestRealm, createTestUser } from '#test-support/test-realms.ts';
import { LAST_ADMIN_MESSAGE } from './realm-admin.service.ts';
import { SELF_DEACTIVATION_MESSAGE } from './user-lifecycle.service.ts';

const HOST = 'acme.test';
const ADMIN = { email: 'admin@acme.test', password: 'admin-password-1', role: 'admin' as const };
const MEMBER = { email: 'member@acme.test', password: 'member-password-1' };
const OTHER = { email: 'other@acme.test', password: 'other-password-1' };
const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

describe('the lifecycle of users and sessions', () => {
  let testApp: TestApp;
  let realm: Realm;
  let adminToken: string;
  let adminId: string;
  let memberId: string;
  let otherId: string;

  const call = (token: string, method: InjectOptions['method'], url: string, payload?: object) =>
    testApp.app.inject({ method, url, headers: { ...withSession(token), host: HOST }, payload });
  const asAdmin = (method: InjectOptions['method'], url: string, payload?: object) =>
    call(adminToken, method, url, payload);
  const isSignedIn = async (token: string) =>
    (await call(token, 'GET', '/api/auth/session')).statusCode === 200;
  const signInAs = (credentials: { email: string; password: string }) =>
    testApp.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { host: HOST },
      payload: { username: credentials.email, password: credentials.password },
    });
  const auditOf = async (userId: string): Promise<AuditEntryDto[]> =>
    auditLogResponseSchema
      .parse((await asAdmin('GET', `/api/audit-log?entityType=user&entityId=${userId}&limit=100`)).json())
      .results.toReversed();

  beforeAll(async () => {
    testApp = await createTestApp();
    const { db } = testApp.database;
    realm = await createTestRealm(db, { key: 'acme', domains: [HOST], plan: 'CORE' });
    adminId = (await createTestUser(db, realm, ADMIN)).id;
    memberId = (await createTestUser(db, realm, MEMBER)).id;
    otherId = (await createTestUser(db, realm, OTHER)).id;
    adminToken = await signIn(testApp.app, ADMIN, HOST);
  });
  afterAll(() => testApp.close());

  describe('deactivation', () => {
    it('ends the user’s sessions at once, refuses their sign-in, shows them inactive and audits it', async () => {
      const [first, second] = [
        await signIn(testApp.app, MEMBER, HOST),
        await signIn(testApp.app, MEMBER, HOST),
      ];
      const response = await asAdmin('POST', `/api/realm-admin/users/${memberId}/deactivate`);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ id: memberId, isActive: false });
      expect(await isSignedIn(first)).toBe(false);
      expect(await isSignedIn(second)).toBe(false);
      const refused = await signInAs(MEMBER);
      expect(refused.statusCode).toBe(401);
      // The same answer as a wrong password: it does not tell who is deactivated.
      expect(refused.json().message).toBe(INVALID_CREDENTIALS_MESSAGE);
      const users = realmUserListResponseSchema.parse(
        (await asAdmin('GET', '/api/realm-admin/users')).json(),
      );
      expect(users.results.find((user) => user.id === memberId)?.isActive).toBe(false);
      expect((await auditOf(memberId)).at(-1)).toMatchObject({
        action: 'update',
        actorEmail: ADMIN.email,
        before: { isActive: true },
        after: { isActive: false, sessionsEnded: 2 },
      });
    });

    it('lets a reactivated user sign in again, audited', async () => {
      const response = await asAdmin('POST', `/api/realm-admin/users/${memberId}/reactivate`);
      expect(response.json()).toMatchObject({ id: memberId, isActive: true });
      expect((await signInAs(MEMBER)).statusCode).toBe(200);
      expect((await auditOf(memberId)).at(-1)).toMatchObject({
        before: { isActive: false },
        after: { isActive: true },
      });
    });

    it('refuses to deactivate oneself or the realm’s last active administrator, and a member doing it', async () => {
      const self = await asAdmin('POST', `/api/realm-admin/users/${adminId}/deactivate`);
      expect(self.statusCode).toBe(409);
      expect(self.json().message).toBe(SELF_DEACTIVATION_MESSAGE);
      const byCommandLine = await runCliCapturing(testApp.database, [
        'user',
        'deactivate',
        '--realm',
        'acme',
        '--email',
        ADMIN.email,
      ]);
      expect(byCommandLine.exitCode).toBe(1);
      expect(byCommandLine.stderr).toBe(`${LAST_ADMIN_MESSAGE}\n`);
      const member = await signIn(testApp.app, MEMBER, HOST);
      expect((await call(member, 'POST', `/api/realm-admin/users/${otherId}/deactivate`)).statusCode).toBe(
        403,
      );
      expect(await isSignedIn(adminToken)).toBe(true);
    });
  });

  describe('passwords', () => {
    it('resets a user’s password for an administrator: every session of theirs ends, audited without it', async () => {
      const session = await signIn(testApp.app, OTHER, HOST);
      const response = await asAdmin('PUT', `/api/realm-admin/users/${otherId}/password`, {
        password: 'reset-password-1',
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ sessionsEnded: 1 });
      expect(await isSignedIn(session)).toBe(false);
      expect((await signInAs(OTHER)).statusCode).toBe(401);
      expect((await signInAs({ ...OTHER, password: 'reset-password-1' })).statusCode).toBe(200);
      const entry = (await auditOf(otherId)).at(-1);
      expect(entry?.after).toEqual({ password: 'reset', sessionsEnded: 1 });
      expect(JSON.stringify(entry)).not.toContain('reset-password-1');
      const tooShort = await asAdmin('PUT', `/api/realm-admin/users/${otherId}/password`, {
        password: 'short',
      });
      expect(tooShort.statusCode).toBe(400);
      expect(Object.keys(tooShort.json().fieldErrors)).toEqual(['body/password']);
    });

    it('changes one’s own password with the current one: other sessions end, this one goes on', async () => {
      const credentials = { ...OTHER, password: 'reset-password-1' };
      const [elsewhere, here] = [
        await signIn(testApp.app, credentials, HOST),
        await signIn(testApp.app, credentials, HOST),
      ];
      const wrong = await call(here, 'POST', '/api/auth/password', {
        currentPassword: 'not-my-password',
        newPassword: 'changed-password-1',
      });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().fieldErrors).toEqual({ 'body/currentPassword': CURRENT_PASSWORD_WRONG_MESSAGE });
      expect(await isSignedIn(elsewhere)).toBe(true);

      const changed = await call(here, 'POST', '/api/auth/password', {
        currentPassword: credentials.password,
        newPassword: 'changed-password-1',
      });
      expect(changed.statusCode).toBe(200);
      // The other device's session, and the one the reset test's sign-in left open.
      expect(changed.json()).toEqual({ sessionsEnded: 2 });
      expect(await isSignedIn(elsewhere)).toBe(false);
      // This device goes on under a new session id; the old one is spent.
      const renewed = sessionCookieOf(changed);
      expect(renewed).toBeDefined();
      expect(await isSignedIn(renewed!)).toBe(true);
      expect(await isSignedIn(here)).toBe(false);
      expect((await signInAs({ ...OTHER, password: 'changed-password-1' })).statusCode).toBe(200);
      expect((await auditOf(otherId)).at(-1)).toMatchObject({
        actorEmail: OTHER.email,
        after: { password: 'changed', sessionsEnded: 2 },
      });
    });

    it('throttles guesses of the current password like sign-in', async () => {
      const token = await signIn(testApp.app, MEMBER, HOST);
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 6; attempt += 1) {
        const response = await call(token, 'POST', '/api/auth/password', {
          currentPassword: `guess-${attempt}`,
          newPassword: 'changed-password-1',
        });
        statuses.push(response.statusCode);
      }
      expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
      testApp.advanceClock(16 * MINUTE_MS);
    });
  });

  it('signs out everywhere: every session of the user ends and the cookie is cleared, audited', async () => {
    const [first, second] = [
      await signIn(testApp.app, MEMBER, HOST),
      await signIn(testApp.app, MEMBER, HOST),
    ];
    const response = await call(first, 'POST', '/api/auth/logout-everywhere');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ url: '/login' });
    expect(response.json().sessionsEnded).toBeGreaterThanOrEqual(2);
    expect(response.cookies).toEqual([expect.objectContaining({ name: 'ecc_session', value: '' })]);
    expect(await isSignedIn(first)).toBe(false);
    expect(await isSignedIn(second)).toBe(false);
    expect((await auditOf(memberId)).at(-1)).toMatchObject({
      actorEmail: MEMBER.email,
      after: { signedOutEverywhere: true },
    });
  });

  describe('the absolute session lifetime', () => {
    /** Keeps the session busy (a request every 20 minutes, inside the 30-minute inactivity timeout). */
    async function keepBusyFor(token: string, milliseconds: number): Promise<LightMyRequestResponse[]> {
      const answers: LightMyRequestResponse[] = [];
      for (let elapsed = 0; elapsed < milliseconds; elapsed += 20 * MINUTE_MS) {
        testApp.advanceClock(20 * MINUTE_MS);
        answers.push(await call(token, 'GET', '/api/auth/session'));
      }
      return answers;
    }

    it(`ends a busy session ${DEFAULT_SESSION_LIFETIME_HOURS} hours after sign-in unless the realm says otherwise`, async () => {
      const token = await signIn(testApp.app, MEMBER, HOST);
      const answers = await keepBusyFor(token, DEFAULT_SESSION_LIFETIME_HOURS * HOUR_MS - 20 * MINUTE_MS);
      expect(answers.length).toBeGreaterThan(30);
      expect(answers.every((answer) => answer.statusCode === 200)).toBe(true);
      // Twenty minutes before the end the client is told the session ends then, not 30 minutes on.
      const lastExpiry = answers.at(-1)!.json<{ tokenExpr: number }>().tokenExpr;
      const firstExpiry = answers[0]!.json<{ tokenExpr: number }>().tokenExpr;
      // Within a second: the test clock also runs in real time between requests, and expiries are whole seconds.
      const expectedGap = (DEFAULT_SESSION_LIFETIME_HOURS * HOUR_MS - 50 * MINUTE_MS) / 1000;
      expect(Math.abs(lastExpiry - firstExpiry - expectedGap)).toBeLessThanOrEqual(1);
      const [last] = await keepBusyFor(token, 20 * MINUTE_MS);
      expect(last?.statusCode).toBe(401);
    });

    it('follows the realm’s setting, changed by its administrator and audited', async () => {
      adminToken = await signIn(testApp.app, ADMIN, HOST);
      const settings = await asAdmin('PUT', `/api/realms/${realm.id}/session-settings`, {
        sessionLifetimeHours: 1,
      });
      expect(settings.statusCode).toBe(200);
      expect(settings.json()).toEqual({ sessionLifetimeHours: 1 });
      expect((await asAdmin('GET', `/api/realms/${realm.id}/session-settings`)).json()).toEqual({
        sessionLifetimeHours: 1,
      });
      const audit = auditLogResponseSchema.parse(
        (
          await asAdmin('GET', `/api/audit-log?entityType=realm-session-settings&entityId=${realm.id}`)
        ).json(),
      );
      expect(audit.results[0]).toMatchObject({
        before: { sessionLifetimeHours: DEFAULT_SESSION_LIFETIME_HOURS },
        after: { sessionLifetimeHours: 1 },
      });
      const token = await signIn(testApp.app, MEMBER, HOST);
      const answers = await keepBusyFor(token, 80 * MINUTE_MS);
      expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 401, 401]);
      adminToken = await signIn(testApp.app, ADMIN, HOST);
      const refused = await asAdmin('PUT', `/api/realms/${realm.id}/session-settings`, {
        sessionLifetimeHours: 0,
      });
      expect(refused.statusCode).toBe(400);
      expect(Object.keys(refused.json().fieldErrors)).toEqual(['body/sessionLifetimeHours']);
    });
  });

  it('deactivates, reactivates and sets passwords from the command line, audited', async () => {
    adminToken = await signIn(testApp.app, ADMIN, HOST);
    const session = await signIn(testApp.app, { ...OTHER, password: 'changed-password-1' }, HOST);
    const run = (...args: string[]) =>
      runCliCapturing(testApp.database, ['user', ...args, '--realm', 'acme']);
    const deactivated = await run('deactivate', '--email', OTHER.email);
    expect(deactivated).toMatchObject({ exitCode: 0, stderr: '' });
    expect(deactivated.stdout).toBe(
      `Deactivated ${OTHER.email}: they can no longer sign in, and their sessions ended.\n`,
    );
    expect(await isSignedIn(session)).toBe(false);
    expect((await run('reactivate', '--email', OTHER.email)).exitCode).toBe(0);
    const password = await run('password', '--email', OTHER.email, '--password', 'cli-password-1');
    expect(password.stdout).toBe(`Set a new password for ${OTHER.email}; 0 sessions ended.\n`);
    expect((await signInAs({ ...OTHER, password: 'cli-password-1' })).statusCode).toBe(200);
    const short = await run('password', '--email', OTHER.email, '--password', 'short');
    expect(short).toMatchObject({ exitCode: 1, stderr: 'password: Must be at least 8 characters\n' });
    const unknown = await run('deactivate', '--email', 'nobody@acme.test');
    expect(unknown).toMatchObject({
      exitCode: 1,
      stderr: 'email: Realm acme has no user nobody@acme.test\n',
    });
    const entries = (await auditOf(otherId)).slice(-3);
    expect(entries.map((entry) => [entry.actorEmail, entry.after])).toEqual([
      [null, { isActive: false, sessionsEnded: 1 }],
      [null, { isActive: true }],
      [null, { password: 'reset', sessionsEnded: 0 }],
    ]);
  });
});
