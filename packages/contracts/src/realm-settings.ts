import { apiErrorSchema } from './api-error.ts';
import { legalSchema, themeOverrideSchema } from './application-config.ts';
import { gwpSetIdSchema } from './gwp-set.ts';
import { defineEndpoint } from './endpoint.ts';
import { sessionLifetimeHoursSchema } from './realm.ts';
import { recalculationRunSchema } from './recalculations.ts';
import { themeSchema } from './theme.ts';
import { uuidSchema } from './validation.ts';
import { z } from './zod.ts';

/*
 * A realm's own settings (issue 3, item 11): its themes, its application's legal texts and its GWP set, each
 * addressed by the realm's id so that the operator's administrators manage other realms with the same calls.
 */

export const THEME_NOT_FOUND_MESSAGE = 'Choose one of the realm’s themes';
export const DUPLICATE_THEME_ID_MESSAGE = 'Another theme has this id';
export const DUPLICATE_OVERRIDE_PATH_MESSAGE = 'Another override has this path';
export const DUPLICATE_LICENCE_ID_MESSAGE = 'Another licence has this id';
export const OVERRIDE_PATH_MESSAGE = 'A path starts with /';

/** A realm-addressed route's realm: its id (the realm comes from the path, the caller's rights from the session). */
export const realmParamsSchema = z.object({ realmId: uuidSchema });

/** Adds `message` at `[field, index, key]` for every item whose key an earlier item already used. */
function flagDuplicates(
  items: readonly Record<string, unknown>[],
  field: string,
  key: string,
  message: string,
  context: z.RefinementCtx,
): void {
  const seen = new Set<unknown>();
  items.forEach((item, index) => {
    if (seen.has(item[key])) context.addIssue({ code: 'custom', path: [field, index, key], message });
    seen.add(item[key]);
  });
}

/**
 * The realm's themes (colours as hex) with the one its application uses (`selected`; the first theme when
 * absent) and the paths that use another (`overrides`, the longest matching path winning). The API answers with
 * these fields as stored; what it accepts must also hang together (`realmThemeSettingsSchema`).
 */
export const realmThemeSettingsFieldsSchema = z.object({
  themes: z.array(themeSchema),
  selected: z.string().min(1).optional(),
  overrides: z.array(themeOverrideSchema).default([]),
});

export const realmThemeSettingsSchema = realmThemeSettingsFieldsSchema
  .extend({
    overrides: z
      .array(themeOverrideSchema.extend({ path: z.string().startsWith('/', OVERRIDE_PATH_MESSAGE) }))
      .default([]),
  })
  .superRefine((settings, context) => {
    const ids = new Set(settings.themes.map((theme) => theme.id));
    flagDuplicates(settings.themes, 'themes', 'id', DUPLICATE_THEME_ID_MESSAGE, context);
    flagDuplicates(settings.overrides, 'overrides', 'path', DUPLICATE_OVERRIDE_PATH_MESSAGE, context);
    if (settings.selected !== undefined && !ids.has(settings.selected)) {
      context.addIssue({ code: 'custom', path: ['selected'], message: THEME_NOT_FOUND_MESSAGE });
    }
    settings.overrides.forEach((override, index) => {
      if (!ids.has(override.selected)) {
        context.addIssue({
          code: 'custom',
          path: ['overrides', index, 'selected'],
          message: THEME_NOT_FOUND_MESSAGE,
        });
      }
    });
  });
export type RealmThemeSettings = z.infer<typeof realmThemeSettingsSchema>;
export type RealmThemeSettingsInput = z.input<typeof realmThemeSettingsSchema>;

/**
 * The application's legal texts and the licences users accept (the API answers with `legalSchema`); the server
 * keeps each licence's revision.
 */
export const realmLegalSettingsSchema = legalSchema.superRefine((legal, context) =>
  flagDuplicates(legal.licences ?? [], 'licences', 'id', DUPLICATE_LICENCE_ID_MESSAGE, context),
);
export type RealmLegalSettings = z.infer<typeof realmLegalSettingsSchema>;

/**
 * The realm's reporting GWP set (`properties.gwpSetId`). Setting another one starts the recalculation that moves
 * the realm to it: every result is calculated on the new set unseen, then the realm switches with all of them
 * at once (decision 020). Until then the realm reports on its current set.
 */
export const realmSettingsSchema = z.object({ gwpSetId: gwpSetIdSchema });
export type RealmSettings = z.infer<typeof realmSettingsSchema>;

export const realmSettingsResponseSchema = realmSettingsSchema.extend({
  /** The realm's recalculation under way, if any (on `gwp`, the set the realm moves to when it completes). */
  recalculation: recalculationRunSchema.nullable(),
  /**
   * Whether results are stored on another set than `gwpSetId`: only while a recalculation moves the realm to
   * another set (readers never see them).
   */
  hasResultsOnOtherGwpSets: z.boolean(),
});
export type RealmSettingsResponse = z.infer<typeof realmSettingsResponseSchema>;

/** A realm's theme, legal texts and settings (issue 3, item 11), addressed by the realm's id. */
export const realmSettingsEndpoints = {
  theme: defineEndpoint({
    method: 'GET',
    path: '/api/realms/:realmId/theme',
    params: realmParamsSchema,
    responses: { 200: realmThemeSettingsFieldsSchema },
  }),
  updateTheme: defineEndpoint({
    method: 'PUT',
    path: '/api/realms/:realmId/theme',
    params: realmParamsSchema,
    body: realmThemeSettingsSchema,
    responses: { 200: realmThemeSettingsFieldsSchema },
  }),
  legal: defineEndpoint({
    method: 'GET',
    path: '/api/realms/:realmId/legal',
    params: realmParamsSchema,
    responses: { 200: legalSchema },
  }),
  updateLegal: defineEndpoint({
    method: 'PUT',
    path: '/api/realms/:realmId/legal',
    params: realmParamsSchema,
    body: realmLegalSettingsSchema,
    responses: { 200: legalSchema },
  }),
  read: defineEndpoint({
    method: 'GET',
    path: '/api/realms/:realmId/settings',
    params: realmParamsSchema,
    responses: { 200: realmSettingsResponseSchema },
  }),
  /** 200 when the set is the realm's already; 202 with the recalculation that moves the realm to it. */
  update: defineEndpoint({
    method: 'PUT',
    path: '/api/realms/:realmId/settings',
    params: realmParamsSchema,
    body: realmSettingsSchema,
    responses: { 200: realmSettingsResponseSchema, 202: realmSettingsResponseSchema, 409: apiErrorSchema },
  }),
};

/** The realm's sessions: their absolute lifetime after sign-in (`properties.sessionLifetimeHours`). */
export const realmSessionSettingsSchema = z.object({ sessionLifetimeHours: sessionLifetimeHoursSchema });
export type RealmSessionSettings = z.infer<typeof realmSessionSettingsSchema>;

/** The realm's session settings, addressed by its id. */
export const realmSessionSettingsEndpoints = {
  read: defineEndpoint({
    method: 'GET',
    path: '/api/realms/:realmId/session-settings',
    params: realmParamsSchema,
    responses: { 200: realmSessionSettingsSchema },
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/api/realms/:realmId/session-settings',
    params: realmParamsSchema,
    body: realmSessionSettingsSchema,
    responses: { 200: realmSessionSettingsSchema },
  }),
};
