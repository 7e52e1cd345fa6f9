import { z } from './zod.ts';

/** A colour as stored: colour space id, coordinates and alpha 0..1 (spec section 3, colorjs.io's model). */
export const storedColorSchema = z.object({
  space: z.string().min(1),
  coords: z.array(z.number().nullable()).min(1).max(4),
  alpha: z.number().min(0).max(1),
});
export type StoredColor = z.infer<typeof storedColorSchema>;
