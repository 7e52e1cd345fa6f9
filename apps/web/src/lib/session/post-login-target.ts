import type { ApplicationConfig } from '@ecc/contracts';
import type { RedirectCookie } from './redirect-cookie.ts';

export const LOGIN_PATH = '/login';

/** Where a signed-in user goes from /login: the saved redirect, else home (spec section 4). */
export function postLoginTarget(
  redirectCookie: RedirectCookie,
  application: ApplicationConfig | undefined,
): string {
  const saved = redirectCookie.read();
  // A saved redirect back to /login would send the user round in circles.
  if (saved !== undefined && saved.split(/[?#]/)[0] !== LOGIN_PATH) return saved;
  return application?.alternateHomePath ?? '/';
}
