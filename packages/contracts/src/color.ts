import Color from 'colorjs.io';
import { z } from './zod.ts';
import { HEX_COLOR_PATTERN } from './validation.ts';

/** A colour as stored: colour space id, coordinates and alpha 0..1 (spec section 3, colorjs.io's model). */
export const storedColorSchema = z.object({
  space: z.string().min(1),
  coords: z.array(z.number().nullable()).min(1).max(4),
  alpha: z.number().min(0).max(1),
});
export type StoredColor = z.infer<typeof storedColorSchema>;

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
