import { INVITATION_NOT_FOUND_MESSAGE, invitationEndpoints } from '@ecc/contracts';
import {
  createInvitationRepository,
  hashPassword,
  normalizeEmail,
  type InvitationRow,
  userRowToUser,
  type Database,
} from '@ecc/db';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '#platform/app-context.ts';
import type { ServerConfig } from '#platform/config.ts';
import { endpointRoute } from '#platform/endpoint-route.ts';
import { fieldRefusal, HttpError, sendApiError } from '#platform/errors.ts';
import { tooManyAttemptsMessage, type LoginThrottle } from '#platform/login-throttle.ts';
import { createMailer } from '#platform/mailer.ts';
import { assertCanGiveRole } from '#platform/delegation.ts';
import {
  assertCanOnOwnRecord,
  permissionAccess,
  PUBLIC_ACCESS,
  requireSession,
} from '#platform/route-access.ts';
import { registerInvitationExportRoute } from './invitations-export.ts';
import {
  composeInvitationEmail,
  createInvitationToken,
  deliverInvitationEmail,
  hashInvitationToken,
  invitationExpiryFrom,
  invitationLink,
  toInvitation,
} from './invitations.service.ts';

const INVITATION_NOT_FOUND = 'Invitation not found';

function refuseTooManyAttempts(reply: FastifyReply, retryAfterSeconds: number) {
  reply.header('retry-after', String(retryAfterSeconds));
  return sendApiError(reply, 429, tooManyAttemptsMessage(retryAfterSeconds));
}

