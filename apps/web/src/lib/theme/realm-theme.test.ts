import { hexToStoredColor, resolveRealmTheme, storedColorToHex } from '@ecc/contracts';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestRealm, createTestTheme, OTHER_THEME_ID, THEME_ID } from '../../test/fixtures.ts';
import {
  applyTheme,
  inGamutSrgbHex,
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

  it('writes an sRGB colour inside the gamut as hex without colorjs.io, exactly as colorjs.io would', () => {
    const unit = fc.double({ min: 0, max: 1, noNaN: true });
    fc.assert(
      fc.property(fc.tuple(unit, unit, unit), unit, (coords, alpha) => {
        const stored = { space: 'srgb', coords, alpha };
        expect(inGamutSrgbHex(stored)).toBe(storedColorToHex(stored));
      }),
    );
  });

  it('leaves other colours to colorjs.io: other spaces and sRGB outside the gamut', () => {
    expect(inGamutSrgbHex({ space: 'oklch', coords: [0.7, 0.1, 150], alpha: 1 })).toBeUndefined();
    expect(inGamutSrgbHex({ space: 'srgb', coords: [1.2, 0, 0], alpha: 1 })).toBeUndefined();
    expect(inGamutSrgbHex({ space: 'srgb', coords: [0.5, null, 0], alpha: 1 })).toBe('#800000');
  });

  it('writes a colour outside the sRGB gamut once colorjs.io has loaded, as colorjs.io converts it', async () => {
    const oklch = { space: 'oklch', coords: [0.7, 0.1, 150], alpha: 1 };
    const theme = createTestTheme(THEME_ID, 'Wide', '#0f766e');
    theme.colors.light.accent = oklch;
    const applied = applyTheme(theme);
    expect(document.getElementById(THEME_STYLE_ELEMENT_ID)?.textContent).toContain('--primary: #0f766e;');
    await applied;
    expect(document.getElementById(THEME_STYLE_ELEMENT_ID)?.textContent).toContain(
      `--accent: ${storedColorToHex(oklch)};`,
    );
  });
});
