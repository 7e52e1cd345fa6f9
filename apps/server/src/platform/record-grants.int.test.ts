import { equipmentItemSchema, equipmentTypeDetailSchema, permissionRowSchema } from '@ecc/contracts';
import { escapeGrantPattern } from '@ecc/domain';
import { facilities, permissions, roles, type Database } from '@ecc/db';
import { and, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, withSession, type TestApp } from '#test-support/test-app.ts';
import { createTestRealm, createTestUser } from '#test-support/test-realms.ts';
import { delegationRefusalMessage, MANAGE_ROLES_NEEDED_MESSAGE } from './delegation.ts';

/*
 * Grants limited to record ids (the "Id pattern" of the realm administration) are enforced on every handler that
 * acts on one record, route family by route family; and no one hands on, by a grant, a role or an invitation,
 * more than they hold themselves (issue 16 item 3).
 */

const HOST = 'acme.test';
const ADMIN = { email: 'admin@acme.test', password: 'admin-password-1', role: 'admin' as const };
const LIMITED = { email: 'limited@acme.test', password: 'limited-password-1' };
const DEPUTY = { email: 'deputy@acme.test', password: 'deputy-password-1' };
const COLLEAGUE = { email: 'colleague@acme.test', password: 'colleague-password-1' };

const DIESEL = {
  activityType: 'Boiler diesel',
  periodStart: '2024-01-01',
  periodEnd: '2024-01-31',
  quantity: 1000,
  unit: 'gal',
  factorKey: 'epa-c1-distillate-fuel-oil-no-2',
  scope: 1,
  isEstimated: false,
};
const FACTOR = {
  name: 'Supplier tariff',
  source: 'Supplier disclosure 2024',
  year: 2024,
  per: 'kWh',
  gases: { CO2: { value: 0.1, unit: 'kg' } },
  scope: 2,
  electricityBasis: 'supplier-specific',
};
const FLAG = { variants: { on: true, off: false }, defaultVariant: 'off' };

type Method = NonNullable<InjectOptions['method']>;

