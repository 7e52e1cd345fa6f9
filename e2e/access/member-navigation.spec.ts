import { expect, signInThroughApi, test } from '../support/fixtures.ts';
import { DEMO_REALM } from '../support/realms.ts';

const ADMINISTRATOR = { email: 'admin@example.com', password: 'admin-password' };

/*
 * The navigation offers only what the user may do: a demo member (who reads the realm's data and keeps its
 * activity data) is not offered the administrators' pages, and opening one says so instead of showing refusals.
 */
test("a member is offered only the pages of their role, and an administrator's page says why it is not theirs", async ({
  page,
}) => {
  await signInThroughApi(page, DEMO_REALM);
  await page.goto(`${DEMO_REALM.origin}/launcher`);
  const features = page.getByRole('navigation', { name: 'Features' });
  await expect(features.getByRole('link', { name: 'Facilities' })).toBeVisible();
  await expect(features.getByRole('link', { name: 'Equipment manager' })).toBeVisible();
  await expect(features.getByRole('link', { name: 'Invite manager' })).toHaveCount(0);
  await expect(features.getByRole('link', { name: 'Realm administration' })).toHaveCount(0);

  const refusedCalls: string[] = [];
  page.on('response', (response) => {
    if (response.status() === 403) refusedCalls.push(response.url());
  });
  await page.goto(`${DEMO_REALM.origin}/admin/realm`);
  await expect(
    page.getByRole('heading', { name: 'Realm administration is not part of your role' }),
  ).toBeVisible();
  await page.goto(`${DEMO_REALM.origin}/admin/invite-manager`);
  await expect(page.getByRole('heading', { name: 'Invite manager is not part of your role' })).toBeVisible();
  expect(refusedCalls, 'the pages asked the server for nothing the member may not read').toEqual([]);
});

test("the administrator is offered the administrators' pages", async ({ page }) => {
  await signInThroughApi(page, DEMO_REALM, ADMINISTRATOR);
  await page.goto(`${DEMO_REALM.origin}/launcher`);
  const features = page.getByRole('navigation', { name: 'Features' });
  await expect(features.getByRole('link', { name: 'Invite manager' })).toBeVisible();
  await expect(features.getByRole('link', { name: 'Realm administration' })).toBeVisible();
});
