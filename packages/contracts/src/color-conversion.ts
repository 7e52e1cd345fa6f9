import Color from 'colorjs.io';
import type { StoredColor } from './color.ts';
import { HEX_COLOR_PATTERN } from './validation.ts';

// Apart from the schema (color.ts), so that whatever needs only the schema (the realm's, the sign-in page's
// payload) does not bring colorjs.io into the browser's first load.

export function hexToStoredColor(hex: string): StoredColor {
  if (!HEX_COLOR_PATTERN.test(hex)) throw new RangeError(`Not a hex colour: ${hex}`);
  const color = new Color(hex);
  return { space: color.spaceId, coords: [...color.coords], alpha: Number(color.alpha) };
}

/** Shows a stored colour as hex (#rrggbb, or #rrggbbaa when translucent), gamut-mapped into sRGB. */
export function storedColorToHex(stored: StoredColor): string {
  const color = new Color(
    stored.space,
    stored.coords.map((c) => c ?? 0) as [number, number, number],
    stored.alpha,
  );
  return color.to('srgb').toGamut().toString({ format: 'hex', collapse: false });
}

/** The colour as a 6-digit hex for an editor, which has no alpha: translucency is left out. */
export function storedColorToOpaqueHex(stored: StoredColor): string {
  return storedColorToHex({ ...stored, alpha: 1 });
}
