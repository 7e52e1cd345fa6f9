import { createHash, randomBytes } from 'node:crypto';
import { currentApplication, sessionLifetimeHoursOf, type Realm } from '@ecc/contracts';
import type { SessionRepository, UserRow } from '@ecc/db';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { hostCookieName, hostCookieOptions, readHostCookie } from './host-cookies.ts';

/** The session cookie's name over http; over https it is `__Host-ecc_session` (see host-cookies.ts). */
export const SESSION_COOKIE_NAME = 'ecc_session';
const TOKEN_BYTES = 32;
/**
 * Sessions slide: activity pushes the expiry back to a full session length (the inactivity timeout the client's
 * timer expects), but never past the realm's absolute lifetime counted from sign-in. The row is rewritten at most
 * once a minute, not on every request.
 */
const RENEWAL_INTERVAL_MS = 60_000;
const HOUR_MS = 60 * 60 * 1000;

export interface ActiveSession {
  realm: Realm;
  user: UserRow;
  expiresAt: Date;
}

export interface SessionManager {
  /** Signs the user in: a fresh session id, the request's previous session deleted, the cookie set. */
  start(request: FastifyRequest, reply: FastifyReply, realm: Realm, user: UserRow): Promise<ActiveSession>;
  /** The request's live session in this realm, or undefined (no cookie, unknown, expired or another realm's). */
  resolve(request: FastifyRequest, realm: Realm): Promise<ActiveSession | undefined>;
  /** Signs out: deletes the session row, if any, and clears the cookie. */
  end(request: FastifyRequest, reply: FastifyReply, realm: Realm | undefined): Promise<void>;
  /** The stored key (hash) of the request's session token, if it carries one: to keep it when ending others. */
  tokenHashOf(request: FastifyRequest): string | undefined;
}

export function hashSessionToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

function sessionLengthSeconds(realm: Realm): number {
  return currentApplication(realm).authSessionLength;
}

/** The moment a session signed in at `createdOn` ends however active it is. */
function absoluteEndOf(realm: Realm, createdOn: Date): number {
  return createdOn.getTime() + sessionLifetimeHoursOf(realm) * HOUR_MS;
}

function readToken(request: FastifyRequest): string | undefined {
  return readHostCookie(request, SESSION_COOKIE_NAME);
}

export function createSessionManager(sessions: SessionRepository, now: () => Date): SessionManager {
  return {
    async start(request, reply, realm, user) {
      const previousToken = readToken(request);
      if (previousToken) await sessions.delete(realm.id, hashSessionToken(previousToken));
      await sessions.deleteExpiredOfUser(realm.id, user.id, now());

      const token = randomBytes(TOKEN_BYTES).toString('base64url');
      const createdOn = now();
      const expiresAt = new Date(
        Math.min(createdOn.getTime() + sessionLengthSeconds(realm) * 1000, absoluteEndOf(realm, createdOn)),
      );
      await sessions.insert(realm.id, {
        tokenHash: hashSessionToken(token),
        userId: user.id,
        expiresAt,
        createdOn,
      });
      // No Max-Age: the cookie lives as long as the browser session; the server decides when the session ends.
      reply.setCookie(hostCookieName(request, SESSION_COOKIE_NAME), token, hostCookieOptions(request));
      return { realm, user, expiresAt };
    },

    async resolve(request, realm) {
      const token = readToken(request);
      if (!token) return undefined;
      const tokenHash = hashSessionToken(token);
      const found = await sessions.findWithUser(realm.id, tokenHash);
      if (!found) return undefined;
      const currentTime = now().getTime();
      const absoluteEnd = absoluteEndOf(realm, found.session.createdOn);
      // A deactivated user's sessions are deleted when they are deactivated; this holds should one survive.
      const isOver =
        found.session.expiresAt.getTime() <= currentTime ||
        absoluteEnd <= currentTime ||
        found.user.deactivatedOn !== null;
      if (isOver) {
        await sessions.delete(realm.id, tokenHash);
        return undefined;
      }
      const fullLengthMs = sessionLengthSeconds(realm) * 1000;
      let expiresAt = found.session.expiresAt;
      const renewalIntervalMs = Math.min(RENEWAL_INTERVAL_MS, fullLengthMs / 2);
      const renewedExpiry = Math.min(currentTime + fullLengthMs, absoluteEnd);
      if (renewedExpiry - expiresAt.getTime() > renewalIntervalMs) {
        expiresAt = new Date(renewedExpiry);
        await sessions.extend(realm.id, tokenHash, expiresAt);
      } else if (absoluteEnd < expiresAt.getTime()) {
        // The realm shortened its lifetime since the last renewal.
        expiresAt = new Date(absoluteEnd);
      }
      return { realm, user: found.user, expiresAt };
    },

    tokenHashOf(request) {
      const token = readToken(request);
      return token === undefined ? undefined : hashSessionToken(token);
    },

    async end(request, reply, realm) {
      const token = readToken(request);
      if (token && realm) await sessions.delete(realm.id, hashSessionToken(token));
      reply.clearCookie(hostCookieName(request, SESSION_COOKIE_NAME), hostCookieOptions(request));
    },
  };
}
