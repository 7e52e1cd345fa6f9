import { COOKIE_DEFAULT_PATH, LOCALE_COOKIE_MAX_AGE_DAYS, LOCALE_COOKIE_NAME, TIME } from '@ecc/contracts';
import { readCookie, type CookieJar } from '../cookies/browser-cookie.ts';

export const LOCALE_COOKIE_MAX_AGE_SECONDS = (LOCALE_COOKIE_MAX_AGE_DAYS * TIME.day) / TIME.second;

/** Remembers the user's locale for a year (spec section 9). */
export function setLocaleCookie(locale: string, jar: CookieJar = document): void {
  jar.cookie = `${LOCALE_COOKIE_NAME}=${encodeURIComponent(locale)}; path=${COOKIE_DEFAULT_PATH}; Max-Age=${LOCALE_COOKIE_MAX_AGE_SECONDS}; SameSite=Lax`;
}

export function getLocaleCookie(jar: CookieJar = document): string | undefined {
  return readCookie(LOCALE_COOKIE_NAME, jar);
}
