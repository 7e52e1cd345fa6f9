import { newPasswordSchema } from './account.ts';
import { userSchema } from './auth.ts';
import { defineEndpoint, noContentSchema } from './endpoint.ts';
import { z } from './zod.ts';

export const INVITATION_ROLES = ['admin', 'member'] as const;
export type InvitationRole = (typeof INVITATION_ROLES)[number];
export const INVITATION_STATUS_VALUES = ['pending', 'accepted', 'expired', 'revoked'] as const;
export type InvitationStatusValue = (typeof INVITATION_STATUS_VALUES)[number];

/** How long an invitation link stays usable. */
export const INVITATION_VALIDITY_DAYS = 7;

/** The link's token: 32 random bytes, base64url. */
export const invitationTokenSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{20,128}$/, { message: 'Must be an invitation token' });

export const createInvitationRequestSchema = z.object({
  email: z.email({ message: 'Must be an e-mail address' }).max(254),
  role: z.enum(INVITATION_ROLES, { message: `Must be one of ${INVITATION_ROLES.join(', ')}` }),
});
export type CreateInvitationRequest = z.infer<typeof createInvitationRequestSchema>;

export const invitationSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  role: z.enum(INVITATION_ROLES),
  status: z.enum(INVITATION_STATUS_VALUES),
  expiresAt: z.iso.datetime({ offset: true }),
  createdOn: z.iso.datetime({ offset: true }),
});
export type Invitation = z.infer<typeof invitationSchema>;

/**
 * The answer to sending an invitation: the invitation, and its link when no e-mail went out (no mail server, or it
 * failed), so the inviter can pass the link on themself. The link is never logged nor stored in the clear.
 */
export const sentInvitationSchema = invitationSchema.extend({ link: z.url().optional() });
export type SentInvitation = z.infer<typeof sentInvitationSchema>;

export const invitationListSchema = z.object({ invitations: z.array(invitationSchema) });
export type InvitationList = z.infer<typeof invitationListSchema>;

export const invitationIdParamsSchema = z.object({ id: z.uuid({ message: 'Must be an invitation id' }) });
export const invitationTokenParamsSchema = z.object({ token: invitationTokenSchema });

/** What the accept page shows before the password is set. */
export const invitationPreviewSchema = z.object({
  email: z.string(),
  realmName: z.string(),
  expiresAt: z.iso.datetime({ offset: true }),
});
export type InvitationPreview = z.infer<typeof invitationPreviewSchema>;

/** The password an invited person chooses: the same rule as every password (`newPasswordSchema`). */
export const invitationPasswordSchema = newPasswordSchema;

export const acceptInvitationRequestSchema = z.object({
  token: invitationTokenSchema,
  password: invitationPasswordSchema,
});
export type AcceptInvitationRequest = z.infer<typeof acceptInvitationRequestSchema>;

/** The accept page's form: the password typed twice. */
export const acceptInvitationFormSchema = z
  .object({ password: invitationPasswordSchema, confirmPassword: z.string() })
  .refine((form) => form.password === form.confirmPassword, {
    message: 'Must match the password',
    path: ['confirmPassword'],
  });
export type AcceptInvitationForm = z.infer<typeof acceptInvitationFormSchema>;

/** Unknown, used, expired and revoked tokens all answer this, so a token's history is not revealed. */
export const INVITATION_NOT_FOUND_MESSAGE =
  'This invitation link is not valid: it may have expired or been used';

/** The invite manager's calls (administrators) and the accept page's (public: the invited person has no account). */
export const invitationEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/invitations',
    responses: { 200: invitationListSchema },
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/api/invitations',
    body: createInvitationRequestSchema,
    responses: { 201: sentInvitationSchema },
  }),
  /** A fresh link (the old one stops working), sent again. */
  resend: defineEndpoint({
    method: 'POST',
    path: '/api/invitations/:id/resend',
    params: invitationIdParamsSchema,
    responses: { 200: sentInvitationSchema },
  }),
  revoke: defineEndpoint({
    method: 'DELETE',
    path: '/api/invitations/:id',
    params: invitationIdParamsSchema,
    responses: { 204: noContentSchema },
  }),
  preview: defineEndpoint({
    method: 'GET',
    path: '/api/invitations/accept/:token',
    params: invitationTokenParamsSchema,
    responses: { 200: invitationPreviewSchema },
  }),
  accept: defineEndpoint({
    method: 'POST',
    path: '/api/invitations/accept',
    body: acceptInvitationRequestSchema,
    responses: { 200: userSchema },
  }),
};
