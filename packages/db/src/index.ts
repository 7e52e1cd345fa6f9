export * from './activity-record-values.ts';
export * from './activity-repository.ts';
export * from './audit-log-repository.ts';
export * from './authz-repository.ts';
export * from './create-database.ts';
export * from './default-roles.ts';
export * from './data-dir-lock.ts';
export * from './demo-emissions-seed.ts';
export * from './demo-equipment-seed.ts';
export * from './emission-factor-repository.ts';
export * from './emission-result-repository.ts';
export * from './ensure-administrator.ts';
export * from './facility-repository.ts';
export * from './password-hash.ts';
export * from './realm-defaults.ts';
export * from './realm-factor-lookup.ts';
export * from './realm-config-repository.ts';
export * from './realm-mapping.ts';
export * from './realm-repository.ts';
export {
  APPLICATION_ROLE,
  currentRealmScope,
  runInRealmScope,
  runOutsideRealmScope,
  type RealmScope,
  type Scoped,
} from './realm-scope.ts';
export * from './recalculation-repository.ts';
export * from './reference-data-sync.ts';
export * from './schema.ts';
export * from './seed-demo-realm.ts';
export * from './session-repository.ts';
export * from './user-repository.ts';
export * from './equipment-repository.ts';
export * from './import-repository.ts';
export * from './analytics-event-repository.ts';
export * from './invitation-repository.ts';
export * from './user-identity-repository.ts';
export * from './oidc-flow-repository.ts';
export * from './realm-admin-repository.ts';
