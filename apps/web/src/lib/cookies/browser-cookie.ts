import { COOKIE_DEFAULT_PATH } from '@ecc/contracts';

/** The subset of `document` the cookie helpers touch, so tests and callers can pass their own. */
export interface CookieJar {
  cookie: string;
}

export function readCookie(name: string, jar: CookieJar = document): string | undefined {
  for (const pair of jar.cookie.split(';')) {
    const separator = pair.indexOf('=');
    if (separator === -1) continue;
    if (pair.slice(0, separator).trim() !== name) continue;
    const value = pair.slice(separator + 1).trim();
    try {
      return decodeURIComponent(value);
    } catch {
      return value;
    }
  }
  return undefined;
}

/** A session cookie on the default path with SameSite=Lax. */
export function writeSessionCookie(name: string, value: string, jar: CookieJar = document): void {
  jar.cookie = `${name}=${encodeURIComponent(value)}; path=${COOKIE_DEFAULT_PATH}; SameSite=Lax`;
}

export function deleteCookie(name: string, jar: CookieJar = document): void {
  jar.cookie = `${name}=; path=${COOKIE_DEFAULT_PATH}; SameSite=Lax; Max-Age=0`;
}
