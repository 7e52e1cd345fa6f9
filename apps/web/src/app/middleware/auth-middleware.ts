import { isAuthRequired, isSessionActive, UNSAVED_REDIRECT_PATHS } from '@ecc/contracts';
import { LOGIN_PATH, postLoginTarget } from '../../lib/session/post-login-target.ts';
import type { RouteMiddleware } from './route-middleware.ts';

/**
 * Spec section 4: signed out on a route not marked auth-false → /login, saving the attempted path (except / and
 * /logout); signed in on /login → the saved redirect or home; the saved redirect is cleared once reached.
 */
export const authMiddleware: RouteMiddleware = async (context) => {
  const isLoginPage = context.pathname === LOGIN_PATH;
  if (!isLoginPage && !isAuthRequired(context.route)) return undefined;

  const isLoggedIn = isSessionActive(await context.loadSession());
  if (isLoginPage) {
    if (!isLoggedIn) return undefined;
    return {
      redirectTo: postLoginTarget(context.redirectCookie, await context.loadApplication()),
      isReplace: true,
    };
  }
  if (!isLoggedIn) {
    if (!UNSAVED_REDIRECT_PATHS.includes(context.pathname)) context.redirectCookie.save(context.href);
    return { redirectTo: LOGIN_PATH };
  }
  if (context.redirectCookie.read() === context.href) context.redirectCookie.clear();
  return undefined;
};
