import { storedColorToHex } from '@ecc/contracts';

/**
 * Any stored colour as hex through colorjs.io, in a chunk of its own: realm-theme.ts loads it only for a theme
 * with a colour outside the sRGB gamut, so the first load carries no colour library.
 */
export const anyColorToHex = storedColorToHex;
