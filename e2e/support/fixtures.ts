import { REDIRECT_COOKIE_NAME } from '@ecc/contracts';
import { test as base, expect, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { DEMO_REALM, type Credentials, type E2eRealm } from './realms.ts';

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

/**
 * Signs in through `POST /api/auth/login` from inside the browser: the realm is chosen by host name and only
 * Chromium resolves `*.localhost` (Node does not), so the call must come from a page on the realm's origin.
 */
export async function signInThroughApi(page: Page, realm: E2eRealm, credentials: Credentials = realm.member) {
  await page.goto(`${realm.origin}/api/config`);
  const status = await page.evaluate(async ({ email, password }) => {
    const response = await fetch('/api/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: email, password }),
    });
    return response.status;
  }, credentials);
  expect(status, `sign-in of ${credentials.email} on realm ${realm.key}`).toBe(200);
}

/** `GET /api/auth/session` from the page, with the page's cookies: 200 signed in, 401 signed out. */
export function fetchSessionStatus(page: Page): Promise<number> {
  return page.evaluate(async () => (await fetch('/api/auth/session')).status);
}

async function createSignedInState(browser: Browser, realm: E2eRealm): Promise<StorageState> {
  const context = await browser.newContext();
  try {
    await signInThroughApi(await context.newPage(), realm);
    return await context.storageState();
  } finally {
    await context.close();
  }
}

interface RealmOptions {
  /** The realm whose host the page's origin names. */
  realm: E2eRealm;
  /** Start the test with the realm member's session cookie. */
  isSignedIn: boolean;
}

interface TestFixtures {
  /**
   * A new page in the worker's one context for this realm and sign-in state, for the many short visits of the
   * route matrix: the warm HTTP and code caches of a shared context halve each visit. The redirect cookie is
   * cleared first so that each test starts as a fresh visitor would.
   */
  sharedPage: Page;
}

interface WorkerFixtures {
  /** One session per realm and worker, shared by that worker's signed-in tests. */
  signedInState: (realm: E2eRealm) => Promise<StorageState>;
  sharedContext: (realm: E2eRealm, isSignedIn: boolean) => Promise<BrowserContext>;
}

export const test = base.extend<RealmOptions & TestFixtures, WorkerFixtures>({
  realm: [DEMO_REALM, { option: true }],
  isSignedIn: [false, { option: true }],
  signedInState: [
    async ({ browser }, use) => {
      const states = new Map<string, Promise<StorageState>>();
      await use((realm) => {
        const state = states.get(realm.key) ?? createSignedInState(browser, realm);
        states.set(realm.key, state);
        return state;
      });
    },
    { scope: 'worker' },
  ],
  sharedContext: [
    async ({ browser, signedInState }, use) => {
      const contexts = new Map<string, Promise<BrowserContext>>();
      await use((realm, isSignedIn) => {
        const key = `${realm.key}:${isSignedIn}`;
        const context =
          contexts.get(key) ??
          (async () =>
            browser.newContext({
              baseURL: realm.origin,
              storageState: isSignedIn ? await signedInState(realm) : undefined,
            }))();
        contexts.set(key, context);
        return context;
      });
      for (const context of contexts.values()) await (await context).close();
    },
    { scope: 'worker' },
  ],
  sharedPage: async ({ realm, isSignedIn, sharedContext }, use, testInfo) => {
    const context = await sharedContext(realm, isSignedIn);
    await context.clearCookies({ name: REDIRECT_COOKIE_NAME });
    const page = await context.newPage();
    await use(page);
    // Playwright records failure artifacts only for its own contexts: attach what a failure needs here.
    if (testInfo.status !== testInfo.expectedStatus) {
      await testInfo.attach('page', {
        body: `${page.url()}\n${await page.locator('body').ariaSnapshot()}`,
        contentType: 'text/plain',
      });
      await testInfo.attach('screenshot', { body: await page.screenshot(), contentType: 'image/png' });
    }
    await page.close();
  },
  baseURL: async ({ realm }, use) => {
    await use(realm.origin);
  },
  storageState: async ({ realm, isSignedIn, signedInState }, use) => {
    await use(isSignedIn ? await signedInState(realm) : undefined);
  },
});

export { expect };
