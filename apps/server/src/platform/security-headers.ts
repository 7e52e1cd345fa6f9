import type { FastifyInstance } from 'fastify';

/**
 * What the built SPA needs and nothing more. The inline `__ECC_PAYLOAD__` script is JSON data, which browsers
 * never execute, so scripts stay 'self'. Styles allow 'unsafe-inline' because React and Radix set style
 * attributes (theme variables, popover positions). Images may come from https URLs a realm's theme names.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: https:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

export const STRICT_TRANSPORT_SECURITY = 'max-age=31536000; includeSubDomains';

/**
 * Security headers on every response: API answers, the SPA's HTML, static files, errors and 404s alike. An
 * onSend hook runs for all of them, including replies sent by error and not-found handlers.
 */
export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('content-security-policy', CONTENT_SECURITY_POLICY);
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    // Over plain http the header is meaningless and would pin a host to https that may not serve it.
    // request.protocol honours X-Forwarded-Proto only when ECC_TRUST_PROXY is set.
    if (request.protocol === 'https') reply.header('strict-transport-security', STRICT_TRANSPORT_SECURITY);
    return payload;
  });
}
