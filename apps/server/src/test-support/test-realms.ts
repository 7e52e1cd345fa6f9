import type { Plan, Realm, RealmConfig } from '@ecc/contracts';
import {
  createDefaultRealmConfig,
  createRealmRepository,
  createUserRepository,
  hashPassword,
  type Database,
  type UserRole,
} from '@ecc/db';

export interface TestRealmOptions {
  key: string;
  name?: string;
  domains?: string[];
  plan?: Plan;
  active?: boolean;
  /** Changes the default config before it is stored (session length, strategies…). */
  configure?: (config: RealmConfig) => RealmConfig;
}

export async function createTestRealm(db: Database, options: TestRealmOptions): Promise<Realm> {
  const config = createDefaultRealmConfig({ plan: options.plan ?? 'CORE' });
  const realm = await createRealmRepository(db).insert({
    key: options.key,
    parentId: null,
    active: options.active ?? true,
    realm: options.key,
    name: options.name ?? `Realm ${options.key}`,
    type: 'organization',
    domains: options.domains ?? [],
    properties: { config: options.configure ? options.configure(config) : config },
  });
  if (!realm) throw new Error(`Realm ${options.key} exists already`);
  return realm;
}

export async function createTestUser(
  db: Database,
  realm: Realm,
  user: { email: string; password: string; role?: UserRole; properties?: Record<string, unknown> },
) {
  const created = await createUserRepository(db).insert(realm.id, {
    email: user.email,
    passwordHash: await hashPassword(user.password),
    role: user.role ?? 'member',
    properties: user.properties ?? {},
  });
  if (!created) throw new Error(`User ${user.email} exists already in ${realm.key}`);
  return created;
}
