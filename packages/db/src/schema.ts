import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigserial,
  boolean,
  check,
  date,
  doublePrecision,
  foreignKey,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  pgView,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

// PostgreSQL 15 is the oldest server the product supports (CI runs it; PGlite is 18): nothing newer here.

const timestamps = {
  createdOn: timestamp('created_on', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  modifiedOn: timestamp('modified_on', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
};

/** Tenants. Realms form a tree through `parent_id`; `properties` holds the realm config (spec section 3). */
export const realms = pgTable(
  'realms',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    key: text('key').notNull(),
    parentId: uuid('parent_id').references((): AnyPgColumn => realms.id),
    active: boolean('active').notNull().default(true),
    realm: text('realm').notNull(),
    name: text('name').notNull(),
    type: text('type').notNull(),
    domains: text('domains')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    properties: jsonb('properties').$type<Record<string, unknown>>().notNull(),
    createdBy: uuid('created_by'),
    modifiedBy: uuid('modified_by'),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('realms_key_unique').on(table.key),
    index('realms_parent_id_index').on(table.parentId),
    index('realms_domains_index').using('gin', table.domains),
    check('realms_not_own_parent', sql`${table.parentId} is null or ${table.parentId} <> ${table.id}`),
  ],
);

export const USER_ROLES = ['admin', 'member'] as const;
export type UserRole = (typeof USER_ROLES)[number];

/** Users belong to exactly one realm; an e-mail address is unique within its realm and stored lowercased. */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    realmId: uuid('realm_id')
      .notNull()
      .references(() => realms.id),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: text('role').$type<UserRole>().notNull(),
    properties: jsonb('properties').$type<Record<string, unknown>>().notNull().default({}),
    /** When an administrator deactivated the user (null: active): no sign-in, no session. */
    deactivatedOn: timestamp('deactivated_on', { withTimezone: true, mode: 'date' }),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('users_realm_id_email_unique').on(table.realmId, table.email),
    unique('users_realm_id_id_unique').on(table.realmId, table.id),
    check('users_email_lowercase', sql`${table.email} = lower(${table.email})`),
    check('users_role_check', sql`${table.role} in ('admin', 'member')`),
  ],
);

/** Server-side sessions. Only the SHA-256 of the cookie's token is stored, so a leaked table opens no session. */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    realmId: uuid('realm_id')
      .notNull()
      .references(() => realms.id),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    createdOn: timestamp('created_on', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    index('sessions_realm_id_user_id_index').on(table.realmId, table.userId),
    index('sessions_expires_at_index').on(table.expiresAt),
  ],
);

/**
 * A user's sign-in identity at an OpenID Connect provider: linked by (realm, strategy, subject), never by e-mail,
 * so a provider that lets people choose their address cannot take over an account, and never by the issuer
 * alone, which an administrator can give a second strategy. `strategy_key` is the strategy's key in the realm's
 * `authentication.strategies` (decision 023: strategies are JSON there, so the login-strategy service keeps the
 * reference: deleting a strategy deletes its identities, and its issuer cannot change while it has any).
 * `issuer` records where the subject came from.
 */
export const userIdentities = pgTable(
  'user_identities',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    realmId: uuid('realm_id').notNull(),
    userId: uuid('user_id').notNull(),
    strategyKey: text('strategy_key').notNull(),
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    createdOn: timestamp('created_on', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    // The issuer too: a link made before its strategy's issuer changed outside the service (`realm import`) is
    // inert, and must not stop the same subject at the new issuer from being linked.
    uniqueIndex('user_identities_realm_strategy_issuer_subject_unique').on(
      table.realmId,
      table.strategyKey,
      table.issuer,
      table.subject,
    ),
    index('user_identities_user_index').on(table.realmId, table.userId),
    foreignKey({
      columns: [table.realmId, table.userId],
      foreignColumns: [users.realmId, users.id],
    }).onDelete('cascade'),
  ],
);

/**
 * OpenID Connect sign-ins under way: state, nonce and PKCE verifier, keyed by the SHA-256 of the random id in the
 * browser's short-lived cookie. Rows, not process memory, so any server process can finish a flow.
 */
export const oidcFlows = pgTable(
  'oidc_flows',
  {
    flowIdHash: text('flow_id_hash').primaryKey(),
    realmId: uuid('realm_id')
      .notNull()
      .references(() => realms.id, { onDelete: 'cascade' }),
    strategyKey: text('strategy_key').notNull(),
    redirectUri: text('redirect_uri').notNull(),
    state: text('state').notNull(),
    nonce: text('nonce').notNull(),
    codeVerifier: text('code_verifier').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [index('oidc_flows_expires_at_index').on(table.expiresAt)],
);

export type RealmRow = typeof realms.$inferSelect;
export type UserRow = typeof users.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;
export type UserIdentityRow = typeof userIdentities.$inferSelect;

// ---------------------------------------------------------------------------------------------------------------
// Authorization (issue 3, spec sections 3 and 6). Every realm-owned row carries `realm_id`; references between
// realm-owned rows go through (realm_id, id) pairs, so a row can never point into another realm.

/** Rights are the platform's vocabulary of what a grant is about (spec: Right: id, name). Shared by all realms. */
export const rights = pgTable('rights', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
});

export const roles = pgTable(
  'roles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    realmId: uuid('realm_id')
      .notNull()
      .references(() => realms.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    name: text('name').notNull(),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('roles_realm_id_key_unique').on(table.realmId, table.key),
    unique('roles_realm_id_id_unique').on(table.realmId, table.id),
  ],
);

export const groups = pgTable(
  'groups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    realmId: uuid('realm_id')
      .notNull()
      .references(() => realms.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('groups_realm_id_name_unique').on(table.realmId, table.name),
    unique('groups_realm_id_id_unique').on(table.realmId, table.id),
  ],
);

export const PRINCIPAL_TYPES = ['user', 'group', 'role'] as const;
export type PrincipalType = (typeof PRINCIPAL_TYPES)[number];

/** Membership edges: a user in a group, and a role held by a user or a group. */
export const groupMembers = pgTable(
  'group_members',
  {
    realmId: uuid('realm_id').notNull(),
    groupId: uuid('group_id').notNull(),
    userId: uuid('user_id').notNull(),
  },
  (table) => [
    uniqueIndex('group_members_unique').on(table.realmId, table.groupId, table.userId),
    index('group_members_user_index').on(table.realmId, table.userId),
    foreignKey({
      columns: [table.realmId, table.groupId],
      foreignColumns: [groups.realmId, groups.id],
    }).onDelete('cascade'),
    foreignKey({
      columns: [table.realmId, table.userId],
      foreignColumns: [users.realmId, users.id],
    }).onDelete('cascade'),
  ],
);

export const roleAssignments = pgTable(
  'role_assignments',
  {
    realmId: uuid('realm_id').notNull(),
    roleId: uuid('role_id').notNull(),
    principalType: text('principal_type').$type<'user' | 'group'>().notNull(),
    principalId: uuid('principal_id').notNull(),
  },
  (table) => [
    uniqueIndex('role_assignments_unique').on(
      table.realmId,
      table.roleId,
      table.principalType,
      table.principalId,
    ),
    index('role_assignments_principal_index').on(table.realmId, table.principalType, table.principalId),
    foreignKey({
      columns: [table.realmId, table.roleId],
      foreignColumns: [roles.realmId, roles.id],
    }).onDelete('cascade'),
    check('role_assignments_principal_type_check', sql`${table.principalType} in ('user', 'group')`),
  ],
);

/** Grants (spec: Permission: id, active, type, data, right), each held by one user, group or role. */
export const permissions = pgTable(
  'permissions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    realmId: uuid('realm_id')
      .notNull()
      .references(() => realms.id, { onDelete: 'cascade' }),
    principalType: text('principal_type').$type<PrincipalType>().notNull(),
    principalId: uuid('principal_id').notNull(),
    active: boolean('active').notNull().default(true),
    type: text('type').$type<'REGEX_GRANT' | 'PLAINTEXT_GRANT' | 'SCRIPT_GRANT'>().notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    rightId: text('right_id')
      .notNull()
      .references(() => rights.id),
    ...timestamps,
  },
  (table) => [
    index('permissions_principal_index').on(table.realmId, table.principalType, table.principalId),
    check('permissions_principal_type_check', sql`${table.principalType} in ('user', 'group', 'role')`),
    check('permissions_type_check', sql`${table.type} in ('REGEX_GRANT', 'PLAINTEXT_GRANT', 'SCRIPT_GRANT')`),
  ],
);

// ---------------------------------------------------------------------------------------------------------------
// Emissions (issue 4; concepts in ../shared/docs/DOMAIN.md).

const realmIdColumn = () =>
  uuid('realm_id')
    .notNull()
    .references(() => realms.id, { onDelete: 'cascade' });

