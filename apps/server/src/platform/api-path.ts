import type { FastifyRequest } from 'fastify';

/** The route that serves the web app's files and pages for every path no other route takes. */
export const WEB_APP_ROUTE = '/*';

/** `/%61pi/user` → `/api/user`: the path as the router reads it, or the raw path when it does not decode. */
export function decodedPathOf(request: FastifyRequest): string {
  const path = request.url.split('?')[0] ?? '/';
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

function isApiPath(path: string): boolean {
  return path === '/api' || path.startsWith('/api/');
}

/**
 * Whether the request is for the API, decided by the route it matched (`/api/facilities/:slug`), else by its
 * decoded path: the router decodes percent-encodings, so the raw URL (`/%61pi/…`) cannot decide it.
 */
export function isApiRequest(request: FastifyRequest): boolean {
  const route = request.routeOptions.url;
  if (route !== undefined && route !== WEB_APP_ROUTE) return isApiPath(route);
  return isApiPath(decodedPathOf(request));
}
