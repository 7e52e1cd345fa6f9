import { expectPathname, expectRouteTitle, signInWithForm } from '../support/app-shell.ts';
import { expect, signInThroughApi, test } from '../support/fixtures.ts';
import { LICENSED_REALM } from '../support/realms.ts';

test.describe('licence acceptance', () => {
  test.use({ realm: LICENSED_REALM });

  test('a user with unaccepted licences accepts them on /agreement, goes on, and is not asked again', async ({
    page,
  }) => {
    await signInThroughApi(page, LICENSED_REALM);
    await page.goto('/launcher');
    await expectPathname(page, '/agreement');
    await expectRouteTitle(page, 'Agreements');
    await expect(page.getByRole('heading', { name: 'End-user licence agreement' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Privacy notice' })).toBeVisible();
    await expect(
      page.getByText('We keep your e-mail address and what you enter, and nothing else.'),
    ).toBeVisible();

    // Every other page sends the user back here until they accept.
    await page.goto('/profile');
    await expectPathname(page, '/agreement');

    const accept = page.getByRole('button', { name: 'Accept and continue' });
    await expect(accept).toBeDisabled();
    await page.getByLabel(/I have read and accept/).check();
    await accept.click();
    await expectPathname(page, '/profile');
    await expectRouteTitle(page, 'Profile');
    // The profile names the accepted licences rather than their ids.
    const licences = page.getByRole('region', { name: 'Accepted licences' });
    await expect(licences.getByText('End-user licence agreement')).toBeVisible();
    await expect(licences.getByText('Privacy notice')).toBeVisible();

    // The acceptance is stored: a new sign-in goes straight to the page.
    await page.goto('/logout');
    await expectPathname(page, '/login');
    await signInWithForm(page, LICENSED_REALM.member);
    await expectRouteTitle(page, 'Home');
    await page.goto('/launcher');
    await expectPathname(page, '/launcher');
    await expectRouteTitle(page, 'Launcher');
  });
});