/**
 * A node of the realm's organisation tree (decision 024). The parent is of the same realm (composite foreign key);
 * the application refuses cycles, and a unit with children or facilities cannot be deleted (no action: a
 * realm's deletion still cascades through both).
 */
export const businessUnits = pgTable(
  'business_units',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    realmId: realmIdColumn(),
    parentId: uuid('parent_id'),
    name: text('name').notNull(),
    code: text('code'),
    ...timestamps,
  },
  (table) => [
    unique('business_units_realm_id_id_unique').on(table.realmId, table.id),
    foreignKey({
      name: 'business_units_parent_fk',
      columns: [table.realmId, table.parentId],
      foreignColumns: [table.realmId, table.id],
    }),
    uniqueIndex('business_units_realm_id_code_unique')
      .on(table.realmId, table.code)
      .where(sql`${table.code} is not null`),
    index('business_units_parent_index').on(table.realmId, table.parentId),
  ],
);

/**
 * A realm's reporting boundary (decision 024): how facilities consolidate, when its reporting year starts, its
 * base year and the threshold that recalculates it. A realm without a row has the defaults.
 */
export const realmBoundaries = pgTable(
  'realm_boundaries',
  {
    realmId: realmIdColumn().primaryKey(),
    consolidationApproach: text('consolidation_approach').notNull().default('operational-control'),
    reportingYearStartMonth: smallint('reporting_year_start_month').notNull().default(1),
    baseYear: integer('base_year'),
    recalculationThresholdPercent: numeric('recalculation_threshold_percent', { mode: 'number' })
      .notNull()
      .default(5),
    ...timestamps,
  },
  (table) => [
    check(
      'realm_boundaries_consolidation_approach_check',
      sql`${table.consolidationApproach} in ('operational-control', 'financial-control', 'equity-share')`,
    ),
    check('realm_boundaries_start_month_check', sql`${table.reportingYearStartMonth} between 1 and 12`),
    check(
      'realm_boundaries_threshold_check',
      sql`${table.recalculationThresholdPercent} > 0 and ${table.recalculationThresholdPercent} <= 100`,
    ),
  ],
);

/**
 * What explains the change of a reporting year's inventory from the year before (CDP C7.9a), one row per reason
 * category: kg CO2e and whether it raised or lowered emissions. What the rows leave unexplained is shown as
 * "unidentified", computed, never stored.
 */
export const inventoryChangeReasons = pgTable(
  'inventory_change_reasons',
  {
    realmId: realmIdColumn(),
    year: integer('year').notNull(),
    reason: text('reason').notNull(),
    co2eKg: numeric('co2e_kg', { mode: 'number' }).notNull(),
    direction: text('direction').notNull(),
    note: text('note').notNull().default(''),
    ...timestamps,
  },
  (table) => [
    primaryKey({ name: 'inventory_change_reasons_pk', columns: [table.realmId, table.year, table.reason] }),
    check(
      'inventory_change_reasons_reason_check',
      sql`${table.reason} in ('emissions-reduction-activities', 'divestment', 'acquisitions', 'mergers', 'change-in-output', 'change-in-methodology', 'change-in-boundary', 'change-in-physical-operating-conditions', 'other')`,
    ),
    check('inventory_change_reasons_direction_check', sql`${table.direction} in ('increase', 'decrease')`),
    check('inventory_change_reasons_co2e_check', sql`${table.co2eKg} >= 0`),
  ],
);

/**
 * One intensity denominator of a reporting year: the realm's own (no facility) or a facility's, one per kind.
 * `unit` is an ISO 4217 currency (revenue), an engine unit or a free label (production), m2 or ft2 (floor area),
 * `people` (headcount).
 */
export const intensityDenominators = pgTable(
  'intensity_denominators',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    realmId: realmIdColumn(),
    facilityId: uuid('facility_id'),
    year: integer('year').notNull(),
    kind: text('kind').notNull(),
    amount: numeric('amount', { mode: 'number' }).notNull(),
    unit: text('unit').notNull(),
    ...timestamps,
  },
  (table) => [
    foreignKey({
      name: 'intensity_denominators_facility_fk',
      columns: [table.realmId, table.facilityId],
      foreignColumns: [facilities.realmId, facilities.id],
    }).onDelete('cascade'),
    uniqueIndex('intensity_denominators_realm_unique')
      .on(table.realmId, table.year, table.kind)
      .where(sql`${table.facilityId} is null`),
    uniqueIndex('intensity_denominators_facility_unique')
      .on(table.realmId, table.facilityId, table.year, table.kind)
      .where(sql`${table.facilityId} is not null`),
    check(
      'intensity_denominators_kind_check',
      sql`${table.kind} in ('revenue', 'production', 'floor-area', 'headcount')`,
    ),
    check('intensity_denominators_amount_check', sql`${table.amount} >= 0`),
  ],
);

/** A physical site that emits. `slug` is the facility view's URL segment, unique within the realm. */
export const facilities = pgTable(
  'facilities',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    realmId: realmIdColumn(),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    sector: text('sector').notNull(),
    naics: text('naics'),
    address: text('address'),
    city: text('city'),
    state: text('state'),
    postalCode: text('postal_code'),
    country: text('country').notNull(),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    /** EPA GHGRP facility id, the key a re-import of the same workbook updates by. */
    ghgrpId: text('ghgrp_id'),
    /** Emissions the facility reported to a programme (GHGRP), by year: { "2020": { gases, co2e, gwp } }. */
    reported: jsonb('reported').$type<Record<string, unknown>>().notNull().default({}),
    /** Set when the facility was archived: lists leave it out, its page and data stay. */
    archivedOn: timestamp('archived_on', { withTimezone: true, mode: 'date' }),
    /** The business unit it belongs to (decision 024); the foreign key below keeps it in the same realm. */
    businessUnitId: uuid('business_unit_id'),
    /** The realm's ownership share in percent, 0 < share ≤ 100; equity share consolidation scales by it. */
    ownershipSharePercent: numeric('ownership_share_percent', { mode: 'number' }).notNull().default(100),
    /** Inside the reporting boundary under a control approach; when not, `boundary_exclusion_reason` says why. */
    isInBoundary: boolean('is_in_boundary').notNull().default(true),
    boundaryExclusionReason: text('boundary_exclusion_reason'),
    ...timestamps,
  },
  (table) => [
    foreignKey({
      name: 'facilities_business_unit_fk',
      columns: [table.realmId, table.businessUnitId],
      foreignColumns: [businessUnits.realmId, businessUnits.id],
    }),
    check(
      'facilities_ownership_share_check',
      sql`${table.ownershipSharePercent} > 0 and ${table.ownershipSharePercent} <= 100`,
    ),
    check(
      'facilities_boundary_exclusion_reason_check',
      sql`${table.isInBoundary} or ${table.boundaryExclusionReason} is not null`,
    ),
    index('facilities_business_unit_index').on(table.realmId, table.businessUnitId),
    uniqueIndex('facilities_realm_id_slug_unique').on(table.realmId, table.slug),
    unique('facilities_realm_id_id_unique').on(table.realmId, table.id),
    uniqueIndex('facilities_realm_id_ghgrp_id_unique')
      .on(table.realmId, table.ghgrpId)
      .where(sql`${table.ghgrpId} is not null`),
  ],
);

export const FACILITY_EMISSION_SOURCES = ['calculated', 'reported'] as const;
export type FacilityEmissionSource = (typeof FACILITY_EMISSION_SOURCES)[number];

/**
 * A facility's CO2e by year, GWP set and source, kept by triggers (migration 0012) in the transaction of every
 * write: `calculated` sums its `emission_results` (Scope 2 location-based, as every total here), `reported` is
 * each year of `facilities.reported`. The facility list sorts all facilities by it; exact (numeric) sums, so
 * adding and removing results leaves no rounding residue. Never written by the application.
 */
export const facilityEmissionYears = pgTable(
  'facility_emission_years',
  {
    realmId: uuid('realm_id').notNull(),
    facilityId: uuid('facility_id').notNull(),
    gwpSetId: text('gwp_set_id').notNull(),
    source: text('source').$type<FacilityEmissionSource>().notNull(),
    year: integer('year').notNull(),
    co2eKg: numeric('co2e_kg', { mode: 'number' }).notNull(),
    /** Result rows summed (calculated); 1 for a reported year. The row goes when it reaches 0. */
    resultCount: integer('result_count').notNull(),
  },
  (table) => [
    primaryKey({
      columns: [table.realmId, table.facilityId, table.gwpSetId, table.source, table.year],
    }),
    foreignKey({
      columns: [table.realmId, table.facilityId],
      foreignColumns: [facilities.realmId, facilities.id],
    }).onDelete('cascade'),
    check('facility_emission_years_source_check', sql`${table.source} in ('calculated', 'reported')`),
  ],
);

