import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from './errors.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route takes `multipart/form-data` (file uploads) instead of JSON. */
    acceptsMultipart?: boolean;
  }
}

/** Methods that change nothing; every other method is held to the rule, on every path. */
const SAFE_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);
/** `Sec-Fetch-Site` values of a request the page's own origin made, or the user typed. */
const TRUSTED_FETCH_SITES: ReadonlySet<string> = new Set(['same-origin', 'none']);

export const CROSS_ORIGIN_MESSAGE = 'Cross-origin requests may not change data';
export const CROSS_ORIGIN_SIGN_OUT_MESSAGE = 'Cross-origin requests may not sign out';
export const UNSUPPORTED_MEDIA_TYPE_MESSAGE = 'Content-Type must be application/json';
export const UNSUPPORTED_UPLOAD_MEDIA_TYPE_MESSAGE =
  'Content-Type must be application/json or multipart/form-data';

function headerOf(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** `http://localhost:80` → `http://localhost`: the origin as the URL standard serialises it, or undefined. */
function serialisedOrigin(text: string): string | undefined {
  try {
    const origin = new URL(text).origin;
    return origin === 'null' ? undefined : origin;
  } catch {
    return undefined;
  }
}

/** Whether the browser says the request comes from a page of this very origin. */
export function isSameOriginRequest(request: FastifyRequest): boolean {
  const origin = headerOf(request, 'origin');
  if (origin !== undefined) {
    // request.protocol and request.host honour X-Forwarded-* only when ECC_TRUST_PROXY is set.
    const own = serialisedOrigin(`${request.protocol}://${request.host}`);
    return own !== undefined && serialisedOrigin(origin) === own;
  }
  const fetchSite = headerOf(request, 'sec-fetch-site');
  return fetchSite !== undefined && TRUSTED_FETCH_SITES.has(fetchSite.toLowerCase());
}

function hasBody(request: FastifyRequest): boolean {
  const length = headerOf(request, 'content-length');
  return (length !== undefined && length !== '0') || headerOf(request, 'transfer-encoding') !== undefined;
}

function mediaTypeOf(request: FastifyRequest): string {
  return (headerOf(request, 'content-type') ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
}

/**
 * Cross-site request forgery defence: a request that may change data (any method but GET, HEAD and OPTIONS, on
 * any path: the router decodes `/%61pi/…` into `/api/…`, so no prefix of the raw URL decides) must come from the
 * app's own origin (`Origin`, or `Sec-Fetch-Site` when a browser sends no Origin) → else 403, and a body must be
 * JSON (a form or `text/plain` post, which browsers send cross-site without asking, is refused) → else 415. Routes
 * with `config: { acceptsMultipart: true }` (the matched route's) also take `multipart/form-data`. Sign-in is no
 * exception. Runs before the access check and before the body is read.
 */
export function registerSameOrigin(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    if (!isSameOriginRequest(request)) throw new HttpError(403, CROSS_ORIGIN_MESSAGE);
    if (!hasBody(request)) return;
    const mediaType = mediaTypeOf(request);
    if (mediaType === 'application/json') return;
    const acceptsMultipart = request.routeOptions.config.acceptsMultipart === true;
    if (acceptsMultipart && mediaType === 'multipart/form-data') return;
    throw new HttpError(
      415,
      acceptsMultipart ? UNSUPPORTED_UPLOAD_MEDIA_TYPE_MESSAGE : UNSUPPORTED_MEDIA_TYPE_MESSAGE,
    );
  });
}
