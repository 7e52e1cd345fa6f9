import { randomUUID } from 'node:crypto';
import {
  calculationSaveResponseSchema,
  calculationVersionListResponseSchema,
  type Realm,
} from '@ecc/contracts';
import { calculationVersions, realms, type Database } from '@ecc/db';
import { and, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, withSession, type TestApp } from '#test-support/test-app.ts';
import { createTestRealm, createTestUser } from '#test-support/test-realms.ts';

/*
 * The History tab names who saved each version (issue 13): the version list answers each author's display name,
 * resolved in the list's own query, for the realm's own users only. A deleted user, a child realm's user (whom
 * row-level security would let the parent read) and another realm's user are all unnamed (null).
 */

const PARENT_HOST = 'parent.calc-authors.test';
const CHILD_HOST = 'child.calc-authors.test';
const OTHER_HOST = 'other.calc-authors.test';
const NAMED_ADMIN = {
  email: 'ada@parent.calc-authors.test',
  password: 'ada-password-1',
  role: 'admin' as const,
  properties: { name: '  Ada Lovelace ' },
};
const UNNAMED_ADMIN = {
  email: 'grace@parent.calc-authors.test',
  password: 'grace-password-1',
  role: 'admin' as const,
};
const CHILD_ADMIN = {
  email: 'admin@child.calc-authors.test',
  password: 'child-password-1',
  role: 'admin' as const,
  properties: { name: 'Child Admin' },
};
const OTHER_ADMIN = {
  email: 'admin@other.calc-authors.test',
  password: 'other-password-1',
  role: 'admin' as const,
  properties: { name: 'Other Realm Admin' },
};

describe('the authors of calculation versions', () => {
  let testApp: TestApp;
  let db: Database;
  let parent: Realm;
  let childAdminId: string;
  let otherAdminId: string;
  const tokens = new Map<string, string>();

  beforeAll(async () => {
    testApp = await createTestApp();
    db = testApp.database.db;
    parent = await createTestRealm(db, { key: 'aparent', domains: [PARENT_HOST] });
    const child = await createTestRealm(db, { key: 'achild', domains: [CHILD_HOST] });
    await db.update(realms).set({ parentId: parent.id }).where(eq(realms.id, child.id));
    const other = await createTestRealm(db, { key: 'aother', domains: [OTHER_HOST] });
    await createTestUser(db, parent, NAMED_ADMIN);
    await createTestUser(db, parent, UNNAMED_ADMIN);
    childAdminId = (await createTestUser(db, child, CHILD_ADMIN)).id;
    otherAdminId = (await createTestUser(db, other, OTHER_ADMIN)).id;
    tokens.set('ada', await signIn(testApp.app, NAMED_ADMIN, PARENT_HOST));
    tokens.set('grace', await signIn(testApp.app, UNNAMED_ADMIN, PARENT_HOST));
    tokens.set('child', await signIn(testApp.app, CHILD_ADMIN, CHILD_HOST));
  });
  afterAll(() => testApp.close());

  const call = (who: string, host: string, options: InjectOptions) =>
    testApp.app.inject({ ...options, headers: { ...withSession(tokens.get(who)!), host } });

  async function versionsSeenBy(who: string, host: string, calculationId: string) {
    const response = await call(who, host, {
      method: 'GET',
      url: `/api/calculations/${calculationId}/versions`,
    });
    expect(response.statusCode, response.body).toBe(200);
    const { versions } = calculationVersionListResponseSchema.parse(response.json());
    return new Map(versions.map((version) => [version.number, version.authorName]));
  }

  async function setAuthor(calculationId: string, number: number, authorId: string) {
    await db
      .update(calculationVersions)
      .set({ authorId })
      .where(
        and(eq(calculationVersions.calculationId, calculationId), eq(calculationVersions.number, number)),
      );
  }

  it("names each version's author by display name, and none that is not one of the realm's users", async () => {
    const created = await call('ada', PARENT_HOST, {
      method: 'POST',
      url: '/api/calculations',
      payload: { name: 'authored', formula: ':quantity * 2' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const calculationId = calculationSaveResponseSchema.parse(created.json()).version.calculationId;
    for (let save = 0; save < 4; save++) {
      const saved = await call('grace', PARENT_HOST, {
        method: 'POST',
        url: `/api/calculations/${calculationId}/versions`,
        payload: { formula: `:quantity * ${3 + save}` },
      });
      expect(saved.statusCode, saved.body).toBe(201);
    }
    // Version 3 by a user since deleted, 4 by a child realm's user, 5 by another realm's.
    await setAuthor(calculationId, 3, randomUUID());
    await setAuthor(calculationId, 4, childAdminId);
    await setAuthor(calculationId, 5, otherAdminId);

    expect(await versionsSeenBy('ada', PARENT_HOST, calculationId)).toEqual(
      new Map([
        [5, null],
        [4, null],
        [3, null],
        [2, UNNAMED_ADMIN.email],
        [1, 'Ada Lovelace'],
      ]),
    );
    // The child realm inherits the calculation: its parent's users are not its own, so only its own is named.
    expect(await versionsSeenBy('child', CHILD_HOST, calculationId)).toEqual(
      new Map([
        [5, null],
        [4, 'Child Admin'],
        [3, null],
        [2, null],
        [1, null],
      ]),
    );
  });
});
