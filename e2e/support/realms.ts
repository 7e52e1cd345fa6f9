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

/** The same demo data on the plan `paid` (`demopaid`, seeded beside the demo), reached at paid.localhost. */
export const PAID_DEMO_REALM: E2eRealm = {
  key: 'demopaid',
  name: 'Demo Energy Co. (paid plan)',
  plan: 'paid',
  origin: `http://paid.localhost:${E2E_PORT}`,
  featureFlags: ['ai-assistant'],
  member: DEMO_REALM.member,
};

function setupRealm(key: string): E2eRealm {
  const realm = e2eSetup.realms.find((candidate) => candidate.key === key);
  if (!realm) throw new Error(`e2e-setup.json has no realm ${key}`);
  return { ...realm, plan: realm.plan as Plan, origin: `http://${realm.domain}:${E2E_PORT}` };
}

/** Plan `simple`, reached at simple.localhost. */
export const SIMPLE_REALM = setupRealm('simple');
/** Plan `paid` with the `ai-assistant` feature flag, reached at paid-e2e.localhost (the demo's paid realm has paid.localhost). */
export const PAID_REALM = setupRealm('paid');
/** Plan `paid` without any feature flag, reached at noflag.localhost. */
export const NO_FLAG_REALM = setupRealm('noflag');
/** Plan `paid`; its `ai-assistant` definition targets the member's e-mail only, reached at targeted.localhost. */
export const TARGETED_REALM = setupRealm('targeted');
/** Plan `simple` with two licences in its legal config, reached at licensed.localhost. */
export const LICENSED_REALM = setupRealm('licensed');
/** Plan `simple` with a 120-second session length, reached at idle.localhost. */
export const IDLE_REALM = setupRealm('idle');
/** Plan `paid` with an administrator and a member, for flag management, reached at flagmgmt.localhost. */
export const FLAG_MANAGEMENT_REALM = setupRealm('flagmgmt');

/** The platform operator's realm (key `acm`): its administrator manages every realm, reached at acm.localhost. */
export const OPERATOR_REALM = setupRealm('acm');
/** Plan `paid` with an administrator who is not the operator's, reached at tenant.localhost. */
export const TENANT_REALM = setupRealm('tenant');
/**
 * Plan `CORE` with an administrator, a member and one licence, for the theme, legal texts and GWP set of realm
 * administration, reached at settings.localhost.
 */
export const SETTINGS_REALM = setupRealm('settings');
/**
 * Plan `paid` with an administrator and a member, holding EPA's whole 2020 GHGRP workbook (6,515 facilities) when
 * the shared data directory has it: the end-to-end server imports it with the CLI before it starts. Reached at
 * epa.localhost.
 */
export const EPA_REALM = setupRealm('epa');

/** A further user of a realm in e2e-setup.json (`users`), by e-mail. */
export function setupUser(realm: E2eRealm, email: string): Credentials {
  const entry = e2eSetup.realms.find((candidate) => candidate.key === realm.key);
  const users: readonly Credentials[] = entry && 'users' in entry ? (entry.users ?? []) : [];
  const user = users.find((candidate) => candidate.email === email);
  if (!user) throw new Error(`e2e-setup.json has no user ${email} in realm ${realm.key}`);
  return { email: user.email, password: user.password };
}

/**
 * Plan `paid` with an administrator and a member and no facilities of its own, for the organisation and boundary
 * (business units, ownership shares, consolidation), reached at orgunits.localhost.
 */
export const ORGANISATION_REALM = setupRealm('orgunits');

/** Plan `paid` with an administrator and no facilities of its own, for Scope 3 on /advancedghg, at scope3.localhost. */
export const SCOPE3_REALM = setupRealm('scope3');

/** Plan `EQT`, the one plan without /pathways, reached at eqt.localhost. */
export const EQT_REALM = setupRealm('eqt');

/** Plan `paid` with an administrator and a member and no calculations of its own, for the calculation pages, at calcpages.localhost. */
export const CALCULATION_PAGES_REALM = setupRealm('calcpage');
