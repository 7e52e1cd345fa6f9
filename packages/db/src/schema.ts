import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
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
    ...timestamps,
  },
  (table) => [
    uniqueIndex('users_realm_id_email_unique').on(table.realmId, table.email),
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

export type RealmRow = typeof realms.$inferSelect;
export type UserRow = typeof users.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;
