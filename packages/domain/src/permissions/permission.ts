import { realmKeySchema, z } from '@ecc/contracts';

// The grant kinds are part of the API's shapes, so they live in contracts; re-exported for the domain's callers.
export { PERMISSION_TYPES, type PermissionType } from '@ecc/contracts';

/** `manage` stands for every action (CASL's `anyAction`). */
export const ANY_ACTION = 'manage';
export const PERMISSION_ACTIONS = ['read', 'create', 'update', 'delete', ANY_ACTION] as const;
export type PermissionAction = (typeof PERMISSION_ACTIONS)[number];

/** `all` stands for every subject (CASL's `anySubjectType`). */
export const ANY_SUBJECT = 'all';
export const PERMISSION_SUBJECTS = [
  // Spec section 3.
  'Asset',
  'AssetInstance',
  'AuditLog',
  'CatalogCollection',
  'CatalogEntry',
  'Credential',
  'File',
  'Group',
  'Identity',
  'NotificationListener',
  'Permission',
  'Pipeline',
  'PipelineTemplate',
  'PipelineRun',
  'PipelineOperator',
  'Principal',
  'Realm',
  'Right',
  'Role',
  'Transaction',
  'Dashboard',
  'User',
  'Project',
  'Post',
  'AssetInventory',
  'Request',
  'PendingTransfer',
  'RetiredAsset',
  'Transfer',
  'Profile',
  // The emissions product's own resources.
  'Facility',
  'Equipment',
  'EquipmentType',
  'ActivityRecord',
  'ImportBatch',
  'EmissionFactor',
  'Report',
  'FeatureFlag',
  'Invitation',
  'Theme',
  ANY_SUBJECT,
] as const;
export type PermissionSubject = (typeof PERMISSION_SUBJECTS)[number];

/** Realm pattern: the user's realm and every realm below it. */
export const REALM_PATTERN_CASCADE = '\\cascade';
/** Realm pattern: exactly the user's realm. */
export const REALM_PATTERN_OWN = '\\own';
/** Id pattern: the user's own id. */
export const ID_PATTERN_PRINCIPAL = '\\principal';
/** Realm or id pattern that matches anything, so it adds no condition. */
export const PATTERN_ANY = '.*';

// Strict objects: an unknown key may carry a meaning this module does not apply (say, an "inverted" flag), and a
// grant is never half-applied.
export const regexGrantDataSchema = z.strictObject({
  realm: z.string(),
  subject: z.enum(PERMISSION_SUBJECTS),
  id: z.string(),
  action: z.enum(PERMISSION_ACTIONS),
});
export type RegexGrantData = z.infer<typeof regexGrantDataSchema>;

export const plaintextGrantDataSchema = z.strictObject({
  subject: z.enum(PERMISSION_SUBJECTS),
  action: z.enum(PERMISSION_ACTIONS),
  realm: realmKeySchema,
});
export type PlaintextGrantData = z.infer<typeof plaintextGrantDataSchema>;

/** A right as the authz API answers it (spec section 3: id, name). */
export interface Right {
  id: string;
  name: string;
}