/** An equipment type; its form is a JSON Schema kept per version in `equipment_type_versions`. */
export const equipmentTypes = pgTable(
  'equipment_types',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    realmId: realmIdColumn(),
    key: text('key').notNull(),
    name: text('name').notNull(),
    currentVersion: integer('current_version').notNull().default(1),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('equipment_types_realm_id_key_unique').on(table.realmId, table.key),
    unique('equipment_types_realm_id_id_unique').on(table.realmId, table.id),
  ],
);

export const equipmentTypeVersions = pgTable(
  'equipment_type_versions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    realmId: uuid('realm_id').notNull(),
    equipmentTypeId: uuid('equipment_type_id').notNull(),
    version: integer('version').notNull(),
    schema: jsonb('schema').$type<Record<string, unknown>>().notNull(),
    activityTypes: text('activity_types')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    calculationMethodId: text('calculation_method_id').references(() => calculationMethods.id),
    createdBy: uuid('created_by'),
    createdOn: timestamp('created_on', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('equipment_type_versions_unique').on(table.realmId, table.equipmentTypeId, table.version),
    foreignKey({
      columns: [table.realmId, table.equipmentTypeId],
      foreignColumns: [equipmentTypes.realmId, equipmentTypes.id],
    }).onDelete('cascade'),
  ],
);

export const equipment = pgTable(
  'equipment',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    realmId: uuid('realm_id').notNull(),
    facilityId: uuid('facility_id').notNull(),
    equipmentTypeId: uuid('equipment_type_id').notNull(),
    typeVersion: integer('type_version').notNull(),
    name: text('name').notNull(),
    /** The values of the type's generated form, valid against the schema of `type_version`. */
    properties: jsonb('properties').$type<Record<string, unknown>>().notNull().default({}),
    ...timestamps,
  },
  (table) => [
    unique('equipment_realm_id_id_unique').on(table.realmId, table.id),
    index('equipment_facility_index').on(table.realmId, table.facilityId),
    foreignKey({
      columns: [table.realmId, table.facilityId],
      foreignColumns: [facilities.realmId, facilities.id],
    }).onDelete('cascade'),
    foreignKey({
      columns: [table.realmId, table.equipmentTypeId],
      foreignColumns: [equipmentTypes.realmId, equipmentTypes.id],
    }),
  ],
);

/** Publishers of factors. `realm_id` null: shipped with the product; otherwise a realm's own source. */
export const emissionFactorSources = pgTable(
  'emission_factor_sources',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    realmId: uuid('realm_id').references(() => realms.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    name: text('name').notNull(),
    publisher: text('publisher').notNull(),
    url: text('url'),
    ...timestamps,
  },
  (table) => [unique('emission_factor_sources_key_unique').on(table.realmId, table.key).nullsNotDistinct()],
);

/** One edition of a source (e.g. eGRID2022). Published versions and their factors never change (trigger). */
export const emissionFactorVersions = pgTable(
  'emission_factor_versions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sourceId: uuid('source_id')
      .notNull()
      .references(() => emissionFactorSources.id, { onDelete: 'cascade' }),
    label: text('label').notNull(),
    year: integer('year').notNull(),
    status: text('status').$type<'draft' | 'published'>().notNull().default('draft'),
    publishedOn: timestamp('published_on', { withTimezone: true, mode: 'date' }),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('emission_factor_versions_unique').on(table.sourceId, table.label),
    check('emission_factor_versions_status_check', sql`${table.status} in ('draft', 'published')`),
  ],
);

export const emissionFactors = pgTable(
  'emission_factors',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    versionId: uuid('version_id')
      .notNull()
      .references(() => emissionFactorVersions.id, { onDelete: 'cascade' }),
    realmId: uuid('realm_id').references(() => realms.id, { onDelete: 'cascade' }),
    /** The id callers use: the library's id (e.g. `epa-hub-2024:natural-gas`) or a realm factor's own key. */
    key: text('key').notNull(),
    name: text('name').notNull(),
    /** Everything else of the factor in the API's shape: per, gases, hhv, scope, basis, region. */
    definition: jsonb('definition').$type<Record<string, unknown>>().notNull(),
    ...timestamps,
  },
  (table) => [
    unique('emission_factors_key_unique').on(table.realmId, table.key).nullsNotDistinct(),
    index('emission_factors_version_index').on(table.versionId),
  ],
);

/** IPCC GWP-100 sets (AR4, AR5, AR6), from the domain package's table. */
export const gwpSets = pgTable('gwp_sets', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  values: jsonb('values').$type<Record<string, number>>().notNull(),
});

/** Formulas the engine applies; results name the method so a trail can show the formula. */
export const calculationMethods = pgTable('calculation_methods', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  formula: text('formula').notNull(),
  description: text('description').notNull(),
});

/** One import of one file; the file's SHA-256 per realm and kind makes a re-import of the same file a no-op. */
export const importBatches = pgTable(
  'import_batches',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    realmId: realmIdColumn(),
    kind: text('kind').$type<'activities' | 'ghgrp' | 'facilities'>().notNull(),
    fileName: text('file_name').notNull(),
    fileHash: text('file_hash').notNull(),
    /** The facility a facility page's import wrote into (its file names no facility); null for the realm's. */
    facilityId: uuid('facility_id'),
    rowCount: integer('row_count').notNull(),
    createdBy: uuid('created_by'),
    createdOn: timestamp('created_on', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    // One batch per file and target: the same file imported into two facilities is two imports.
    unique('import_batches_file_unique')
      .on(table.realmId, table.kind, table.fileHash, table.facilityId)
      .nullsNotDistinct(),
    unique('import_batches_realm_id_id_unique').on(table.realmId, table.id),
    foreignKey({
      columns: [table.realmId, table.facilityId],
      foreignColumns: [facilities.realmId, facilities.id],
    }).onDelete('cascade'),
  ],
);

/**
 * What was consumed or done in a period (fuel burned, electricity bought, distance driven). The factor is a
 * library key or a realm factor's key; `certificate_coverage` is the share covered by certificates (Scope 2).
 * `version` goes up by one with every change, so an edit made on an older version is refused (409).
 */
export const activityRecords = pgTable(
  'activity_records',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    realmId: uuid('realm_id').notNull(),
    facilityId: uuid('facility_id').notNull(),
    equipmentId: uuid('equipment_id'),
    activityType: text('activity_type').notNull(),
    periodStart: date('period_start', { mode: 'string' }).notNull(),
    periodEnd: date('period_end', { mode: 'string' }).notNull(),
    quantity: doublePrecision('quantity').notNull(),
    unit: text('unit').notNull(),
    factorKey: text('factor_key').notNull(),
    scope: smallint('scope').notNull(),
    scope3Category: smallint('scope3_category'),
    certificateCoverage: doublePrecision('certificate_coverage'),
    isEstimated: boolean('is_estimated').notNull().default(false),
    importBatchId: uuid('import_batch_id'),
    notes: text('notes'),
    version: integer('version').notNull().default(1),
    createdBy: uuid('created_by'),
    ...timestamps,
  },
  (table) => [
    index('activity_records_facility_period_index').on(table.realmId, table.facilityId, table.periodStart),
    unique('activity_records_realm_id_id_unique').on(table.realmId, table.id),
    index('activity_records_equipment_index')
      .on(table.realmId, table.equipmentId)
      .where(sql`${table.equipmentId} is not null`),
    foreignKey({
      columns: [table.realmId, table.facilityId],
      foreignColumns: [facilities.realmId, facilities.id],
    }).onDelete('cascade'),
    // Equipment with records cannot be deleted (their figures would lose their source unaudited); a facility's
    // deletion removes both in one statement, which the check at its end allows.
    foreignKey({
      name: 'activity_records_equipment_fk',
      columns: [table.realmId, table.equipmentId],
      foreignColumns: [equipment.realmId, equipment.id],
    }),
    check('activity_records_scope_check', sql`${table.scope} in (1, 2, 3)`),
    check('activity_records_quantity_check', sql`${table.quantity} >= 0`),
    check('activity_records_period_check', sql`${table.periodEnd} >= ${table.periodStart}`),
    check(
      'activity_records_certificate_coverage_check',
      sql`${table.certificateCoverage} is null or (${table.certificateCoverage} >= 0 and ${table.certificateCoverage} <= 1)`,
    ),
  ],
);

/**
 * The engine's answer for one activity record on one GWP set and, for Scope 2, one method (location or market).
 * `gases` holds kg per gas; `co2e_kg` their sum weighted by the row's GWP set. Rebuilt by recalculation, never
 * edited. A realm's rows are on its own set, plus, while a recalculation changes the set, on that run's target
 * (migration 0011's triggers refuse anything else). Read them through `emissionResults`, which shows only the
 * realm's own set (decision 020); write them here.
 */
