import type { Plan } from '@ecc/contracts';
import e2eSetup from './e2e-setup.json' with { type: 'json' };

export interface Credentials {
  email: string;
  password: string;
}

/** A realm the end-to-end server holds, and how a browser reaches it: realms are chosen by host name. */
export interface E2eRealm {
  key: string;
  name: string;
  plan: Plan;
  origin: string;
  featureFlags: readonly string[];
  member: Credentials;
}

/** Local iteration only: ECC_E2E_PORT lets two checkouts run their end-to-end suites at the same time. */
export const E2E_PORT = Number(process.env.ECC_E2E_PORT ?? e2eSetup.port);

/** The seeded demo realm (`npm start` seeds it and prints these credentials); any unknown host selects it. */
export const DEMO_REALM: E2eRealm = {
  key: 'demo',
  name: 'Demo Energy Co.',
  plan: 'CORE',
  origin: `http://127.0.0.1:${E2E_PORT}`,
  featureFlags: [],
  member: { email: 'demo@example.com', password: 'demo-password' },
};

function setupRealm(key: string): E2eRealm {
  const realm = e2eSetup.realms.find((candidate) => candidate.key === key);
  if (!realm) throw new Error(`e2e-setup.json has no realm ${key}`);
  return { ...realm, plan: realm.plan as Plan, origin: `http://${realm.domain}:${E2E_PORT}` };
}

/** Plan `simple`, reached at simple.localhost. */
export const SIMPLE_REALM = setupRealm('simple');
/** Plan `paid` with the `ai-assistant` feature flag, reached at paid.localhost. */
export const PAID_REALM = setupRealm('paid');
/** Plan `paid` without any feature flag, reached at noflag.localhost. */
export const NO_FLAG_REALM = setupRealm('noflag');
