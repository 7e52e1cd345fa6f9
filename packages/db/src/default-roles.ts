import { OPERATOR_REALM_KEYS, type DefaultRoleKey, type RightRow } from '@ecc/contracts';

/**
 * The rights the product ships: one per area of the product, so an administrator reads a grant's purpose from its
 * right. Rights are shared by every realm (spec section 3: Right: id, name).
 */
export const DEFAULT_RIGHTS = [
  { id: 'facilities', name: 'Facilities' },
  { id: 'equipment', name: 'Equipment and equipment types' },
  { id: 'activity-data', name: 'Activity data' },
  { id: 'emission-factors', name: 'Emission factors' },
  { id: 'imports', name: 'Imports' },
  { id: 'reports', name: 'Reports and audit trail' },
  { id: 'feature-flags', name: 'Feature flags' },
  { id: 'users', name: 'Users and profiles' },
  { id: 'realm-admin', name: 'Realm administration' },
] as const satisfies readonly RightRow[];
export type DefaultRightId = (typeof DEFAULT_RIGHTS)[number]['id'];

/** A grant a default role holds: a regex grant (spec section 6) and the right it belongs to. */
export interface DefaultGrant {
  readonly right: DefaultRightId;
  readonly data: { realm: string; subject: string; id: string; action: string };
}

export interface DefaultRole {
  readonly key: DefaultRoleKey;
  readonly name: string;
}

export const DEFAULT_ROLES: readonly DefaultRole[] = [
  { key: 'admin', name: 'Administrator' },
  { key: 'member', name: 'Member' },
];

const own = (right: DefaultRightId, subject: string, action: string, id = '.*'): DefaultGrant => ({
  right,
  data: { realm: '\\own', subject, id, action },
});

/** Everything in the realm: every action on every subject, in exactly the administrator's realm. */
const ADMIN_GRANTS: readonly DefaultGrant[] = [own('realm-admin', 'all', 'manage')];

/**
 * The platform operator's administrators (realms `acm` and `context`) manage every realm's settings: the realm
 * itself (create, plan), its themes and its feature flags. Not other realms' emissions data.
 */
const OPERATOR_ADMIN_GRANTS: readonly DefaultGrant[] = [
  { right: 'realm-admin', data: { realm: '.*', subject: 'Realm', id: '.*', action: 'manage' } },
  { right: 'realm-admin', data: { realm: '.*', subject: 'Theme', id: '.*', action: 'manage' } },
  { right: 'feature-flags', data: { realm: '.*', subject: 'FeatureFlag', id: '.*', action: 'manage' } },
];

/**
 * A member reads the realm's data and keeps its activity data, equipment and imports; the realm's structure
 * (facilities, equipment types, factors, users, flags, settings) is the administrators'.
 */
const MEMBER_GRANTS: readonly DefaultGrant[] = [
  own('facilities', 'Facility', 'read'),
  own('equipment', 'Equipment', 'read'),
  own('equipment', 'Equipment', 'create'),
  own('equipment', 'Equipment', 'update'),
  own('equipment', 'EquipmentType', 'read'),
  own('activity-data', 'ActivityRecord', 'read'),
  own('activity-data', 'ActivityRecord', 'create'),
  own('activity-data', 'ActivityRecord', 'update'),
  own('activity-data', 'ActivityRecord', 'delete'),
  own('emission-factors', 'EmissionFactor', 'read'),
  own('imports', 'ImportBatch', 'read'),
  own('imports', 'ImportBatch', 'create'),
  own('reports', 'Report', 'read'),
  own('reports', 'AuditLog', 'read'),
  own('users', 'User', 'read', '\\principal'),
  own('users', 'User', 'update', '\\principal'),
];

function isOperatorRealmKey(realmKey: string): boolean {
  return (OPERATOR_REALM_KEYS as readonly string[]).includes(realmKey);
}

/** The grants a default role holds in the realm with this key. */
export function defaultRoleGrants(roleKey: DefaultRoleKey, realmKey: string): readonly DefaultGrant[] {
  if (roleKey === 'member') return MEMBER_GRANTS;
  return isOperatorRealmKey(realmKey) ? [...ADMIN_GRANTS, ...OPERATOR_ADMIN_GRANTS] : ADMIN_GRANTS;
}
