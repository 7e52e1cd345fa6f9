import { accountEndpoints, type ChangePasswordRequest, type SessionsEnded } from '@ecc/contracts';
import { callEndpoint } from '#lib/api/call-endpoint.ts';

/** `POST /api/auth/password`: the signed-in user's new password; their other sessions end. */
export function changePassword(request: ChangePasswordRequest): Promise<SessionsEnded> {
  return callEndpoint(accountEndpoints.changePassword, { body: request });
}

/** "1 other session was", "2 other sessions were": how many devices a change signed out. */
export function otherSessionsText(count: number): string {
  return count === 1 ? '1 other session was' : `${count} other sessions were`;
}
