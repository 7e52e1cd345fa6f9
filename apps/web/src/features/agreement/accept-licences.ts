import { userSchema, withLicencesAccepted, type User } from '@ecc/contracts';
import { api } from '#lib/api/api.ts';

/** Records acceptance of these licences, with the time, in the user's properties through `PUT /api/user`. */
export async function acceptLicences(
  user: User,
  licenceIds: readonly string[],
  acceptedAt = new Date(),
): Promise<User> {
  const properties = withLicencesAccepted(user.properties, licenceIds, acceptedAt);
  return userSchema.parse(await api.put<unknown>('/api/user', { user: { properties } }));
}
