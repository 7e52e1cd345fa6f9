import { hexToStoredColor } from '@ecc/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestRealm, createTestTheme, OTHER_THEME_ID, THEME_ID } from '../../test/fixtures.ts';
import {
  applyTheme,
  resolveRealmTheme,
  THEME_STYLE_ELEMENT_ID,
  themeSlotVariable,
  themeStyleSheet,
  themeVariables,
} from './realm-theme.ts';

const defaultTheme = createTestTheme(THEME_ID, 'Default', '#0f766e');
const reportsTheme = createTestTheme(OTHER_THEME_ID, 'Reports', '#7c3aed');

function realmWithOverrides(
  overrides: { path: string; selected: string }[],
  selected: string | undefined = THEME_ID,
) {
  return createTestRealm({ themes: [{ selected, overrides }] }, [defaultTheme, reportsTheme]);
}

afterEach(() => {
  document.getElementById(THEME_STYLE_ELEMENT_ID)?.remove();
});

describe('realm themes', () => {
  it('names each colour slot as the kebab-case CSS variable the ui stylesheet reads', () => {
    expect(themeSlotVariable('background')).toBe('--background');
    expect(themeSlotVariable('mutedForeground')).toBe('--muted-foreground');
    expect(themeSlotVariable('destructiveForeground')).toBe('--destructive-foreground');
  });

  it('turns stored colours into hex variables for light and dark', () => {
    expect(themeVariables(defaultTheme)).toEqual({
      light: { '--background': '#ffffff', '--primary': '#0f766e' },
      dark: { '--background': '#000000', '--muted-foreground': '#aabbcc' },
    });
  });

  it('writes light colours outside dark mode and dark colours inside it', () => {
    expect(themeStyleSheet(defaultTheme)).toBe(
      ':root:not(.dark) { --background: #ffffff; --primary: #0f766e; }\n' +
        ':root.dark { --background: #000000; --muted-foreground: #aabbcc; }',
    );
  });

  it('uses the application’s selected theme, else the realm’s first', () => {
    expect(resolveRealmTheme(realmWithOverrides([], OTHER_THEME_ID), '/')?.name).toBe('Reports');
    expect(resolveRealmTheme(realmWithOverrides([], undefined), '/')?.name).toBe('Default');
    expect(resolveRealmTheme(realmWithOverrides([], 'a-theme-that-is-gone'), '/')?.name).toBe('Default');
  });

  it('applies a per-path override to the path and everything below it, the longest match winning', () => {
    const realm = realmWithOverrides([
      { path: '/reporting', selected: OTHER_THEME_ID },
      { path: '/reporting/analysis', selected: THEME_ID },
    ]);
    expect(resolveRealmTheme(realm, '/reporting')?.name).toBe('Reports');
    expect(resolveRealmTheme(realm, '/reporting/next')?.name).toBe('Reports');
    expect(resolveRealmTheme(realm, '/reporting/analysis/report')?.name).toBe('Default');
    expect(resolveRealmTheme(realm, '/reportingx')?.name).toBe('Default');
    expect(resolveRealmTheme(realm, '/benchmarks')?.name).toBe('Default');
  });

  it('applies the theme to the document as CSS variables, replacing the previous one', () => {
    const realm = realmWithOverrides([{ path: '/reporting', selected: OTHER_THEME_ID }]);
    applyTheme(resolveRealmTheme(realm, '/benchmarks'));
    applyTheme(resolveRealmTheme(realm, '/reporting/next'));
    const elements = document.querySelectorAll(`#${THEME_STYLE_ELEMENT_ID}`);
    expect(elements).toHaveLength(1);
    expect(elements[0]?.textContent).toContain('--primary: #7c3aed;');

    document.documentElement.classList.remove('dark');
    expect(getComputedStyle(document.documentElement).getPropertyValue('--primary').trim()).toBe('#7c3aed');
  });

  it('keeps translucent colours translucent', () => {
    const theme = createTestTheme(THEME_ID, 'Glass', '#0f766e');
    theme.colors.light.border = { ...hexToStoredColor('#000000'), alpha: 0.5 };
    expect(themeVariables(theme).light['--border']).toBe('#00000080');
  });

  it('removes the theme when there is none', () => {
    applyTheme(defaultTheme);
    applyTheme(undefined);
    expect(document.getElementById(THEME_STYLE_ELEMENT_ID)).toBeNull();
  });
});
