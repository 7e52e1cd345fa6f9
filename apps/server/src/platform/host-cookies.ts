import type { FastifyRequest } from 'fastify';

/**
 * The cookies the server sets for itself (the session, a sign-in flow under way). Over https their names take the
 * `__Host-` prefix, which browsers accept only on a Secure cookie with `Path=/` and no `Domain`: a page of a
 * sibling subdomain or a plain-http answer cannot set or overwrite them (session fixation). Over https only the
 * prefixed name is read. Plain http (local development, tests) keeps the bare name, since browsers refuse
 * `__Host-` cookies without Secure.
 */
export interface HostCookieOptions {
  httpOnly: true;
  sameSite: 'lax';
  path: '/';
  secure: boolean;
}

const HOST_PREFIX = '__Host-';

function isHttps(request: FastifyRequest): boolean {
  // request.protocol honours X-Forwarded-Proto only when ECC_TRUST_PROXY is set.
  return request.protocol === 'https';
}

/** `ecc_session` over http, `__Host-ecc_session` over https. */
export function hostCookieName(request: FastifyRequest, baseName: string): string {
  return isHttps(request) ? `${HOST_PREFIX}${baseName}` : baseName;
}

export function hostCookieOptions(request: FastifyRequest): HostCookieOptions {
  return { httpOnly: true, sameSite: 'lax', path: '/', secure: isHttps(request) };
}

/** The cookie's value under the name this request's scheme uses, or undefined when absent or empty. */
export function readHostCookie(request: FastifyRequest, baseName: string): string | undefined {
  const value = request.cookies[hostCookieName(request, baseName)];
  return value && value.length > 0 ? value : undefined;
}
