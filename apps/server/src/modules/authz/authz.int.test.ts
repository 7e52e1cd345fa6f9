import {
  PERMISSION_PAGE_LIMIT,
  RIGHTS_PAGE_LIMIT,
  permissionListResponseSchema,
  rightListResponseSchema,
} from '@ecc/contracts';
import {
  createAuthzRepository,
  DEFAULT_RIGHTS,
  groupMembers,
  groups,
  permissions,
  realms,
  roleAssignments,
  roles,
  users,
} from '@ecc/db';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, withSession, type TestApp } from '#test-support/test-app.ts';
import { createTestRealm, createTestUser } from '#test-support/test-realms.ts';

const PARENT_HOST = 'parent.example.com';
const CHILD_HOST = 'child.example.com';
const OTHER_HOST = 'other.example.com';
const ADMIN = { email: 'admin@child.example.com', password: 'admin-password', role: 'admin' as const };
const MEMBER = { email: 'member@child.example.com', password: 'member-password' };
const COLLEAGUE = { email: 'colleague@child.example.com', password: 'colleague-password' };
const OUTSIDER = { email: 'outsider@other.example.com', password: 'outsider-password' };

const grant = (subject: string, action: string, realm = '\\own') => ({
  realm,
  subject,
  id: '.*',
  action,
});

