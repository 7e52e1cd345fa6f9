import { invitationEndpoints, type CreateInvitationRequest, type SentInvitation } from '@ecc/contracts';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { callEndpoint } from '#lib/api/call-endpoint.ts';

export const invitationsQueryKey = ['invitations'] as const;

/** The realm's invitations, newest first; administrators only. */
export const invitationsQueryOptions = queryOptions({
  queryKey: invitationsQueryKey,
  queryFn: async ({ signal }) => (await callEndpoint(invitationEndpoints.list, { signal })).invitations,
});

/** Sends an invitation; its `link` is set when no e-mail went out, for the inviter to pass on. */
export function createInvitation(request: CreateInvitationRequest): Promise<SentInvitation> {
  return callEndpoint(invitationEndpoints.create, { body: request });
}

export function resendInvitation(id: string): Promise<SentInvitation> {
  return callEndpoint(invitationEndpoints.resend, { params: { id } });
}

export async function revokeInvitation(id: string): Promise<void> {
  await callEndpoint(invitationEndpoints.revoke, { params: { id } });
}

export function refreshInvitations(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: invitationsQueryKey });
}
