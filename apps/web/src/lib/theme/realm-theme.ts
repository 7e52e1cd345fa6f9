import { THEME_COLOR_SLOTS, type StoredColor, type StoredTheme, type ThemeColorSlot } from '@ecc/contracts';

export const THEME_STYLE_ELEMENT_ID = 'ecc-realm-theme';

/** `mutedForeground` → `--muted-foreground`: the variable the ui stylesheet reads for that slot. */
export function themeSlotVariable(slot: ThemeColorSlot): string {
  return `--${slot.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}`;
}

export interface ThemeVariables {
  light: Record<string, string>;
  dark: Record<string, string>;
}

type ColorToHex = (stored: StoredColor) => string;

/**
 * An sRGB colour inside the gamut (every colour the theme editor saves) as hex, exactly as colorjs.io writes it
 * (`storedColorToHex`); undefined for any other colour.
 */
export function inGamutSrgbHex(stored: StoredColor): string | undefined {
  if (stored.space !== 'srgb' || stored.coords.length !== 3) return undefined;
  const channels = stored.coords.map((coordinate) => coordinate ?? 0);
  if (channels.some((channel) => channel < 0 || channel > 1)) return undefined;
  if (stored.alpha < 1) channels.push(stored.alpha);
  return `#${channels
    .map((channel) =>
      Math.round(channel * 255)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

/** colorjs.io (about 30 kB gzip) converts any other colour: loaded only for a theme that has one. */
let anyColorToHex: ColorToHex | undefined;
let latestTheme: StoredTheme | undefined;

function themeColors(theme: StoredTheme): StoredColor[] {
  return [theme.colors.light, theme.colors.dark].flatMap((colors) =>
    THEME_COLOR_SLOTS.flatMap((slot) => colors[slot] ?? []),
  );
}

/** Whether some colour of the theme needs colorjs.io and it has not loaded yet. */
function isWaitingForColorConversion(theme: StoredTheme): boolean {
  return (
    anyColorToHex === undefined && themeColors(theme).some((color) => inGamutSrgbHex(color) === undefined)
  );
}

/** A colour as hex; undefined while a colour outside the sRGB gamut waits for colorjs.io to load. */
function colorToHex(stored: StoredColor): string | undefined {
  return inGamutSrgbHex(stored) ?? anyColorToHex?.(stored);
}

export function themeVariables(theme: StoredTheme): ThemeVariables {
  return { light: slotVariables(theme.colors.light), dark: slotVariables(theme.colors.dark) };
}

function slotVariables(colors: StoredTheme['colors']['light']): Record<string, string> {
  const variables: Record<string, string> = {};
  for (const slot of THEME_COLOR_SLOTS) {
    const stored = colors[slot];
    const hex = stored ? colorToHex(stored) : undefined;
    if (hex) variables[themeSlotVariable(slot)] = hex;
  }
  return variables;
}

/**
 * Light colours apply outside dark mode and dark colours inside it, each one step more specific than the ui
 * stylesheet's defaults so a theme wins whatever the order of the style sheets; unset slots keep the defaults.
 */
export function themeStyleSheet(theme: StoredTheme): string {
  const { light, dark } = themeVariables(theme);
  return `${rule(':root:not(.dark)', light)}\n${rule(':root.dark', dark)}`;
}

function rule(selector: string, variables: Record<string, string>): string {
  const declarations = Object.entries(variables).map(([name, value]) => `${name}: ${value};`);
  return `${selector} { ${declarations.join(' ')} }`;
}

/**
 * Writes the theme's variables into one `<style>` element of the document, or removes it when there is none. A
 * colour outside the sRGB gamut keeps the default until colorjs.io has loaded, then the theme is written again.
 */
export async function applyTheme(theme: StoredTheme | undefined, doc: Document = document): Promise<void> {
  latestTheme = theme;
  writeTheme(theme, doc);
  if (!theme || !isWaitingForColorConversion(theme)) return;
  anyColorToHex = (await import('./any-color-to-hex.ts')).anyColorToHex;
  if (latestTheme === theme) writeTheme(theme, doc);
}

function writeTheme(theme: StoredTheme | undefined, doc: Document): void {
  const existing = doc.getElementById(THEME_STYLE_ELEMENT_ID);
  if (!theme) {
    existing?.remove();
    return;
  }
  const element = existing ?? doc.head.appendChild(doc.createElement('style'));
  element.id = THEME_STYLE_ELEMENT_ID;
  element.textContent = themeStyleSheet(theme);
}
