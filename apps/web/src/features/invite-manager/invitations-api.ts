import {
  invitationListSchema,
  invitationSchema,
  type CreateInvitationRequest,
  type Invitation,
} from '@ecc/contracts';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { api } from '#lib/api/api.ts';

export const invitationsQueryKey = ['invitations'] as const;

/** `GET /api/invitations`: the realm's invitations, newest first; administrators only. */
export const invitationsQueryOptions = queryOptions({
  queryKey: invitationsQueryKey,
  queryFn: async ({ signal }) =>
    invitationListSchema.parse(await api.get<unknown>('/api/invitations', { signal })).invitations,
});

export async function createInvitation(request: CreateInvitationRequest): Promise<Invitation> {
  return invitationSchema.parse(await api.post<unknown>('/api/invitations', request));
}

export async function resendInvitation(id: string): Promise<Invitation> {
  return invitationSchema.parse(
    await api.post<unknown>(`/api/invitations/${encodeURIComponent(id)}/resend`, {}),
  );
}

export async function revokeInvitation(id: string): Promise<void> {
  await api.request<unknown>(`/api/invitations/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function refreshInvitations(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: invitationsQueryKey });
}
