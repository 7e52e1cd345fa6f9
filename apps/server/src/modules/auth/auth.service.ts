import type { LoginRequest, Realm } from '@ecc/contracts';
import { verifyPassword, type UserRepository, type UserRow } from '@ecc/db';

/**
 * The user these credentials sign in, in this realm only. An unknown user and a wrong password take the same
 * path (a password check against a throwaway hash) and end in the same undefined.
 */
export async function authenticate(
  users: UserRepository,
  realm: Realm,
  credentials: LoginRequest,
): Promise<UserRow | undefined> {
  const user = await users.findByEmail(realm.id, credentials.username);
  const isPasswordValid = await verifyPassword(user?.passwordHash, credentials.password);
  return isPasswordValid ? user : undefined;
}