describe('grants limited to record ids, and delegation', () => {
  let testApp: TestApp;
  let db: Database;
  let realmId: string;
  let adminToken: string;
  let limitedId: string;
  let deputyId: string;
  let colleagueId: string;

  const call = (token: string, method: Method, url: string, payload?: object) =>
    testApp.app.inject({ method, url, headers: { ...withSession(token), host: HOST }, payload });
  const asAdmin = (method: Method, url: string, payload?: object) => call(adminToken, method, url, payload);

  /** A grant held by the user themself, limited to ids matching `idPattern`. */
  async function grantUser(userId: string, action: string, subject: string, idPattern = '.*'): Promise<void> {
    await db.insert(permissions).values({
      realmId,
      principalType: 'user',
      principalId: userId,
      type: 'REGEX_GRANT',
      data: { realm: '\\own', subject, id: idPattern, action },
      rightId: 'realm-admin',
    });
    // Written behind the server's back, the grant reaches it by notice, on PostgreSQL a moment after the commit: a
    // write that clears every cache, as the routes that change grants do, makes the very next request see it.
    expect((await asAdmin('PUT', '/api/user', { user: { properties: {} } })).statusCode).toBe(200);
  }

  const only = (id: string) => escapeGrantPattern(id);

  async function insertFacility(slug: string): Promise<string> {
    const [row] = await db
      .insert(facilities)
      .values({ realmId, slug, name: `Plant ${slug}`, sector: 'Power plants', country: 'US' })
      .returning({ id: facilities.id });
    return row!.id;
  }

  beforeAll(async () => {
    testApp = await createTestApp();
    db = testApp.database.db;
    const realm = await createTestRealm(db, { key: 'acme', domains: [HOST], plan: 'CORE' });
    realmId = realm.id;
    await createTestUser(db, realm, ADMIN);
    limitedId = (await createTestUser(db, realm, LIMITED)).id;
    deputyId = (await createTestUser(db, realm, DEPUTY)).id;
    colleagueId = (await createTestUser(db, realm, COLLEAGUE)).id;
    adminToken = await signIn(testApp.app, ADMIN, HOST);
    // Members here hold nothing through their role: every right below is given to one user, some to one record.
    const [memberRole] = await db
      .select({ id: roles.id })
      .from(roles)
      .where(and(eq(roles.realmId, realmId), eq(roles.key, 'member')));
    await db
      .delete(permissions)
      .where(and(eq(permissions.realmId, realmId), eq(permissions.principalId, memberRole!.id)));
  });
  afterAll(() => testApp.close());

  describe('grants limited to record ids', () => {
    let token: string;
    beforeAll(async () => {
      token = await signIn(testApp.app, LIMITED, HOST);
    });

    /** Status of each call as the limited user, for the record the grant names and for one it does not. */
    async function statuses(requests: [Method, string, object?][]): Promise<number[]> {
      const answers: number[] = [];
      for (const [method, url, payload] of requests)
        answers.push((await call(token, method, url, payload)).statusCode);
      return answers;
    }

    it('facilities by slug: the page, its records and its trail', async () => {
      const northId = await insertFacility('north');
      await insertFacility('south');
      await grantUser(limitedId, 'read', 'Facility', only(northId));
      await grantUser(limitedId, 'read', 'ActivityRecord');
      await grantUser(limitedId, 'create', 'ActivityRecord');
      expect(
        await statuses([
          ['GET', '/api/facilities/north'],
          ['GET', '/api/facilities/north/activity-records'],
          ['GET', '/api/facilities/north/trail'],
        ]),
      ).toEqual([200, 200, 200]);
      expect(
        await statuses([
          ['GET', '/api/facilities/south'],
          ['GET', '/api/facilities/south/activity-records'],
          ['GET', '/api/facilities/south/trail'],
          ['POST', '/api/facilities/south/activity-records', DIESEL],
        ]),
      ).toEqual([403, 403, 403, 403]);
    });

    it('activity records by id: change, delete and trail', async () => {
      const create = async () => {
        const response = await asAdmin('POST', '/api/facilities/north/activity-records', DIESEL);
        expect(response.statusCode).toBe(201);
        return response.json<{ id: string }>().id;
      };
      const [mine, theirs] = [await create(), await create()];
      for (const action of ['update', 'delete'])
        await grantUser(limitedId, action, 'ActivityRecord', only(mine));
      expect(
        await statuses([
          ['PATCH', `/api/activity-records/${theirs}`, { version: 1, quantity: 5 }],
          ['DELETE', `/api/activity-records/${theirs}`],
        ]),
      ).toEqual([403, 403]);
      expect(
        await statuses([
          ['PATCH', `/api/activity-records/${mine}`, { version: 1, quantity: 5 }],
          ['DELETE', `/api/activity-records/${mine}`],
        ]),
      ).toEqual([200, 200]);
    });

    it('equipment and equipment types by id', async () => {
      const northId = (await db.select().from(facilities).where(eq(facilities.slug, 'north')))[0]!.id;
      const southId = (await db.select().from(facilities).where(eq(facilities.slug, 'south')))[0]!.id;
      const item = async (name: string) =>
        equipmentItemSchema.parse(
          (
            await asAdmin('POST', '/api/equipment', {
              facilityId: northId,
              typeKey: 'switchgear',
              name,
              properties: { sf6ChargeKg: 12 },
            })
          ).json(),
        ).id;
      const [mine, theirs] = [await item('GIS bay 1'), await item('GIS bay 2')];
      const types = await asAdmin('GET', '/api/equipment/types/switchgear');
      const switchgear = equipmentTypeDetailSchema.parse(types.json());
      for (const action of ['read', 'update', 'delete'])
        await grantUser(limitedId, action, 'Equipment', only(mine));
      await grantUser(limitedId, 'create', 'Equipment');
      await grantUser(limitedId, 'read', 'EquipmentType', only(switchgear.id));
      const update = { name: 'Renamed', properties: { sf6ChargeKg: 3 } };
      expect(
        await statuses([
          ['GET', `/api/equipment/${theirs}`],
          ['PUT', `/api/equipment/${theirs}`, update],
          ['DELETE', `/api/equipment/${theirs}`],
          ['GET', '/api/equipment/types/boiler'],
          // An item at a facility the user may not read.
          [
            'POST',
            '/api/equipment',
            { facilityId: southId, typeKey: 'switchgear', name: 'X', properties: {} },
          ],
        ]),
      ).toEqual([403, 403, 403, 403, 403]);
      expect(
        await statuses([
          ['GET', `/api/equipment/${mine}`],
          ['PUT', `/api/equipment/${mine}`, update],
          ['GET', '/api/equipment/types/switchgear'],
          ['DELETE', `/api/equipment/${mine}`],
        ]),
      ).toEqual([200, 200, 200, 204]);
    });

    it('emission factors by id: change, publish and delete', async () => {
      const draft = async () =>
        (await asAdmin('POST', '/api/emission-factors', FACTOR)).json<{ id: string }>().id;
      const [mine, theirs] = [await draft(), await draft()];
      for (const action of ['update', 'delete'])
        await grantUser(limitedId, action, 'EmissionFactor', only(mine));
      expect(
        await statuses([
          ['PUT', `/api/emission-factors/${theirs}`, FACTOR],
          ['POST', `/api/emission-factors/${theirs}/publish`],
          ['DELETE', `/api/emission-factors/${theirs}`],
        ]),
      ).toEqual([403, 403, 403]);
      expect(
        await statuses([
          ['PUT', `/api/emission-factors/${mine}`, FACTOR],
          ['DELETE', `/api/emission-factors/${mine}`],
        ]),
      ).toEqual([200, 204]);
    });

    it('feature flag definitions by key', async () => {
      for (const key of ['mine', 'theirs']) {
        expect((await asAdmin('POST', '/api/feature-flags/definitions', { key, ...FLAG })).statusCode).toBe(
          201,
        );
      }
      for (const action of ['update', 'delete']) await grantUser(limitedId, action, 'FeatureFlag', 'mine');
      expect(
        await statuses([
          ['PUT', '/api/feature-flags/definitions/theirs', FLAG],
          ['DELETE', '/api/feature-flags/definitions/theirs'],
        ]),
      ).toEqual([403, 403]);
      expect(
        await statuses([
          ['PUT', '/api/feature-flags/definitions/mine', FLAG],
          ['DELETE', '/api/feature-flags/definitions/mine'],
        ]),
      ).toEqual([200, 204]);
    });

    it('invitations by id: resend and revoke', async () => {
      const invite = async (email: string) =>
        (await asAdmin('POST', '/api/invitations', { email, role: 'member' })).json<{ id: string }>().id;
      const [mine, theirs] = [await invite('one@example.com'), await invite('two@example.com')];
      for (const action of ['update', 'delete']) await grantUser(limitedId, action, 'Invitation', only(mine));
      expect(
        await statuses([
          ['POST', `/api/invitations/${theirs}/resend`],
          ['DELETE', `/api/invitations/${theirs}`],
        ]),
      ).toEqual([403, 403]);
      expect(await statuses([['DELETE', `/api/invitations/${mine}`]])).toEqual([204]);
    });

    it('grants by id, and users by id when their role is changed', async () => {
      const memberRole = (await asAdmin('GET', '/api/realm-admin/roles'))
        .json<{ results: { id: string; key: string }[] }>()
        .results.find((role) => role.key === 'member')!;
      const addGrant = async (subject: string) =>
        permissionRowSchema.parse(
          (
            await asAdmin('POST', `/api/realm-admin/roles/${memberRole.id}/grants`, {
              type: 'REGEX_GRANT',
              right: 'reports',
              data: { realm: '\\own', subject, id: '.*', action: 'read' },
            })
          ).json(),
        ).id;
      const [mine, theirs] = [await addGrant('Report'), await addGrant('AuditLog')];
      for (const action of ['update', 'delete']) await grantUser(limitedId, action, 'Permission', only(mine));
      await grantUser(limitedId, 'update', 'Role');
      await grantUser(limitedId, 'update', 'User', only(colleagueId));
      expect(
        await statuses([
          ['PATCH', `/api/realm-admin/grants/${theirs}`, { active: false }],
          ['DELETE', `/api/realm-admin/grants/${theirs}`],
          ['PUT', `/api/realm-admin/users/${deputyId}/role`, { role: 'member' }],
        ]),
      ).toEqual([403, 403, 403]);
      expect(
        await statuses([
          ['PATCH', `/api/realm-admin/grants/${mine}`, { active: false }],
          ['DELETE', `/api/realm-admin/grants/${mine}`],
          ['PUT', `/api/realm-admin/users/${colleagueId}/role`, { role: 'member' }],
        ]),
      ).toEqual([200, 204, 200]);
    });
  });

  describe('delegation', () => {
    let deputy: string;
    let memberRoleId: string;
    beforeAll(async () => {
      // A deputy may manage grants, invitations and users' roles, and read facilities: nothing else.
      for (const [action, subject] of [
        ['create', 'Permission'],
        ['update', 'Permission'],
        ['read', 'Role'],
        ['update', 'Role'],
        ['update', 'User'],
        ['read', 'User'],
        ['create', 'Invitation'],
        ['read', 'Facility'],
      ] as const) {
        await grantUser(deputyId, action, subject);
      }
      deputy = await signIn(testApp.app, DEPUTY, HOST);
      memberRoleId = (await asAdmin('GET', '/api/realm-admin/roles'))
        .json<{ results: { id: string; key: string }[] }>()
        .results.find((role) => role.key === 'member')!.id;
    });

    const grantOnMemberRole = (token: string, data: object, active = true) =>
      call(token, 'POST', `/api/realm-admin/roles/${memberRoleId}/grants`, {
        type: 'REGEX_GRANT',
        right: 'facilities',
        active,
        data: { realm: '\\own', id: '.*', ...data },
      });

    it('grants only what the giver holds: the same right or less', async () => {
      const wider = await grantOnMemberRole(deputy, { subject: 'Facility', action: 'delete' });
      expect(wider.statusCode).toBe(403);
      expect(wider.json().message).toBe(delegationRefusalMessage({ action: 'delete', subject: 'Facility' }));
      const everything = await grantOnMemberRole(deputy, { subject: 'all', action: 'manage' });
      expect(everything.statusCode).toBe(403);
      const held = await grantOnMemberRole(deputy, { subject: 'Facility', action: 'read' });
      expect(held.statusCode).toBe(201);
      const narrower = await grantOnMemberRole(deputy, { subject: 'Facility', action: 'read', id: 'x-.*' });
      expect(narrower.statusCode).toBe(201);
    });

    it('switches a grant on only for someone who holds it', async () => {
      const paused = await grantOnMemberRole(adminToken, { subject: 'Facility', action: 'update' }, false);
      expect(paused.statusCode).toBe(201);
      const grantId = paused.json<{ id: string }>().id;
      const byDeputy = await call(deputy, 'PATCH', `/api/realm-admin/grants/${grantId}`, { active: true });
      expect(byDeputy.statusCode).toBe(403);
      expect(byDeputy.json().message).toBe(
        delegationRefusalMessage({ action: 'update', subject: 'Facility' }),
      );
      expect(
        (await call(deputy, 'PATCH', `/api/realm-admin/grants/${grantId}`, { active: false })).statusCode,
      ).toBe(200);
    });

    it('invites with or assigns the admin role only with the right to manage roles', async () => {
      const invitation = await call(deputy, 'POST', '/api/invitations', {
        email: 'boss@example.com',
        role: 'admin',
      });
      expect(invitation.statusCode).toBe(403);
      expect(invitation.json().message).toBe(MANAGE_ROLES_NEEDED_MESSAGE);
      const promotion = await call(deputy, 'PUT', `/api/realm-admin/users/${colleagueId}/role`, {
        role: 'admin',
      });
      expect(promotion.statusCode).toBe(403);
      expect(promotion.json().message).toBe(MANAGE_ROLES_NEEDED_MESSAGE);
      const selfPromotion = await call(deputy, 'PUT', `/api/realm-admin/users/${deputyId}/role`, {
        role: 'admin',
      });
      expect(selfPromotion.statusCode).toBe(403);
      const byAdmin = await asAdmin('POST', '/api/invitations', { email: 'boss@example.com', role: 'admin' });
      expect(byAdmin.statusCode).toBe(201);
    });

    it('gives a role only to someone who holds every right it grants, the right to manage roles aside', async () => {
      // The deputy is a member, so holds the member role's rights; the admin role grants `manage all`.
      await grantUser(deputyId, 'manage', 'Role');
      const invitation = await call(deputy, 'POST', '/api/invitations', {
        email: 'chief@example.com',
        role: 'admin',
      });
      expect(invitation.statusCode).toBe(403);
      expect(invitation.json().message).toBe(delegationRefusalMessage({ action: 'manage', subject: 'all' }));
      const promotion = await call(deputy, 'PUT', `/api/realm-admin/users/${colleagueId}/role`, {
        role: 'admin',
      });
      expect(promotion.statusCode).toBe(403);
      expect(promotion.json().message).toBe(delegationRefusalMessage({ action: 'manage', subject: 'all' }));
      const member = await call(deputy, 'POST', '/api/invitations', {
        email: 'new@example.com',
        role: 'member',
      });
      expect(member.statusCode).toBe(201);
    });
  });
});
