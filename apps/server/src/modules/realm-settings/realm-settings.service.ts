import {
  toEditableTheme,
  toStoredTheme,
  withLicenceRevisions,
  type ApplicationConfig,
  type Legal,
  type RealmConfig,
  type RealmLegalSettings,
  type RealmSettings,
  type RealmSettingsResponse,
  type RealmThemeSettings,
  DEFAULT_SESSION_LIFETIME_HOURS,
  sessionLifetimeHoursSchema,
} from '@ecc/contracts';
import {
  createAuditLogRepository,
  createEmissionResultRepository,
  createRealmConfigRepository,
  type Database,
  type RealmPropertiesRow,
  type UserRow,
  auditActorOf,
} from '@ecc/db';
import { realmGwpSetId } from '@ecc/domain';
import { HttpError } from '#platform/errors.ts';
import { REALM_NOT_FOUND } from '#platform/target-realm.ts';

/** Audit entity types: one per part of a realm's settings, the realm's id as entity id. */
export const THEME_ENTITY = 'realm-theme';
export const LEGAL_ENTITY = 'realm-legal';
export const SETTINGS_ENTITY = 'realm-settings';

function applicationOf(config: RealmConfig): ApplicationConfig {
  const application = config.applications[0];
  if (!application) throw new Error('Realm has no application');
  return application;
}

/** The config with its first application changed; the realm's other applications stay as they are. */
function withApplication(config: RealmConfig, application: ApplicationConfig): RealmConfig {
  return { ...config, applications: [application, ...config.applications.slice(1)] };
}

function themeSettingsOf(config: RealmConfig): RealmThemeSettings {
  const themes = config.themes.map(toEditableTheme);
  const entry = applicationOf(config).themes?.[0];
  // A selection of a theme that is gone means the first theme, as in the browser: answer that.
  const selected = themes.some((theme) => theme.id === entry?.selected) ? entry?.selected : undefined;
  return { themes, ...(selected ? { selected } : {}), overrides: entry?.overrides ?? [] };
}

/** The application's legal settings, each licence with its revision (1 for one stored without). */
function legalOf(config: RealmConfig): Legal {
  const legal = applicationOf(config).legal ?? {};
  return legal.licences
    ? {
        ...legal,
        licences: legal.licences.map((licence) => ({ ...licence, revision: licence.revision ?? 1 })),
      }
    : legal;
}

/** What each change works on: the realm locked in a transaction, and a way to store and audit it. */
interface LockedChange {
  realm: RealmPropertiesRow;
  store(
    properties: Record<string, unknown>,
    audit: { before: unknown; after: unknown; entityType: string },
  ): Promise<void>;
}

/**
 * Runs `change` in one transaction with the realm row locked: what it stores and its audit entry commit together,
 * or neither does. A realm removed since the access check answers 404.
 */
async function changeRealm<Result>(
  db: Database,
  realmId: string,
  actor: UserRow,
  change: (locked: LockedChange) => Promise<Result>,
): Promise<Result> {
  return db.transaction(async (transaction) => {
    const repository = createRealmConfigRepository(transaction);
    const realm = await repository.findForUpdate(realmId);
    if (!realm) throw new HttpError(404, REALM_NOT_FOUND);
    return change({
      realm,
      async store(properties, { before, after, entityType }) {
        await repository.updateProperties(realmId, properties);
        await createAuditLogRepository(transaction).append(realmId, {
          ...auditActorOf(actor),
          action: 'update',
          entityType,
          entityId: realmId,
          before,
          after,
        });
      },
    });
  });
}

function isSame(left: unknown, right: unknown): boolean {
  return JSON.stringify(left) === JSON.stringify(right);
}

export async function readThemeSettings(db: Database, realmId: string): Promise<RealmThemeSettings> {
  const realm = await createRealmConfigRepository(db).findConfig(realmId);
  if (!realm) throw new HttpError(404, REALM_NOT_FOUND);
  return themeSettingsOf(realm.config);
}

/**
 * Stores the realm's themes (colours kept as stored where the hex is unchanged) and its application's selection
 * and overrides; the theme entry's other fields are kept. An unchanged submission writes nothing.
 */
