import { randomUUID } from 'node:crypto';
import {
  DEFAULT_AUTH_SESSION_LENGTH_SECONDS,
  hexToStoredColor,
  messages,
  realmConfigSchema,
  type Plan,
  type RealmConfig,
  type ThemeColorSlot,
} from '@ecc/contracts';

type ThemeColors = Record<ThemeColorSlot, string>;

/** The product's own palette, used for every new realm until its administrator themes it. */
export const DEFAULT_LIGHT_COLORS: ThemeColors = {
  background: '#ffffff',
  foreground: '#0f172a',
  muted: '#f1f5f9',
  mutedForeground: '#64748b',
  popover: '#ffffff',
  popoverForeground: '#0f172a',
  card: '#ffffff',
  cardForeground: '#0f172a',
  border: '#e2e8f0',
  input: '#e2e8f0',
  primary: '#166534',
  primaryForeground: '#f0fdf4',
  secondary: '#f1f5f9',
  secondaryForeground: '#0f172a',
  accent: '#ecfdf5',
  accentForeground: '#065f46',
  destructive: '#dc2626',
  destructiveForeground: '#fef2f2',
  success: '#16a34a',
  successForeground: '#f0fdf4',
  warning: '#d97706',
  warningForeground: '#fffbeb',
  ring: '#15803d',
};

export const DEFAULT_DARK_COLORS: ThemeColors = {
  background: '#0b1220',
  foreground: '#f8fafc',
  muted: '#1e293b',
  mutedForeground: '#94a3b8',
  popover: '#0f172a',
  popoverForeground: '#f8fafc',
  card: '#0f172a',
  cardForeground: '#f8fafc',
  border: '#1e293b',
  input: '#1e293b',
  primary: '#4ade80',
  primaryForeground: '#052e16',
  secondary: '#1e293b',
  secondaryForeground: '#f8fafc',
  accent: '#064e3b',
  accentForeground: '#d1fae5',
  destructive: '#ef4444',
  destructiveForeground: '#fef2f2',
  success: '#22c55e',
  successForeground: '#052e16',
  warning: '#f59e0b',
  warningForeground: '#451a03',
  ring: '#4ade80',
};

function storeColors(colors: ThemeColors) {
  return Object.fromEntries(Object.entries(colors).map(([slot, hex]) => [slot, hexToStoredColor(hex)]));
}

export interface DefaultRealmConfigOptions {
  plan: Plan;
  /** Keys of the application's `feature-flags` list; none by default. */
  featureFlags?: readonly string[];
  themeId?: string;
  themeName?: string;
  logo?: string;
  loginBackground?: string;
}

/** A realm config with one application on `plan` and one theme, which that application selects. */
export function createDefaultRealmConfig(options: DefaultRealmConfigOptions): RealmConfig {
  const themeId = options.themeId ?? randomUUID();
  return realmConfigSchema.parse({
    applications: [
      {
        name: messages.defaultTitle,
        plan: options.plan,
        'feature-flags': (options.featureFlags ?? []).join(','),
        authSessionLength: DEFAULT_AUTH_SESSION_LENGTH_SECONDS,
        authentication: { strategies: [] },
        themes: [{ selected: themeId }],
      },
    ],
    themes: [
      {
        id: themeId,
        name: options.themeName ?? 'Default',
        ...(options.logo ? { logo: options.logo } : {}),
        colors: { light: storeColors(DEFAULT_LIGHT_COLORS), dark: storeColors(DEFAULT_DARK_COLORS) },
        login: {
          ...(options.logo ? { logo: options.logo } : {}),
          ...(options.loginBackground ? { background: options.loginBackground } : {}),
        },
      },
    ],
    ...(options.logo ? { logo: options.logo } : {}),
  });
}
