import {
  DEFAULT_LOGIN_BACKGROUND_POSITION,
  HEX_COLOR_PATTERN,
  type RealmThemeSettings,
  type Theme,
  type ThemeColorSlot,
} from '@ecc/contracts';
import { themeSlotVariable } from '#lib/theme/realm-theme.ts';

export type ColorMode = 'light' | 'dark';
export const COLOR_MODES: readonly ColorMode[] = ['light', 'dark'];

/** `mutedForeground` → `Muted foreground`. */
export function slotLabel(slot: ThemeColorSlot): string {
  const words = slot.replace(/[A-Z]/g, (letter) => ` ${letter.toLowerCase()}`);
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The id of the control that edits the field at `path` (`themes.0.colors.light.primary`), for focus and labels. */
export function fieldId(path: string): string {
  return `realm-theme-${path.replaceAll('.', '-')}`;
}

/** A theme of no colours of its own: every slot shows the design system's default until it is set. */
export function newTheme(id: string, name: string): Theme {
  return {
    id,
    name,
    colors: { light: {}, dark: {} },
    login: { backgroundPosition: DEFAULT_LOGIN_BACKGROUND_POSITION },
  };
}

/** The colours of one mode with `slot` set to `value`, or left out (the default) when `value` is empty. */
export function withColor(colors: Theme['colors'][ColorMode], slot: ThemeColorSlot, value: string) {
  const next = { ...colors };
  if (value === '') delete next[slot];
  else next[slot] = value;
  return next;
}

/**
 * The settings without the theme at `index`: the app falls back to the first theme where it was selected, and
 * the paths that used it use the app's theme again.
 */
export function withoutTheme(settings: RealmThemeSettings, index: number): RealmThemeSettings {
  const removed = settings.themes[index];
  const { selected, ...rest } = settings;
  return {
    ...rest,
    ...(selected !== undefined && selected !== removed?.id ? { selected } : {}),
    themes: settings.themes.filter((_, position) => position !== index),
    overrides: settings.overrides.filter((override) => override.selected !== removed?.id),
  };
}

/** The theme the app uses: the selected one, else the first. */
export function appThemeIndex(settings: RealmThemeSettings): number {
  return Math.max(
    0,
    settings.themes.findIndex((theme) => theme.id === settings.selected),
  );
}

/** Text left empty means "not set": optional fields are left out, an empty position takes the default. */
export function withEmptyFieldsUnset(settings: RealmThemeSettings): RealmThemeSettings {
  const unsetEmpty = <T extends Record<string, unknown>>(value: T): T =>
    Object.fromEntries(Object.entries(value).filter(([, field]) => field !== '')) as T;
  return {
    ...settings,
    themes: settings.themes.map((theme) => ({
      ...unsetEmpty(theme),
      login: {
        ...unsetEmpty(theme.login),
        backgroundPosition: theme.login.backgroundPosition.trim() || DEFAULT_LOGIN_BACKGROUND_POSITION,
      },
    })),
  };
}

/** The CSS variables of the colours of one mode that are valid hex; the others keep the defaults. */
export function colorVariables(colors: Theme['colors'][ColorMode]): Record<string, string> {
  const variables: Record<string, string> = {};
  for (const [slot, value] of Object.entries(colors) as [ThemeColorSlot, string | undefined][]) {
    if (value !== undefined && HEX_COLOR_PATTERN.test(value)) variables[themeSlotVariable(slot)] = value;
  }
  return variables;
}

/** What `<input type="color">` can show: #rrggbb, a 3-digit hex spelled out, black for anything else. */
export function pickerValue(hex: string | undefined): string {
  if (hex === undefined || !HEX_COLOR_PATTERN.test(hex)) return '#000000';
  const digits = hex.slice(1).toLowerCase();
  return digits.length === 3 ? `#${[...digits].map((digit) => digit + digit).join('')}` : `#${digits}`;
}