export async function updateThemeSettings(
  db: Database,
  realmId: string,
  actor: UserRow,
  settings: RealmThemeSettings,
): Promise<RealmThemeSettings> {
  return changeRealm(db, realmId, actor, async ({ realm, store }) => {
    const before = themeSettingsOf(realm.config);
    const storedById = new Map(realm.config.themes.map((theme) => [theme.id, theme]));
    const application = applicationOf(realm.config);
    const [entry, ...otherEntries] = application.themes ?? [];
    const config = withApplication(
      {
        ...realm.config,
        themes: settings.themes.map((theme) => toStoredTheme(theme, storedById.get(theme.id))),
      },
      {
        ...application,
        themes: [{ ...entry, selected: settings.selected, overrides: settings.overrides }, ...otherEntries],
      },
    );
    const after = themeSettingsOf(config);
    if (!isSame(before, after)) {
      await store({ ...realm.properties, config }, { before, after, entityType: THEME_ENTITY });
    }
    return after;
  });
}

export async function readLegalSettings(db: Database, realmId: string): Promise<Legal> {
  const realm = await createRealmConfigRepository(db).findConfig(realmId);
  if (!realm) throw new HttpError(404, REALM_NOT_FOUND);
  return legalOf(realm.config);
}

/**
 * Replaces the application's legal settings. Each licence gets its revision from the stored one (see
 * `withLicenceRevisions`), so users accept a new or reworded licence on their next visit.
 */
export async function updateLegalSettings(
  db: Database,
  realmId: string,
  actor: UserRow,
  legal: RealmLegalSettings,
): Promise<Legal> {
  return changeRealm(db, realmId, actor, async ({ realm, store }) => {
    const before = legalOf(realm.config);
    const after: Legal = {
      ...legal,
      ...(legal.licences ? { licences: withLicenceRevisions(before.licences ?? [], legal.licences) } : {}),
    };
    if (!isSame(before, after)) {
      const config = withApplication(realm.config, { ...applicationOf(realm.config), legal: after });
      await store({ ...realm.properties, config }, { before, after, entityType: LEGAL_ENTITY });
    }
    return after;
  });
}

/** The settings as stored in the realm's properties, with their defaults. */
function settingsOf(properties: Readonly<Record<string, unknown>>): RealmSettings {
  const lifetime = sessionLifetimeHoursSchema.safeParse(properties.sessionLifetimeHours);
  return {
    gwpSetId: realmGwpSetId(properties),
    sessionLifetimeHours: lifetime.success ? lifetime.data : DEFAULT_SESSION_LIFETIME_HOURS,
  };
}

async function settingsResponse(db: Database, realmId: string, settings: RealmSettings) {
  const hasResultsOnOtherGwpSets = await createEmissionResultRepository(db).hasResultsOutsideGwpSet(
    realmId,
    settings.gwpSetId,
  );
  return { ...settings, hasResultsOnOtherGwpSets };
}

export async function readRealmSettings(db: Database, realmId: string): Promise<RealmSettingsResponse> {
  const realm = await createRealmConfigRepository(db).findConfig(realmId);
  if (!realm) throw new HttpError(404, REALM_NOT_FOUND);
  return settingsResponse(db, realmId, settingsOf(realm.properties));
}

/**
 * Sets the realm's GWP set (`properties.gwpSetId`; results already stored keep theirs until recalculated) and its
 * absolute session lifetime (`properties.sessionLifetimeHours`, which sessions already open obey from their next
 * request).
 */
export async function updateRealmSettings(
  db: Database,
  realmId: string,
  actor: UserRow,
  settings: RealmSettings,
): Promise<RealmSettingsResponse> {
  await changeRealm(db, realmId, actor, async ({ realm, store }) => {
    const before = settingsOf(realm.properties);
    const isStored =
      realm.properties.gwpSetId === settings.gwpSetId &&
      before.sessionLifetimeHours === settings.sessionLifetimeHours;
    if (isStored) return;
    await store(
      { ...realm.properties, ...settings },
      { before, after: settings, entityType: SETTINGS_ENTITY },
    );
  });
  return settingsResponse(db, realmId, settings);
}