export const emissionResultsAllSets = pgTable(
  'emission_results_all_sets',
  {
    realmId: uuid('realm_id').notNull(),
    activityRecordId: uuid('activity_record_id').notNull(),
    facilityId: uuid('facility_id').notNull(),
    periodStart: date('period_start', { mode: 'string' }).notNull(),
    scope: smallint('scope').notNull(),
    scope3Category: smallint('scope3_category'),
    /** 'location' | 'market' for Scope 2, '' otherwise (part of the key, so not null). */
    scope2Method: text('scope2_method').notNull().default(''),
    gases: jsonb('gases').$type<Record<string, number>>().notNull(),
    co2eKg: doublePrecision('co2e_kg').notNull(),
    gwpSetId: text('gwp_set_id').notNull(),
    factorKey: text('factor_key').notNull(),
    factorVersion: text('factor_version').notNull(),
    calculationMethodId: text('calculation_method_id').notNull(),
    /** Market-based result that fell back to a grid-average factor (GHG Protocol Scope 2 Guidance flags it). */
    isFallback: boolean('is_fallback').notNull().default(false),
    calculatedOn: timestamp('calculated_on', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({
      name: 'emission_results_all_sets_pk',
      columns: [table.realmId, table.activityRecordId, table.scope2Method, table.gwpSetId],
    }),
    index('emission_results_facility_period_index').on(
      table.realmId,
      table.gwpSetId,
      table.facilityId,
      table.periodStart,
    ),
    foreignKey({
      name: 'emission_results_activity_record_fk',
      columns: [table.realmId, table.activityRecordId],
      foreignColumns: [activityRecords.realmId, activityRecords.id],
    }).onDelete('cascade'),
  ],
);

/**
 * The realm's results summed by facility, month (of `period_start`), scope, Scope 2 method, gas and GWP set, kept
 * by triggers (migration 0016) in the transaction of every write of `emission_results_all_sets`, so totals need
 * not read the results. Each result adds to the row of every gas it carries (`gasKg`: its mass) and to the row of
 * gas '' (the result as a whole: `co2eKg`, and as `gasKg` its CO2e when it carries no gas masses, a factor
 * published as CO2e only). CO2e is not split by gas: that is GWP arithmetic, the domain's (decision 022). Exact
 * numeric sums; a row whose count reaches 0 goes. Never written by the application but by `rebuild`.
 */
export const emissionMonthTotals = pgTable(
  'emission_month_totals',
  {
    realmId: uuid('realm_id').notNull(),
    gwpSetId: text('gwp_set_id').notNull(),
    /** '' for the results as a whole (their CO2e), else a gas id with its mass. */
    gas: text('gas').notNull(),
    facilityId: uuid('facility_id').notNull(),
    /** The first day of the month the results' periods start in. */
    month: date('month', { mode: 'string' }).notNull(),
    scope: smallint('scope').notNull(),
    scope2Method: text('scope2_method').notNull(),
    gasKg: numeric('gas_kg', { mode: 'number' }).notNull(),
    co2eKg: numeric('co2e_kg', { mode: 'number' }).notNull(),
    resultCount: integer('result_count').notNull(),
  },
  (table) => [
    // Realm and set first, then gas: the CO2e totals ('' rows) of a realm's set are one range of the key.
    primaryKey({
      name: 'emission_month_totals_pk',
      columns: [
        table.realmId,
        table.gwpSetId,
        table.gas,
        table.facilityId,
        table.month,
        table.scope,
        table.scope2Method,
      ],
    }),
    foreignKey({
      name: 'emission_month_totals_facility_fk',
      columns: [table.realmId, table.facilityId],
      foreignColumns: [facilities.realmId, facilities.id],
    }).onDelete('cascade'),
  ],
);

/**
 * The realm's results summed by reporting year (the realm's, `realm_boundaries.reporting_year_start_month`, named by
 * the year it ends in as `reportingYearOf` names it), facility, scope, Scope 2 method, Scope 3 category, factor
 * key and version, calculation method, fallback flag, gas and GWP set: what the GHG inventory reads instead of the
 * results (decision 034). Gas '' is the results as a whole, any other gas its mass, as in `emissionMonthTotals`;
 * the mass rows name no factor (factor key, version and method '', not a fallback), so a facility's fuels share them.
 * Kept by triggers (migration 0026) in the transaction of every write of `emission_results_all_sets`, and rebuilt
 * for a realm in the transaction that changes its reporting year's start month. Exact numeric sums; a row whose
 * count reaches 0 goes. Never written by the application but by `rebuild`.
 */
export const emissionYearTotals = pgTable(
  'emission_year_totals',
  {
    realmId: uuid('realm_id').notNull(),
    gwpSetId: text('gwp_set_id').notNull(),
    /** The reporting year the results' periods start in, named by the calendar year it ends in. */
    year: integer('year').notNull(),
    /** '' for the results as a whole (their CO2e), else a gas id with its mass. */
    gas: text('gas').notNull(),
    facilityId: uuid('facility_id').notNull(),
    scope: smallint('scope').notNull(),
    scope2Method: text('scope2_method').notNull(),
    /** 1–15, or 0 for results without a Scope 3 category (a key column cannot be null). */
    scope3Category: smallint('scope3_category').notNull(),
    factorKey: text('factor_key').notNull(),
    factorVersion: text('factor_version').notNull(),
    calculationMethodId: text('calculation_method_id').notNull(),
    isFallback: boolean('is_fallback').notNull(),
    gasKg: numeric('gas_kg', { mode: 'number' }).notNull(),
    co2eKg: numeric('co2e_kg', { mode: 'number' }).notNull(),
    resultCount: integer('result_count').notNull(),
  },
  (table) => [
    // Realm, set and year first: the inventory's year is one range of the key, its CO2e rows the first part of it.
    primaryKey({
      name: 'emission_year_totals_pk',
      columns: [
        table.realmId,
        table.gwpSetId,
        table.year,
        table.gas,
        table.facilityId,
        table.scope,
        table.scope2Method,
        table.scope3Category,
        table.factorKey,
        table.factorVersion,
        table.calculationMethodId,
        table.isFallback,
      ],
    }),
    foreignKey({
      name: 'emission_year_totals_facility_fk',
      columns: [table.realmId, table.facilityId],
      foreignColumns: [facilities.realmId, facilities.id],
    }).onDelete('cascade'),
  ],
);

/**
 * A realm's emission results on its own GWP set only (`realms.properties.gwpSetId`, AR5 when absent): the view of
 * migration 0011, with the caller's row-level security (`security_invoker`). Every read of results goes through
 * it, so a sum can never take in results of two sets, even while a recalculation writes the next set's; the
 * facility view's (`listForFacility`) alone names the set it read for the realm instead, to spare the view's join.
 */
export const emissionResults = pgView('emission_results', {
  realmId: uuid('realm_id').notNull(),
  activityRecordId: uuid('activity_record_id').notNull(),
  facilityId: uuid('facility_id').notNull(),
  periodStart: date('period_start', { mode: 'string' }).notNull(),
  scope: smallint('scope').notNull(),
  scope3Category: smallint('scope3_category'),
  scope2Method: text('scope2_method').notNull(),
  gases: jsonb('gases').$type<Record<string, number>>().notNull(),
  co2eKg: doublePrecision('co2e_kg').notNull(),
  gwpSetId: text('gwp_set_id').notNull(),
  factorKey: text('factor_key').notNull(),
  factorVersion: text('factor_version').notNull(),
  calculationMethodId: text('calculation_method_id').notNull(),
  isFallback: boolean('is_fallback').notNull(),
  calculatedOn: timestamp('calculated_on', { withTimezone: true, mode: 'date' }).notNull(),
}).existing();

/**
 * Append-only (a trigger refuses UPDATE and DELETE). Entries of one realm form a chain: `hash` is the SHA-256 of
 * the previous entry's hash and this entry's canonical content, so an edited or removed entry breaks the chain.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    realmId: uuid('realm_id').notNull(),
    sequence: integer('sequence').notNull(),
    occurredOn: timestamp('occurred_on', { withTimezone: true, mode: 'date' }).notNull(),
    actorId: uuid('actor_id'),
    actorEmail: text('actor_email'),
    action: text('action').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    previousHash: text('previous_hash').notNull(),
    hash: text('hash').notNull(),
  },
  (table) => [
    uniqueIndex('audit_log_realm_sequence_unique').on(table.realmId, table.sequence),
    index('audit_log_entity_index').on(table.realmId, table.entityType, table.entityId),
  ],
);

export const RECALCULATION_STATUSES = ['queued', 'running', 'completed', 'failed'] as const;
export type RecalculationStatus = (typeof RECALCULATION_STATUSES)[number];

/**
 * A bulk recalculation of one realm's emission results. Records are done in id order, a batch at a time; each
 * batch commits its results with `cursor` (the last record id done), so a stopped run resumes after it.
 * At most one queued or running run per realm (partial unique index).
 */
export const recalculationRuns = pgTable(
  'recalculation_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    realmId: realmIdColumn(),
    status: text('status').$type<RecalculationStatus>().notNull().default('queued'),
    gwpSetId: text('gwp_set_id').notNull(),
    cursor: uuid('cursor'),
    processed: integer('processed').notNull().default(0),
    total: integer('total').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    /** The first failed records (id, field, engine message), for the operator; all are counted in `failed`. */
    failures: jsonb('failures')
      .$type<{ id: string; path: string; message: string }[]>()
      .notNull()
      .default([]),
    error: text('error'),
    createdBy: uuid('created_by'),
    createdOn: timestamp('created_on', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    startedOn: timestamp('started_on', { withTimezone: true, mode: 'date' }),
    finishedOn: timestamp('finished_on', { withTimezone: true, mode: 'date' }),
  },
  (table) => [
    uniqueIndex('recalculation_runs_one_active_per_realm')
      .on(table.realmId)
      .where(sql`${table.status} in ('queued', 'running')`),
    index('recalculation_runs_realm_index').on(table.realmId, table.createdOn),
    check(
      'recalculation_runs_status_check',
      sql`${table.status} in ('queued', 'running', 'completed', 'failed')`,
    ),
  ],
);

export const INVITATION_STATUSES = ['pending', 'accepted', 'expired', 'revoked'] as const;
export type InvitationStatus = (typeof INVITATION_STATUSES)[number];

/**
 * An invitation to join a realm (issue 3 item 9). Only the SHA-256 of the link's token is kept, so a database
 * read never yields a usable link. A pending invitation past `expires_at` is expired whatever its status says;
 * at most one pending invitation per realm and e-mail (partial unique index).
 */
export const invitations = pgTable(
  'invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    realmId: realmIdColumn(),
    email: text('email').notNull(),
    role: text('role').$type<UserRole>().notNull(),
    tokenHash: text('token_hash').notNull(),
    status: text('status').$type<InvitationStatus>().notNull().default('pending'),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    invitedBy: uuid('invited_by'),
    acceptedUserId: uuid('accepted_user_id'),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('invitations_token_hash_unique').on(table.tokenHash),
    uniqueIndex('invitations_one_pending_per_email')
      .on(table.realmId, table.email)
      .where(sql`${table.status} = 'pending'`),
    index('invitations_realm_index').on(table.realmId, table.createdOn),
    check('invitations_email_lowercase', sql`${table.email} = lower(${table.email})`),
    check('invitations_role_check', sql`${table.role} in ('admin', 'member')`),
    check('invitations_status_check', sql`${table.status} in ('pending', 'accepted', 'expired', 'revoked')`),
  ],
);

