import { z } from './zod.ts';
import { storedColorSchema } from './color.ts';
import { DEFAULT_LOGIN_BACKGROUND_POSITION } from './constants.ts';
import { hexColorSchema, uuidSchema } from './validation.ts';

/** Colour slots of a theme (spec section 3), all optional. */
export const THEME_COLOR_SLOTS = [
  'background',
  'foreground',
  'muted',
  'mutedForeground',
  'popover',
  'popoverForeground',
  'card',
  'cardForeground',
  'border',
  'input',
  'primary',
  'primaryForeground',
  'secondary',
  'secondaryForeground',
  'accent',
  'accentForeground',
  'destructive',
  'destructiveForeground',
  'success',
  'successForeground',
  'warning',
  'warningForeground',
  'ring',
] as const;
export type ThemeColorSlot = (typeof THEME_COLOR_SLOTS)[number];

function colorSlots<T extends z.ZodType>(value: T) {
  return z.object(
    Object.fromEntries(THEME_COLOR_SLOTS.map((slot) => [slot, value.optional()])) as Record<
      ThemeColorSlot,
      z.ZodOptional<T>
    >,
  );
}

/** A theme as an administrator edits it: colours in hex. */
export const themeColorsSchema = colorSlots(hexColorSchema);
/** A theme as stored in the realm: colours as {space, coords, alpha}. */
export const storedThemeColorsSchema = colorSlots(storedColorSchema);

const loginSettingsSchema = z.object({
  logo: z.string().optional(),
  background: z.string().optional(),
  backgroundPosition: z.string().default(DEFAULT_LOGIN_BACKGROUND_POSITION),
});

export const themeSchema = z.object({
  id: uuidSchema,
  name: z.string().min(1),
  logo: z.string().optional(),
  colors: z.object({ light: themeColorsSchema, dark: themeColorsSchema }),
  login: loginSettingsSchema.default({ backgroundPosition: DEFAULT_LOGIN_BACKGROUND_POSITION }),
});
export type Theme = z.infer<typeof themeSchema>;

export const storedThemeSchema = themeSchema.extend({
  colors: z.object({ light: storedThemeColorsSchema, dark: storedThemeColorsSchema }),
});
export type StoredTheme = z.infer<typeof storedThemeSchema>;
