import { userEndpoints, withLicencesAccepted, type LicenceVersion, type User } from '@ecc/contracts';
import { callEndpoint } from '#lib/api/call-endpoint.ts';

/**
 * Records acceptance of these licences, in their current revision and with the time, in the user's properties
 * through `PUT /api/user`.
 */
export async function acceptLicences(
  user: User,
  licences: readonly LicenceVersion[],
  acceptedAt = new Date(),
): Promise<User> {
  const properties = withLicencesAccepted(user.properties, licences, acceptedAt);
  return callEndpoint(userEndpoints.update, { body: { user: { properties } } });
}