/** Every e-mail the server sends, sent or not: `sent_on` when SMTP took it, `error` when it failed. */
export const outboxEmails = pgTable(
  'outbox_emails',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    realmId: realmIdColumn(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    createdOn: timestamp('created_on', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    sentOn: timestamp('sent_on', { withTimezone: true, mode: 'date' }),
    error: text('error'),
  },
  (table) => [index('outbox_emails_realm_index').on(table.realmId, table.createdOn)],
);

/**
 * Events the browser's analytics client sent to the proxy path (RudderStack HTTP API shape), kept when no
 * `ANALYTICS_DATA_PLANE_URL` is set or forwarding failed. `payload` is the event as received.
 */
export const analyticsEvents = pgTable(
  'analytics_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    realmId: realmIdColumn(),
    type: text('type').notNull(),
    payload: jsonb('payload').notNull(),
    receivedOn: timestamp('received_on', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [index('analytics_events_realm_index').on(table.realmId, table.receivedOn)],
);

/**
 * A report of the realm (issue 11 item 4): its name and the status of its newest version. `approved_version` is
 * the version last approved, kept while a newer draft is edited.
 */
export const reports = pgTable(
  'reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    realmId: realmIdColumn(),
    name: text('name').notNull(),
    status: text('status').$type<'draft' | 'in-review' | 'approved'>().notNull().default('draft'),
    latestVersion: integer('latest_version').notNull().default(1),
    approvedVersion: integer('approved_version'),
    createdBy: uuid('created_by'),
    ...timestamps,
  },
  (table) => [
    unique('reports_realm_id_id_unique').on(table.realmId, table.id),
    index('reports_realm_index').on(table.realmId, table.modifiedOn),
    check('reports_status_check', sql`${table.status} in ('draft', 'in-review', 'approved')`),
  ],
);

/**
 * Every save of a report: its ordered sections (jsonb the contract validates). Approval stores `snapshot`, the
 * numbers its sections showed; a trigger refuses any change to an approved version (migration 0022).
 */
export const reportVersions = pgTable(
  'report_versions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    realmId: realmIdColumn(),
    reportId: uuid('report_id').notNull(),
    number: integer('number').notNull(),
    sections: jsonb('sections').notNull(),
    snapshot: jsonb('snapshot'),
    createdBy: text('created_by'),
    createdOn: timestamp('created_on', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    approvedBy: text('approved_by'),
    approvedOn: timestamp('approved_on', { withTimezone: true, mode: 'date' }),
  },
  (table) => [
    uniqueIndex('report_versions_report_number_unique').on(table.realmId, table.reportId, table.number),
    foreignKey({
      name: 'report_versions_report_fk',
      columns: [table.realmId, table.reportId],
      foreignColumns: [reports.realmId, reports.id],
    }).onDelete('cascade'),
    check('report_versions_approval_check', sql`(${table.approvedOn} is null) = (${table.snapshot} is null)`),
  ],
);

/**
 * A report mailed on a cron schedule (issue 11 item 6). `next_run_at` is the slot the schedulers wait for; the one
 * that claims it (`FOR UPDATE SKIP LOCKED`) moves it to the next slot after now, so missed slots run once.
 */
export const reportSchedules = pgTable(
  'report_schedules',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    realmId: realmIdColumn(),
    /** What is mailed: a report, or a saved analysis (exactly one of the two). */
    reportId: uuid('report_id'),
    analysisViewId: uuid('analysis_view_id'),
    cron: text('cron').notNull(),
    timezone: text('timezone').notNull().default('UTC'),
    format: text('format').$type<'pdf' | 'xlsx' | 'csv'>().notNull(),
    recipients: jsonb('recipients').$type<string[]>().notNull(),
    isEnabled: boolean('is_enabled').notNull().default(true),
    nextRunAt: timestamp('next_run_at', { withTimezone: true, mode: 'date' }),
    createdBy: uuid('created_by'),
    ...timestamps,
  },
  (table) => [
    unique('report_schedules_realm_id_id_unique').on(table.realmId, table.id),
    foreignKey({
      name: 'report_schedules_report_fk',
      columns: [table.realmId, table.reportId],
      foreignColumns: [reports.realmId, reports.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'report_schedules_analysis_view_fk',
      columns: [table.realmId, table.analysisViewId],
      foreignColumns: [analysisViews.realmId, analysisViews.id],
    }).onDelete('cascade'),
    index('report_schedules_analysis_view_index').on(table.realmId, table.analysisViewId),
    check(
      'report_schedules_target_check',
      sql`(${table.reportId} is null) <> (${table.analysisViewId} is null)`,
    ),
    index('report_schedules_due_index')
      .on(table.nextRunAt)
      .where(sql`${table.isEnabled}`),
    check('report_schedules_format_check', sql`${table.format} in ('pdf', 'xlsx', 'csv')`),
  ],
);

/** One run of a schedule for one slot: unique per (schedule, slot), the second wall against a double run. */
export const reportScheduleRuns = pgTable(
  'report_schedule_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    realmId: realmIdColumn(),
    scheduleId: uuid('schedule_id').notNull(),
    slot: timestamp('slot', { withTimezone: true, mode: 'date' }).notNull(),
    status: text('status').$type<'running' | 'sent' | 'failed'>().notNull().default('running'),
    error: text('error'),
    startedOn: timestamp('started_on', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    finishedOn: timestamp('finished_on', { withTimezone: true, mode: 'date' }),
  },
  (table) => [
    uniqueIndex('report_schedule_runs_slot_unique').on(table.scheduleId, table.slot),
    foreignKey({
      name: 'report_schedule_runs_schedule_fk',
      columns: [table.realmId, table.scheduleId],
      foreignColumns: [reportSchedules.realmId, reportSchedules.id],
    }).onDelete('cascade'),
    index('report_schedule_runs_schedule_index').on(table.realmId, table.scheduleId, table.startedOn),
    check('report_schedule_runs_status_check', sql`${table.status} in ('running', 'sent', 'failed')`),
  ],
);

export type FacilityRow = typeof facilities.$inferSelect;
export type BusinessUnitRow = typeof businessUnits.$inferSelect;
export type RealmBoundaryRow = typeof realmBoundaries.$inferSelect;
export type IntensityDenominatorRow = typeof intensityDenominators.$inferSelect;
export type InventoryChangeReasonRow = typeof inventoryChangeReasons.$inferSelect;
export type FacilityEmissionYearRow = typeof facilityEmissionYears.$inferSelect;
export type EquipmentTypeRow = typeof equipmentTypes.$inferSelect;
export type EquipmentTypeVersionRow = typeof equipmentTypeVersions.$inferSelect;
export type EquipmentRow = typeof equipment.$inferSelect;
export type EmissionFactorRow = typeof emissionFactors.$inferSelect;
export type ImportBatchRow = typeof importBatches.$inferSelect;
export type ActivityRecordRow = typeof activityRecords.$inferSelect;
export type EmissionResultRow = typeof emissionResultsAllSets.$inferSelect;
export type EmissionMonthTotalRow = typeof emissionMonthTotals.$inferSelect;
export type AuditLogRow = typeof auditLog.$inferSelect;
export type RecalculationRunRow = typeof recalculationRuns.$inferSelect;
export type RoleRow = typeof roles.$inferSelect;
export type GroupRow = typeof groups.$inferSelect;
export type PermissionRow = typeof permissions.$inferSelect;
export type InvitationRow = typeof invitations.$inferSelect;
export type OutboxEmailRow = typeof outboxEmails.$inferSelect;
export type AnalyticsEventRow = typeof analyticsEvents.$inferSelect;

export const ANALYSIS_VIEW_VISIBILITY_VALUES = ['private', 'shared'] as const;

/**
 * A saved analysis (issue 11 item 3, decision 028): a pivot's definition (checked by the contract's request schema
 * before it is stored) with its owner. A private view is its owner's only; a shared view is read by the realm and
 * changed by its owner. Names are unique per owner.
 */
export const analysisViews = pgTable(
  'analysis_views',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    realmId: realmIdColumn(),
    ownerId: uuid('owner_id').notNull(),
    name: text('name').notNull(),
    visibility: text('visibility').$type<(typeof ANALYSIS_VIEW_VISIBILITY_VALUES)[number]>().notNull(),
    definition: jsonb('definition').$type<Record<string, unknown>>().notNull(),
    ...timestamps,
  },
  (table) => [
    foreignKey({
      name: 'analysis_views_owner_fk',
      columns: [table.realmId, table.ownerId],
      foreignColumns: [users.realmId, users.id],
    }).onDelete('cascade'),
    uniqueIndex('analysis_views_owner_name_unique').on(table.realmId, table.ownerId, table.name),
    unique('analysis_views_realm_id_id_unique').on(table.realmId, table.id),
    index('analysis_views_shared_index').on(table.realmId, table.visibility),
    check('analysis_views_visibility_check', sql`${table.visibility} in ('private', 'shared')`),
  ],
);
export type AnalysisViewRow = typeof analysisViews.$inferSelect;
/**
 * What only a Scope 3 line needs, beside the activity record that is the line (decision 029): its method, the
 * supplier, the spend as given (amount, currency, year, price basis, NAICS code) with the index ratio and
 * exchange rate that turned it into the record's quantity, mode, waste type and treatment, the use phase's units
 * and lifetime energy, and the five GHG Protocol data-quality scores. Goes with its record.
 */
