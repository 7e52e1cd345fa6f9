import { hexToStoredColor, storedColorToOpaqueHex } from './color-conversion.ts';
import type { StoredColor } from './color.ts';
import { THEME_COLOR_SLOTS, type StoredTheme, type Theme } from './theme.ts';

// Apart from the schemas (theme.ts), so that reading a theme does not bring colorjs.io into the first load.

type HexColors = Theme['colors']['light'];
type StoredColors = StoredTheme['colors']['light'];

/** A stored theme as an administrator edits it: every colour as 6-digit hex. */
export function toEditableTheme(stored: StoredTheme): Theme {
  const editable = (colors: StoredColors): HexColors => {
    const hex: HexColors = {};
    for (const slot of THEME_COLOR_SLOTS) {
      const color = colors[slot];
      if (color) hex[slot] = storedColorToOpaqueHex(color);
    }
    return hex;
  };
  return { ...stored, colors: { light: editable(stored.colors.light), dark: editable(stored.colors.dark) } };
}

/**
 * An edited theme as stored. A slot whose hex is what the editor was shown keeps its stored colour, so a save
 * does not round a colour kept in another space, or drop its translucency, unless that slot was changed.
 */
export function toStoredTheme(theme: Theme, previous?: StoredTheme): StoredTheme {
  const stored = (colors: HexColors, previousColors: StoredColors | undefined): StoredColors => {
    const result: StoredColors = {};
    for (const slot of THEME_COLOR_SLOTS) {
      const hex = colors[slot];
      if (hex === undefined) continue;
      const color: StoredColor = hexToStoredColor(hex);
      const earlier = previousColors?.[slot];
      const isUnchanged =
        earlier !== undefined && storedColorToOpaqueHex(earlier) === storedColorToOpaqueHex(color);
      result[slot] = isUnchanged ? earlier : color;
    }
    return result;
  };
  return {
    ...theme,
    colors: {
      light: stored(theme.colors.light, previous?.colors.light),
      dark: stored(theme.colors.dark, previous?.colors.dark),
    },
  };
}