describe('the authz API', () => {
  let testApp: TestApp;
  let childId: string;
  let parentId: string;
  let memberId: string;
  let colleagueId: string;
  let outsiderId: string;
  let groupId: string;
  let memberToken: string;
  let adminToken: string;

  beforeAll(async () => {
    testApp = await createTestApp();
    const { db } = testApp.database;
    const parent = await createTestRealm(db, { key: 'parent', domains: [PARENT_HOST] });
    const child = await createTestRealm(db, { key: 'child', domains: [CHILD_HOST] });
    const other = await createTestRealm(db, { key: 'other', domains: [OTHER_HOST] });
    await db.update(realms).set({ parentId: parent.id }).where(eq(realms.id, child.id));
    parentId = parent.id;
    childId = child.id;
    await createTestUser(db, child, ADMIN);
    memberId = (await createTestUser(db, child, MEMBER)).id;
    colleagueId = (await createTestUser(db, child, COLLEAGUE)).id;
    outsiderId = (await createTestUser(db, other, OUTSIDER)).id;

    const authz = createAuthzRepository(db);
    await authz.syncDefaultRoles();
    // The member also belongs to a group, which holds a grant and a role of its own.
    const [group] = await db.insert(groups).values({ realmId: childId, name: 'Analysts' }).returning();
    groupId = group!.id;
    await db.insert(groupMembers).values({ realmId: childId, groupId, userId: memberId });
    const [reporter] = await db
      .insert(roles)
      .values({ realmId: childId, key: 'reporter', name: 'Reporter' })
      .returning();
    await db
      .insert(roleAssignments)
      .values({ realmId: childId, roleId: reporter!.id, principalType: 'group', principalId: groupId });
    await db.insert(permissions).values([
      {
        realmId: childId,
        principalType: 'group',
        principalId: groupId,
        type: 'REGEX_GRANT',
        data: grant('Report', 'create'),
        rightId: 'reports',
      },
      {
        realmId: childId,
        principalType: 'role',
        principalId: reporter!.id,
        type: 'REGEX_GRANT',
        data: grant('Report', 'update'),
        rightId: 'reports',
      },
      {
        realmId: childId,
        principalType: 'user',
        principalId: memberId,
        type: 'PLAINTEXT_GRANT',
        data: { subject: 'Dashboard', action: 'read', realm: 'child' },
        rightId: 'reports',
      },
    ]);
    // The parent realm's member role extends its children's members.
    const [parentMember] = await db
      .select()
      .from(roles)
      .where(and(eq(roles.realmId, parentId), eq(roles.key, 'member')));
    await db.insert(permissions).values({
      realmId: parentId,
      principalType: 'role',
      principalId: parentMember!.id,
      type: 'REGEX_GRANT',
      data: grant('Dashboard', 'create'),
      rightId: 'reports',
    });

    memberToken = await signIn(testApp.app, MEMBER, CHILD_HOST);
    adminToken = await signIn(testApp.app, ADMIN, CHILD_HOST);
  });
  afterAll(() => testApp.close());

  const get = (url: string, token: string, host = CHILD_HOST) =>
    testApp.app.inject({ method: 'GET', url, headers: { ...withSession(token), host } });
  const permissionsUrl = (id: string, query = 'inherited=true&limit=10000') =>
    `/api/immutably/authz/principals/${id}/permissions?${query}`;

  describe('GET /api/immutably/authz/rights', () => {
    it('answers the rights in the paged envelope', async () => {
      const response = await get(`/api/immutably/authz/rights?limit=${RIGHTS_PAGE_LIMIT}`, memberToken);
      expect(response.statusCode).toBe(200);
      const body = rightListResponseSchema.parse(response.json());
      expect(body).toEqual({
        results: [...DEFAULT_RIGHTS].sort((left, right) => (left.id < right.id ? -1 : 1)),
        count: DEFAULT_RIGHTS.length,
        total: DEFAULT_RIGHTS.length,
        offset: 0,
      });
    });

    it('pages with limit and offset', async () => {
      const body = (await get('/api/immutably/authz/rights?limit=2&offset=1', memberToken)).json();
      expect(body).toMatchObject({ count: 2, total: DEFAULT_RIGHTS.length, offset: 1 });
      expect(body.results).toHaveLength(2);
    });

    it('refuses a limit above 9999, naming the field', async () => {
      const response = await get(`/api/immutably/authz/rights?limit=${RIGHTS_PAGE_LIMIT + 1}`, memberToken);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toMatch(/^querystring\/limit: /);
    });

    it('answers 401 without a session', async () => {
      const response = await testApp.app.inject({ method: 'GET', url: '/api/immutably/authz/rights' });
      expect(response.statusCode).toBe(401);
    });
  });

  describe('GET /api/immutably/authz/principals/:id/permissions', () => {
    it('answers a user only their own grants without inherited', async () => {
      const response = await get(permissionsUrl(memberId, 'limit=10000'), memberToken);
      expect(response.statusCode).toBe(200);
      const body = permissionListResponseSchema.parse(response.json());
      expect(body).toMatchObject({ count: 1, total: 1, offset: 0 });
      expect(body.results[0]).toMatchObject({
        active: true,
        type: 'PLAINTEXT_GRANT',
        data: { subject: 'Dashboard', action: 'read', realm: 'child' },
        right: 'reports',
      });
      expect(Object.keys(body.results[0]!).sort()).toEqual(['active', 'data', 'id', 'right', 'type']);
    });

    it('adds, with inherited=true, the grants of the groups, roles and the same roles of the realms above', async () => {
      const body = permissionListResponseSchema.parse(
        (await get(permissionsUrl(memberId), memberToken)).json(),
      );
      const granted = body.results.map((row) => `${String(row.data.action)} ${String(row.data.subject)}`);
      expect(granted).toEqual(
        expect.arrayContaining([
          'read Dashboard', // the user's own
          'create Report', // the group's
          'update Report', // the group's role
          'read Facility', // the default member role (users.role)
          'create ActivityRecord',
          'create Dashboard', // the parent realm's member role
        ]),
      );
      expect(granted).not.toContain('manage all');
      expect(body.total).toBe(body.results.length);
    });

    it('pages the list and refuses a limit above 10000, naming the field', async () => {
      const all = (await get(permissionsUrl(memberId), memberToken)).json();
      const page = (
        await get(permissionsUrl(memberId, 'inherited=true&limit=2&offset=1'), memberToken)
      ).json();
      expect(page).toMatchObject({ count: 2, total: all.total, offset: 1 });
      expect(page.results).toEqual(all.results.slice(1, 3));

      const tooMany = await get(
        permissionsUrl(memberId, `inherited=true&limit=${PERMISSION_PAGE_LIMIT + 1}`),
        memberToken,
      );
      expect(tooMany.statusCode).toBe(400);
      expect(tooMany.json().message).toMatch(/^querystring\/limit: /);
      const badFlag = await get(permissionsUrl(memberId, 'inherited=yes'), memberToken);
      expect(badFlag.statusCode).toBe(400);
      expect(badFlag.json().message).toMatch(/^querystring\/inherited: /);
    });

    it('answers 404 for a principal of another realm, exactly like an unknown one', async () => {
      for (const token of [memberToken, adminToken]) {
        const other = await get(permissionsUrl(outsiderId), token);
        const unknown = await get(permissionsUrl('00000000-0000-4000-8000-000000000000'), token);
        expect(other.statusCode).toBe(404);
        expect(other.json()).toEqual(unknown.json());
        expect(other.body).not.toContain(outsiderId);
      }
    });

    it("lets a member read no one else's grants (403), and an administrator read a colleague's and a group's", async () => {
      const forbidden = await get(permissionsUrl(colleagueId), memberToken);
      expect(forbidden.statusCode).toBe(403);
      expect(forbidden.json()).toEqual({
        statusCode: 403,
        error: 'Forbidden',
        message: 'You are not allowed to read Permission',
      });
      const colleague = await get(permissionsUrl(colleagueId), adminToken);
      expect(colleague.statusCode).toBe(200);
      expect(colleague.json().total).toBeGreaterThan(0);
      const group = await get(permissionsUrl(groupId), adminToken);
      expect(group.statusCode).toBe(200);
      expect(group.json().results.map((row: { data: { action: string } }) => row.data.action)).toEqual(
        expect.arrayContaining(['create', 'update']),
      );
    });

    it('answers 400 naming the field for an id that is no uuid', async () => {
      const response = await get(permissionsUrl('not-a-uuid'), memberToken);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toMatch(/^params\/id: /);
    });
  });

  describe('default roles', () => {
    it('gives each realm an admin and a member role and each user the role its users.role names', async () => {
      const { db } = testApp.database;
      const assignments = await db
        .select({ email: users.email, role: roles.key })
        .from(roleAssignments)
        .innerJoin(roles, eq(roles.id, roleAssignments.roleId))
        .innerJoin(users, eq(users.id, roleAssignments.principalId))
        .where(eq(roleAssignments.realmId, childId));
      expect(assignments.sort((left, right) => (left.email < right.email ? -1 : 1))).toEqual([
        { email: ADMIN.email, role: 'admin' },
        { email: COLLEAGUE.email, role: 'member' },
        { email: MEMBER.email, role: 'member' },
      ]);
    });

    it('syncs idempotently, and follows a change of users.role', async () => {
      const { db } = testApp.database;
      const authz = createAuthzRepository(db);
      const countRows = async () => ({
        roles: (await db.select().from(roles)).length,
        permissions: (await db.select().from(permissions)).length,
        assignments: (await db.select().from(roleAssignments)).length,
      });
      const before = await countRows();
      await authz.syncDefaultRoles();
      expect(await countRows()).toEqual(before);

      await db.update(users).set({ role: 'admin' }).where(eq(users.id, colleagueId));
      await authz.syncDefaultRoles();
      const colleagueRoles = await db
        .select({ key: roles.key })
        .from(roleAssignments)
        .innerJoin(roles, eq(roles.id, roleAssignments.roleId))
        .where(eq(roleAssignments.principalId, colleagueId));
      expect(colleagueRoles).toEqual([{ key: 'admin' }]);
      await db.update(users).set({ role: 'member' }).where(eq(users.id, colleagueId));
      await authz.syncDefaultRoles();
    });
  });
});
