import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hexToStoredColor } from './color-conversion.ts';
import {
  DUPLICATE_LICENCE_ID_MESSAGE,
  DUPLICATE_OVERRIDE_PATH_MESSAGE,
  DUPLICATE_THEME_ID_MESSAGE,
  OVERRIDE_PATH_MESSAGE,
  realmLegalSettingsSchema,
  realmThemeSettingsSchema,
  THEME_NOT_FOUND_MESSAGE,
} from './realm-settings.ts';
import { toEditableTheme, toStoredTheme } from './theme-conversion.ts';
import { THEME_COLOR_SLOTS, type StoredTheme, type Theme } from './theme.ts';
import { HEX_COLOR_PATTERN } from './validation.ts';

const FIRST_ID = '0b6f6f7e-3c1d-4c8a-9a3e-5d2f1e4b7c90';
const SECOND_ID = '1b6f6f7e-3c1d-4c8a-9a3e-5d2f1e4b7c90';

function theme(id: string, primary = '#0f766e'): Theme {
  return {
    id,
    name: `Theme ${id.slice(0, 2)}`,
    colors: { light: { primary }, dark: {} },
    login: { backgroundPosition: 'right 10% center/50%' },
  };
}

/** Each issue as `path: message`, the way the API names them. */
function issuesOf(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  return (result.error?.issues ?? []).map((issue) => `${issue.path.join('/')}: ${issue.message}`);
}

describe('the realm theme settings', () => {
  it('accepts any 3- or 6-digit hex colour in any slot, light or dark', () => {
    const hexDigits = fc.constantFrom(...'0123456789abcdefABCDEF');
    const hex = fc.oneof(
      fc.array(hexDigits, { minLength: 3, maxLength: 3 }),
      fc.array(hexDigits, { minLength: 6, maxLength: 6 }),
    );
    fc.assert(
      fc.property(
        fc.constantFrom(...THEME_COLOR_SLOTS),
        fc.constantFrom('light' as const, 'dark' as const),
        hex,
        (slot, mode, digits) => {
          const edited = theme(FIRST_ID);
          edited.colors[mode][slot] = `#${digits.join('')}`;
          expect(realmThemeSettingsSchema.safeParse({ themes: [edited] }).success).toBe(true);
        },
      ),
    );
  });

  it('names the slot of anything else with “Invalid hex color”', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...THEME_COLOR_SLOTS),
        fc.string().filter((text) => !HEX_COLOR_PATTERN.test(text)),
        (slot, text) => {
          const edited = theme(FIRST_ID);
          edited.colors.dark[slot] = text;
          const result = realmThemeSettingsSchema.safeParse({ themes: [theme(SECOND_ID), edited] });
          expect(result.success).toBe(false);
          expect(issuesOf(result)).toEqual([`themes/1/colors/dark/${slot}: Invalid hex color`]);
        },
      ),
    );
  });

  it('requires the selected theme and each override’s theme to be one of the themes', () => {
    const result = realmThemeSettingsSchema.safeParse({
      themes: [theme(FIRST_ID)],
      selected: SECOND_ID,
      overrides: [
        { path: '/reporting', selected: FIRST_ID },
        { path: '/benchmarks', selected: 'gone' },
      ],
    });
    expect(issuesOf(result)).toEqual([
      `selected: ${THEME_NOT_FOUND_MESSAGE}`,
      `overrides/1/selected: ${THEME_NOT_FOUND_MESSAGE}`,
    ]);
  });

  it('refuses two themes with one id, two overrides of one path and a path without its slash', () => {
    const result = realmThemeSettingsSchema.safeParse({
      themes: [theme(FIRST_ID), theme(FIRST_ID)],
      overrides: [
        { path: '/reporting', selected: FIRST_ID },
        { path: '/reporting', selected: FIRST_ID },
      ],
    });
    expect(issuesOf(result)).toEqual([
      `themes/1/id: ${DUPLICATE_THEME_ID_MESSAGE}`,
      `overrides/1/path: ${DUPLICATE_OVERRIDE_PATH_MESSAGE}`,
    ]);
    const relative = realmThemeSettingsSchema.safeParse({
      themes: [theme(FIRST_ID)],
      overrides: [{ path: 'reporting', selected: FIRST_ID }],
    });
    expect(issuesOf(relative)).toEqual([`overrides/0/path: ${OVERRIDE_PATH_MESSAGE}`]);
  });

  it('gives the login background its default position', () => {
    const parsed = realmThemeSettingsSchema.parse({
      themes: [{ id: FIRST_ID, name: 'Plain', colors: { light: {}, dark: {} } }],
    });
    expect(parsed.themes[0]?.login.backgroundPosition).toBe('right 10% center/50%');
    expect(parsed.overrides).toEqual([]);
  });
});

describe('the realm legal settings', () => {
  it('refuses two licences with one id, naming the second', () => {
    const licence = { id: 'eula', title: 'EULA', text: 'Use it well.' };
    expect(issuesOf(realmLegalSettingsSchema.safeParse({ licences: [licence, licence] }))).toEqual([
      `licences/1/id: ${DUPLICATE_LICENCE_ID_MESSAGE}`,
    ]);
    expect(issuesOf(realmLegalSettingsSchema.safeParse({ licences: [{ ...licence, title: '' }] }))).toEqual([
      'licences/0/title: A licence needs a title',
    ]);
  });
});

describe('editing a stored theme', () => {
  const translucent = { space: 'oklch', coords: [0.7, 0.1, 150], alpha: 0.5 };
  const stored: StoredTheme = {
    id: FIRST_ID,
    name: 'Stored',
    colors: {
      light: { primary: hexToStoredColor('#0f766e'), border: translucent },
      dark: { background: hexToStoredColor('#000000') },
    },
    login: { backgroundPosition: 'right 10% center/50%' },
  };

  it('shows every stored colour as 6-digit hex, translucent ones without their alpha', () => {
    const editable = toEditableTheme(stored);
    expect(editable.colors.light.primary).toBe('#0f766e');
    expect(editable.colors.light.border).toMatch(/^#[0-9a-f]{6}$/);
    expect(editable.colors.dark).toEqual({ background: '#000000' });
  });

  it('keeps the stored colour of every slot left as it was shown, and stores a changed one anew', () => {
    const editable = toEditableTheme(stored);
    const saved = toStoredTheme(
      { ...editable, colors: { ...editable.colors, light: { ...editable.colors.light, primary: '#F00' } } },
      stored,
    );
    expect(saved.colors.light.border).toEqual(translucent);
    expect(saved.colors.light.primary).toEqual(hexToStoredColor('#ff0000'));
    expect(saved.colors.dark.background).toEqual(stored.colors.dark.background);
  });

  it('drops a slot the editor cleared', () => {
    const editable = toEditableTheme(stored);
    const saved = toStoredTheme({ ...editable, colors: { light: {}, dark: {} } }, stored);
    expect(saved.colors).toEqual({ light: {}, dark: {} });
  });
});
