import { currentApplication, type Realm } from './realm.ts';
import type { StoredTheme } from './theme.ts';

// Which of a realm's themes a page shows: shared by the web app (its pages) and the server (the report PDF), so
// that the PDF of a report is in the colours of the page it is built on.

/** True when `pathname` is `prefix` or lies below it, segment by segment. */
export function isPathWithin(pathname: string, prefix: string): boolean {
  const base = prefix.length > 1 ? prefix.replace(/\/+$/, '') : prefix;
  return base === '/' || pathname === base || pathname.startsWith(`${base}/`);
}

/** The theme id for a path: the longest matching override of the application's theme entry, else its selection. */
export function selectedThemeId(realm: Pick<Realm, 'properties'>, pathname: string): string | undefined {
  const entry = currentApplication(realm).themes?.[0];
  if (!entry) return undefined;
  const override = (entry.overrides ?? [])
    .filter((candidate) => isPathWithin(pathname, candidate.path))
    .sort((left, right) => right.path.length - left.path.length)[0];
  return override?.selected ?? entry.selected;
}

/** The selected (or overriding) theme, else the realm's first theme. */
export function resolveRealmTheme(
  realm: Pick<Realm, 'properties'>,
  pathname: string,
): StoredTheme | undefined {
  const themes = realm.properties.config.themes;
  const id = selectedThemeId(realm, pathname);
  return themes.find((theme) => theme.id === id) ?? themes[0];
}
