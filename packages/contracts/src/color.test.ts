import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hexToStoredColor, storedColorToHex } from './color-conversion.ts';
import { storedColorSchema } from './color.ts';

describe('stored colours', () => {
  it('stores a hex colour as a colour space, coordinates and alpha', () => {
    expect(hexToStoredColor('#ff0000')).toEqual({ space: 'srgb', coords: [1, 0, 0], alpha: 1 });
  });

  it('shows a stored colour as hex again', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 0xffffff }), (value) => {
        const hex = `#${value.toString(16).padStart(6, '0')}`;
        const stored = hexToStoredColor(hex);
        expect(storedColorSchema.safeParse(stored).success).toBe(true);
        expect(storedColorToHex(stored)).toBe(hex);
      }),
    );
  });

  it('shows a colour stored in another space as sRGB hex, with alpha when translucent', () => {
    expect(storedColorToHex({ space: 'oklch', coords: [0.7, 0.1, 150], alpha: 0.5 })).toMatch(
      /^#[0-9a-f]{8}$/,
    );
  });

  it('refuses an alpha outside 0..1', () => {
    expect(storedColorSchema.safeParse({ space: 'srgb', coords: [1, 0, 0], alpha: 1.5 }).success).toBe(false);
  });
});
