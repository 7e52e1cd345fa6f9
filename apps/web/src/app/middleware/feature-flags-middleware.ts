import { missingFeatureFlags, parseFeatureFlagList } from '@ecc/contracts';
import type { RouteMiddleware } from './route-middleware.ts';

/** Spec section 4: any required flag missing from the application's comma-separated list sends the user to /. */
export const featureFlagsMiddleware: RouteMiddleware = async (context) => {
  const required = context.route.featureFlags;
  if (!required || required.length === 0) return undefined;
  const application = await context.loadApplication();
  const missing = missingFeatureFlags(required, parseFeatureFlagList(application['feature-flags']));
  return missing.length > 0 ? { redirectTo: '/' } : undefined;
};
