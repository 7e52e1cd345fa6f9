import {
  invitationEndpoints,
  type AcceptInvitationRequest,
  type InvitationPreview,
  type User,
} from '@ecc/contracts';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { callEndpoint } from '#lib/api/call-endpoint.ts';
import { sessionQueryKey, userQueryKey } from '#lib/session/session-queries.ts';

/** Who the link invites and to which realm; 404 once it is unusable. */
export function invitationPreviewQueryOptions(token: string) {
  return queryOptions({
    queryKey: ['invitations', 'preview', token] as const,
    queryFn: ({ signal }): Promise<InvitationPreview> =>
      callEndpoint(invitationEndpoints.preview, { params: { token }, signal }),
    retry: false,
  });
}

/** Sets the password, creates the account and signs in, as a sign-in does. */
export async function acceptInvitation(
  queryClient: QueryClient,
  request: AcceptInvitationRequest,
): Promise<User> {
  const user = await callEndpoint(invitationEndpoints.accept, { body: request });
  queryClient.setQueryData(userQueryKey, user);
  await queryClient.invalidateQueries({ queryKey: sessionQueryKey });
  return user;
}
