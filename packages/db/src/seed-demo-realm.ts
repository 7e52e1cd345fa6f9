import { ANALYTICS_PROXY_PATH, DEFAULT_REALM_KEY, type RealmConfig } from '@ecc/contracts';
import type { Database } from './create-database.ts';
import { seedDemoEmissions } from './demo-emissions-seed.ts';
import { hashPassword } from './password-hash.ts';
import { createDefaultRealmConfig } from './realm-defaults.ts';
import { createRealmRepository } from './realm-repository.ts';
import type { UserRole } from './schema.ts';
import { createUserRepository } from './user-repository.ts';

export interface DemoCredentials {
  readonly email: string;
  readonly password: string;
  readonly role: UserRole;
  readonly name: string;
}

/** The demo realm's sign-ins, printed by `npm start` and used by the end-to-end tests. */
export const DEMO_USER: DemoCredentials = {
  email: 'demo@example.com',
  password: 'demo-password',
  role: 'member',
  name: 'Dana Demo',
};
export const DEMO_ADMIN: DemoCredentials = {
  email: 'admin@example.com',
  password: 'admin-password',
  role: 'admin',
  name: 'Alex Admin',
};
export const DEMO_REALM_KEY = DEFAULT_REALM_KEY;
export const DEMO_REALM_NAME = 'Demo Energy Co.';
/** Fixed, so the demo theme keeps its id across fresh databases (bookmarks, exported configs). */
const DEMO_THEME_ID = '5f0c8a3e-7d41-4b6a-9c2e-1d3f5a7b9c0e';
/** Served from apps/web/public/brand. */
export const DEMO_LOGO_PATH = '/brand/logo.svg';
export const DEMO_LOGIN_BACKGROUND_PATH = '/brand/login-background.svg';
/** The demo realm's analytics write key: events go to this server's proxy path and are stored there. */
export const DEMO_ANALYTICS_WRITE_KEY = 'demo-analytics-write-key';

function withDemoAnalytics(config: RealmConfig): RealmConfig {
  return {
    ...config,
    applications: config.applications.map((application) => ({
      ...application,
      analytics: {
        trackingEnabled: true,
        providerEnabled: true,
        writeKey: DEMO_ANALYTICS_WRITE_KEY,
        proxyPath: ANALYTICS_PROXY_PATH,
      },
    })),
  };
}

/**
 * Creates the demo realm with its administrator and demo user when no realm has its key yet; otherwise leaves
 * everything as it is, so an operator's changes survive restarts. Safe to run from several processes at once.
 */
export async function seedDemoRealm(db: Database): Promise<{ isCreated: boolean }> {
  if (await createRealmRepository(db).findByKey(DEMO_REALM_KEY)) return { isCreated: false };
  const people = await Promise.all(
    [DEMO_ADMIN, DEMO_USER].map(async (person) => ({
      ...person,
      passwordHash: await hashPassword(person.password),
    })),
  );
  return db.transaction(async (transaction) => {
    const realm = await createRealmRepository(transaction).insert({
      key: DEMO_REALM_KEY,
      parentId: null,
      active: true,
      realm: DEMO_REALM_KEY,
      name: DEMO_REALM_NAME,
      type: 'organization',
      domains: [],
      properties: {
        config: withDemoAnalytics(
          createDefaultRealmConfig({
            plan: 'CORE',
            themeId: DEMO_THEME_ID,
            themeName: DEMO_REALM_NAME,
            logo: DEMO_LOGO_PATH,
            loginBackground: DEMO_LOGIN_BACKGROUND_PATH,
          }),
        ),
      },
    });
    if (!realm) return { isCreated: false };
    const userRepository = createUserRepository(transaction);
    for (const person of people) {
      await userRepository.insert(realm.id, {
        email: person.email,
        passwordHash: person.passwordHash,
        role: person.role,
        properties: { name: person.name },
      });
    }
    await seedDemoEmissions(transaction, realm.id);
    return { isCreated: true };
  });
}
