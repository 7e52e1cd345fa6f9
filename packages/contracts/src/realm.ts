import { z } from './zod.ts';
import { defineEndpoint } from './endpoint.ts';
import { applicationConfigSchema, type ApplicationConfig } from './application-config.ts';
import { gwpSetIdSchema } from './gwp-set.ts';
import { storedThemeSchema } from './theme.ts';
import { isoDateSchema, realmKeySchema, uuidSchema } from './validation.ts';

/**
 * A session's absolute lifetime (OWASP ASVS 5.0, 7.3.2): besides the inactivity timeout (`authSessionLength`), a
 * session ends this many hours after sign-in however active it is. A realm setting; 12 hours unless set.
 */
export const DEFAULT_SESSION_LIFETIME_HOURS = 12;
export const MAX_SESSION_LIFETIME_HOURS = 30 * 24;
export const sessionLifetimeHoursSchema = z
  .number({ message: 'Must be a whole number of hours' })
  .int('Must be a whole number of hours')
  .min(1, 'Must be at least 1 hour')
  .max(MAX_SESSION_LIFETIME_HOURS, `Must be at most ${MAX_SESSION_LIFETIME_HOURS} hours (30 days)`);

export const realmConfigSchema = z.object({
  applications: z.array(applicationConfigSchema).min(1, 'A realm needs at least one application'),
  themes: z.array(storedThemeSchema).default([]),
  logo: z.string().optional(),
});

/** A realm (tenant) as the API returns it and as `realm export` / `realm import` exchange it (spec section 3). */
export const realmSchema = z.object({
  id: uuidSchema,
  active: z.boolean(),
  realm: z.string().min(1),
  name: z.string().min(1),
  type: z.string().min(1),
  domains: z.array(z.string().min(1)),
  key: realmKeySchema,
  parentKey: realmKeySchema.nullable().default(null),
  'created-by': uuidSchema.nullable(),
  'modified-by': uuidSchema.nullable(),
  'created-on': isoDateSchema,
  'modified-on': isoDateSchema,
  properties: z.object({
    config: realmConfigSchema,
    /** The realm's reporting GWP set; AR5, the product's reporting set, when absent. */
    gwpSetId: gwpSetIdSchema.optional(),
    /** How long a session lasts at most, however active (`DEFAULT_SESSION_LIFETIME_HOURS` when absent). */
    sessionLifetimeHours: sessionLifetimeHoursSchema.optional(),
  }),
});
export type Realm = z.infer<typeof realmSchema>;
export type RealmConfig = z.infer<typeof realmConfigSchema>;

/** What `realm import` accepts: a realm, where the server fills id and audit fields when absent. */
export const realmImportSchema = realmSchema.partial({
  id: true,
  'created-by': true,
  'modified-by': true,
  'created-on': true,
  'modified-on': true,
});
export type RealmImport = z.infer<typeof realmImportSchema>;

export const configResponseSchema = z.object({ realm: realmSchema });
export type ConfigResponse = z.infer<typeof configResponseSchema>;

/** The realm of the request's host (spec section 7). */
export const configEndpoints = {
  get: defineEndpoint({
    method: 'GET',
    path: '/api/config',
    // 304: the realm is as the entity tag in `If-None-Match` names it (the browser's cache answers the caller).
    responses: { 200: configResponseSchema, 304: z.null() },
  }),
};

/** The application this product runs as: the realm's first application. */
/** The realm's absolute session lifetime in hours. */
export function sessionLifetimeHoursOf(realm: Pick<Realm, 'properties'>): number {
  return realm.properties.sessionLifetimeHours ?? DEFAULT_SESSION_LIFETIME_HOURS;
}

export function currentApplication(realm: Pick<Realm, 'properties'>): ApplicationConfig {
  const application = realm.properties.config.applications[0];
  if (!application) throw new Error('Realm has no application');
  return application;
}
