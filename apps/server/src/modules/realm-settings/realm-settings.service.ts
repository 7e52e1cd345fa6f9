import {
  toEditableTheme,
  toStoredTheme,
  withLicenceRevisions,
  type ApplicationConfig,
  type Legal,
  type RealmConfig,
  type RealmLegalSettings,
  type RealmSessionSettings,
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
  readRealmGwpSetId,
  REALM_SETTINGS_ENTITY,
  type Database,
  type RealmPropertiesRow,
  type RecalculationRunRow,
  type UserRow,
  auditActorOf,
} from '@ecc/db';
import { HttpError } from '#platform/errors.ts';
import { toRecalculationRunDto, type RecalculationStarter } from '#platform/recalculations.ts';
import { REALM_NOT_FOUND } from '#platform/target-realm.ts';

/** Audit entity types: one per part of a realm's settings, the realm's id as entity id. */
export const THEME_ENTITY = 'realm-theme';
export const LEGAL_ENTITY = 'realm-legal';
export const SETTINGS_ENTITY = REALM_SETTINGS_ENTITY;
export const SESSION_ENTITY = 'realm-session-settings';
export const RECALCULATION_UNDER_WAY =
  'A recalculation of this realm is under way; change the GWP set once it has finished';

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

/** The realm's session settings as stored, with their default. */
function sessionSettingsOf(properties: Readonly<Record<string, unknown>>): RealmSessionSettings {
  const stored = sessionLifetimeHoursSchema.safeParse(properties.sessionLifetimeHours);
  return { sessionLifetimeHours: stored.success ? stored.data : DEFAULT_SESSION_LIFETIME_HOURS };
}

export async function readSessionSettings(db: Database, realmId: string): Promise<RealmSessionSettings> {
  const realm = await createRealmConfigRepository(db).findConfig(realmId);
  if (!realm) throw new HttpError(404, REALM_NOT_FOUND);
  return sessionSettingsOf(realm.properties);
}

/**
 * Sets how long the realm's sessions last at most after sign-in (`properties.sessionLifetimeHours`); sessions
 * already open obey it from their next request. Audited as `realm-session-settings`.
 */
export async function updateSessionSettings(
  db: Database,
  realmId: string,
  actor: UserRow,
  settings: RealmSessionSettings,
): Promise<RealmSessionSettings> {
  return changeRealm(db, realmId, actor, async ({ realm, store }) => {
    const before = sessionSettingsOf(realm.properties);
    if (!isSame(before, settings) || realm.properties.sessionLifetimeHours === undefined) {
      await store(
        { ...realm.properties, ...settings },
        { before, after: settings, entityType: SESSION_ENTITY },
      );
    }
    return settings;
  });
}

async function settingsResponse(
  db: Database,
  realmId: string,
  unfinished: RecalculationRunRow | undefined,
): Promise<RealmSettingsResponse> {
  const gwpSetId = await readRealmGwpSetId(db, realmId);
  const hasResultsOnOtherGwpSets = await createEmissionResultRepository(db).hasResultsOutsideGwpSet(
    realmId,
    gwpSetId,
  );
  return {
    gwpSetId,
    recalculation: unfinished ? toRecalculationRunDto(unfinished) : null,
    hasResultsOnOtherGwpSets,
  };
}

export async function readRealmSettings(
  db: Database,
  recalculations: RecalculationStarter,
  realmId: string,
): Promise<RealmSettingsResponse> {
  return settingsResponse(db, realmId, await recalculations.findUnfinished(realmId));
}

/**
 * Moves the realm to another GWP set: starts the recalculation whose last step switches the realm's setting
 * with every result on the new set at once (decision 020), so totals never mix sets. The set the realm has
 * already changes nothing; while another recalculation of the realm runs, 409. The switch is audited when it
 * happens (entity `realm-settings`, naming the recalculation).
 */
export async function updateRealmSettings(
  db: Database,
  recalculations: RecalculationStarter,
  realmId: string,
  actor: UserRow,
  settings: RealmSettings,
): Promise<{ settings: RealmSettingsResponse; isStarted: boolean }> {
  const unfinished = await recalculations.findUnfinished(realmId);
  if (unfinished) {
    if (unfinished.gwpSetId === settings.gwpSetId) {
      return { settings: await settingsResponse(db, realmId, unfinished), isStarted: false };
    }
    throw new HttpError(409, RECALCULATION_UNDER_WAY);
  }
  if ((await readRealmGwpSetId(db, realmId)) === settings.gwpSetId) {
    return { settings: await settingsResponse(db, realmId, undefined), isStarted: false };
  }
  const run = await recalculations.start(realmId, { gwp: settings.gwpSetId, createdBy: actor.id });
  // Another request started one between the check and the start: the database's one-run rule answered.
  if (!run) throw new HttpError(409, RECALCULATION_UNDER_WAY);
  return { settings: await settingsResponse(db, realmId, run), isStarted: true };
}
