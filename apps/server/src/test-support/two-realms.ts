import type { Realm } from '@ecc/contracts';
import type { HTTPMethods } from 'fastify';
import { signIn, withSession, type TestApp } from './test-app.ts';
import { createTestRealm, createTestUser, type TestRealmOptions } from './test-realms.ts';

/*
 * The cast of most route tests: realm acme with an administrator and a member, and realm other whose
 * administrator is the outsider who must reach nothing of acme. Each is signed in on their realm's host.
 */

export const ACME_HOST = 'acme.test';
export const OTHER_HOST = 'other.test';
export const ADMIN = { email: 'admin@acme.test', password: 'admin-password-1' };
export const MEMBER = { email: 'member@acme.test', password: 'member-password-1' };
export const OTHER_ADMIN = { email: 'admin@other.test', password: 'other-password-1' };

/** What a test may set of each realm; key and host are the cast's. */
export type TwoRealmsRealmOptions = Omit<TestRealmOptions, 'key' | 'domains'>;

export interface TwoRealms {
  acme: Realm;
  other: Realm;
  /** Session tokens: acme's administrator and member, other's administrator. */
  tokens: { admin: string; member: string; otherAdmin: string };
}

export async function createTwoRealms(
  testApp: TestApp,
  options: { acme?: TwoRealmsRealmOptions; other?: TwoRealmsRealmOptions } = {},
): Promise<TwoRealms> {
  const { db } = testApp.database;
  const acme = await createTestRealm(db, { ...options.acme, key: 'acme', domains: [ACME_HOST] });
  const other = await createTestRealm(db, { ...options.other, key: 'other', domains: [OTHER_HOST] });
  await createTestUser(db, acme, { ...ADMIN, role: 'admin' });
  await createTestUser(db, acme, MEMBER);
  await createTestUser(db, other, { ...OTHER_ADMIN, role: 'admin' });
  return {
    acme,
    other,
    tokens: {
      admin: await signIn(testApp.app, ADMIN, ACME_HOST),
      member: await signIn(testApp.app, MEMBER, ACME_HOST),
      otherAdmin: await signIn(testApp.app, OTHER_ADMIN, OTHER_HOST),
    },
  };
}

/** A request as the route tests make it: a session token, the method and URL, the host (acme's unless said), a body. */
export type CallRequest = [token: string, method: HTTPMethods, url: string, host?: string, payload?: object];

export function callAs(testApp: TestApp, ...[token, method, url, host = ACME_HOST, payload]: CallRequest) {
  return testApp.app.inject({ method, url, headers: { ...withSession(token), host }, payload });
}
