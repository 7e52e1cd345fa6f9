import { REDIRECT_COOKIE_NAME } from '@ecc/contracts';
import { deleteCookie, readCookie, writeSessionCookie, type CookieJar } from '../cookies/browser-cookie.ts';

/** Where a signed-out user was going: saved on the way to /login, followed after sign-in (spec section 4). */
export interface RedirectCookie {
  read(): string | undefined;
  save(path: string): void;
  clear(): void;
}

export function createRedirectCookie(jar: CookieJar = document): RedirectCookie {
  return {
    read: () => {
      const path = readCookie(REDIRECT_COOKIE_NAME, jar);
      return path !== undefined && isSameOriginPath(path) ? path : undefined;
    },
    save: (path) => writeSessionCookie(REDIRECT_COOKIE_NAME, path, jar),
    clear: () => deleteCookie(REDIRECT_COOKIE_NAME, jar),
  };
}

/** Only a path on this site is followed, never `//host` or a URL someone planted in the cookie. */
export function isSameOriginPath(path: string): boolean {
  return path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/\\');
}
