import { z } from './zod.ts';
import { messages } from './messages.ts';

/** A feature flag definition in flagd's format (spec section 3). */
export const featureFlagSchema = z
  .object({
    type: z.literal('boolean').default('boolean'),
    state: z.enum(['ENABLED', 'DISABLED']).optional(),
    variants: z.record(z.string().min(1), z.boolean()),
    defaultVariant: z.string(),
    targeting: z.record(z.string(), z.unknown()).optional(),
  })
  .refine((flag) => Object.hasOwn(flag.variants, flag.defaultVariant), {
    message: messages.invalidDefaultVariant,
    path: ['defaultVariant'],
  });
export type FeatureFlag = z.infer<typeof featureFlagSchema>;

export const FEATURE_FLAG_KEY_PATTERN = /^[a-z][a-z0-9-]*$/;
export const featureFlagKeySchema = z
  .string()
  .regex(
    FEATURE_FLAG_KEY_PATTERN,
    'Flag key must be lowercase letters, digits and hyphens, starting with a letter',
  );

/** The application's comma-separated `feature-flags` list as a set of keys. */
export function parseFeatureFlagList(list: string | undefined): Set<string> {
  return new Set(
    (list ?? '')
      .split(',')
      .map((key) => key.trim())
      .filter((key) => key.length > 0),
  );
}
