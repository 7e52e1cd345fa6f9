import { E2E_PORT } from './realms.ts';

/**
 * Where the e2e server sends mail (SMTP_URL in playwright.config.ts): the invite-manager spec listens there.
 * Derived from the app's port so that two checkouts running their suites at once do not share it.
 */
export const E2E_SMTP_PORT = E2E_PORT + 20_000;
