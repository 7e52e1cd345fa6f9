import { createHash, randomBytes } from 'node:crypto';
import { INVITATION_VALIDITY_DAYS, type Invitation } from '@ecc/contracts';
import { invitationStatusAt, type InvitationRepository, type InvitationRow } from '@ecc/db';
import type { Mailer, SendResult } from '#platform/mailer.ts';

const DAY_MILLISECONDS = 24 * 60 * 60 * 1000;

/** A fresh link token and the hash that is all the database keeps of it. */
export function createInvitationToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: hashInvitationToken(token) };
}

export function hashInvitationToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function invitationExpiryFrom(now: Date): Date {
  return new Date(now.getTime() + INVITATION_VALIDITY_DAYS * DAY_MILLISECONDS);
}

export function toInvitation(row: InvitationRow, now: Date): Invitation {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    status: invitationStatusAt(row, now),
    expiresAt: row.expiresAt.toISOString(),
    createdOn: row.createdOn.toISOString(),
  };
}

/** The link the invited person opens: the accept page on the host the administrator used, so the same realm. */
export function invitationLink(origin: string, token: string): string {
  return `${origin}/invite/${token}`;
}

export interface InvitationEmailInput {
  to: string;
  realmName: string;
  role: string;
  invitedBy: string;
  link: string;
  expiresAt: Date;
}

export interface ComposedEmail {
  to: string;
  subject: string;
  text: string;
}

/** The mail's text as the outbox keeps it: the link's token withheld, so a database read yields no usable link. */
export function withheldTokenText(text: string): string {
  return text.replaceAll(/\/invite\/[A-Za-z0-9_-]+/g, '/invite/[token withheld]');
}

export function composeInvitationEmail(input: InvitationEmailInput): ComposedEmail {
  return {
    to: input.to,
    subject: `You are invited to ${input.realmName} on Emissions Control Center`,
    text: [
      `${input.invitedBy} invited you to join ${input.realmName} on Emissions Control Center as ${input.role}.`,
      '',
      `Set your password and join: ${input.link}`,
      '',
      `The link works once and expires on ${input.expiresAt.toISOString()}.`,
    ].join('\n'),
  };
}

/**
 * Records the invitation mail in the outbox first (its token withheld), so it is kept whatever happens next, then
 * sends it; a failure is stored on the outbox row rather than failing the invitation.
 */
export async function deliverInvitationEmail(
  repository: InvitationRepository,
  mailer: Mailer,
  realmId: string,
  email: ComposedEmail,
  now: () => Date,
): Promise<SendResult> {
  const recorded = await repository.recordEmail(
    realmId,
    { ...email, text: withheldTokenText(email.text) },
    now(),
  );
  const result = await mailer.send(email);
  if (result.isSent) await repository.markEmailSent(realmId, recorded.id, now());
  else if (result.error !== undefined) await repository.markEmailFailed(realmId, recorded.id, result.error);
  return result;
}