export const scope3Lines = pgTable(
  'scope3_lines',
  {
    realmId: uuid('realm_id').notNull(),
    activityRecordId: uuid('activity_record_id').notNull(),
    method: text('method').notNull(),
    description: text('description').notNull(),
    supplier: text('supplier'),
    spendAmount: doublePrecision('spend_amount'),
    spendCurrency: text('spend_currency'),
    spendYear: integer('spend_year'),
    priceBasis: text('price_basis'),
    naicsCode: text('naics_code'),
    indexRatio: doublePrecision('index_ratio'),
    exchangeRate: doublePrecision('exchange_rate'),
    mode: text('mode'),
    wasteType: text('waste_type'),
    wasteTreatment: text('waste_treatment'),
    unitsSold: doublePrecision('units_sold'),
    lifetimeEnergyKwh: doublePrecision('lifetime_energy_kwh'),
    dataQualityTechnological: smallint('dq_technological'),
    dataQualityTemporal: smallint('dq_temporal'),
    dataQualityGeographical: smallint('dq_geographical'),
    dataQualityCompleteness: smallint('dq_completeness'),
    dataQualityReliability: smallint('dq_reliability'),
  },
  (table) => [
    primaryKey({ name: 'scope3_lines_pk', columns: [table.realmId, table.activityRecordId] }),
    foreignKey({
      name: 'scope3_lines_activity_record_fk',
      columns: [table.realmId, table.activityRecordId],
      foreignColumns: [activityRecords.realmId, activityRecords.id],
    }).onDelete('cascade'),
    check(
      'scope3_lines_method_check',
      sql`${table.method} in ('spend', 'average-data', 'distance', 'waste', 'supplier-specific', 'use-phase')`,
    ),
    check(
      'scope3_lines_price_basis_check',
      sql`${table.priceBasis} is null or ${table.priceBasis} in ('purchaser', 'producer')`,
    ),
    check(
      'scope3_lines_data_quality_check',
      sql`coalesce(${table.dataQualityTechnological}, 1) between 1 and 5 and coalesce(${table.dataQualityTemporal}, 1) between 1 and 5 and coalesce(${table.dataQualityGeographical}, 1) between 1 and 5 and coalesce(${table.dataQualityCompleteness}, 1) between 1 and 5 and coalesce(${table.dataQualityReliability}, 1) between 1 and 5`,
    ),
  ],
);

/** The realm's relevance screening of each Scope 3 category; an excluded category carries its reason. */
export const scope3Screenings = pgTable(
  'scope3_screenings',
  {
    realmId: realmIdColumn(),
    category: smallint('category').notNull(),
    isIncluded: boolean('is_included').notNull(),
    relevance: jsonb('relevance').$type<Record<string, boolean>>().notNull(),
    exclusionReason: text('exclusion_reason'),
    ...timestamps,
  },
  (table) => [
    primaryKey({ name: 'scope3_screenings_pk', columns: [table.realmId, table.category] }),
    check('scope3_screenings_category_check', sql`${table.category} between 1 and 15`),
    check(
      'scope3_screenings_exclusion_reason_check',
      sql`${table.isIncluded} or ${table.exclusionReason} is not null`,
    ),
  ],
);

/** A realm's price index by currency and year, with that year's US dollars per unit of the currency. */
export const priceIndexes = pgTable(
  'price_indexes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    realmId: realmIdColumn(),
    currency: text('currency').notNull(),
    year: integer('year').notNull(),
    indexValue: doublePrecision('index_value').notNull(),
    exchangeRate: doublePrecision('exchange_rate'),
    ...timestamps,
  },
  (table) => [
    unique('price_indexes_currency_year_unique').on(table.realmId, table.currency, table.year),
    check('price_indexes_index_value_check', sql`${table.indexValue} > 0`),
    check(
      'price_indexes_exchange_rate_check',
      sql`${table.exchangeRate} is null or ${table.exchangeRate} > 0`,
    ),
  ],
);

export type Scope3LineRow = typeof scope3Lines.$inferSelect;
export type Scope3ScreeningRow = typeof scope3Screenings.$inferSelect;
export type PriceIndexRow = typeof priceIndexes.$inferSelect;
export type ReportRow = typeof reports.$inferSelect;
export type ReportVersionRow = typeof reportVersions.$inferSelect;
export type ReportScheduleRow = typeof reportSchedules.$inferSelect;
export type ReportScheduleRunRow = typeof reportScheduleRuns.$inferSelect;

/**
 * A sector's intensity by year (issue 12, item 2): the pathway an intensity target converges to (SDA-style),
 * `points` ascending by year, kg CO2e per unit of the denominator kind.
 */
export const sectorPathways = pgTable(
  'sector_pathways',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    realmId: realmIdColumn(),
    name: text('name').notNull(),
    denominatorKind: text('denominator_kind').notNull(),
    points: jsonb('points').$type<{ year: number; intensity: number }[]>().notNull(),
    ...timestamps,
  },
  (table) => [
    unique('sector_pathways_realm_id_unique').on(table.realmId, table.id),
    check(
      'sector_pathways_denominator_kind_check',
      sql`${table.denominatorKind} in ('revenue', 'production', 'floor-area', 'headcount')`,
    ),
  ],
);

