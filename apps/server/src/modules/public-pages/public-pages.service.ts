import {
  currentApplication,
  strategyKeyOf,
  DEFAULT_LOGIN_BACKGROUND_POSITION,
  PUBLIC_PAGE_PAYLOAD_ELEMENT_ID,
  type PublicPagePayload,
  type Realm,
  type StoredTheme,
} from '@ecc/contracts';

/** The application's selected theme, with a per-path override taking precedence; else the realm's first. */
export function selectTheme(realm: Realm, pagePath: string): StoredTheme | null {
  const { themes } = realm.properties.config;
  const entry = currentApplication(realm).themes?.[0];
  const selectedId =
    entry?.overrides?.find((override) => override.path === pagePath)?.selected ?? entry?.selected;
  return themes.find((theme) => theme.id === selectedId) ?? themes[0] ?? null;
}

/** What /about and /login need before sign-in: names and images only, no secrets. */
export function buildPublicPagePayload(realm: Realm, pagePath: string): PublicPagePayload {
  const application = currentApplication(realm);
  const theme = selectTheme(realm, pagePath);
  const logo = theme?.logo ?? realm.properties.config.logo ?? application['logo-image'] ?? null;
  return {
    realm: { key: realm.key, name: realm.name },
    logo,
    theme,
    login: {
      logo: theme?.login.logo ?? logo,
      background: theme?.login.background ?? null,
      backgroundPosition: theme?.login.backgroundPosition ?? DEFAULT_LOGIN_BACKGROUND_POSITION,
    },
    strategies: (application.authentication?.strategies ?? [])
      .filter((strategy) => strategy.active)
      .map((strategy) => ({ id: strategyKeyOf(strategy), name: strategy.name })),
  };
}

/**
 * Puts the payload into the page as `<script id="__ECC_PAYLOAD__" type="application/json">`, before `</head>`.
 * `<` is escaped so no value can close the script element.
 */
export function inlinePublicPagePayload(html: string, payload: PublicPagePayload): string {
  const json = JSON.stringify(payload).replace(/</g, '\\u003c');
  const script = `<script id="${PUBLIC_PAGE_PAYLOAD_ELEMENT_ID}" type="application/json">${json}</script>`;
  const headEnd = html.search(/<\/head>/i);
  return headEnd === -1 ? `${script}${html}` : `${html.slice(0, headEnd)}${script}${html.slice(headEnd)}`;
}
