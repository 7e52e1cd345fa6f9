import {
  invitationEndpoints,
  invitationListSchema,
  type CreateInvitationRequest,
  type SentInvitation,
} from '@ecc/contracts';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { api } from '#lib/api/api.ts';
import { callEndpoint } from '#lib/api/call-endpoint.ts';

export const invitationsQueryKey = ['invitations'] as const;

/** `GET /api/invitations`: the realm's invitations, newest first; administrators only. */
export const invitationsQueryOptions = queryOptions({
  queryKey: invitationsQueryKey,
  queryFn: async ({ signal }) =>
    invitationListSchema.parse(await api.get<unknown>('/api/invitations', { signal })).invitations,
});

/** Sends an invitation; its `link` is set when no e-mail went out, for the inviter to pass on. */
export function createInvitation(request: CreateInvitationRequest): Promise<SentInvitation> {
  return callEndpoint(invitationEndpoints.create, { body: request });
}

export function resendInvitation(id: string): Promise<SentInvitation> {
  return callEndpoint(invitationEndpoints.resend, { params: { id } });
}

export async function revokeInvitation(id: string): Promise<void> {
  await api.request<unknown>(`/api/invitations/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function refreshInvitations(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: invitationsQueryKey });
}