/**
 * A decarbonisation target of the realm (issue 12, item 2): what it covers, its years, its ambition and the
 * projection's assumption. A sector pathway of the same realm cannot be deleted while a target follows it.
 */
export const pathwayTargets = pgTable(
  'pathway_targets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    realmId: realmIdColumn(),
    name: text('name').notNull(),
    kind: text('kind').notNull(),
    denominatorKind: text('denominator_kind'),
    scopes: smallint('scopes').array().notNull(),
    scope2Method: text('scope2_method').notNull(),
    scope3Categories: smallint('scope3_categories').array().notNull(),
    baseYear: integer('base_year').notNull(),
    targetYear: integer('target_year').notNull(),
    term: text('term').notNull(),
    ambition: text('ambition').notNull(),
    customReductionPercent: numeric('custom_reduction_percent', { mode: 'number' }),
    projectionMethod: text('projection_method').notNull(),
    growthPercent: numeric('growth_percent', { mode: 'number' }),
    sectorPathwayId: uuid('sector_pathway_id'),
    ...timestamps,
  },
  (table) => [
    foreignKey({
      name: 'pathway_targets_sector_pathway_fk',
      columns: [table.realmId, table.sectorPathwayId],
      foreignColumns: [sectorPathways.realmId, sectorPathways.id],
    }),
    index('pathway_targets_realm_idx').on(table.realmId),
    check('pathway_targets_kind_check', sql`${table.kind} in ('absolute', 'intensity')`),
    check('pathway_targets_years_check', sql`${table.targetYear} > ${table.baseYear}`),
    check('pathway_targets_term_check', sql`${table.term} in ('near-term', 'long-term', 'net-zero')`),
    check(
      'pathway_targets_ambition_check',
      sql`${table.ambition} in ('1.5C', 'well-below-2C', 'long-term-90', 'custom')`,
    ),
    check(
      'pathway_targets_custom_reduction_check',
      sql`${table.customReductionPercent} is null or ${table.customReductionPercent} between 0 and 100`,
    ),
    check(
      'pathway_targets_projection_check',
      sql`${table.projectionMethod} in ('linear-trend', 'compound-growth')`,
    ),
    check('pathway_targets_scope2_method_check', sql`${table.scope2Method} in ('location', 'market')`),
  ],
);

export type SectorPathwayRow = typeof sectorPathways.$inferSelect;
export type PathwayTargetRow = typeof pathwayTargets.$inferSelect;

/**
 * Public reference data, not a realm's (decision 033): one EPA GHGRP facility-year a row, the public peers of
 * benchmarks. `reported_co2e_kg` is EPA's total as published, on `reported_gwp_set_id` (AR4 for GHGRP through
 * 2023); `gas_kg` the single gases' masses recovered from it, `mixtures_co2e_kg` the gas groups EPA publishes only
 * as CO2e (AR4), and `co2e_kg_by_gwp_set` the total re-based to every set the product knows. Every signed-in realm
 * reads it; only the operator's command line (and `npm start`, as the owner) writes it.
 */
export const referenceGhgrpFacilityYears = pgTable(
  'reference_ghgrp_facility_years',
  {
    source: text('source').notNull(),
    year: integer('year').notNull(),
    ghgrpId: text('ghgrp_id').notNull(),
    name: text('name').notNull(),
    city: text('city'),
    state: text('state'),
    /** The primary NAICS code as EPA lists it (6 digits, as text). */
    naics: text('naics'),
    sector: text('sector').notNull(),
    reportedCo2eKg: numeric('reported_co2e_kg', { mode: 'number' }).notNull(),
    reportedGwpSetId: text('reported_gwp_set_id').notNull(),
    gasKg: jsonb('gas_kg').$type<Record<string, number>>().notNull(),
    mixturesCo2eKg: jsonb('mixtures_co2e_kg').$type<Record<string, number>>().notNull(),
    co2eKgByGwpSet: jsonb('co2e_kg_by_gwp_set').$type<Record<string, number>>().notNull(),
    biogenicCo2Kg: numeric('biogenic_co2_kg', { mode: 'number' }),
  },
  (table) => [
    primaryKey({ columns: [table.source, table.year, table.ghgrpId] }),
    index('reference_ghgrp_facility_years_naics_index').on(table.source, table.naics, table.year),
  ],
);

/** Which reference data set (source and year) was loaded from which file, so start-up loads it only once. */
export const referenceDatasetLoads = pgTable(
  'reference_dataset_loads',
  {
    source: text('source').notNull(),
    year: integer('year').notNull(),
    fileName: text('file_name').notNull(),
    fileSha256: text('file_sha256').notNull(),
    rowCount: integer('row_count').notNull(),
    loadedOn: timestamp('loaded_on', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.source, table.year] })],
);

export type ReferenceGhgrpFacilityYearRow = typeof referenceGhgrpFacilityYears.$inferSelect;
export type ReferenceDatasetLoadRow = typeof referenceDatasetLoads.$inferSelect;

/**
 * The realm's library of abatement measures (issue 12, item 3). `abatement_kg` for an absolute figure, or
 * `abatement_percent` of the emission source the measure applies to (facility × scope, or equipment type).
 * Facility and equipment type are checked on write and carry no foreign key: a measure outlives a removed source,
 * whose share then converts to nothing. `starter_key`: the starter-set entry it was added from.
 */
export const abatementMeasures = pgTable(
  'abatement_measures',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    realmId: realmIdColumn(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    facilityId: uuid('facility_id'),
    equipmentTypeId: uuid('equipment_type_id'),
    scope: smallint('scope'),
    abatementKind: text('abatement_kind').notNull(),
    abatementKg: doublePrecision('abatement_kg'),
    abatementPercent: doublePrecision('abatement_percent'),
    capex: doublePrecision('capex').notNull(),
    annualCost: doublePrecision('annual_cost').notNull(),
    lifetime: integer('lifetime').notNull(),
    earliestYear: integer('earliest_year'),
    exclusiveGroup: text('exclusive_group'),
    prerequisites: uuid('prerequisites')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    sourceCitation: text('source_citation').notNull().default(''),
    sourceUrl: text('source_url').notNull().default(''),
    starterKey: text('starter_key'),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('abatement_measures_realm_name_unique').on(table.realmId, sql`lower(${table.name})`),
    uniqueIndex('abatement_measures_realm_starter_unique')
      .on(table.realmId, table.starterKey)
      .where(sql`${table.starterKey} is not null`),
    check('abatement_measures_kind_check', sql`${table.abatementKind} in ('absolute', 'share')`),
    check(
      'abatement_measures_amount_check',
      sql`(${table.abatementKind} = 'absolute' and ${table.abatementKg} >= 0 and ${table.abatementPercent} is null) or (${table.abatementKind} = 'share' and ${table.abatementPercent} > 0 and ${table.abatementPercent} <= 100 and ${table.abatementKg} is null)`,
    ),
    check('abatement_measures_scope_check', sql`${table.scope} is null or ${table.scope} between 1 and 3`),
    check('abatement_measures_lifetime_check', sql`${table.lifetime} >= 1`),
    check('abatement_measures_capex_check', sql`${table.capex} >= 0`),
  ],
);

export type AbatementMeasureRow = typeof abatementMeasures.$inferSelect;

/*
 * Realm calculations (issue 13 item 2, decision 037): formulas in the calculation language, kept in folders, with
 * numbered versions (a published one never changes: trigger of migration 0028), tests, and bindings that make the
 * engine run a calculation for an activity type or an equipment type. Child realms read their ancestors' rows
 * (policy `inherited_rows_readable`) and override a binding with their own.
 */

export const CALCULATION_VERSION_STATES = ['draft', 'published'] as const;
export type CalculationVersionState = (typeof CALCULATION_VERSION_STATES)[number];
export const CALCULATION_BINDING_KINDS = ['activity-type', 'equipment-type'] as const;
export type CalculationBindingKind = (typeof CALCULATION_BINDING_KINDS)[number];

/** One declared parameter of a calculation version: what `:name` means, in which unit. */
export interface CalculationParameterDeclaration {
  readonly name: string;
  readonly unit: string;
  readonly description: string;
}

export const calculationFolders = pgTable(
  'calculation_folders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    realmId: realmIdColumn(),
    parentId: uuid('parent_id'),
    name: text('name').notNull(),
    ...timestamps,
  },
  (table) => [
    unique('calculation_folders_realm_id_id_unique').on(table.realmId, table.id),
    unique('calculation_folders_name_unique')
      .on(table.realmId, table.parentId, table.name)
      .nullsNotDistinct(),
    foreignKey({
      name: 'calculation_folders_parent_fk',
      columns: [table.realmId, table.parentId],
      foreignColumns: [table.realmId, table.id],
    }).onDelete('cascade'),
  ],
);

