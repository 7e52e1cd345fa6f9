import { defineConfig } from '@playwright/test';
import { E2E_PORT } from './e2e/support/realms.ts';
import { E2E_SMTP_PORT } from './e2e/support/smtp-port.ts';

const isCi = Boolean(process.env.CI);
const baseUrl = `http://127.0.0.1:${E2E_PORT}`;

// The runner and every worker evaluate this file: the first evaluation picks the data directory and the
// workers inherit it through the environment.
process.env.ECC_E2E_DATA_DIR ??= `.test-data/e2e-${Date.now()}`;

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  outputDir: 'test-results',
  timeout: 30_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  forbidOnly: isCi,
  workers: 2,
  // Never retried: a test that passes on a second try hides a defect (npm test also passes --retries=0 and fails
  // on any test the report calls flaky).
  retries: 0,
  reporter: [
    ['list'],
    ['json', { outputFile: process.env.ECC_E2E_JSON_REPORT ?? 'test-results/e2e-report.json' }],
  ],
  use: {
    baseURL: baseUrl,
    trace: 'retain-on-failure',
    browserName: 'chromium',
    launchOptions: {
      // Debian's Chromium: Playwright downloads no browser. Without the background-networking switches
      // Chromium keeps calling Google services, which the closed network answers slowly or never.
      executablePath: '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    // The wrapper creates the extra realms with the operator CLI, then starts the product (`node
    // scripts/start.mjs`) on the same fresh DATA_DIR, and deletes that directory once the server has exited.
    // A globalTeardown cannot delete it: Playwright runs it while the webServer is still up.
    command: 'node e2e/support/start-e2e-server.mjs',
    url: `${baseUrl}/api/config`,
    timeout: 600_000,
    // Local iteration only: ECC_E2E_REUSE_SERVER=1 runs against an e2e server already started with this command.
    reuseExistingServer: process.env.ECC_E2E_REUSE_SERVER === '1',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      HOST: '127.0.0.1',
      PORT: String(E2E_PORT),
      DATA_DIR: process.env.ECC_E2E_DATA_DIR,
      ECC_DEFAULT_REALM: 'demo',
      LOG_LEVEL: 'warn',
      // The oidc realm's sign-in provider runs on 127.0.0.1 over http (e2e/auth/oidc.spec.ts).
      ECC_OIDC_ALLOW_INSECURE: '1',
      // Every answer the browser gets is also checked against its zod schema in contracts (decision 025).
      ECC_CHECK_RESPONSES: '1',
      // e2e/invite-manager receives the invitation there; with nothing listening, the outbox records the error.
      SMTP_URL: `smtp://127.0.0.1:${E2E_SMTP_PORT}`,
    },
  },
});
