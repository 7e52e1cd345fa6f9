import type { RouteMiddleware } from './route-middleware.ts';

/** Spec section 2: with an alternate home path configured, the home route replace-redirects to it. */
export const alternateHomeMiddleware: RouteMiddleware = async (context) => {
  const { alternateHomePath } = await context.loadApplication();
  if (!alternateHomePath || alternateHomePath === context.pathname) return undefined;
  return { redirectTo: alternateHomePath, isReplace: true };
};
