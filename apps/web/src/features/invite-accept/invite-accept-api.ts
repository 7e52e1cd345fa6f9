import {
  invitationPreviewSchema,
  userSchema,
  type AcceptInvitationRequest,
  type InvitationPreview,
  type User,
} from '@ecc/contracts';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { api } from '#lib/api/api.ts';
import { sessionQueryKey, userQueryKey } from '#lib/session/session-queries.ts';

/** `GET /api/invitations/accept/:token`: who the link invites and to which realm; 404 once it is unusable. */
export function invitationPreviewQueryOptions(token: string) {
  return queryOptions({
    queryKey: ['invitations', 'preview', token] as const,
    queryFn: async ({ signal }): Promise<InvitationPreview> =>
      invitationPreviewSchema.parse(
        await api.get<unknown>(`/api/invitations/accept/${encodeURIComponent(token)}`, { signal }),
      ),
    retry: false,
  });
}

/** Sets the password, creates the account and signs in, as a sign-in does. */
export async function acceptInvitation(
  queryClient: QueryClient,
  request: AcceptInvitationRequest,
): Promise<User> {
  const user = userSchema.parse(await api.post<unknown>('/api/invitations/accept', request));
  queryClient.setQueryData(userQueryKey, user);
  await queryClient.invalidateQueries({ queryKey: sessionQueryKey });
  return user;
}
