import {
  userEndpoints,
  withLicencesAccepted,
  type LicenceVersion,
  type UpdateUserRequest,
  type User,
} from '@ecc/contracts';
import { callEndpoint } from '#lib/api/call-endpoint.ts';

/**
 * The `PUT /api/user` body that records acceptance of these licences, in their current revision and with the
 * time, in the user's properties.
 */
export function licenceAcceptanceRequest(
  user: User,
  licences: readonly LicenceVersion[],
  acceptedAt = new Date(),
): UpdateUserRequest {
  return { user: { properties: withLicencesAccepted(user.properties, licences, acceptedAt) } };
}

/** Sends the acceptance; answers the user as stored. */
export function acceptLicences(request: UpdateUserRequest): Promise<User> {
  return callEndpoint(userEndpoints.update, { body: request });
}
