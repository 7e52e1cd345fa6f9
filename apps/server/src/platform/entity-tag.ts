import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';

/** A strong entity tag of a body (RFC 9110 section 8.8.3): its SHA-256, quoted. */
export function entityTagOf(body: string): string {
  return `"${createHash('sha256').update(body).digest('base64url')}"`;
}

/**
 * Whether the client's `If-None-Match` already names this tag (RFC 9110 section 13.1.2: a list of tags or `*`,
 * compared weakly, so `W/"x"` matches `"x"`).
 */
export function isNotModified(request: Pick<FastifyRequest, 'headers'>, entityTag: string): boolean {
  const header = request.headers['if-none-match'];
  if (header === undefined) return false;
  return header.split(',').some((candidate) => {
    const tag = candidate.trim();
    return tag === '*' || tag.replace(/^W\//, '') === entityTag;
  });
}
