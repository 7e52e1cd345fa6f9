import { userSchema, withLicencesAccepted, type LicenceVersion, type User } from '@ecc/contracts';
import { api } from '#lib/api/api.ts';

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
  return userSchema.parse(await api.put<unknown>('/api/user', { user: { properties } }));
}
