import type { Plan } from '@ecc/contracts';
import {
  startTestOidcProvider,
  type TestOidcProvider,
} from '../../apps/server/src/test-support/oidc-test-provider.ts';
import { expectPathname } from '../support/app-shell.ts';
import e2eSetup from '../support/e2e-setup.json' with { type: 'json' };
import { expect, test } from '../support/fixtures.ts';
import { E2E_PORT, type E2eRealm } from '../support/realms.ts';

/** The port the oidc realm's strategy names in e2e-setup.json. */
const PROVIDER_PORT = 3951;

function oidcRealm(): E2eRealm {
  const realm = e2eSetup.realms.find((candidate) => candidate.key === 'oidc');
  if (!realm) throw new Error('e2e-setup.json has no realm oidc');
  return { ...realm, plan: realm.plan as Plan, origin: `http://${realm.domain}:${E2E_PORT}` };
}

/**
 * Plan `simple` with one active OIDC strategy at 127.0.0.1:3951 that lets in addresses of oidc.example only,
 * reached at oidc.localhost.
 */
const OIDC_REALM = oidcRealm();

test.use({ realm: OIDC_REALM, isSignedIn: false });
// One provider on a fixed port: the tests of this file run in one worker, one after the other.
test.describe.configure({ mode: 'serial' });

let provider: TestOidcProvider;
test.beforeAll(async () => {
  provider = await startTestOidcProvider({
    port: PROVIDER_PORT,
    redirectUris: [`${OIDC_REALM.origin}/api/auth/oidc/callback`],
  });
});
test.afterAll(() => provider.close());

test('signs in with the provider from the login page', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('link', { name: 'Sign in with Test Provider' }).click();

  // The provider's own login form (oidc-provider's development interaction).
  await page.locator('input[name="login"]').fill('ada');
  await page.locator('input[name="password"]').fill('any-password');
  await page.getByRole('button', { name: 'Sign-in' }).click();

  await expect(page).toHaveURL((url) => url.origin === OIDC_REALM.origin && url.pathname !== '/login');
  const session = await page.evaluate(async () => {
    const response = await fetch('/api/auth/session');
    return { status: response.status, body: (await response.json()) as { email?: string } };
  });
  expect(session.status).toBe(200);
  expect(session.body.email).toBe('ada@oidc.example');
});

test('a provider sign-in that cannot finish shows why on the login page', async ({ page }) => {
  await page.goto('/api/auth/oidc/callback?code=made-up&state=made-up');
  await expectPathname(page, '/login');
  await expect(page.getByRole('alert')).toHaveText(
    'Your sign-in expired or was started elsewhere. Try again.',
  );
  const status = await page.evaluate(async () => (await fetch('/api/auth/session')).status);
  expect(status).toBe(401);
});

test("an address outside the strategy's allowed domains is refused with the reason on the login page", async ({
  page,
}) => {
  await page.goto('/login');
  await page.getByRole('link', { name: 'Sign in with Test Provider' }).click();
  // The test provider signs a login that is an address in as that address.
  await page.locator('input[name="login"]').fill('eve@oidc.example.evil.io');
  await page.locator('input[name="password"]').fill('any-password');
  await page.getByRole('button', { name: 'Sign-in' }).click();

  await expectPathname(page, '/login');
  await expect(page.getByRole('alert')).toHaveText(
    'People with an e-mail address of your domain cannot sign in with this provider. Ask an administrator of your realm.',
  );
  const status = await page.evaluate(async () => (await fetch('/api/auth/session')).status);
  expect(status).toBe(401);
});