function originOf(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

/**
 * The invite manager (issue 3 item 9): administrators invite by e-mail with a role, resend and revoke; the
 * invited person opens the single-use link on the realm's host, sets a password and is signed in. The realm is
 * the session's for the manager and the request host's for the link, never the body's.
 */
export function registerInvitationRoutes(
  app: FastifyInstance,
  context: AppContext,
  db: Database,
  { config, tokenThrottle, now }: { config: ServerConfig; tokenThrottle: LoginThrottle; now: () => Date },
): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const invitations = createInvitationRepository(db);
  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.smtpFrom, log: app.log });
  app.addHook('onClose', async () => mailer.close());

  /** Mails the link; answers it when no mail went out, for the inviter to pass on (it is never logged). */
  async function sendInvitation(
    request: FastifyRequest,
    invitation: { email: string; role: string; expiresAt: Date },
    token: string,
  ): Promise<{ link?: string }> {
    const session = requireSession(request);
    const link = invitationLink(originOf(request), token);
    const email = composeInvitationEmail({
      to: invitation.email,
      realmName: session.realm.name,
      role: invitation.role,
      invitedBy: session.user.email,
      link,
      expiresAt: invitation.expiresAt,
    });
    const { isSent } = await deliverInvitationEmail(invitations, mailer, session.realm.id, email, now);
    return isSent ? {} : { link };
  }

  /**
   * An invitation token is a credential: it is guessed no faster than a password. Every lookup counts against the
   * caller's address (and against that token) by sign-in's rules until it finds a usable invitation.
   */
  async function findUsableInvitation(
    request: FastifyRequest,
    realmId: string,
    token: string,
  ): Promise<{ retryAfterSeconds?: number; invitation?: InvitationRow }> {
    const tokenHash = hashInvitationToken(token);
    const attempt = { realmId, username: `invitation:${tokenHash}`, address: request.ip };
    const retryAfterSeconds = tokenThrottle.admit(attempt);
    if (retryAfterSeconds !== undefined) return { retryAfterSeconds };
    const invitation = await invitations.findUsable(realmId, tokenHash, now());
    if (invitation) tokenThrottle.recordSuccess(attempt);
    return { invitation };
  }

  api.route({
    ...endpointRoute(invitationEndpoints.list),
    config: { access: permissionAccess('read', 'Invitation', { route: 'invite-manager' }) },
    handler: async (request) => {
      const session = requireSession(request);
      const rows = await invitations.list(session.realm.id);
      const at = now();
      return { invitations: rows.map((row) => toInvitation(row, at)) };
    },
  });

  registerInvitationExportRoute(app, invitations, now);

  api.route({
    ...endpointRoute(invitationEndpoints.create),
    config: { access: permissionAccess('create', 'Invitation', { route: 'invite-manager' }) },
    handler: async (request, reply) => {
      const session = requireSession(request);
      await assertCanGiveRole(request, request.body.role);
      const email = normalizeEmail(request.body.email);
      const { token, tokenHash } = createInvitationToken();
      const at = now();
      const created = await invitations.insert(
        session.realm.id,
        {
          email,
          role: request.body.role,
          tokenHash,
          expiresAt: invitationExpiryFrom(at),
          invitedBy: session.user.id,
        },
        at,
      );
      if (created === 'user-exists') {
        throw fieldRefusal(409, { 'body/email': `${email} is already a user of this realm` });
      }
      if (!created) throw fieldRefusal(409, { 'body/email': `${email} already has a pending invitation` });
      const sent = await sendInvitation(request, created, token);
      return reply.code(201).send({ ...toInvitation(created, at), ...sent });
    },
  });

  api.route({
    ...endpointRoute(invitationEndpoints.resend),
    config: { access: permissionAccess('update', 'Invitation', { route: 'invite-manager' }) },
    handler: async (request) => {
      const session = requireSession(request);
      const existing = await invitations.findById(session.realm.id, request.params.id);
      if (!existing) throw new HttpError(404, INVITATION_NOT_FOUND);
      await assertCanOnOwnRecord(request, 'update', 'Invitation', existing.id);
      // A fresh link gives the role again: only someone who may give it may send one.
      await assertCanGiveRole(request, existing.role);
      const { token, tokenHash } = createInvitationToken();
      const at = now();
      const renewed = await invitations.renew(
        session.realm.id,
        existing.id,
        { tokenHash, expiresAt: invitationExpiryFrom(at) },
        at,
      );
      if (!renewed) {
        throw new HttpError(409, `This invitation is ${existing.status} and can no longer be resent`);
      }
      const sent = await sendInvitation(request, renewed, token);
      return { ...toInvitation(renewed, at), ...sent };
    },
  });

  api.route({
    ...endpointRoute(invitationEndpoints.revoke),
    config: { access: permissionAccess('delete', 'Invitation', { route: 'invite-manager' }) },
    handler: async (request, reply) => {
      const session = requireSession(request);
      const existing = await invitations.findById(session.realm.id, request.params.id);
      if (!existing) throw new HttpError(404, INVITATION_NOT_FOUND);
      await assertCanOnOwnRecord(request, 'delete', 'Invitation', existing.id);
      const revoked = await invitations.revoke(session.realm.id, existing.id, now());
      if (!revoked) throw new HttpError(409, `This invitation is ${existing.status} and cannot be revoked`);
      return reply.code(204).send();
    },
  });

  // Public: the invited person has no account yet. Unknown, used, expired, revoked and other realms' tokens
  // all answer the same 404.
  api.route({
    ...endpointRoute(invitationEndpoints.preview),
    config: { access: PUBLIC_ACCESS },
    handler: async (request, reply) => {
      const realm = await context.realms.resolve(request);
      if (!realm) throw new HttpError(404, INVITATION_NOT_FOUND_MESSAGE);
      const found = await findUsableInvitation(request, realm.id, request.params.token);
      if (found.retryAfterSeconds !== undefined) return refuseTooManyAttempts(reply, found.retryAfterSeconds);
      const { invitation } = found;
      if (!invitation) throw new HttpError(404, INVITATION_NOT_FOUND_MESSAGE);
      return {
        email: invitation.email,
        realmName: realm.name,
        expiresAt: invitation.expiresAt.toISOString(),
      };
    },
  });

  api.route({
    ...endpointRoute(invitationEndpoints.accept),
    config: { access: PUBLIC_ACCESS },
    handler: async (request, reply) => {
      const realm = await context.realms.resolve(request);
      if (!realm) throw new HttpError(404, INVITATION_NOT_FOUND_MESSAGE);
      // The token first: a wrong one costs neither a password hash nor a transaction.
      const found = await findUsableInvitation(request, realm.id, request.body.token);
      if (found.retryAfterSeconds !== undefined) return refuseTooManyAttempts(reply, found.retryAfterSeconds);
      if (!found.invitation) throw new HttpError(404, INVITATION_NOT_FOUND_MESSAGE);
      // Accepting reads the invitation again in its transaction, so a token used in between still answers 404.
      const accepted = await invitations.accept(
        realm.id,
        hashInvitationToken(request.body.token),
        await hashPassword(request.body.password),
        now(),
      );
      if (!accepted) throw new HttpError(404, INVITATION_NOT_FOUND_MESSAGE);
      await context.sessions.start(request, reply, realm, accepted.user);
      return userRowToUser(accepted.user, realm.key);
    },
  });
}
