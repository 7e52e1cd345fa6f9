import { expectPathname, expectRouteTitle, signInWithForm } from '../support/app-shell.ts';
import { expect, fetchSessionStatus, test } from '../support/fixtures.ts';
import { DEMO_REALM } from '../support/realms.ts';

test.use({ realm: DEMO_REALM, isSignedIn: false });

// Values of the specification (section 9) written out here rather than read from the product's constants.
const LOGIN_BACKGROUND_POSITION = 'right 10% center/50%';
const LOCALE_COOKIE_MAX_AGE_DAYS = 365;

test('the login page is dark and shows the theme logo and background image', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByLabel('Password')).toBeVisible();
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  await expect(page.locator('img[src$="/brand/logo.svg"]').first()).toBeVisible();

  // The spec's position is a `background` shorthand fragment (position/size): compare the computed values with
  // what Chromium computes for that fragment, rather than with a hand-computed string.
  const styles = await page.evaluate((positionAndSize) => {
    const withBackground = [...document.querySelectorAll<HTMLElement>('body *')].find((element) =>
      getComputedStyle(element).backgroundImage.includes('/brand/login-background.svg'),
    );
    const probe = document.createElement('div');
    probe.style.background = `url("/x.svg") ${positionAndSize} no-repeat`;
    document.body.append(probe);
    const expected = getComputedStyle(probe);
    const actual = withBackground ? getComputedStyle(withBackground) : undefined;
    const result = {
      expected: { position: expected.backgroundPosition, size: expected.backgroundSize },
      actual: actual && { position: actual.backgroundPosition, size: actual.backgroundSize },
    };
    probe.remove();
    return result;
  }, LOGIN_BACKGROUND_POSITION);
  expect(styles.actual, 'an element shows /brand/login-background.svg').toBeDefined();
  expect(styles.actual).toEqual(styles.expected);
});

test('a wrong password shows an error and stays on /login', async ({ page }) => {
  await page.goto('/login');
  await signInWithForm(page, { email: DEMO_REALM.member.email, password: 'not-the-password' });
  await expect(page.getByText('Invalid username or password').first()).toBeVisible();
  await expectPathname(page, '/login');
  expect(await fetchSessionStatus(page)).toBe(401);
});

test('the demo credentials land on home; signing out returns to /login and ends the session', async ({
  page,
}) => {
  await page.goto('/login');
  await signInWithForm(page, DEMO_REALM.member);
  await expectPathname(page, '/');
  await expectRouteTitle(page, 'Home');
  expect(await fetchSessionStatus(page)).toBe(200);

  await page.goto('/logout');
  await expectPathname(page, '/login');
  await expect.poll(() => fetchSessionStatus(page)).toBe(401);
  expect((await page.context().cookies()).map(({ name }) => name)).not.toContain('ecc_session');
});

test('the first visit remembers the locale in a cookie for 365 days, SameSite lax, path /', async ({
  page,
}) => {
  await page.goto('/login');
  await expect(page.getByLabel('Password')).toBeVisible();
  const cookie = (await page.context().cookies()).find(({ name }) => name === 'locale');
  expect(cookie).toMatchObject({ value: 'en', path: '/', sameSite: 'Lax' });
  const daysLeft = ((cookie?.expires ?? 0) * 1000 - Date.now()) / (24 * 60 * 60 * 1000);
  expect(daysLeft).toBeGreaterThan(LOCALE_COOKIE_MAX_AGE_DAYS - 1);
  expect(daysLeft).toBeLessThanOrEqual(LOCALE_COOKIE_MAX_AGE_DAYS);
});