export const calculations = pgTable(
  'calculations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    realmId: realmIdColumn(),
    folderId: uuid('folder_id'),
    /** What other formulas call it by (`#name`): unique in the realm. */
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    ...timestamps,
  },
  (table) => [
    unique('calculations_realm_id_id_unique').on(table.realmId, table.id),
    uniqueIndex('calculations_realm_name_unique').on(table.realmId, table.name),
    foreignKey({
      name: 'calculations_folder_fk',
      columns: [table.realmId, table.folderId],
      foreignColumns: [calculationFolders.realmId, calculationFolders.id],
    }),
  ],
);

export const calculationVersions = pgTable(
  'calculation_versions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    realmId: realmIdColumn(),
    calculationId: uuid('calculation_id').notNull(),
    number: integer('number').notNull(),
    formula: text('formula').notNull(),
    parameters: jsonb('parameters').$type<CalculationParameterDeclaration[]>().notNull().default([]),
    state: text('state').$type<CalculationVersionState>().notNull().default('draft'),
    authorId: uuid('author_id'),
    createdOn: timestamp('created_on', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    publishedOn: timestamp('published_on', { withTimezone: true, mode: 'date' }),
  },
  (table) => [
    unique('calculation_versions_realm_id_id_unique').on(table.realmId, table.id),
    uniqueIndex('calculation_versions_number_unique').on(table.realmId, table.calculationId, table.number),
    check('calculation_versions_state_check', sql`${table.state} in ('draft', 'published')`),
    foreignKey({
      name: 'calculation_versions_calculation_fk',
      columns: [table.realmId, table.calculationId],
      foreignColumns: [calculations.realmId, calculations.id],
    }).onDelete('cascade'),
  ],
);

/** A worked case: inputs and the expected CO2e (kg) or per-gas masses, within an absolute tolerance (kg). */
export const calculationTests = pgTable(
  'calculation_tests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    realmId: realmIdColumn(),
    calculationId: uuid('calculation_id').notNull(),
    name: text('name').notNull(),
    inputs: jsonb('inputs').$type<Record<string, unknown>>().notNull().default({}),
    expectedValue: doublePrecision('expected_value'),
    expectedGases: jsonb('expected_gases').$type<Record<string, number>>(),
    tolerance: doublePrecision('tolerance').notNull().default(1e-6),
    ...timestamps,
  },
  (table) => [
    unique('calculation_tests_realm_id_id_unique').on(table.realmId, table.id),
    uniqueIndex('calculation_tests_name_unique').on(table.realmId, table.calculationId, table.name),
    check(
      'calculation_tests_expectation_check',
      sql`${table.expectedValue} is not null or ${table.expectedGases} is not null`,
    ),
    check('calculation_tests_tolerance_check', sql`${table.tolerance} >= 0`),
    foreignKey({
      name: 'calculation_tests_calculation_fk',
      columns: [table.realmId, table.calculationId],
      foreignColumns: [calculations.realmId, calculations.id],
    }).onDelete('cascade'),
  ],
);

/** One test run against one version: what it answered and whether that was expected. */
export const calculationTestRuns = pgTable(
  'calculation_test_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    realmId: realmIdColumn(),
    versionId: uuid('version_id').notNull(),
    testId: uuid('test_id').notNull(),
    isPassed: boolean('is_passed').notNull(),
    actualValue: doublePrecision('actual_value'),
    actualGases: jsonb('actual_gases').$type<Record<string, number>>(),
    message: text('message').notNull().default(''),
    ranOn: timestamp('ran_on', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    index('calculation_test_runs_version_index').on(table.realmId, table.versionId, table.ranOn),
    foreignKey({
      name: 'calculation_test_runs_version_fk',
      columns: [table.realmId, table.versionId],
      foreignColumns: [calculationVersions.realmId, calculationVersions.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'calculation_test_runs_test_fk',
      columns: [table.realmId, table.testId],
      foreignColumns: [calculationTests.realmId, calculationTests.id],
    }).onDelete('cascade'),
  ],
);

/**
 * The calculation the engine runs for a realm's records of one activity type or equipment type (by key), using
 * its latest published version. The calculation may be the realm's own or an ancestor's (no foreign key on the
 * realm: an inherited calculation lives in another realm).
 */
export const calculationBindings = pgTable(
  'calculation_bindings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    realmId: realmIdColumn(),
    targetKind: text('target_kind').$type<CalculationBindingKind>().notNull(),
    targetKey: text('target_key').notNull(),
    calculationId: uuid('calculation_id')
      .notNull()
      .references(() => calculations.id, { onDelete: 'cascade' }),
    createdBy: uuid('created_by'),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('calculation_bindings_target_unique').on(table.realmId, table.targetKind, table.targetKey),
    check('calculation_bindings_kind_check', sql`${table.targetKind} in ('activity-type', 'equipment-type')`),
  ],
);

/** A realm's lookup table for LOOKUP (issue 13 item 6); its rows come in versions, each in force from its date. */
export const calculationDatasets = pgTable(
  'calculation_datasets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    realmId: realmIdColumn(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    ...timestamps,
  },
  (table) => [
    unique('calculation_datasets_realm_id_id_unique').on(table.realmId, table.id),
    uniqueIndex('calculation_datasets_name_unique').on(table.realmId, table.name),
  ],
);

export const calculationDatasetVersions = pgTable(
  'calculation_dataset_versions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    realmId: realmIdColumn(),
    datasetId: uuid('dataset_id').notNull(),
    number: integer('number').notNull(),
    /** In force for records dated on or after this day, until a later version's date. */
    asOf: date('as_of', { mode: 'string' }).notNull(),
    columns: text('columns').array().notNull(),
    rows: jsonb('rows').$type<Record<string, string | number | null>[]>().notNull(),
    fileName: text('file_name').notNull().default(''),
    importedBy: uuid('imported_by'),
    createdOn: timestamp('created_on', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('calculation_dataset_versions_number_unique').on(
      table.realmId,
      table.datasetId,
      table.number,
    ),
    index('calculation_dataset_versions_as_of_index').on(table.realmId, table.datasetId, table.asOf),
    foreignKey({
      name: 'calculation_dataset_versions_dataset_fk',
      columns: [table.realmId, table.datasetId],
      foreignColumns: [calculationDatasets.realmId, calculationDatasets.id],
    }).onDelete('cascade'),
  ],
);

export type CalculationFolderRow = typeof calculationFolders.$inferSelect;
export type CalculationRow = typeof calculations.$inferSelect;
export type CalculationVersionRow = typeof calculationVersions.$inferSelect;
export type CalculationTestRow = typeof calculationTests.$inferSelect;
export type CalculationTestRunRow = typeof calculationTestRuns.$inferSelect;
export type CalculationBindingRow = typeof calculationBindings.$inferSelect;
export type CalculationDatasetRow = typeof calculationDatasets.$inferSelect;
export type CalculationDatasetVersionRow = typeof calculationDatasetVersions.$inferSelect;
/**
 * A user's conversation with the assistant on `/context-ai` (issue 14, item 4): private to its user, gone with
 * them; `title` is its first question, shortened.
 */
export const assistantConversations = pgTable(
  'assistant_conversations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    realmId: realmIdColumn(),
    userId: uuid('user_id').notNull(),
    title: text('title').notNull(),
    ...timestamps,
  },
  (table) => [
    foreignKey({
      name: 'assistant_conversations_user_fk',
      columns: [table.realmId, table.userId],
      foreignColumns: [users.realmId, users.id],
    }).onDelete('cascade'),
    unique('assistant_conversations_realm_id_id_unique').on(table.realmId, table.id),
    index('assistant_conversations_user_index').on(table.realmId, table.userId, table.modifiedOn),
  ],
);
export type AssistantConversationRow = typeof assistantConversations.$inferSelect;

/** A question or an answer of a conversation; an answer keeps its facts, citations and tool calls (`answer`). */
export const assistantMessages = pgTable(
  'assistant_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    realmId: realmIdColumn(),
    conversationId: uuid('conversation_id').notNull(),
    role: text('role').$type<'user' | 'assistant'>().notNull(),
    text: text('text').notNull(),
    answer: jsonb('answer').$type<Record<string, unknown>>(),
    createdOn: timestamp('created_on', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    foreignKey({
      name: 'assistant_messages_conversation_fk',
      columns: [table.realmId, table.conversationId],
      foreignColumns: [assistantConversations.realmId, assistantConversations.id],
    }).onDelete('cascade'),
    index('assistant_messages_conversation_index').on(table.realmId, table.conversationId, table.createdOn),
    check('assistant_messages_role_check', sql`${table.role} in ('user', 'assistant')`),
  ],
);
export type AssistantMessageRow = typeof assistantMessages.$inferSelect;
