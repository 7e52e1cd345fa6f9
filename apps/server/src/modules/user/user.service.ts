import { MIN_PASSWORD_LENGTH, z } from '@ecc/contracts';
import {
  createRealmRepository,
  createUserRepository,
  hashPassword,
  USER_ROLES,
  type Database,
  type UserRole,
} from '@ecc/db';
import { InvalidInputError, zodProblems } from '#platform/errors.ts';

const newUserSchema = z.object({
  realmKey: z.string().min(1),
  email: z.email({ message: 'Must be an e-mail address' }),
  password: z.string().min(MIN_PASSWORD_LENGTH, `Must be at least ${MIN_PASSWORD_LENGTH} characters`),
  role: z.enum(USER_ROLES, { message: `Must be one of ${USER_ROLES.join(', ')}` }),
});
/** As the operator typed it; checked here. */
export interface NewUserInput {
  realmKey: string;
  email: string;
  password: string;
  role: string;
}

export interface CreatedUser {
  id: string;
  email: string;
  role: UserRole;
  realmKey: string;
}

/** `user create`: a user with an argon2id password hash in an existing realm. */
export async function createUser(db: Database, input: NewUserInput): Promise<CreatedUser> {
  const parsed = newUserSchema.safeParse(input);
  if (!parsed.success) throw new InvalidInputError(zodProblems(parsed.error.issues));
  const { realmKey, email, password, role } = parsed.data;
  const realm = await createRealmRepository(db).findByKey(realmKey);
  if (!realm) throw new InvalidInputError([{ path: 'realm', message: `No realm has the key ${realmKey}` }]);
  const created = await createUserRepository(db).insert(realm.id, {
    email,
    passwordHash: await hashPassword(password),
    role,
  });
  if (!created)
    throw new InvalidInputError([
      { path: 'email', message: `Realm ${realmKey} already has a user ${email.toLowerCase()}` },
    ]);
  return { id: created.id, email: created.email, role: created.role, realmKey: realm.key };
}
