import { DEFAULT_RIGHTS, DEFAULT_ROLES, defaultRoleGrants } from '@ecc/db';
import {
  buildAbility,
  canAccessRecord,
  grantsToRules,
  PERMISSION_ACTIONS,
  type PermissionAction,
  type PermissionSubject,
} from '@ecc/domain';
import { describe, expect, it } from 'vitest';
import { canActInRealm } from './abilities.ts';

const TREE = { demo: null, sub: 'demo', other: null, acm: null };

function abilityOf(roleKey: 'admin' | 'member', realmKey: string) {
  const permissions = defaultRoleGrants(roleKey, realmKey).map((grant, index) => ({
    id: `${roleKey}-${index}`,
    active: true,
    type: 'REGEX_GRANT',
    data: grant.data,
    right: grant.right,
  }));
  const { rules, rejected } = grantsToRules(permissions, { id: 'user-1', realmKey }, TREE);
  expect(rejected).toEqual([]);
  return buildAbility(rules);
}

describe('the default roles', () => {
  it('hold only grants that convert, each under a right that exists', () => {
    const rightIds = DEFAULT_RIGHTS.map((right) => right.id);
    for (const role of DEFAULT_ROLES) {
      for (const realmKey of ['demo', 'acm', 'context']) {
        abilityOf(role.key, realmKey);
        for (const grant of defaultRoleGrants(role.key, realmKey)) expect(rightIds).toContain(grant.right);
      }
    }
  });

  it('let an administrator do everything in their realm and nothing in another', () => {
    const admin = abilityOf('admin', 'demo');
    for (const action of PERMISSION_ACTIONS) {
      expect(canAccessRecord(admin, action, 'Facility', { realm: 'demo', id: 'f1' })).toBe(true);
      expect(canAccessRecord(admin, action, 'Facility', { realm: 'other', id: 'f1' })).toBe(false);
      expect(canAccessRecord(admin, action, 'Realm', { realm: 'sub', id: 'r1' })).toBe(false);
    }
  });

  it.each<[PermissionAction, PermissionSubject, boolean]>([
    ['read', 'Facility', true],
    ['create', 'Facility', false],
    ['delete', 'Facility', false],
    ['create', 'ActivityRecord', true],
    ['delete', 'ActivityRecord', true],
    ['update', 'Equipment', true],
    ['delete', 'Equipment', false],
    ['create', 'EquipmentType', false],
    ['read', 'EmissionFactor', true],
    ['create', 'EmissionFactor', false],
    ['create', 'ImportBatch', true],
    ['read', 'AuditLog', true],
    ['read', 'FeatureFlag', false],
    ['update', 'FeatureFlag', false],
    ['read', 'Permission', false],
    ['update', 'Realm', false],
  ])('let a member %s %s in their realm: %s', (action, subject, isAllowed) => {
    const member = abilityOf('member', 'demo');
    expect(canActInRealm(member, action, subject, 'demo')).toBe(isAllowed);
    expect(canActInRealm(member, action, subject, 'other')).toBe(false);
  });

  it('let a member read and update their own user only', () => {
    const member = abilityOf('member', 'demo');
    expect(canAccessRecord(member, 'update', 'User', { realm: 'demo', id: 'user-1' })).toBe(true);
    expect(canAccessRecord(member, 'update', 'User', { realm: 'demo', id: 'user-2' })).toBe(false);
  });

  it("let an operator realm's administrator manage every realm's settings, not its data", () => {
    const operator = abilityOf('admin', 'acm');
    for (const subject of ['Realm', 'Theme', 'FeatureFlag'] as const) {
      expect(canAccessRecord(operator, 'update', subject, { realm: 'demo', id: 'x' })).toBe(true);
    }
    expect(canAccessRecord(operator, 'read', 'Facility', { realm: 'demo', id: 'f1' })).toBe(false);
    expect(canAccessRecord(operator, 'update', 'Realm', { realm: 'demo', id: 'x' })).toBe(true);
    expect(canAccessRecord(abilityOf('admin', 'demo'), 'update', 'Realm', { realm: 'other', id: 'x' })).toBe(
      false,
    );
  });
});
