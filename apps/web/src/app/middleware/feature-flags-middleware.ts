import {
  isSessionActive,
  missingFeatureFlags,
  parseFeatureFlagList,
  presentFeatureFlags,
} from '@ecc/contracts';
import type { RouteMiddleware } from './route-middleware.ts';

/**
 * Spec section 4: any required flag missing from the application's comma-separated list sends the user to /.
 * A flag also counts as present when its definition evaluates true for the signed-in user; the definitions
 * are asked for only when the list alone falls short.
 */
export const featureFlagsMiddleware: RouteMiddleware = async (context) => {
  const required = context.route.featureFlags;
  if (!required || required.length === 0) return undefined;
  const list = (await context.loadApplication())['feature-flags'];
  if (missingFeatureFlags(required, parseFeatureFlagList(list)).length === 0) return undefined;
  const evaluated = isSessionActive(await context.loadSession())
    ? await context.loadEvaluatedFeatureFlags()
    : [];
  const missing = missingFeatureFlags(required, presentFeatureFlags(list, evaluated));
  return missing.length > 0 ? { redirectTo: '/' } : undefined;
};
