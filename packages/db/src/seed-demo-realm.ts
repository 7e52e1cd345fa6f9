import { ANALYTICS_PROXY_PATH, DEFAULT_REALM_KEY, type Plan, type RealmConfig } from '@ecc/contracts';
import type { Database } from './create-database.ts';
import { seedDemoEmissions } from './demo-emissions-seed.ts';
import { seedDemoAnalysisViews } from './demo-analysis-seed.ts';
import { seedDemoOrganisation } from './demo-organisation-seed.ts';
import { seedDemoPathways } from './demo-pathways-seed.ts';
import { seedDemoScope3 } from './demo-scope3-seed.ts';
import { seedDemoReports } from './demo-reports-seed.ts';
import { seedDemoAbatement } from './abatement-repository.ts';
import { seedDemoCalculations } from './demo-calculations-seed.ts';
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

/** What tells the demo realms apart: key, name, plan, host names and the feature flags of their application. */
interface DemoRealmDefinition {
  readonly key: string;
  readonly name: string;
  readonly plan: Plan;
  readonly domains: readonly string[];
  readonly featureFlags: readonly string[];
  readonly themeId: string;
}

const DEMO_REALM: DemoRealmDefinition = {
  key: DEMO_REALM_KEY,
  name: DEMO_REALM_NAME,
  plan: 'CORE',
  domains: [],
  featureFlags: [],
  themeId: DEMO_THEME_ID,
};

/**
 * The same demo data on the plan `paid` with the `ai-assistant` flag, so the routes only that plan reaches can be
 * seen; Chromium and Firefox send `paid.localhost` to this machine.
 */
export const PAID_DEMO_REALM: DemoRealmDefinition = {
  key: 'demopaid',
  name: 'Demo Energy Co. (paid plan)',
  plan: 'paid',
  domains: ['paid.localhost'],
  featureFlags: ['ai-assistant'],
  themeId: '8b2d4f6a-1c3e-4a5b-9d7f-0e2c4a6b8d1f',
};

async function seedDemoRealmOf(
  db: Database,
  definition: DemoRealmDefinition,
): Promise<{ isCreated: boolean }> {
  if (await createRealmRepository(db).findByKey(definition.key)) return { isCreated: false };
  const people = await Promise.all(
    [DEMO_ADMIN, DEMO_USER].map(async (person) => ({
      ...person,
      passwordHash: await hashPassword(person.password),
    })),
  );
  return db.transaction(async (transaction) => {
    const realm = await createRealmRepository(transaction).insert({
      key: definition.key,
      parentId: null,
      active: true,
      realm: definition.key,
      name: definition.name,
      type: 'organization',
      domains: [...definition.domains],
      properties: {
        config: withDemoAnalytics(
          createDefaultRealmConfig({
            plan: definition.plan,
            featureFlags: [...definition.featureFlags],
            themeId: definition.themeId,
            themeName: definition.name,
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
    await seedDemoOrganisation(transaction, realm.id);
    await seedDemoAnalysisViews(transaction, realm.id, DEMO_ADMIN.email);
    await seedDemoScope3(transaction, realm.id);
    await seedDemoReports(transaction, realm.id);
    // The optimizer's page (and so the library) is on the paid plan only.
    if (definition.plan === 'paid') await seedDemoAbatement(transaction, realm.id);
    await seedDemoPathways(transaction, realm.id);
    await seedDemoCalculations(transaction, realm.id);
    return { isCreated: true };
  });
}

/**
 * Creates the demo realm with its administrator and demo user when no realm has its key yet; otherwise leaves
 * everything as it is, so an operator's changes survive restarts. Safe to run from several processes at once.
 */
export function seedDemoRealm(db: Database): Promise<{ isCreated: boolean }> {
  return seedDemoRealmOf(db, DEMO_REALM);
}

/** The demo on the paid plan at `paid.localhost`, created like the demo realm (`npm start` seeds both). */
export function seedPaidDemoRealm(db: Database): Promise<{ isCreated: boolean }> {
  return seedDemoRealmOf(db, PAID_DEMO_REALM);
}
