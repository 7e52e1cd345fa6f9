import type { Database } from './create-database.ts';
import { hashPassword } from './password-hash.ts';
import { createRealmRepository } from './realm-repository.ts';
import { createUserRepository } from './user-repository.ts';

/**
 * Creates the operator's administrator (ECC_ADMIN_EMAIL / ECC_ADMIN_PASSWORD) in the given realm unless a user
 * with that e-mail exists there; an existing user, password included, is left untouched.
 */
export async function ensureAdministrator(
  db: Database,
  realmKey: string,
  email: string,
  password: string,
): Promise<{ isCreated: boolean }> {
  const realm = await createRealmRepository(db).findByKey(realmKey);
  if (!realm)
    throw new Error(`Cannot create the administrator ${email}: there is no realm with key ${realmKey}.`);
  const userRepository = createUserRepository(db);
  if (await userRepository.findByEmail(realm.id, email)) return { isCreated: false };
  const created = await userRepository.insert(realm.id, {
    email,
    passwordHash: await hashPassword(password),
    role: 'admin',
  });
  return { isCreated: created !== undefined };
}
