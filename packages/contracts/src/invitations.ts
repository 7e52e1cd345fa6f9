import { userSchema } from './auth.ts';
import { defineEndpoint, noContentSchema } from './endpoint.ts';
import { z } from './zod.ts';

export const INVITATION_ROLES = ['admin', 'member'] as const;
export type InvitationRole = (typeof INVITATION_ROLES)[number];
export const INVITATION_STATUS_VALUES = ['pending', 'accepted', 'expired', 'revoked'] as const;
export type InvitationStatusValue = (typeof INVITATION_STATUS_VALUES)[number];

/** How long an invitation link stays usable. */
export const INVITATION_VALIDITY_DAYS = 7;
/** Shortest password an invited person may choose; the same rule as `user create`. */
export const INVITATION_MIN_PASSWORD_LENGTH = 8;

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

export const invitationPasswordSchema = z
  .string()
  .min(INVITATION_MIN_PASSWORD_LENGTH, `Must be at least ${INVITATION_MIN_PASSWORD_LENGTH} characters`)
  .max(200, 'Must be at most 200 characters');

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
    responses: { 201: invitationSchema },
  }),
  resend: defineEndpoint({
    method: 'POST',
    path: '/api/invitations/:id/resend',
    params: invitationIdParamsSchema,
    responses: { 200: invitationSchema },
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
