import { realmConfigSchema, z, type Realm } from '@ecc/contracts';
import { createRealmConfigRepository, type Database } from '@ecc/db';
import { InvalidInputError, zodProblems } from '#platform/errors.ts';
import { createRealm } from './modules/realms/realms.service.ts';
import { createUser } from './modules/user/user.service.ts';

const realmSetupSchema = z.object({
  key: z.string(),
  name: z.string(),
  domains: z.array(z.string()).default([]),
  parentKey: z.string().optional(),
  plan: z.string().optional(),
  /** Fields of the realm's application that differ from a new realm's defaults (flags, legal, session length…). */
  application: z.record(z.string(), z.unknown()).optional(),
  users: z
    .array(z.object({ email: z.string(), password: z.string(), role: z.string().default('member') }))
    .default([]),
});
export type RealmSetup = z.input<typeof realmSetupSchema>;

const realmSetupFileSchema = z.union([
  z.array(realmSetupSchema),
  realmSetupSchema.transform((realm) => [realm]),
]);

function prefixed(error: unknown, prefix: string): never {
  if (error instanceof InvalidInputError) {
    throw new InvalidInputError(
      error.problems.map(({ path, message }) => ({
        path: path === '' ? prefix : `${prefix}.${path}`,
        message,
      })),
    );
  }
  throw error;
}

export interface SetUpRealm {
  realm: Realm;
  userCount: number;
}

/**
 * `realm setup --file F`: creates one realm or a list of realms, each with its application settings and users,
 * in one transaction. Any invalid entry (the messages name it by index) leaves the database as it was.
 */
export async function setupRealms(db: Database, data: unknown): Promise<SetUpRealm[]> {
  const parsed = realmSetupFileSchema.safeParse(data);
  if (!parsed.success) throw new InvalidInputError(zodProblems(parsed.error.issues));
  return db.transaction(async (transaction) => {
    const created: SetUpRealm[] = [];
    for (const [index, entry] of parsed.data.entries()) {
      let realm = await createRealm(transaction, entry).catch((error: unknown) =>
        prefixed(error, String(index)),
      );
      if (entry.application) {
        const [application, ...others] = realm.properties.config.applications;
        const config = realmConfigSchema.safeParse({
          ...realm.properties.config,
          applications: [{ ...application, ...entry.application }, ...others],
        });
        if (!config.success) {
          throw new InvalidInputError(
            zodProblems(config.error.issues).map(({ path, message }) => ({
              path: `${index}.${path}`.replace(`${index}.applications.0.`, `${index}.application.`),
              message,
            })),
          );
        }
        await createRealmConfigRepository(transaction).replaceConfig(realm.id, config.data);
        realm = { ...realm, properties: { config: config.data } };
      }
      for (const [userIndex, user] of entry.users.entries()) {
        await createUser(transaction, { realmKey: realm.key, ...user }).catch((error: unknown) =>
          prefixed(error, `${index}.users.${userIndex}`),
        );
      }
      created.push({ realm, userCount: entry.users.length });
    }
    return created;
  });
}
